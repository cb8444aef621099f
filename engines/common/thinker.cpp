#include "engines/common/thinker.hpp"

#include <cstdlib>

namespace engines {

Thinker::~Thinker() {
    abandon();
    shut_down();
}

void Thinker::start(Job job, Done done) {
    std::unique_lock lock(mutex_);
    idle_.wait(lock, [this] { return !running_; });
    job_ = std::move(job);
    done_ = std::move(done);
    running_ = true;
    abandoned_ = false;
    stop_ = false;
    if (!worker_.joinable()) worker_ = std::thread([this] { work(); });
    wake_.notify_one();
}

void Thinker::work() {
    std::unique_lock lock(mutex_);
    for (;;) {
        wake_.wait(lock, [this] { return closing_ || job_; });
        if (!job_) return;  // closing, with nothing left to run
        Job job = std::move(job_);
        Done done = std::move(done_);
        job_ = nullptr;
        done_ = nullptr;
        lock.unlock();
        Reply reply = job(stop_);
        lock.lock();
        // `done` runs under the lock so that abandon() cannot return while it prints.
        if (!abandoned_ && done) done(std::move(reply));
        running_ = false;
        idle_.notify_all();
    }
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
    shut_down();
}

void Thinker::join() {
    std::unique_lock lock(mutex_);
    idle_.wait(lock, [this] { return !running_; });
}

void Thinker::shut_down() {
    {
        std::unique_lock lock(mutex_);
        idle_.wait(lock, [this] { return !running_; });
        closing_ = true;
    }
    wake_.notify_one();
    if (worker_.joinable()) worker_.join();
}

}  // namespace engines
