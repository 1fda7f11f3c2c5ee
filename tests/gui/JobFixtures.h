#pragma once

// What the tests of work off the GUI thread share (tst_workbench_jobs, tst_workbench_open):
// a way to hold a job in flight without timing, and proof that the event loop ran.

#include "views/document/DesignSnapshots.h"

#include <QObject>
#include <QSemaphore>
#include <QThreadPool>
#include <QTimer>

namespace cw::workbench {

/// Holds every thread of the global pool until release(): work started meanwhile waits.
class PoolBlocker
{
public:
    PoolBlocker()
        : m_threads(backgroundJobs()->maxThreadCount())
    {
        for (int i = 0; i < m_threads; ++i)
            backgroundJobs()->start([this] {
                m_running.release();
                m_gate.acquire();
            });
        m_running.acquire(m_threads); // all of them hold a thread now
    }
    ~PoolBlocker() { release(); }
    void release()
    {
        if (!m_released)
            m_gate.release(m_threads);
        m_released = true;
    }

private:
    int m_threads;
    QSemaphore m_running;
    QSemaphore m_gate;
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
