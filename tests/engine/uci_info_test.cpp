// The UCI info reader: depth, score (cp or mate) and nodes from the lines an engine writes
// while it thinks, and nothing from lines that only look like them.
#include <gtest/gtest.h>

#include <string>

#include "referee/engine/dialects/uci_info.hpp"

namespace referee::engine {
namespace {

TEST(UciInfo, TheFirstWordDecidesWhatIsAnInfoLine) {
    EXPECT_TRUE(is_info_line("info depth 3"));
    EXPECT_TRUE(is_info_line("  info"));
    EXPECT_TRUE(is_info_line("info\tdepth 1"));
    EXPECT_FALSE(is_info_line("information"));
    EXPECT_FALSE(is_info_line("bestmove a2a3"));
    EXPECT_FALSE(is_info_line("inf"));
    EXPECT_FALSE(is_info_line(""));
}

TEST(UciInfo, DepthScoreAndNodesAreRead) {
    SearchInfo i;
    read_uci_info(
        "info depth 12 seldepth 20 multipv 1 score cp 35 nodes 123456 nps 1000 pv e2e4 "
        "depth 99",
        i);
    EXPECT_EQ(i.depth, 12);  // "depth 99" is part of the pv, not a field
    EXPECT_TRUE(i.has_score);
    EXPECT_FALSE(i.mate);
    EXPECT_EQ(i.score, 35);
    EXPECT_EQ(i.nodes, 123456);

    SearchInfo m;
    read_uci_info("info depth 7 score mate -3 lowerbound nodes 10", m);
    EXPECT_TRUE(m.has_score);
    EXPECT_TRUE(m.mate);
    EXPECT_EQ(m.score, -3);
    EXPECT_EQ(m.nodes, 10);
}

TEST(UciInfo, LinesAddUpAndFreeTextIsIgnored) {
    SearchInfo i;
    read_uci_info("info depth 4 score cp -20", i);
    read_uci_info("info nodes 999 currmove a2a3", i);
    read_uci_info("info string depth 50 score cp 9000 nodes 1", i);
    EXPECT_EQ(i.depth, 4);
    EXPECT_EQ(i.score, -20);
    EXPECT_EQ(i.nodes, 999);
}

TEST(UciInfo, MalformedNumbersLeaveTheFieldAsItWas) {
    SearchInfo i;
    read_uci_info("info depth x score cp 12abc nodes 99999999999999999999999 score pawns 3", i);
    EXPECT_TRUE(i.empty());
    read_uci_info("info score cp", i);
    EXPECT_FALSE(i.has_score);
    read_uci_info("bestmove a2a3 score cp 5", i);  // not an info line
    EXPECT_FALSE(i.has_score);
}

TEST(UciInfo, ThePvIsKeptWholeMovesOnlyAndPrintable) {
    SearchInfo i;
    read_uci_info("info depth 3 score cp 5 pv e2e4  e7e5\tg1f3", i);
    EXPECT_EQ(i.pv(), "e2e4 e7e5 g1f3");
    read_uci_info("info depth 4 currmove d2d4", i);  // no pv: the last one stays
    EXPECT_EQ(i.pv(), "e2e4 e7e5 g1f3");
    EXPECT_EQ(i.depth, 4);

    // A pv longer than the struct holds ends at the last whole move that fits.
    std::string line = "info pv";
    for (int k = 0; k < 40; ++k) line += " a2a3";
    read_uci_info(line, i);
    EXPECT_LE(i.pv().size(), SearchInfo::kPvBytes);
    EXPECT_EQ(i.pv().size() % 5, 4u) << i.pv();
    EXPECT_EQ(i.pv().substr(i.pv().size() - 4), "a2a3");

    // Bytes that are not printable ASCII (a Latin-1 name, a control byte) are not passed on.
    read_uci_info("info pv e2e4 \xe9\x01x", i);
    EXPECT_EQ(i.pv(), "e2e4 ??x");
}

TEST(UciInfo, LinesOfASecondPvLeaveTheFirstAsItWas) {
    SearchInfo i;
    read_uci_info("info depth 9 multipv 1 score cp 30 nodes 50 pv e2e4", i);
    read_uci_info("info depth 9 multipv 2 score cp -80 nodes 60 pv a2a3", i);
    EXPECT_EQ(i.score, 30);
    EXPECT_EQ(i.nodes, 50);
    EXPECT_EQ(i.pv(), "e2e4");
}

}  // namespace
}  // namespace referee::engine
