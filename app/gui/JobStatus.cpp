#include "app/gui/JobStatus.h"

#include <QCoreApplication>
#include <QEventLoop>
#include <QHBoxLayout>
#include <QLabel>
#include <QProgressBar>
#include <QToolButton>

namespace cw {

JobStatus::JobStatus(QWidget *parent)
    : QWidget(parent)
{
    setObjectName(QStringLiteral("jobStatus"));
    m_label = new QLabel(this);
    m_progress = new QProgressBar(this);
    m_progress->setMaximumWidth(160);
    m_progress->setTextVisible(true);
    m_cancel = new QToolButton(this);
    m_cancel->setText(tr("Cancel"));
    m_cancel->setObjectName(QStringLiteral("jobCancel"));
    connect(m_cancel, &QToolButton::clicked, this, &JobStatus::cancel);
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_label);
    layout->addWidget(m_progress);
    layout->addWidget(m_cancel);
    setVisible(false);
}

QString JobStatus::title() const
{
    return m_busy ? m_label->text() : QString();
}

void JobStatus::cancel()
{
    if (!m_cancelJob)
        return;
    m_cancelJob();
    m_cancel->setEnabled(false);
    m_label->setText(tr("%1 (cancelling)").arg(m_label->text()));
}

void JobStatus::begin(const QString &title, std::function<void()> cancel,
                      QFutureWatcherBase *watcher)
{
    m_busy = true;
    m_cancelJob = std::move(cancel);
    m_label->setText(title);
    m_progress->setRange(0, 0); // busy until the work reports a step count
    m_progress->setFormat(QStringLiteral("%v / %m"));
    m_cancel->setVisible(bool(m_cancelJob));
    m_cancel->setEnabled(true);
    connect(watcher, &QFutureWatcherBase::progressRangeChanged, m_progress,
            &QProgressBar::setRange);
    connect(watcher, &QFutureWatcherBase::progressValueChanged, m_progress,
            &QProgressBar::setValue);
    setVisible(true);
    emit busyChanged(true);
}

void JobStatus::end()
{
    m_busy = false;
    m_cancelJob = nullptr;
    setVisible(false);
    emit busyChanged(false);
}

void JobStatus::waitUntil(const std::function<bool()> &finished)
{
    while (!finished()) {
        QEventLoop loop;
        connect(this, &JobStatus::busyChanged, &loop, &QEventLoop::quit);
        if (!m_busy)
            QCoreApplication::processEvents(QEventLoop::ExcludeUserInputEvents);
        else
            loop.exec(QEventLoop::ExcludeUserInputEvents);
    }
}

} // namespace cw
