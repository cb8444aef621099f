// The last few lines an engine wrote, stdout and stderr in the order they arrived: the
// sentence that says why it failed to start or crashed quotes them ("its last output: ...").
// Kept for every engine from start to end, a few hundred bytes a line.
#pragma once

#include <cstddef>
#include <deque>
#include <string>
#include <string_view>

namespace referee::engine {

class RecentOutput {
  public:
    static constexpr std::size_t kLines = 4;        // lines kept, both streams together
    static constexpr std::size_t kLineBytes = 300;  // quoted of each (printable_excerpt)
    // A stderr line longer than this counts as several (stdout's are cut by the process).
    static constexpr std::size_t kMaxStderrLine = 64 * 1024;

    // One stdout line, without its "\n".
    void add_stdout_line(std::string_view line);
    // Bytes of stderr as they arrive, split into lines here.
    void add_stderr(std::string_view bytes);
    // `stdout "pong 1 | tellusererror Unknown piece"`, or by turns as they came,
    // `stderr "a"; then stdout "b"`; a line of stderr without its newline yet counts too.
    // Empty when it wrote nothing but blank lines.
    std::string describe() const;

  private:
    struct Line {
        bool err = false;
        std::string text;  // printable, cut to kLineBytes
    };
    void push(bool err, std::string_view text);
    void end_stderr_line();

    std::deque<Line> lines_;
    std::string stderr_open_;  // stderr since its last "\n"
};

}  // namespace referee::engine
