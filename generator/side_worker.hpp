// One extra thread that runs jobs in the order they are given, while the thread that gives
// them goes on with other work: the docs emitter renders finished parts of the page on it
// while it builds the views of the next ones.
#pragma once

#include <condition_variable>
#include <deque>
#include <exception>
#include <functional>
#include <mutex>
#include <thread>

namespace jvmtigen {

class SideWorker {
public:
    SideWorker();
    ~SideWorker();  // waits for the jobs given, dropping a failure that finish() did not report
    SideWorker(const SideWorker&) = delete;
    SideWorker& operator=(const SideWorker&) = delete;

    void submit(std::function<void()> job);

    // Waits until every job given has run; rethrows the first exception one of them threw.
    // Jobs after a failed one are skipped.
    void finish();

private:
    std::mutex mutex_;
    std::condition_variable changed_;
    std::deque<std::function<void()>> jobs_;
    bool busy_ = false, stopping_ = false;
    std::exception_ptr failure_;
    std::thread thread_;

    void loop();
};

}  // namespace jvmtigen
