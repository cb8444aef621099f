// Perft tables: the number of leaves of the legal-move tree, the standard check that a move
// generator neither misses nor invents moves.
//
// Where the numbers come from:
// - "FSF": Fairy-Stockfish 11.1 (/usr/games/fairy-stockfish), run offline as
//       setoption name VariantPath value v.ini
//       setoption name UCI_Variant value minichess        (or gardnercastle)
//       position fen <FEN>
//       go perft <N>                                      -> "Nodes searched: ..."
//   with v.ini holding
//       [minichess:chess]                 [gardnercastle:chess]
//       maxRank = 6                       maxRank = 5
//       maxFile = e                       maxFile = e
//       startFen = kqbnr/ppppp/5/5/PPPPP/RNBQK w - - 0 1
//                                         startFen = rnbqk/ppppp/5/PPPPP/RNBQK w Qq - 0 1
//       promotionRank = 6                 promotionRank = 5
//       promotionPieceTypes = q           promotionPieceTypes = q
//       doubleStep = false                doubleStep = false
//       castling = false                  castling = true
//       king = -                          castlingQueensideFile = c
//       commoner = k                      castlingKingsideFile = g
//       extinctionValue = loss
//       extinctionPieceTypes = k
//       checking = false
//       stalemateValue = draw
//   FSF stops a line when a king is captured, as our perft does. It knows no 40-move limit
//   and no material draw, so every FSF position here stays far from move 40 and keeps
//   enough material on both sides for the searched depth.
// - "hand": counted by hand, the reasoning written next to the row.
// MinitChess cannot be expressed in FSF 11.1 (the bishop's side-step is a custom piece):
// its rows are hand counts, or FSF minichess counts for positions where no bishop can
// side-step, plus the side-steps counted by hand.
#include <cstdint>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "referee/rules/core/position.hpp"

namespace {

using referee::rules::Rules;

struct PerftCase {
    const char* id;
    const char* variant;
    const char* fen;
    std::vector<std::uint64_t> counts;  // depth 1, 2, ...
};

const Rules& rules_for(const std::string& name) {
    static const Rules minichess = Rules::load("minichess");
    static const Rules minitchess = Rules::load("minitchess");
    static const Rules gardner = Rules::load("gardner-castling");
    if (name == "minichess") return minichess;
    if (name == "minitchess") return minitchess;
    return gardner;
}

const std::vector<PerftCase> kCases = {
    // ---- minichess, FSF ----
    {"minichess_start",
     "minichess",
     "kqbnr/ppppp/5/5/PPPPP/RNBQK w - - 0 1",
     {7, 49, 452, 4230, 47102}},
    // Pawns on both sides one step from promotion, with captures onto the back ranks
    // (including onto the kings): promotions, capture-promotions and king captures mixed.
    {"minichess_promotions_white",
     "minichess",
     "r1n1k/1P1P1/5/5/1p1p1/R1N1K w - - 0 1",
     {19, 292, 5197, 86076}},
    {"minichess_promotions_black",
     "minichess",
     "r1n1k/1P1P1/5/5/1p1p1/R1N1K b - - 0 1",
     {19, 292, 5197, 86076}},
    // The queen on a1 can take the king on a6 at once; that line ends (no replies).
    {"minichess_king_capture", "minichess", "k4/1p3/5/5/3P1/Q3K w - - 0 1", {15, 43, 616, 2825}},
    {"minichess_king_capture_black_to_move",
     "minichess",
     "k4/1p3/5/5/3P1/Q3K b - - 0 1",
     {3, 44, 200, 2840}},
    {"minichess_bishop_no_side_step", "minichess", "k4/4n/2p2/1pBP1/5/4K w - - 0 1", {12, 87, 900}},
    {"minichess_mixed", "minichess", "1b2k/p3n/5/5/1P3/R3K w - - 0 1", {11, 98, 1120, 12846}},

    // ---- minitchess ----
    // Start, hand: depths 1-2 equal minichess (7, 49; no bishop can side-step: c1/c6 are
    // boxed in by pieces). At depth 3 a White bishop side-step appears after 1.c3 (to c2),
    // 1.Na3 or 1.Nc3 (to b1), each followed by any of Black's 7 replies: 452 + 3 * 7 = 473.
    {"minitchess_start", "minitchess", "kqbnr/ppppp/5/5/PPPPP/RNBQK w - - 0 1", {7, 49, 473}},
    // Hand: bishop c3 has 7 diagonal moves (d4 e5, b4 a5, d2 [e1 is its king], b2 a1) and
    // 4 side-steps (c4 c2 b3 d3), king e1 has 3 (d1 d2 e2): 14. Black's king a6 then always
    // has a5, b5, b6 (a5 may hold the bishop and is then a capture): 14 * 3 = 42.
    {"minitchess_bishop_side_step_white", "minitchess", "k4/5/5/2B2/5/4K w - - 0 1", {14, 42}},
    // Hand, mirrored: bishop c4 has d5 e6, b5 [a6 is its king], d3 e2, b3 a2 = 7 diagonal
    // moves, 4 side-steps (c5 c3 b4 d4); king a6: a5 b5 b6; 14. White's king e1 then always
    // has d1, d2, e2 (e2 may hold the bishop: a capture): 42.
    {"minitchess_bishop_side_step_black", "minitchess", "k4/5/2b2/5/5/4K b - - 0 1", {14, 42}},
    // Side-steps blocked by both colours: FSF's minichess count for this position is 12
    // (no side-steps); of the bishop's side-steps c4 (black pawn), b3 (black pawn) and d3
    // (own pawn) are blocked, only c2 is free, and a side-step never captures: 12 + 1.
    {"minitchess_bishop_side_step_blocked", "minitchess", "k4/4n/2p2/1pBP1/5/4K w - - 0 1", {13}},
    // No bishop on the board and no player runs out of moves: the FSF minichess counts.
    {"minitchess_promotions",
     "minitchess",
     "r1n1k/1P1P1/5/5/1p1p1/R1N1K w - - 0 1",
     {19, 292, 5197, 86076}},
    {"minitchess_king_capture", "minitchess", "k4/1p3/5/5/3P1/Q3K w - - 0 1", {15, 43, 616, 2825}},
    // The MinitChess rules' first diagram (20 B k.K.. rpP.. pP... P.... ..... .....), hand:
    // depth 1: Black's only move is Ka6-b6 (rook a5 boxed in by a6 k, a4 p, b5 p; pawn
    // b5 blocked by b4, a4 blocked by a3, no diagonal targets).
    // depth 2: White Kxb6 (ends), Kd6, Kxb5, Kd5, c5xb6=Q (ends), b4xa5: 6.
    // depth 3: after Kd6 Black has k a6/c6/xc5 + r a6 = 4; after Kxb5: k a6/c6/xb5/xc5 +
    // r a6/xb5 = 6; after Kd5: k a6/c6/xc5 + r a6 = 4; after bxa5: k a6/xc6/xa5/xc5 +
    // p b5-b4 = 5; total 19.
    {"minitchess_seed_diagram_1", "minitchess", "k1K2/rpP2/pP3/P4/5/5 b - - 0 20", {1, 6, 19}},
    // The MinitChess rules' second diagram: White has no move (every piece boxed in, the c5 pawn
    // blocked by the black king, and a side-step never captures).
    {"minitchess_seed_diagram_2", "minitchess", "KBk2/PRP2/1P3/5/5/5 w - - 0 20", {0, 0}},

    // ---- gardner-castling, FSF ----
    {"gardner_start",
     "gardner-castling",
     "rnbqk/ppppp/5/PPPPP/RNBQK w Qq - 0 1",
     {7, 53, 506, 4775, 51528}},
    // b1, c1, d1 empty, nothing attacked: e1-c1 is one of White's 10 moves.
    {"gardner_castling_allowed",
     "gardner-castling",
     "r3k/ppppp/5/PPPPP/R3K w Qq - 0 1",
     {10, 103, 1023, 10056}},
    // b1 occupied by a knight.
    {"gardner_castling_blocked",
     "gardner-castling",
     "r3k/ppppp/5/PPPPP/RN2K w Qq - 0 1",
     {8, 82, 818, 7740}},
    // d1, the square the king passes, attacked by the rook on d5.
    {"gardner_castling_through_check",
     "gardner-castling",
     "3rk/5/5/PPP1P/R3K w Q - 0 1",
     {7, 60, 502, 4091}},
    // The king is in check from e5: only Kd1 and Kd2.
    {"gardner_castling_out_of_check",
     "gardner-castling",
     "k3r/5/5/PPP2/R3K w Q - 0 1",
     {2, 20, 165, 1546}},
    // c1, where the king lands, attacked by the bishop on e3.
    {"gardner_castling_landing_attacked",
     "gardner-castling",
     "k4/5/4b/PP2P/R3K w Q - 0 1",
     {6, 40, 290, 1905}},
    // b1 attacked by the bishop on d3: the king does not cross b1, castling stays legal.
    {"gardner_castling_b1_attacked_allowed",
     "gardner-castling",
     "k4/5/3b1/P3P/R3K w Q - 0 1",
     {9, 72, 661, 4662}},
    {"gardner_promotions",
     "gardner-castling",
     "1n2k/P1P2/5/2p1p/R3K w Q - 0 1",
     {11, 52, 501, 2924}},
    // King capture available, hand (FSF's check rules cannot start from a king en prise):
    // depth 1: rook a1: a2 a3 a4 xa5, b1 c1 d1; king e1: d1 d2 e2: 10.
    // depth 2 (Black must not stay or step into attack): Ra2: Kb4 Kb5 (a4 on the file) 2;
    // Ra3: 2; Ra4: Kxa4 Kb5 (b4 on rank 4) 2; Rxa5: game over 0; Rb1: Ka4 only 1;
    // Rc1: a4 b4 b5 3; Rd1: 3; Kd1, Kd2, Ke2 leave the a-file check: b4 b5, 2 each = 6.
    // 2+2+2+0+1+3+3+6 = 19.
    {"gardner_king_capture", "gardner-castling", "k4/5/5/5/R3K w - - 0 1", {10, 19}},
};

class PerftTable : public ::testing::TestWithParam<PerftCase> {};

TEST_P(PerftTable, CountsMatchTheIndependentSource) {
    const PerftCase& c = GetParam();
    const auto pos = rules_for(c.variant).from_fen(c.fen);
    for (std::size_t i = 0; i < c.counts.size(); ++i)
        EXPECT_EQ(pos.perft(static_cast<int>(i + 1)), c.counts[i])
            << c.variant << " " << c.fen << " depth " << i + 1;
}

INSTANTIATE_TEST_SUITE_P(Variants, PerftTable, ::testing::ValuesIn(kCases),
                         [](const ::testing::TestParamInfo<PerftCase>& info) {
                             return std::string(info.param.id);
                         });

TEST(Perft, DepthZeroIsOneLeaf) {
    EXPECT_EQ(rules_for("minichess").start().perft(0), 1u);
    EXPECT_EQ(rules_for("gardner-castling").start().perft(0), 1u);
}

// FSF's "go perft 3" per-move split from the minichess start.
TEST(Perft, DivideMatchesFairyStockfishSplit) {
    const auto pos = rules_for("minichess").start();
    const std::vector<std::pair<std::string, std::uint64_t>> expected = {
        {"a2a3", 49}, {"b2b3", 65}, {"c2c3", 63}, {"d2d3", 87},
        {"e2e3", 62}, {"b1a3", 56}, {"b1c3", 70}};
    const auto split = pos.divide(3);
    ASSERT_EQ(split.size(), expected.size());
    for (const auto& [name, count] : expected) {
        bool found = false;
        for (const auto& [move, n] : split)
            if (pos.move_name(move, referee::rules::MoveStyle::Uci) == name) {
                found = true;
                EXPECT_EQ(n, count) << name;
            }
        EXPECT_TRUE(found) << name;
    }
}

// Our perft stops where the game has ended; these are the rules FSF does not know.
TEST(Perft, MaterialDrawHasNoMovesInMinichessButNotInMinitchess) {
    // King and bishop against king: drawn at once in minichess. MinitChess has no material
    // draw, and the same position has the 14 moves counted by hand above.
    const char* fen = "k4/5/5/2B2/5/4K w - - 0 1";
    EXPECT_EQ(rules_for("minichess").from_fen(fen).perft(1), 0u);
    EXPECT_EQ(rules_for("minitchess").from_fen(fen).perft(1), 14u);
}

TEST(Perft, MoveLimitEndsTheTreeAfterBlacksFortiethMove) {
    // Hand: lone kings in minitchess (no material draw); king a6 has 3 moves, king e1 has 3.
    const auto& r = rules_for("minitchess");
    // Black's 40th move is the last: 3 leaves, then nothing.
    EXPECT_EQ(r.from_fen("k4/5/5/5/5/4K b - - 0 40").perft(1), 3u);
    EXPECT_EQ(r.from_fen("k4/5/5/5/5/4K b - - 0 40").perft(2), 0u);
    // White's 40th move, Black's 40th move, then the draw: 3, 9, 0.
    EXPECT_EQ(r.from_fen("k4/5/5/5/5/4K w - - 0 40").perft(2), 9u);
    EXPECT_EQ(r.from_fen("k4/5/5/5/5/4K w - - 0 40").perft(3), 0u);
    // Move 41: the game is already drawn.
    EXPECT_EQ(r.from_fen("k4/5/5/5/5/4K w - - 0 41").perft(1), 0u);
}

}  // namespace
