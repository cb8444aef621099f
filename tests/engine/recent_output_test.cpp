// The last lines an engine wrote, both streams in the order they came: what a failure's
// sentence quotes (referee/engine/process/recent_output.hpp).
#include "referee/engine/process/recent_output.hpp"

#include <string>

#include <gtest/gtest.h>

namespace {

using referee::engine::RecentOutput;

TEST(RecentOutput, QuotesTheLastLinesOfBothStreamsInTheOrderWritten) {
    RecentOutput r;
    EXPECT_EQ(r.describe(), "");
    r.add_stdout_line("pong 1");
    r.add_stdout_line("tellusererror Unknown piece ' ' in setup (32)");
    EXPECT_EQ(r.describe(), "stdout \"pong 1 | tellusererror Unknown piece ' ' in setup (32)\"");
    r.add_stderr("Segmentation fault in se");
    r.add_stderr("tup\n\n");
    EXPECT_EQ(r.describe(),
              "stdout \"pong 1 | tellusererror Unknown piece ' ' in setup (32)\"; then stderr "
              "\"Segmentation fault in setup\"");
    // Only the last few lines are kept; a stderr line without its newline counts too, and
    // comes before the stdout line written after it.
    r.add_stderr("half a line");
    r.add_stdout_line("bye");
    EXPECT_EQ(r.describe(),
              "stdout \"tellusererror Unknown piece ' ' in setup (32)\"; then stderr "
              "\"Segmentation fault in setup | half a line\"; then stdout \"bye\"");
    r.add_stderr("the end, unfinished");
    EXPECT_NE(r.describe().find("then stderr \"the end, unfinished\""), std::string::npos)
        << r.describe();
}

TEST(RecentOutput, LongLinesAreCutAndControlsShownPrintable) {
    RecentOutput r;
    r.add_stdout_line(std::string(1000, 'x'));
    r.add_stderr(std::string(1000, 'y') + "\n\x1b[31mred\r\n");
    const std::string said = r.describe();
    const std::string xs(RecentOutput::kLineBytes, 'x'), ys(RecentOutput::kLineBytes, 'y');
    EXPECT_NE(said.find("stdout \"" + xs + "... (1000 bytes)\"; then stderr \"" + ys +
                        "... (1000 bytes) | "),
              std::string::npos)
        << said;
    EXPECT_EQ(said.find('\x1b'), std::string::npos) << said;
    EXPECT_NE(said.find("red\""), std::string::npos) << said;
}

}  // namespace
