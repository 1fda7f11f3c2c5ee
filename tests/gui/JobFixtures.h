#pragma once

// What the tests of work off the GUI thread share (tst_workbench_jobs, tst_workbench_open):
// a way to hold a job in flight without timing, and proof that the event loop ran.

#include "views/document/DesignSnapshots.h"

#include <QObject>
#include <QSemaphore>
#include <QThreadPool>
#include <QTimer>

#include <memory>

namespace cw::workbench {

/// Holds every thread of the global pool until release(): work started meanwhile waits.
/// The semaphores live in a state the tasks share: a task woken by release() may still be
/// inside QSemaphore::acquire when the blocker is destroyed, and a blocker built next at the
/// same address must not reset the gate under it (that left a pool thread waiting forever and
/// the next blocker's constructor with it). The destructor also waits for every task to leave,
/// so the pool is whole again when it returns.
class PoolBlocker
{
public:
    PoolBlocker()
        : m_state(std::make_shared<State>())
        , m_threads(backgroundJobs()->maxThreadCount())
    {
        for (int i = 0; i < m_threads; ++i)
            backgroundJobs()->start([state = m_state] {
                state->running.release();
                state->gate.acquire();
                state->left.release();
            });
        m_state->running.acquire(m_threads); // all of them hold a thread now
    }
    ~PoolBlocker()
    {
        release();
        m_state->left.acquire(m_threads);
    }
    PoolBlocker(const PoolBlocker &) = delete;
    PoolBlocker &operator=(const PoolBlocker &) = delete;
    void release()
    {
        if (!m_released)
            m_state->gate.release(m_threads);
        m_released = true;
    }

private:
    struct State
    {
        QSemaphore running;
        QSemaphore gate;
        QSemaphore left;
    };
    std::shared_ptr<State> m_state;
    int m_threads;
    bool m_released = false;
};

/// Counts timer ticks: proof that the GUI thread's event loop ran.
struct Ticker
{
    Ticker()
    {
        timer.setInterval(0);
        QObject::connect(&timer, &QTimer::timeout, [this] { ++ticks; });
        timer.start();
    }
    QTimer timer;
    int ticks = 0;
};

} // namespace cw::workbench
