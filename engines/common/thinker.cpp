#include "engines/common/thinker.hpp"

#include <cstdlib>

namespace engines {

Thinker::~Thinker() {
    abandon();
    join();
}

void Thinker::start(Job job, Done done) {
    join();
    {
        std::lock_guard lock(mutex_);
        running_ = true;
        abandoned_ = false;
    }
    stop_ = false;
    worker_ = std::thread([this, job = std::move(job), done = std::move(done)] {
        Reply reply = job(stop_);
        std::unique_lock lock(mutex_);
        // `done` runs under the lock so that abandon() cannot return while it prints.
        if (!abandoned_ && done) done(std::move(reply));
        running_ = false;
        idle_.notify_all();
    });
}

void Thinker::stop() {
    stop_ = true;
}

void Thinker::abandon() {
    std::lock_guard lock(mutex_);
    abandoned_ = true;
    stop_ = true;
}

bool Thinker::busy() const {
    std::lock_guard lock(mutex_);
    return running_;
}

bool Thinker::wait_idle(std::chrono::milliseconds timeout) {
    std::unique_lock lock(mutex_);
    return idle_.wait_for(lock, timeout, [this] { return !running_; });
}

void Thinker::leave(std::chrono::milliseconds grace) {
    abandon();
    if (!wait_idle(grace)) std::_Exit(0);
    join();
}

void Thinker::join() {
    if (worker_.joinable()) worker_.join();
}

}  // namespace engines
