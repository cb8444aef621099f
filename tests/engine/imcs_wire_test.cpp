// The IMCS wire format against what the real server sent and accepted
// (tests/data/imcs-server/illegal.txt, resign.txt, timeloss.txt, draw40.txt).
#include <gtest/gtest.h>

#include "referee/engine/dialects/imcs_wire.hpp"

using namespace referee::engine;
using referee::rules::Geometry;

namespace {

const Geometry five_by_six{5, 6};

imcs::MoveLine::Kind kind_of(std::string_view line) {
    return imcs::read_move_line(line, five_by_six).kind;
}

}  // namespace

TEST(ImcsWire, ATurnIsFramedAsTheServerFramesIt) {
    EXPECT_EQ(imcs::turn("1 W\nkqbnr\nppppp\n.....\n.....\nPPPPP\nRNBQK\n", 300000, 299956),
              "\r\n1 W\nkqbnr\nppppp\n.....\n.....\nPPPPP\nRNBQK\n\r\n? 05:00.000 04:59.956\r\n");
}

TEST(ImcsWire, ClocksAndStartLine) {
    EXPECT_EQ(imcs::clock(59972), "00:59.972");
    EXPECT_EQ(imcs::clock(-5), "00:00.000");
    EXPECT_EQ(imcs::minutes_seconds(90000), "1:30");
    EXPECT_EQ(imcs::game_start(false, 45000, 90000), "106 B 0:45 1:30 game starts");
    EXPECT_EQ(imcs::parse_offer_time("1:30"), 90000);
    EXPECT_EQ(imcs::parse_offer_time("45"), 45000);
    EXPECT_FALSE(imcs::parse_offer_time("1:2:3"));
    EXPECT_FALSE(imcs::parse_offer_time("X"));
    EXPECT_FALSE(imcs::parse_offer_time(""));
}

TEST(ImcsWire, MoveLinesTheServerAccepts) {
    for (const char* line : {"a2-a3\r", "  a2-a3  ", "! a2-a4", "!   e5-e4", "!\ta3-a4", "e4-e3\t",
                             "d2-e3", "e1-e1"}) {
        const auto m = imcs::read_move_line(line, five_by_six);
        EXPECT_EQ(m.kind, imcs::MoveLine::Kind::Move) << line;
    }
    EXPECT_EQ(imcs::read_move_line("!   e5-e4", five_by_six).move, "e5-e4");
    EXPECT_EQ(kind_of("resign"), imcs::MoveLine::Kind::Resign);
    EXPECT_EQ(kind_of(" resign\r"), imcs::MoveLine::Kind::Resign);
}

TEST(ImcsWire, MoveLinesTheServerCallsInvalid) {
    for (const char* line :
         {"a2a3", "A2-A3", "", "hello world", "!a2-a3", "a7-a8", "a2 - a3", "resign now", "a2-a3 x",
          "f2-f3", "a0-a1", "a02-a3", "! !", "a5-a6q"}) {
        const auto m = imcs::read_move_line(line, five_by_six);
        EXPECT_EQ(m.kind, imcs::MoveLine::Kind::Invalid) << line;
        EXPECT_EQ(imcs::invalid_move(m.text), std::string("- invalid move ") + line);
    }
    EXPECT_EQ(imcs::read_move_line("a5-a6Q", five_by_six, true).kind, imcs::MoveLine::Kind::Move);
    EXPECT_EQ(imcs::illegal_move("a2-a4"), "- illegal move a2-a4");
}

TEST(ImcsWire, ResultLinesCarryTheirCause) {
    EXPECT_EQ(imcs::result_lines(imcs::result_for("1-0", "king-capture")),
              "= W wins\r\n231 W wins\r\n");
    EXPECT_EQ(imcs::result_lines(imcs::result_for("0-1", "resignation")),
              "= B wins on opponent resignation\r\n232 B wins on opponent resignation\r\n");
    EXPECT_EQ(imcs::result_lines(imcs::result_for("1-0", "time-forfeit")),
              "= W wins on opponent time\r\n231 W wins on opponent time\r\n");
    EXPECT_EQ(imcs::result_lines(imcs::result_for("0-1", "crash")),
              "= B wins on opponent disconnect\r\n232 B wins on opponent disconnect\r\n");
    EXPECT_EQ(imcs::result_lines(imcs::result_for("1/2-1/2", "move-limit")),
              "= draw\r\n230 draw\r\n");
    // An ending the server does not know says what it was.
    EXPECT_EQ(imcs::result_text(imcs::result_for("1-0", "no-legal-moves")),
              "= W wins on opponent having no legal move");
}
