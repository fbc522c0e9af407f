#include "side_worker.hpp"

#include <utility>

namespace jvmtigen {

SideWorker::SideWorker() : thread_([this] { loop(); }) {}

SideWorker::~SideWorker() {
    {
        std::lock_guard lock(mutex_);
        stopping_ = true;
    }
    changed_.notify_all();
    thread_.join();
}

void SideWorker::submit(std::function<void()> job) {
    {
        std::lock_guard lock(mutex_);
        jobs_.push_back(std::move(job));
    }
    changed_.notify_all();
}

void SideWorker::finish() {
    std::unique_lock lock(mutex_);
    changed_.wait(lock, [this] { return jobs_.empty() && !busy_; });
    if (failure_) std::rethrow_exception(std::exchange(failure_, nullptr));
}

void SideWorker::loop() {
    std::unique_lock lock(mutex_);
    for (;;) {
        changed_.wait(lock, [this] { return !jobs_.empty() || stopping_; });
        if (jobs_.empty()) return;  // stopping, and nothing left to do
        auto job = std::move(jobs_.front());
        jobs_.pop_front();
        if (failure_) {  // the result is lost anyway
            changed_.notify_all();
            continue;
        }
        busy_ = true;
        lock.unlock();
        try {
            job();
        } catch (...) {
            lock.lock();
            failure_ = std::current_exception();
            lock.unlock();
        }
        job = nullptr;  // whatever the job holds goes here, on this thread
        lock.lock();
        busy_ = false;
        changed_.notify_all();
    }
}

}  // namespace jvmtigen
