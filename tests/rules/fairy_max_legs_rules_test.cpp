// Moves of several legs (Betza nn and X-Y, betza.hpp) and the Fairy-Max variants that need
// them: the falcon's three ways (falcon.yaml), the colliding bifurcators (bifurcator.yaml),
// team-mate's griffon and bent knight (team-mate.yaml), Superchess's promotions
// (super.yaml). Each move list is counted by hand in the comment beside it.
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "referee/rules/core/position.hpp"
#include "referee/rules/variant/betza.hpp"
#include "tests/support/rules.hpp"

namespace {

using namespace referee::rules;
using referee::test::cached_rules;
using referee::test::sorted_uci_names;

// The legal moves of the piece on `from`, sorted by name.
std::vector<std::string> moves_from(const std::string& variant, const std::string& fen,
                                    const std::string& from) {
    std::vector<std::string> out;
    for (const auto& m : sorted_uci_names(cached_rules(variant).from_fen(fen)))
        if (m.rfind(from, 0) == 0 && !std::isdigit(static_cast<unsigned char>(m[from.size()])))
            out.push_back(m.substr(from.size()));
    return out;
}

using Targets = std::vector<std::string>;

TEST(FairyMaxLegs, BetzaManyWayLeapsAndBentMoves) {
    const auto falcon = parse_betza("nnCnnZ");
    ASSERT_EQ(falcon.size(), 16u);
    for (const auto& r : falcon) EXPECT_TRUE(r.lame && r.any_way && !r.bent);
    // N-W: each knight leap goes one step on along its long side.
    const auto bent = parse_betza("N-W");
    ASSERT_EQ(bent.size(), 8u);
    for (const auto& r : bent) {
        EXPECT_TRUE(r.bent && r.bent_leap());
        EXPECT_EQ(std::abs(r.dx) == 2 ? r.dx2 * 2 : r.dy2 * 2, std::abs(r.dx) == 2 ? r.dx : r.dy);
        EXPECT_EQ(std::abs(r.dx) == 2 ? r.dy2 : r.dx2, 0);
    }
    // W-B: each step turns both diagonal ways outward, which ride on; kB-R collides.
    const auto griffon = parse_betza("W-B");
    ASSERT_EQ(griffon.size(), 8u);
    for (const auto& r : griffon) {
        EXPECT_EQ(r.range2, 0);
        EXPECT_EQ(r.dx * r.dx2 + r.dy * r.dy2, 1);  // 45 degrees off, outward
    }
    const auto bifurcator = parse_betza("kB-R");
    ASSERT_EQ(bifurcator.size(), 8u);
    for (const auto& r : bifurcator) EXPECT_TRUE(r.collide && r.range == 0 && r.range2 == 0);
    for (const char* bad : {"kB", "nN-W", "pR-B", "iW-B", "oW-B", "nnR", "inC", "W-", "W-K"})
        EXPECT_THROW(parse_betza(bad), BetzaError) << bad;
    // Fairy-Stockfish's Betza has no legs: its variants.ini cannot ask for them.
    for (const char* betza : {"nnC", "N-W"})
        EXPECT_NE(referee::test::ini_error(
                      std::string("[legs:chess]\ncustomPiece1 = a:") + betza + "\n", "legs")
                      .find("Fairy-Stockfish has no moves of several legs"),
                  std::string::npos)
            << betza;
}

TEST(FairyMaxLegs, TheFalconFromACornerAndTheCentre) {
    // From a1: (1,3) b4, (3,1) d2, (2,3) c4, (3,2) d3; the king on j1 is in none of their
    // ways.
    EXPECT_EQ(moves_from("falcon", "9k/10/10/10/10/10/10/F8K w - - 0 1", "a1"),
              (Targets{"b4", "c4", "d2", "d3"}));
    // From e4 the sixteen squares (1,3), (3,1), (2,3), (3,2) away in every direction.
    const char* open = "9k/10/10/10/4F5/10/10/K9 w - - 0 1";
    const Targets all{"b2", "b3", "b5", "b6", "c1", "c7", "d1", "d7",
                      "f1", "f7", "g1", "g7", "h2", "h3", "h5", "h6"};
    EXPECT_EQ(moves_from("falcon", open, "e4"), all);
    // A pawn on e5 blocks two of f7's three ways (e5-e6, e5-f6), not the third (f5-f6),
    // nor any way to the other squares (d7 by d5-d6, g7 by f5-g6).
    EXPECT_EQ(moves_from("falcon", "9k/10/10/4P5/4F5/10/10/K9 w - - 0 1", "e4"), all);
    // With f6 taken too every way to f7 is blocked; d7 and g7 still have one.
    Targets no_f7 = all;
    std::erase(no_f7, "f7");
    EXPECT_EQ(moves_from("falcon", "9k/10/5P4/4P5/4F5/10/10/K9 w - - 0 1", "e4"), no_f7);
    // A falcon gives check by any open way: e4 checks f7's king by f5-f6 alone.
    EXPECT_TRUE(cached_rules("falcon").from_fen("10/5k4/10/4P5/4F5/10/10/K9 b - - 0 1").in_check());
    EXPECT_FALSE(
        cached_rules("falcon").from_fen("10/5k4/5P4/4P5/4F5/10/10/K9 b - - 0 1").in_check());
}

TEST(FairyMaxLegs, BifurcatorsTurnBeforeTheirOwnPiece) {
    // The bishop on c1: a3 and b2 up the open diagonal; its own pawn on d2 next to it turns
    // it on c1 itself, rightwards to d1 (the king on e1 ends that) and up the c-file.
    EXPECT_EQ(moves_from("bifurcator", "4k3/8/8/8/8/8/3P4/2B1K3 w - - 0 1", "c1"),
              (Targets{"a3", "b2", "c2", "c3", "c4", "c5", "c6", "c7", "c8", "d1"}));
    // The rook on a1: a2, a3 before its own pawn on a4, then diagonally b4-f8 from a3; b1-d1
    // before its king, then e2-h5 from d1. (Down and left are off the board.)
    EXPECT_EQ(moves_from("bifurcator", "4k3/8/8/8/P7/8/8/R3K3 w - - 0 1", "a1"),
              (Targets{"a2", "a3", "b1", "b4", "c1", "c5", "d1", "d6", "e2", "e7", "f3", "f8", "g4",
                       "h5"}));
    // An enemy piece ends the line as in chess: a4 taken, no turn.
    EXPECT_EQ(moves_from("bifurcator", "4k3/8/8/8/p7/8/8/R3K3 w - - 0 1", "a1"),
              (Targets{"a2", "a3", "a4", "b1", "c1", "d1", "e2", "f3", "g4", "h5"}));
    // Check by a bifurcated line: the rook on a1 turns before a4 and sees e7 by b4-d6.
    const char* check = "8/4k3/8/8/P7/8/8/R6K b - - 0 1";
    EXPECT_TRUE(cached_rules("bifurcator").from_fen(check).in_check());
    EXPECT_FALSE(cached_rules("chess").from_fen(check).in_check());
    // From the start no bishop or rook has a move: every turn ends on its own pieces.
    EXPECT_EQ(cached_rules("bifurcator").start().perft(1, PerftStop::Immediate), 20u);
}

TEST(FairyMaxLegs, TeamMatesGriffonAndBentKnight) {
    // The griffon on d4: the steps d5, d3, c4, e4, and from each diagonally outward: e6 f7
    // g8, c6 b7 a8; e2 f1, c2 b1; f5 g6 h7, f3 g2 h1; b5 a6, b3 a2. 24; neither king is in
    // the way.
    const Targets griffon{"a2", "a6", "a8", "b1", "b3", "b5", "b7", "c2", "c4", "c6", "d3", "d5",
                          "e2", "e4", "e6", "f1", "f3", "f5", "f7", "g2", "g6", "g8", "h1", "h7"};
    EXPECT_EQ(moves_from("team-mate", "8/8/8/8/k2A3K/8/8/8 w - - 0 1", "d4"), griffon);
    // Its own pawn on d5 takes d5 and the two diagonals from it away: 17.
    Targets blocked = griffon;
    for (const char* gone : {"d5", "e6", "f7", "g8", "c6", "b7", "a8"}) std::erase(blocked, gone);
    EXPECT_EQ(moves_from("team-mate", "8/8/8/3P4/k2A3K/8/8/8 w - - 0 1", "d4"), blocked);
    // The bent knight on d4: the eight knight squares, and one step on along each leap's long
    // side: g5, e7, c7, a5, g3, e1, c1, a3. 16.
    const Targets knight{"a3", "a5", "b3", "b5", "c1", "c2", "c6", "c7",
                         "e1", "e2", "e6", "e7", "f3", "f5", "g3", "g5"};
    EXPECT_EQ(moves_from("team-mate", "k7/8/8/8/3C4/8/8/7K w - - 0 1", "d4"), knight);
    // Its own pawn on e6 takes e6 and e7; one on e5 (no knight square) takes nothing.
    Targets no_e = knight;
    std::erase(no_e, "e6");
    std::erase(no_e, "e7");
    EXPECT_EQ(moves_from("team-mate", "k7/8/4P3/8/3C4/8/8/7K w - - 0 1", "d4"), no_e);
    EXPECT_EQ(moves_from("team-mate", "k7/8/8/4P3/3C4/8/8/7K w - - 0 1", "d4"), knight);
    // The king castles with the pieces in the corners.
    const auto castles = moves_from("team-mate", "4k3/8/8/8/8/8/8/U3K2C w KQ - 0 1", "e1");
    EXPECT_NE(std::find(castles.begin(), castles.end(), "g1"), castles.end());
    EXPECT_NE(std::find(castles.begin(), castles.end(), "c1"), castles.end());
}

TEST(FairyMaxLegs, SuperchessPawnsBecomeItsPieces) {
    EXPECT_EQ(moves_from("super", "4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a7"),
              (Targets{"a8a", "a8b", "a8e", "a8n", "a8q", "a8r", "a8s", "a8v"}));
    // The veteran (KN) checks as a knight and as a king.
    EXPECT_TRUE(cached_rules("super").from_fen("4k3/8/3V4/8/8/8/8/4K3 b - - 0 1").in_check());
    EXPECT_TRUE(cached_rules("super").from_fen("4k3/3V4/8/8/8/8/8/4K3 b - - 0 1").in_check());
}

}  // namespace
