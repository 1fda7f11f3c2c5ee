#include "model/fabric/WarmFlow.h"

#include "model/fabric/MaxFlow.h"

#include <algorithm>
#include <atomic>
#include <limits>
#include <memory>
#include <stdexcept>

namespace cw {
namespace {

using Flow = std::int64_t;
constexpr Flow kInfinite = std::numeric_limits<Flow>::max();
/// Per-thread copies kept (a sweep solves two partitions of a few fabrics).
constexpr std::size_t kCachedCopies = 8;

std::size_t at(int index)
{
    return static_cast<std::size_t>(index);
}

/// A thread's working copy of one WarmFlow: capacities and flow as at construction, put back
/// after each solve from the logs of what it changed, and scratch per vertex.
struct Scratch
{
    std::uint64_t serial = 0;
    std::vector<Flow> capacity;
    std::vector<Flow> flow;
    std::vector<char> pairLogged; ///< per arc, set on the lower-numbered arc of its pair
    std::vector<int> pairLog; ///< pairs (lower-numbered arc) whose flow a solve changed
    std::vector<int> capacityLog; ///< arcs whose capacity a solve lowered
    std::vector<int> level;
    std::vector<int> next; ///< per vertex: the next arc to try (Dinic, path search)
    std::vector<int> parentArc;
    std::vector<unsigned> seen;
    unsigned stamp = 0;
    std::vector<Flow> imbalance; ///< inflow - outflow per vertex while repairing
    std::vector<int> queue;
    std::vector<Flow> cutChange; ///< per kept cut: how much a solve changed its capacity

    void size(std::size_t vertices, std::size_t arcs)
    {
        pairLogged.assign(arcs, 0);
        level.assign(vertices, -1);
        next.assign(vertices, 0);
        parentArc.assign(vertices, -1);
        seen.assign(vertices, 0);
        imbalance.assign(vertices, 0);
    }
};

/// One solve on a Scratch: Dinic, and the repair of a flow cut back to lower capacities.
/// Arcs are numbered in CSR order (WarmFlow::m_start), so a vertex's arcs, their heads,
/// capacities and flows are each contiguous: the searches read them in sequence.
struct Run
{
    const std::vector<int> &start;
    const std::vector<int> &reverse;
    const std::vector<int> &head;
    int source;
    int sink;
    Scratch &s;
    /// The kept cuts' source sides (WarmFlow::m_cutSides), whose capacity changes setCapacity
    /// adds up in s.cutChange; none while the constructor solves.
    const std::vector<std::vector<char>> *cutSides = nullptr;

    Flow residual(int arc) const { return s.capacity[at(arc)] - s.flow[at(arc)]; }
    void push(int arc, Flow amount)
    {
        const int back = reverse[at(arc)];
        const int pair = std::min(arc, back);
        if (!s.pairLogged[at(pair)]) {
            s.pairLogged[at(pair)] = 1;
            s.pairLog.push_back(pair);
        }
        s.flow[at(arc)] += amount;
        s.flow[at(back)] -= amount;
    }
    int tail(int arc) const { return head[at(reverse[at(arc)])]; }

    bool buildLevels()
    {
        std::fill(s.level.begin(), s.level.end(), -1);
        s.queue.clear();
        s.queue.push_back(source);
        s.level[at(source)] = 0;
        for (std::size_t i = 0; i < s.queue.size() && s.level[at(sink)] < 0; ++i) {
            const int v = s.queue[i];
            for (int arc = start[at(v)]; arc < start[at(v) + 1]; ++arc) {
                const int w = head[at(arc)];
                if (s.level[at(w)] < 0 && residual(arc) > 0) {
                    s.level[at(w)] = s.level[at(v)] + 1;
                    s.queue.push_back(w);
                }
            }
        }
        return s.level[at(sink)] >= 0;
    }

    /// One augmenting path in the level graph, iteratively (paths can be long on general
    /// graphs); returns what it carried, 0 when the level graph is blocked.
    Flow augmentOnce()
    {
        int v = source;
        while (true) {
            if (v == sink) {
                Flow amount = kInfinite;
                for (int w = sink; w != source; w = tail(s.parentArc[at(w)]))
                    amount = std::min(amount, residual(s.parentArc[at(w)]));
                for (int w = sink; w != source; w = tail(s.parentArc[at(w)]))
                    push(s.parentArc[at(w)], amount);
                return amount;
            }
            bool advanced = false;
            for (; s.next[at(v)] < start[at(v) + 1]; ++s.next[at(v)]) {
                const int arc = s.next[at(v)];
                const int w = head[at(arc)];
                if (s.level[at(w)] == s.level[at(v)] + 1 && residual(arc) > 0) {
                    s.parentArc[at(w)] = arc;
                    v = w;
                    advanced = true;
                    break;
                }
            }
            if (advanced)
                continue;
            // Dead end: no path to the sink from v in this level graph.
            s.level[at(v)] = -1;
            if (v == source)
                return 0;
            v = tail(s.parentArc[at(v)]);
            ++s.next[at(v)];
        }
    }

    /// Dinic from the current flow. It stops as soon as the flow reaches `bound`, the
    /// capacity of some s-t cut: no flow exceeds a cut, so the flow is then maximum without
    /// the last search that finds no path (which visits the whole source side).
    void augment(Flow bound = kInfinite)
    {
        Flow current = value();
        while (current < bound && buildLevels()) {
            for (int v : s.queue)
                s.next[at(v)] = start[at(v)]; // the vertices the search reached
            for (Flow carried = augmentOnce(); carried > 0 && (current += carried) < bound;
                 carried = augmentOnce()) { }
        }
    }

    /// Marks the vertices that do not reach the sink in the residual network: with a maximum
    /// flow, the source side of a minimum cut.
    std::vector<char> apartFromSink()
    {
        std::vector<char> reaches(s.level.size(), 0);
        s.queue.assign(1, sink);
        reaches[at(sink)] = 1;
        for (std::size_t i = 0; i < s.queue.size(); ++i)
            for (int arc = start[at(s.queue[i])]; arc < start[at(s.queue[i]) + 1]; ++arc) {
                const int w = head[at(arc)];
                if (!reaches[at(w)] && residual(reverse[at(arc)]) > 0) { // w -> queue[i] has room
                    reaches[at(w)] = 1;
                    s.queue.push_back(w);
                }
            }
        for (char &r : reaches)
            r = !r;
        return reaches;
    }

    /// A path of positive flow from `from` to a vertex where `stop` holds, walking arcs
    /// forward (flow leaving) or backward (flow arriving). Returns its end, or -1.
    template<typename Stop>
    int flowPath(int from, bool forward, Stop stop)
    {
        ++s.stamp;
        s.queue.clear();
        s.queue.push_back(from);
        s.seen[at(from)] = s.stamp;
        s.next[at(from)] = start[at(from)];
        while (!s.queue.empty()) {
            const int v = s.queue.back();
            if (v != from && stop(v))
                return v;
            bool advanced = false;
            for (; s.next[at(v)] < start[at(v) + 1]; ++s.next[at(v)]) {
                const int arc = s.next[at(v)];
                const int w = head[at(arc)];
                // Forward: flow on v -> w. Backward: flow on w -> v, i.e. negative on v -> w.
                if (s.seen[at(w)] == s.stamp
                    || (forward ? s.flow[at(arc)] <= 0 : s.flow[at(arc)] >= 0))
                    continue;
                s.seen[at(w)] = s.stamp;
                s.parentArc[at(w)] = arc;
                s.next[at(w)] = start[at(w)];
                s.queue.push_back(w);
                advanced = true;
                break;
            }
            if (!advanced)
                s.queue.pop_back();
        }
        return -1;
    }

    Flow pathBottleneck(int from, int end, bool forward) const
    {
        Flow amount = kInfinite;
        for (int w = end; w != from; w = tail(s.parentArc[at(w)])) {
            const Flow carried = s.flow[at(s.parentArc[at(w)])];
            amount = std::min(amount, forward ? carried : -carried);
        }
        return amount;
    }

    /// Cancels `amount` of flow along the path flowPath found from `from` to `end`.
    void cancelPath(int from, int end, bool forward, Flow amount)
    {
        for (int w = end; w != from; w = tail(s.parentArc[at(w)]))
            push(s.parentArc[at(w)], forward ? -amount : amount); // backward: it ran w -> v
    }

    /// Returns the flow stuck at `v` (imbalance > 0) to the source or to vertices missing
    /// flow, along paths of positive flow. False if there is no such path (flow decomposition
    /// says there always is; the caller then solves from zero).
    bool drainExcess(int v)
    {
        while (s.imbalance[at(v)] > 0) {
            const int end = flowPath(v, false, [&](int w) {
                return w == source || (w != sink && s.imbalance[at(w)] < 0);
            });
            if (end < 0)
                return false;
            Flow amount = std::min(s.imbalance[at(v)], pathBottleneck(v, end, false));
            if (end != source)
                amount = std::min(amount, -s.imbalance[at(end)]);
            cancelPath(v, end, false, amount);
            s.imbalance[at(v)] -= amount;
            if (end != source)
                s.imbalance[at(end)] += amount;
        }
        return true;
    }

    /// The flow missing at `v` (imbalance < 0): cancelled forward along paths to the sink.
    bool fillDeficit(int v)
    {
        while (s.imbalance[at(v)] < 0) {
            const int end = flowPath(v, true, [&](int w) { return w == sink; });
            if (end < 0)
                return false;
            const Flow amount = std::min(-s.imbalance[at(v)], pathBottleneck(v, end, true));
            cancelPath(v, end, true, amount);
            s.imbalance[at(v)] += amount;
        }
        return true;
    }

    /// Sets `arc` to `capacity`. A raised arc keeps its flow (still feasible; augment() uses
    /// the room); flow above a lowered one is cut back and left to repair.
    void setCapacity(int arc, Flow capacity, std::vector<int> &touched)
    {
        if (capacity == s.capacity[at(arc)])
            return;
        if (cutSides)
            for (std::size_t c = 0; c < cutSides->size(); ++c) {
                const std::vector<char> &inSource = (*cutSides)[c];
                if (inSource[at(tail(arc))] && !inSource[at(head[at(arc)])])
                    s.cutChange[c] += capacity - s.capacity[at(arc)];
            }
        s.capacityLog.push_back(arc);
        s.capacity[at(arc)] = capacity;
        const Flow over = s.flow[at(arc)] - capacity;
        if (over <= 0)
            return;
        push(arc, -over);
        s.imbalance[at(tail(arc))] += over;
        s.imbalance[at(head[at(arc)])] -= over;
        touched.push_back(tail(arc));
        touched.push_back(head[at(arc)]);
    }

    /// Lowers `arc` to `capacity` (nothing when it is not lower).
    void lower(int arc, Flow capacity, std::vector<int> &touched)
    {
        if (capacity < s.capacity[at(arc)])
            setCapacity(arc, capacity, touched);
    }

    Flow value() const
    {
        Flow total = 0;
        for (int arc = start[at(source)]; arc < start[at(source) + 1]; ++arc)
            total += s.flow[at(arc)];
        return total;
    }
};

std::atomic<std::uint64_t> nextSerial { 1 };

/// Numbers the network's arcs in CSR order: `position[arc]` is the new number of the
/// network's `arc`; a vertex keeps its arcs in the network's order.
void buildCsr(const FlowNetwork &network, std::vector<int> &start, std::vector<int> &position,
              std::vector<int> &head, std::vector<int> &reverse)
{
    const int arcs = network.pairCount() * 2;
    const int vertices = network.vertexCount();
    start.assign(at(vertices) + 1, 0);
    for (int arc = 0; arc < arcs; ++arc)
        ++start[at(network.arcTail(arc)) + 1];
    for (int v = 0; v < vertices; ++v)
        start[at(v) + 1] += start[at(v)];
    position.resize(at(arcs));
    std::vector<int> fill(start.begin(), start.end() - 1);
    for (int arc = 0; arc < arcs; ++arc)
        position[at(arc)] = fill[at(network.arcTail(arc))]++;
    head.resize(at(arcs));
    reverse.resize(at(arcs));
    for (int arc = 0; arc < arcs; ++arc) {
        head[at(position[at(arc)])] = network.arcTail(arc ^ 1);
        reverse[at(position[at(arc)])] = position[at(arc ^ 1)];
    }
}

} // namespace

WarmFlow::WarmFlow(const FlowNetwork &network, int source, int sink, std::vector<Flow> capacities)
    : m_serial(nextSerial++)
    , m_source(source)
    , m_sink(sink)
{
    if (capacities.size() != at(network.pairCount()) * 2)
        throw std::invalid_argument("WarmFlow: one capacity per arc expected");
    if (source < 0 || sink < 0 || source >= network.vertexCount() || sink >= network.vertexCount())
        throw std::invalid_argument("WarmFlow: source or sink out of range");
    buildCsr(network, m_start, m_position, m_head, m_reverse);
    m_capacities.resize(capacities.size());
    for (std::size_t arc = 0; arc < capacities.size(); ++arc)
        m_capacities[at(m_position[arc])] = capacities[arc];
    m_flow.assign(m_capacities.size(), 0);
    if (source == sink)
        return;
    Scratch scratch;
    scratch.capacity = m_capacities;
    scratch.flow.assign(m_capacities.size(), 0);
    scratch.size(m_start.size() - 1, m_capacities.size());
    Run run { m_start, m_reverse, m_head, source, sink, scratch, nullptr };
    // A bisection is often limited by a side's nodes: then the flow out of the source (or into
    // the sink) is full, a trivial cut, and no search needs to prove it.
    Flow outOfSource = 0;
    for (int arc = m_start[at(source)]; arc < m_start[at(source) + 1]; ++arc)
        outOfSource += m_capacities[at(arc)];
    Flow intoSink = 0;
    for (int arc = m_start[at(sink)]; arc < m_start[at(sink) + 1]; ++arc)
        intoSink += m_capacities[at(m_reverse[at(arc)])];
    run.augment(std::min(outOfSource, intoSink));
    m_value = run.value();
    std::vector<std::vector<char>> minimumCuts;
    if (m_value < std::min(outOfSource, intoSink)) {
        // The last search found no path: the vertices it labelled are what the source reaches.
        std::vector<char> sourceReach(scratch.level.size(), 0);
        for (std::size_t v = 0; v < sourceReach.size(); ++v)
            sourceReach[v] = scratch.level[v] >= 0;
        minimumCuts.push_back(std::move(sourceReach));
        minimumCuts.push_back(run.apartFromSink());
    }
    keepCuts(std::move(minimumCuts));
    m_flow = std::move(scratch.flow);
}

void WarmFlow::keepCuts(std::vector<std::vector<char>> minimumCuts)
{
    // The trivial cuts ({s}, all but t) and, where neither is minimum, two minimum cuts of the
    // unfailed flow: a failure that takes nodes from one side often leaves that side the
    // bottleneck, one that takes switches the cut the flow was limited by.
    const std::size_t vertices = m_start.size() - 1;
    std::vector<char> sourceAlone(vertices, 0);
    sourceAlone[at(m_source)] = 1;
    std::vector<char> allButSink(vertices, 1);
    allButSink[at(m_sink)] = 0;
    m_cutSides = std::move(minimumCuts);
    m_cutSides.push_back(std::move(sourceAlone));
    m_cutSides.push_back(std::move(allButSink));
    m_cutCapacities.assign(m_cutSides.size(), 0);
    for (std::size_t c = 0; c < m_cutSides.size(); ++c)
        for (std::size_t arc = 0; arc < m_capacities.size(); ++arc)
            if (m_cutSides[c][at(m_head[at(m_reverse[arc])])] && !m_cutSides[c][at(m_head[arc])])
                m_cutCapacities[c] += m_capacities[arc];
}

Flow WarmFlow::solve(const FlowNetwork &network, int source, int sink,
                     const std::vector<Flow> &capacities)
{
    return WarmFlow(network, source, sink, capacities).value();
}

Flow WarmFlow::solveAfter(const std::vector<Flow> &capacities) const
{
    if (capacities.size() != m_capacities.size())
        throw std::invalid_argument("WarmFlow::solveAfter: one capacity per arc expected");
    std::vector<LoweredArc> lowered;
    for (std::size_t arc = 0; arc < capacities.size(); ++arc) {
        if (capacities[arc] > capacity(static_cast<int>(arc)))
            throw std::invalid_argument("WarmFlow::solveAfter: a capacity grew");
        if (capacities[arc] < capacity(static_cast<int>(arc)))
            lowered.push_back({ static_cast<int>(arc), capacities[arc] });
    }
    return solveLowered({}, lowered);
}

Flow WarmFlow::solveLowered(const std::vector<int> &closedVertices,
                            const std::vector<LoweredArc> &lowered) const
{
    for (const LoweredArc &arc : lowered) // before anything changes: the copy stays whole
        if (arc.arc < 0 || at(arc.arc) >= m_capacities.size() || arc.capacity > capacity(arc.arc))
            throw std::invalid_argument("WarmFlow::solveLowered: not a lowered arc");
    return solveChanged(closedVertices, lowered);
}

Flow WarmFlow::solveChanged(const std::vector<int> &closedVertices,
                            const std::vector<LoweredArc> &changed) const
{
    for (const LoweredArc &arc : changed)
        if (arc.arc < 0 || at(arc.arc) >= m_capacities.size())
            throw std::invalid_argument("WarmFlow::solveChanged: no such arc");
    for (int v : closedVertices)
        if (v < 0 || at(v) + 1 >= m_start.size())
            throw std::invalid_argument("WarmFlow::solveChanged: no such vertex");
    if (m_source == m_sink)
        return 0;
    thread_local std::vector<std::unique_ptr<Scratch>> copies;
    auto found = std::find_if(copies.begin(), copies.end(),
                              [this](const auto &copy) { return copy->serial == m_serial; });
    if (found == copies.end()) {
        if (copies.size() >= kCachedCopies)
            copies.erase(copies.begin());
        auto copy = std::make_unique<Scratch>();
        copy->serial = m_serial;
        copy->capacity = m_capacities;
        copy->flow = m_flow;
        copy->size(m_start.size() - 1, m_capacities.size());
        copy->cutChange.assign(m_cutSides.size(), 0);
        copies.push_back(std::move(copy));
        found = copies.end() - 1;
    } else if (found + 1 != copies.end()) {
        // Most recently used last: the copy put out when the cache is full is the one used
        // longest ago, not the oldest made (a sweep's compute fabric is used by every row,
        // each row's out-of-band fabric by that row alone).
        std::rotate(found, found + 1, copies.end());
        found = copies.end() - 1;
    }
    Scratch &s = **found;
    Run run { m_start, m_reverse, m_head, m_source, m_sink, s, &m_cutSides };
    // Cut the flow back to the new capacities: what no longer fits is stuck at the arc's
    // tail and missing at its head.
    std::vector<int> touched;
    for (const LoweredArc &arc : changed)
        run.setCapacity(m_position[at(arc.arc)], std::max<Flow>(arc.capacity, 0), touched);
    // Closed vertices last: a raised arc at one stays closed.
    for (int v : closedVertices)
        for (int arc = m_start[at(v)]; arc < m_start[at(v) + 1]; ++arc) {
            run.lower(arc, 0, touched);
            run.lower(m_reverse[at(arc)], 0, touched);
        }
    bool repaired = true;
    for (int v : touched)
        if (v != m_source && v != m_sink && s.imbalance[at(v)] > 0)
            repaired = repaired && run.drainExcess(v);
    for (int v : touched)
        if (v != m_source && v != m_sink && s.imbalance[at(v)] < 0)
            repaired = repaired && run.fillDeficit(v);
    for (int v : touched)
        s.imbalance[at(v)] = 0; // the source's and sink's are the value's change, not repairs
    if (!repaired) {
        // Cannot happen (see drainExcess); stay exact anyway: solve from zero.
        for (std::size_t pair = 0; pair < s.pairLogged.size(); ++pair)
            if (at(m_reverse[pair]) > pair && !s.pairLogged[pair]) {
                s.pairLogged[pair] = 1;
                s.pairLog.push_back(static_cast<int>(pair));
            }
        std::fill(s.flow.begin(), s.flow.end(), 0);
    }
    // Every kept cut, at the new capacities, bounds the new max-flow from above.
    Flow bound = kInfinite;
    for (std::size_t c = 0; c < m_cutSides.size(); ++c) {
        bound = std::min(bound, m_cutCapacities[c] + s.cutChange[c]);
        s.cutChange[c] = 0;
    }
    run.augment(bound);
    const Flow result = run.value();
    // Put the copy back as it was for the next solve.
    for (int pair : s.pairLog) {
        s.flow[at(pair)] = m_flow[at(pair)];
        s.flow[at(m_reverse[at(pair)])] = m_flow[at(m_reverse[at(pair)])];
        s.pairLogged[at(pair)] = 0;
    }
    s.pairLog.clear();
    for (int arc : s.capacityLog)
        s.capacity[at(arc)] = m_capacities[at(arc)];
    s.capacityLog.clear();
    return result;
}

} // namespace cw
