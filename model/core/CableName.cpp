#include "model/core/CableName.h"

#include <atomic>
#include <bit>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <unordered_map>

namespace cw {
namespace {

/// Names live in chunks that never move: chunk c holds kFirstChunk << c of them, so a reader
/// finds a name with a bit count and two loads and never takes the lock, even while another
/// thread adds a name (a std::vector or deque would move or re-index under it). 26 chunks
/// hold over four billion names, more than a 32-bit index can number.
constexpr std::uint32_t kFirstChunk = 64;
constexpr int kChunks = 26;

struct Place
{
    int chunk;
    std::uint32_t offset;
};

Place placeOf(std::uint32_t index)
{
    const std::uint64_t scaled = std::uint64_t { index } / kFirstChunk + 1;
    const int chunk = std::bit_width(scaled) - 1;
    const std::uint64_t first = kFirstChunk * ((std::uint64_t { 1 } << chunk) - 1);
    return { chunk, static_cast<std::uint32_t>(index - first) };
}

class NamePool
{
public:
    NamePool() { slot(0); } // index 0: the empty name

    const std::string &at(std::uint32_t index) const
    {
        const Place place = placeOf(index);
        return m_chunks[place.chunk].load(std::memory_order_acquire)[place.offset];
    }

    std::uint32_t intern(std::string_view name)
    {
        std::lock_guard lock(m_mutex);
        if (auto it = m_indices.find(name); it != m_indices.end())
            return it->second;
        if (m_count == 0xffffffffu)
            throw std::length_error("too many distinct cable names");
        const std::uint32_t index = m_count++;
        std::string &stored = slot(index);
        stored.assign(name);
        m_indices.emplace(std::string_view(stored), index);
        return index;
    }

private:
    /// The slot of `index`, its chunk made when it is the chunk's first (under the lock).
    std::string &slot(std::uint32_t index)
    {
        const Place place = placeOf(index);
        std::string *chunk = m_chunks[place.chunk].load(std::memory_order_relaxed);
        if (!chunk) {
            chunk = new std::string[std::size_t { kFirstChunk } << place.chunk];
            m_chunks[place.chunk].store(chunk, std::memory_order_release);
        }
        return chunk[place.offset];
    }

    std::mutex m_mutex;
    std::unordered_map<std::string_view, std::uint32_t> m_indices; ///< views of the slots
    std::atomic<std::string *> m_chunks[kChunks] {};
    std::uint32_t m_count = 1;
};

NamePool &pool()
{
    // Never destroyed: a design held by another static object may read its links' names
    // during the exit.
    static NamePool *const instance = new NamePool;
    return *instance;
}

/// The name this thread interned last: links are made in runs of one cable part (the loader,
/// the generators), so most calls need neither the lock nor a hash.
struct LastName
{
    const std::string *name = nullptr;
    std::uint32_t index = 0;
};
thread_local LastName t_last;

} // namespace

std::uint32_t CableName::intern(std::string_view name)
{
    if (name.empty())
        return 0;
    if (t_last.name && *t_last.name == name)
        return t_last.index;
    NamePool &names = pool();
    const std::uint32_t index = names.intern(name);
    t_last = { &names.at(index), index };
    return index;
}

const std::string &CableName::nameAt(std::uint32_t index)
{
    return pool().at(index);
}

} // namespace cw
