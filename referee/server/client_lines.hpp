// A client's bytes as the IMCS server reads them: lines ended by LF (a CR just before the LF
// dropped), each at most max_line bytes, and at most max_waiting lines read but not yet
// handled. A longer line, a line that goes on past max_line without ending, or more lines
// waiting is a flood, and the connection is closed. Pure, so it is fuzzed on its own
// (fuzz/imcs_server_lines.cpp).
#pragma once

#include <cstddef>
#include <deque>
#include <string>
#include <string_view>

namespace referee::server {

class ClientLines {
  public:
    ClientLines(std::size_t max_line, std::size_t max_waiting)
        : max_line_(max_line), max_waiting_(max_waiting) {}

    // Reads bytes as they arrive, in pieces of any size. False when the client broke a bound.
    bool add(std::string_view bytes);
    bool empty() const { return lines_.empty(); }
    std::size_t waiting() const { return lines_.size(); }
    std::string take();  // the oldest waiting line; not to be called when empty()

  private:
    std::size_t max_line_, max_waiting_;
    std::string partial_;  // the start of a line whose LF has not come yet
    std::deque<std::string> lines_;
};

}  // namespace referee::server
