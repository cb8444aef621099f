// Lines from stdin without their "\n" or "\r\n". A line longer than the cap is dropped
// whole (it cannot be a message of either dialect), so no input can grow memory without
// bound.
#pragma once

#include <cstddef>
#include <optional>
#include <string>

namespace engines {

class LineReader {
  public:
    static constexpr std::size_t kMaxLineBytes = 1 << 20;

    explicit LineReader(int fd = 0) : fd_(fd) {}
    // The next line, or nullopt at end of input (or on a read error).
    std::optional<std::string> next();

  private:
    bool fill();

    int fd_;
    std::string buffer_;
    std::size_t start_ = 0;
    bool eof_ = false;
};

}  // namespace engines
