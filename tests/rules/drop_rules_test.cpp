// The drop rules of the crazyhouse family (variants/README.md, "Drop rules"): ranks a piece
// may not be dropped on, drops confined to a rank, must-drop, bishops on opposite colours,
// castling rights from dropped pieces, promoted pieces kept as they are in the hand; and
// the file errors for their keys. Counts and move lists checked against Fairy-Stockfish 11.1.
#include <algorithm>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "referee/rules/core/position.hpp"
#include "tests/support/rules.hpp"

namespace {

using namespace referee::rules;
using referee::test::cached_rules;
using referee::test::play;
using referee::test::sorted_uci_names;

std::vector<std::string> drops(Position& pos) {
    std::vector<std::string> out;
    for (const Move m : pos.legal_moves())
        if (m.is_drop()) out.push_back(pos.move_name(m, MoveStyle::Uci));
    std::sort(out.begin(), out.end());
    return out;
}

int pawn_drops(const char* variant, const char* fen) {
    Position pos = cached_rules(variant).from_fen(fen);
    const auto all = drops(pos);
    return static_cast<int>(
        std::count_if(all.begin(), all.end(), [](const std::string& m) { return m[0] == 'P'; }));
}

TEST(DropRules, CrazyhousePawnsNeitherOnTheFirstNorTheLastRank) {
    // 62 empty squares, 7 on each back rank: Fairy-Stockfish counts 48 pawn drops.
    EXPECT_EQ(pawn_drops("crazyhouse", "4k3/8/8/8/8/8/8/4K3[P] w - - 0 1"), 48);
    EXPECT_EQ(pawn_drops("crazyhouse", "4k3/8/8/8/8/8/8/4K3[p] b - - 0 1"), 48);
    Position pos = cached_rules("crazyhouse").from_fen("4k3/8/8/8/8/8/8/4K3[P] w - - 0 1");
    EXPECT_THROW(pos.parse_move("P@a1"), MoveError);
    EXPECT_THROW(pos.parse_move("P@a8"), MoveError);
}

TEST(DropRules, ChessgiPawnsMayGoOnTheFirstRankAndStepOnceFromThere) {
    EXPECT_EQ(pawn_drops("chessgi", "4k3/8/8/8/8/8/8/4K3[P] w - - 0 1"), 55);
    Position pos = cached_rules("chessgi").from_fen("4k3/8/8/8/8/8/8/4K3[P] w - - 0 1");
    play(pos, {"P@a1", "e8d8"});
    const auto after = sorted_uci_names(pos);
    EXPECT_NE(std::find(after.begin(), after.end(), "a1a2"), after.end());
    EXPECT_EQ(std::find(after.begin(), after.end(), "a1a3"), after.end());
}

TEST(DropRules, LoopKeepsAPromotedPieceAsItIsInTheHand) {
    // A queen promoted from a pawn, captured: a pawn in crazyhouse, a queen in loop.
    for (const char* variant : {"crazyhouse", "loop"}) {
        Position pos = cached_rules(variant).from_fen("8/1Pk5/8/8/8/8/8/4K3[] w - - 0 1");
        play(pos, {"b7b8q", "c7b8"});
        const Variant& v = cached_rules(variant).variant();
        const bool loop = std::string(variant) == "loop";
        EXPECT_EQ(pos.in_hand(Black, v.type_of('Q')), loop ? 1 : 0) << variant;
        EXPECT_EQ(pos.in_hand(Black, v.type_of('P')), loop ? 0 : 1) << variant;
    }
    // Loop has no '~' marks to write, and refuses one.
    Position pos = cached_rules("loop").from_fen("8/1Pk5/8/8/8/8/8/4K3[] w - - 0 1");
    play(pos, {"b7b8q"});
    EXPECT_EQ(pos.fen(), "1Q6/2k5/8/8/8/8/8/4K3[] b - - 0 1");
    EXPECT_THROW(cached_rules("loop").from_fen("1Q~6/2k5/8/8/8/8/8/4K3[] b - - 0 1"),
                 PositionError);
}

TEST(DropRules, PlacementDropsOnTheBackRankBeforeAnyMove) {
    Position pos = cached_rules("placement").start();
    const auto first = sorted_uci_names(pos);
    EXPECT_EQ(first.size(), 40u);  // five kinds on eight squares, no pawn move
    EXPECT_TRUE(std::all_of(first.begin(), first.end(),
                            [](const std::string& m) { return m[1] == '@' && m[3] == '1'; }));
    EXPECT_EQ(pos.perft(2), 1600u);
}

TEST(DropRules, PlacementBishopsGoOnSquaresOfOppositeColours) {
    const Rules& rules = cached_rules("placement");
    // Only light squares left (b1, f1, h1) and two bishops in hand: Fairy-Stockfish allows
    // the bishop drops and refuses the knight, which would leave the bishops one colour.
    Position pos = rules.from_fen("8/pppppppp/8/8/8/8/PPPPPPPP/R1QRK1N1[BBNkqrrbbnn] w - - 0 1");
    EXPECT_EQ(sorted_uci_names(pos), (std::vector<std::string>{"B@b1", "B@f1", "B@h1"}));
    // A bishop on c1 (dark): the other may not go on a dark square.
    pos = rules.from_fen("rnbqk1nr/pppppppp/8/8/8/8/PPPPPPPP/RNBQK2R[Bb] w KQkq - 0 1");
    EXPECT_EQ(sorted_uci_names(pos), (std::vector<std::string>{"B@f1"}));
}

TEST(DropRules, PlacementCastlingRightsComeFromDroppedKingAndRooks) {
    Position pos = cached_rules("placement").start();
    play(pos, {"K@e1", "K@e8", "R@h1", "R@a8", "R@a1"});
    EXPECT_EQ(pos.fen(), "r3k3/pppppppp/8/8/8/8/PPPPPPPP/R3K2R[QBBNNqrbbnn] b KQq - 5 3");
    // The king dropped beside its square gives nothing.
    pos = cached_rules("placement").start();
    play(pos, {"R@h1", "K@d8", "K@e1", "R@h8"});
    EXPECT_EQ(pos.fen(), "3k3r/pppppppp/8/8/8/8/PPPPPPPP/4K2R[QRBBNNqrbbnn] w K - 4 3");
    // Taken back, the right goes too, and the key is the FEN's.
    pos.undo();
    pos.undo();
    EXPECT_EQ(pos.fen(), "3k4/pppppppp/8/8/8/8/PPPPPPPP/7R[KQRBBNNqrrbbnn] w - - 2 2");
    // Once everything is dropped, such a right castles, written and read as in chess.
    pos = cached_rules("placement").from_fen("r3k3/pppppppp/8/8/8/8/PPPPPPPP/R3K2R[] w KQq - 0 9");
    const Move castle = pos.parse_san("O-O");
    EXPECT_EQ(castle.kind(), MoveKind::Castle);
    EXPECT_EQ(pos.san(castle), "O-O");
    EXPECT_EQ(pos.move_name(castle, MoveStyle::Uci), "e1g1");
}

TEST(DropRules, PocketKnightDropsItsOneKnight) {
    Position pos = cached_rules("pocketknight").start();
    EXPECT_EQ(drops(pos).size(), 32u);  // N@ on every empty square
    play(pos, {"N@e4"});
    EXPECT_EQ(pos.fen(), "rnbqkbnr/pppppppp/8/8/4N3/8/PPPPPPPP/RNBQKBNR[n] b KQkq - 1 1");
    EXPECT_EQ(cached_rules("pocketknight").from_fen(pos.fen()).key(), pos.key());
}

Variant parse_drops(const std::string& drops_key) {
    return parse_variant(R"(name: t
board: {files: 4, ranks: 4}
start: "k3/p3/3P/3K[] w - - 0 1"
pieces:
  - {letter: K, name: king, betza: K, royal: true}
  - {letter: P, name: pawn, betza: mfW, promotion: [K]}
captures_to_hand: true
drops: )" + drops_key + "\n",
                         "t.yaml");
}

std::string drops_error(const std::string& drops_key) {
    try {
        parse_drops(drops_key);
    } catch (const VariantError& e) {
        return e.what();
    }
    return "(no error)";
}

TEST(DropRules, FileErrorsNameTheLineColumnAndKey) {
    EXPECT_EQ(drops_error("{forbidden_ranks: {X: [1]}}"),
              "t.yaml:8:27: drops.forbidden_ranks.X: 'X' is not the letter of a piece of this "
              "variant");
    EXPECT_EQ(drops_error("{forbidden_ranks: {P: [5]}}"),
              "t.yaml:8:31: drops.forbidden_ranks.P: rank 5 is not on a board of 4 ranks");
    EXPECT_EQ(drops_error("{ranks: [1], must_drp: true}"),
              "t.yaml:8:21: drops.must_drp: unknown key 'must_drp' (expected one of: "
              "forbidden_ranks, ranks, must_drop, opposite_colours, castling, keep_promoted, "
              "no_doubled, no_mate, promoted, no_check)");
    EXPECT_EQ(drops_error("{opposite_colours: Q}"),
              "t.yaml:8:27: drops.opposite_colours: 'Q' is not the letter of a piece of this "
              "variant");
    EXPECT_TRUE(parse_drops("{forbidden_ranks: {P: [1]}}").drops);
    EXPECT_EQ(parse_drops("true").drop_rules.forbidden_ranks.size(), 0u);
}

}  // namespace
