// Runs one move request at a time on a worker thread, so the protocol loop keeps reading
// stdin while the player thinks (UCI's `stop` and `isready`, IMCS's game end). The worker
// is started once and woken for each job, as real engines keep their search threads: a
// thread started and ended every move cost a clone and an exit a ply, more inside a
// sandbox's pid namespace, and made the in-tree engines cost more than the engines they
// stand in for.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <thread>

#include "engines/common/player.hpp"

namespace engines {

class Thinker {
  public:
    using Job = std::function<Reply(const std::atomic<bool>& stop)>;
    using Done = std::function<void(Reply)>;

    Thinker() = default;
    ~Thinker();
    Thinker(const Thinker&) = delete;
    Thinker& operator=(const Thinker&) = delete;

    // Waits for the previous job to end, then runs `job` on the worker; `done` gets its reply
    // on the worker thread unless the job is abandoned first.
    void start(Job job, Done done);
    // Asks the running job to answer now; its reply still goes to `done`.
    void stop();
    // Asks the running job to answer now and throws its reply away: `done` is not called
    // after this returns.
    void abandon();
    bool busy() const;
    // Waits until no job runs; false if one still runs after `timeout`.
    bool wait_idle(std::chrono::milliseconds timeout);
    // Waits however long the job takes.
    void join();
    // For quit and end of input: abandons the job and waits up to `grace` for it; a player
    // that ignores the stop flag longer leaves the process no choice but to exit at once.
    void leave(std::chrono::milliseconds grace);
    // The grace every protocol gives a search at quit.
    static constexpr std::chrono::milliseconds kQuitGrace{2000};

  private:
    void work();
    // Waits for the job to end, then lets the worker exit.
    void shut_down();

    std::thread worker_;
    std::atomic<bool> stop_{false};
    mutable std::mutex mutex_;
    std::condition_variable idle_;  // a job ended
    std::condition_variable wake_;  // a job, or the end, for the worker
    Job job_;
    Done done_;
    bool running_ = false;  // a job is given and has not ended
    bool abandoned_ = false;
    bool closing_ = false;
};

}  // namespace engines
