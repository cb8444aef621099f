// The IMCS server's line reader on its own: lines cut at LF (CR LF as LF) however the bytes
// arrive, and the bounds that close a flooding connection.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "referee/server/client_lines.hpp"

namespace {

using referee::server::ClientLines;

std::vector<std::string> take_all(ClientLines& lines) {
    std::vector<std::string> out;
    while (!lines.empty()) out.push_back(lines.take());
    return out;
}

TEST(ClientLines, LinesAreTheSameHoweverTheBytesArrive) {
    const std::string bytes = "me alice pw\r\nlist\n\noffer W 5:00\r\npartial";
    for (std::size_t piece = 1; piece <= bytes.size(); ++piece) {
        ClientLines lines(1024, 256);
        for (std::size_t at = 0; at < bytes.size(); at += piece)
            ASSERT_TRUE(lines.add(std::string_view(bytes).substr(at, piece))) << piece;
        EXPECT_EQ(take_all(lines),
                  (std::vector<std::string>{"me alice pw", "list", "", "offer W 5:00"}))
            << piece;
        // The unfinished line waits for its LF.
        ASSERT_TRUE(lines.add(" 5:00\n"));
        EXPECT_EQ(take_all(lines), (std::vector<std::string>{"partial 5:00"}));
    }
}

TEST(ClientLines, TooLongOrTooManyLinesAreAFlood) {
    ClientLines long_line(8, 4);
    EXPECT_TRUE(long_line.add("12345678\n"));    // exactly the bound
    EXPECT_FALSE(long_line.add("123456789\n"));  // one more
    ClientLines never_ends(8, 4);
    EXPECT_TRUE(never_ends.add("12345678"));
    EXPECT_FALSE(never_ends.add("9"));  // past the bound without an LF
    ClientLines many(8, 2);
    EXPECT_TRUE(many.add("a\nb\n"));
    EXPECT_FALSE(many.add("c\n"));  // a third line waiting
    ClientLines handled(8, 2);
    EXPECT_TRUE(handled.add("a\nb\n"));
    handled.take();
    EXPECT_TRUE(handled.add("c\n"));  // one was handled meanwhile
}

}  // namespace
