// Lines to stdout, whole and flushed at once, from any thread. A closed stdout (the referee
// went away) is remembered rather than fatal: SIGPIPE is ignored and later lines are dropped.
#pragma once

#include <atomic>
#include <mutex>
#include <string_view>

namespace engines {

class Output {
  public:
    explicit Output(int fd = 1);
    void line(std::string_view text);
    bool closed() const { return closed_.load(); }

  private:
    int fd_;
    std::mutex mutex_;
    std::atomic<bool> closed_{false};
};

}  // namespace engines
