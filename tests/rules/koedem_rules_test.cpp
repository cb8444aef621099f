// Koedem's rules on one board (Fairy-Stockfish's koedem: bughouse's board with kings that
// are ordinary pieces): a king in hand must be dropped first (`drops.must_drop: K`,
// mustDropType) and a side without a king loses only once the other side holds both
// (`end.extinction.opponent_count`, extinctionOpponentPieceCount), pieces in hand counted.
// Counts are Debian's Fairy-Stockfish 11.1's (`go perft 1`, UCI_Variant koedem).
#include <gtest/gtest.h>

#include <string>

#include "referee/rules/core/position.hpp"
#include "referee/rules/variant/variant.hpp"
#include "referee/rules/variant/yaml/variant_yaml_writer.hpp"
#include "tests/rules/variant_error_support.hpp"
#include "tests/support/rules.hpp"

namespace {

using namespace referee::rules;
using referee::test::cached_rules;
using referee::test::expect_end;

std::uint64_t moves(const char* fen) {
    return cached_rules("koedem").from_fen(fen).perft(1, PerftStop::Immediate);
}

TEST(Koedem, AKingInHandIsDroppedBeforeAnythingElse) {
    // Black's king in hand: its 63 drops, not the pawn's steps nor White's knight (63).
    EXPECT_EQ(moves("8/p7/8/8/8/8/8/8[Nk] b - - 0 1"), 63u);
    // Without it, the pawn moves (2).
    EXPECT_EQ(moves("8/p7/8/8/8/8/8/4K3[] b - - 0 1"), 2u);
}

TEST(Koedem, ASideWithoutAKingLosesOnceTheOtherHoldsBoth) {
    // Two white kings, on the board or one in hand: Black has lost (0 moves, either side to
    // move); one white king: the game goes on (2).
    EXPECT_EQ(moves("8/p7/8/8/8/8/8/K3K3[] b - - 0 1"), 0u);
    EXPECT_EQ(moves("8/p7/8/8/8/8/8/K3K3[] w - - 0 1"), 0u);
    EXPECT_EQ(moves("8/p7/8/8/8/8/8/4K3[K] b - - 0 1"), 0u);
    EXPECT_EQ(moves("8/p7/8/8/8/8/8/8[KK] b - - 0 1"), 0u);
    expect_end(cached_rules("koedem").from_fen("8/p7/8/8/8/8/8/4K3[K] b - - 0 1"),
               GameResult::WhiteWins, EndReason::Extinction, "Black has lost every king");
    // A king taken on this board alone ends nothing: White's rook takes it, Black plays on.
    Position pos = cached_rules("koedem").from_fen("k7/1p6/8/8/8/8/8/R3K3[] w - - 0 1");
    referee::test::play(pos, {"a1a8"});
    EXPECT_FALSE(pos.outcome().has_value());
}

TEST(Koedem, APawnInHandGoesNeitherOnTheFirstNorTheLastRank) {
    // 48 drops (62 empty squares but the first and last ranks' 14) and the king's five: 53.
    EXPECT_EQ(moves("k7/8/8/8/8/8/8/4K3[P] w - - 0 1"), 53u);
}

TEST(Koedem, CastlingIgnoresAttacks) {
    // No check: the king castles past the rook on f8's file (Fairy-Stockfish: e1g1 among 15).
    const Position pos = cached_rules("koedem").from_fen("k4r2/8/8/8/8/8/8/4K2R[] w K - 0 1");
    EXPECT_EQ(pos.perft(1), 15u);
    EXPECT_NO_THROW(pos.parse_move("e1g1"));
}

TEST(Koedem, ReadWrittenAndRefused) {
    const Variant& v = cached_rules("koedem").variant();
    EXPECT_EQ(v.drop_rules.must_drop_piece, 'K');
    EXPECT_EQ(v.end.extinction_opponent_count, 2);
    const std::string text = variant_yaml_text(v, "a header");
    EXPECT_NE(text.find("  must_drop: K\n"), std::string::npos) << text;
    EXPECT_NE(text.find("opponent_count: 2}"), std::string::npos) << text;
    const Variant again = parse_variant(text, "written.yaml");
    EXPECT_EQ(again.drop_rules.must_drop_piece, 'K');
    EXPECT_EQ(again.end.extinction_opponent_count, 2);
    for (const auto& [from, to, key] :
         {std::tuple{"must_drop: K", "must_drop: X", "drops.must_drop"},
          std::tuple{"opponent_count: 2", "opponent_count: -1", "end.extinction.opponent_count"}}) {
        try {
            parse_variant(referee::test::replace(text, from, to), "written.yaml");
            ADD_FAILURE() << "accepted " << to;
        } catch (const VariantError& e) {
            EXPECT_EQ(e.key(), key) << e.what();
            EXPECT_GT(e.line(), 0) << e.what();
        }
    }
}

TEST(Koedem, FairyStockfishsExtinctionOpponentPieceCountInAnIni) {
    const Variant v =
        parse_ini_variant("[k:koedem]\nextinctionOpponentPieceCount = 1\n", "my.ini", "k");
    EXPECT_EQ(v.end.extinction_opponent_count, 1);
    // mustDropType names the piece by its letter; '*' is any piece.
    EXPECT_EQ(parse_ini_variant("[k:koedem]\nmustDropType = q\n", "my.ini", "k")
                  .drop_rules.must_drop_piece,
              'Q');
    EXPECT_EQ(parse_ini_variant("[k:koedem]\nmustDropType = *\n", "my.ini", "k")
                  .drop_rules.must_drop_piece,
              0);
}

}  // namespace
