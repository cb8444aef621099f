// Standard chess (variants/chess.yaml) against published perft figures.
//
// Sources (facts, not code):
// - The start position and "Position 2" (Kiwipete) to "Position 6": the Chess Programming
//   Wiki's page "Perft Results" (chessprogramming.org/Perft_Results); the same figures are
//   on albert.nu's Sharper perft page. Position 4 is also given there mirrored.
// - The positions named after what they test: Martin Sedlak's TalkChess perft suite, as
//   republished on chessprogramming.net ("Perfect Perft").
// Depths are chosen to keep each case under about five million leaves; deeper runs belong
// in bench/.
//
// Our perft stops where the game is over, and chess.yaml ends it on insufficient material.
// The published figures play on, so the cases where a line can reach a bare king or a lone
// minor piece within the depth run on the same rules without the material draw (the
// "no_material_draw" cases); the others cannot get there (too much material, or too few
// plies), and no case is deep enough for a threefold repetition (eight plies at least) or
// near the fifty-move count.
#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "referee/rules/core/position.hpp"
#include "tests/support/rules.hpp"

namespace {

using referee::rules::Rules;
using referee::test::cached_rules;

const Rules& chess_without_material_draw() {
    static const Rules rules = [] {
        auto v = referee::rules::load_variant("chess");
        v.end.insufficient_material.clear();
        return Rules(std::move(v));
    }();
    return rules;
}

struct PublishedPerft {
    const char* id;
    const char* fen;
    bool no_material_draw;
    std::vector<std::uint64_t> counts;  // depth 1, 2, ...
};

const std::vector<PublishedPerft> kPublished = {
    {"start",
     "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
     false,
     {20, 400, 8902, 197281, 4865609}},
    {"kiwipete",
     "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
     false,
     {48, 2039, 97862, 4085603}},
    {"position3",
     "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
     false,
     {14, 191, 2812, 43238, 674624}},
    {"position4",
     "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
     false,
     {6, 264, 9467, 422333}},
    {"position4_mirrored",
     "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1",
     false,
     {6, 264, 9467, 422333}},
    {"position5",
     "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
     false,
     {44, 1486, 62379, 2103487}},
    {"position6",
     "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
     false,
     {46, 2079, 89890, 3894594}},
    // Sedlak's suite: only the published depth is given there.
    {"illegal_en_passant_1", "3k4/3p4/8/K1P4r/8/8/8/8 b - - 0 1", false, {0, 0, 0, 0, 0, 1134888}},
    {"illegal_en_passant_2", "8/8/4k3/8/2p5/8/B2P2K1/8 w - - 0 1", true, {0, 0, 0, 0, 0, 1015133}},
    {"en_passant_gives_check",
     "8/8/1k6/2b5/2pP4/8/5K2/8 b - d3 0 1",
     true,
     {0, 0, 0, 0, 0, 1440467}},
    {"short_castling_gives_check", "5k2/8/8/8/8/8/8/4K2R w K - 0 1", true, {0, 0, 0, 0, 0, 661072}},
    {"long_castling_gives_check", "3k4/8/8/8/8/8/8/R3K3 w Q - 0 1", true, {0, 0, 0, 0, 0, 803711}},
    {"castling_rights", "r3k2r/1b4bq/8/8/8/8/7B/R3K2R w KQkq - 0 1", false, {0, 0, 0, 1274206}},
    {"castling_prevented", "r3k2r/8/3Q4/8/8/5q2/8/R3K2R b KQkq - 0 1", false, {0, 0, 0, 1720476}},
    {"promote_out_of_check", "2K2r2/4P3/8/8/8/8/8/3k4 w - - 0 1", true, {0, 0, 0, 0, 0, 3821001}},
    {"discovered_check", "8/8/1P2K3/8/2n5/1q6/8/5k2 b - - 0 1", true, {0, 0, 0, 0, 1004658}},
    {"promote_to_give_check", "4k3/1P6/8/8/8/8/K7/8 w - - 0 1", true, {0, 0, 0, 0, 0, 217342}},
    {"under_promote_to_give_check", "8/P1k5/K7/8/8/8/8/8 w - - 0 1", true, {0, 0, 0, 0, 0, 92683}},
    {"self_stalemate", "K1k5/8/P7/8/8/8/8/8 w - - 0 1", true, {0, 0, 0, 0, 0, 2217}},
    {"stalemate_and_checkmate", "8/k1P5/8/1K6/8/8/8/8 w - - 0 1", true, {0, 0, 0, 0, 0, 0, 567584}},
    {"stalemate_and_checkmate_2", "8/8/2k5/5q2/5n2/8/5K2/8 b - - 0 1", false, {0, 0, 0, 23527}},
};

class ChessPublishedPerft : public ::testing::TestWithParam<PublishedPerft> {};

// A zero stands for a depth the source does not give.
TEST_P(ChessPublishedPerft, MatchesThePublishedCounts) {
    const PublishedPerft& c = GetParam();
    const Rules& rules = c.no_material_draw ? chess_without_material_draw() : cached_rules("chess");
    const auto pos = rules.from_fen(c.fen);
    for (std::size_t i = 0; i < c.counts.size(); ++i)
        if (c.counts[i]) {
            EXPECT_EQ(pos.perft(static_cast<int>(i + 1)), c.counts[i])
                << c.fen << " depth " << i + 1;
        }
}

INSTANTIATE_TEST_SUITE_P(Chess, ChessPublishedPerft, ::testing::ValuesIn(kPublished),
                         [](const ::testing::TestParamInfo<PublishedPerft>& info) {
                             return std::string(info.param.id);
                         });

// The material draw does end lines inside perft. Hand: White's king e1 is in check from
// the queen on d2 and has two moves, Kxd2 and Kf1 (d1, e2, f2 are on the queen's lines).
// After Kxd2 only the kings are left: no moves with the material draw; without it, Black's
// king e8 has d8 d7 e7 f7 f8, none of them near White's king on d2: 5.
TEST(ChessPerft, InsufficientMaterialEndsALine) {
    const char* fen = "4k3/8/8/8/8/8/3q4/4K3 w - - 0 1";
    auto below_kxd2 = [&](const Rules& rules) {
        const auto pos = rules.from_fen(fen);
        const auto split = pos.divide(2);
        EXPECT_EQ(split.size(), 2u);
        for (const auto& [move, count] : split)
            if (pos.move_name(move, referee::rules::MoveStyle::Uci) == "e1d2") return count;
        ADD_FAILURE() << "Kxd2 is missing";
        return std::uint64_t(0);
    };
    EXPECT_EQ(below_kxd2(cached_rules("chess")), 0u);
    EXPECT_EQ(below_kxd2(chess_without_material_draw()), 5u);
}

TEST(ChessPerft, DivideNamesCastlingAsTheKingsMove) {
    // Hand: the king on e1 with rooks a1 and h1 and nothing else of White's: castling both
    // ways is among the moves, written e1g1 and e1c1.
    const auto pos = cached_rules("chess").from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    std::vector<std::string> names;
    for (const auto& [move, count] : pos.divide(1))
        names.push_back(pos.move_name(move, referee::rules::MoveStyle::Uci));
    EXPECT_NE(std::find(names.begin(), names.end(), "e1g1"), names.end());
    EXPECT_NE(std::find(names.begin(), names.end(), "e1c1"), names.end());
    // 26 in all, hand: rook a1: a2-a7, xa8, b1 c1 d1 = 10; rook h1: h2-h7, xh8, g1 f1 = 9;
    // king: d1 d2 e2 f2 f1 = 5 (Black's rooks see only the a- and h-files and the eighth
    // rank, so no square the king crosses is attacked); two castlings: 26.
    EXPECT_EQ(names.size(), 26u);
}

}  // namespace
