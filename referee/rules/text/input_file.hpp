// Reading a file a user named (a variant, a config, a board, an openings list): only a
// regular file or "-" (standard input), and never more than a limit, so that a FIFO with
// no writer or /dev/zero gets an error rather than a hang or an unbounded read.
#pragma once

#include <cstddef>
#include <stdexcept>
#include <string>

namespace referee::rules {

class InputFileError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

inline constexpr std::size_t kMaxInputFileBytes =
    64u << 20;  // far beyond any variant, config or openings list

// The whole file. Throws InputFileError naming the path and what was wrong (missing, not a
// regular file, larger than `limit`).
std::string read_input_file(const std::string& path, std::size_t limit = kMaxInputFileBytes);

}  // namespace referee::rules
