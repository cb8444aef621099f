// Rules of the catalogue's variants that only Fairy-Max plays (its fmax.ini; Fairy-Stockfish
// 11.1 knows none of them), each where it differs from chess: Great Shatranj's promotion
// (the soldier always, a piece only once one of its kind is lost) and bare king, Ciccolini's
// castling by three squares, the Light Brigade's armies, and Chess with Different Armies:
// each side's own promotions and castling. Their whole games against Fairy-Max are in
// tests/cli/slow_fairy_max_self_play_test.cpp.
#include <gtest/gtest.h>

#include "referee/rules/core/position.hpp"
#include "referee/rules/variant/armies.hpp"
#include "tests/support/rules.hpp"

namespace {

using namespace referee::rules;
using referee::test::cached_rules;
using referee::test::play;

TEST(FairyMaxVariants, GreatShatranjPromotesToASoldierOrALostPiece) {
    const Rules& great = cached_rules("great");
    // White keeps its general: a pawn may become anything else, the soldier always.
    Position pos = great.from_fen("4k4n/1P8/10/10/10/10/10/G3K2SS1 w - - 0 1");
    EXPECT_THROW(pos.parse_move("b7b8g"), MoveError);
    for (const char* m : {"b7b8s", "b7b8m", "b7b8h", "b7b8e", "b7b8w", "b7b8n"})
        EXPECT_NO_THROW(pos.parse_move(m)) << m;
    play(pos, {"b7b8s"});
    EXPECT_EQ(pos.fen(), "1S2k4n/10/10/10/10/10/10/G3K2SS1 b - - 0 1");
}

TEST(FairyMaxVariants, GreatShatranjBareKingLosesUnlessItBaresTheOtherAtOnce) {
    const Rules& great = cached_rules("great");
    // White takes Black's last piece; Black's king may take White's last one back.
    const Position start = great.from_fen("10/10/10/10/10/10/1n6k1/K8N w - - 0 1");
    Position pos = start;
    play(pos, {"a1b2"});
    EXPECT_FALSE(pos.outcome().has_value()) << "Black gets its reply";
    play(pos, {"i2h3"});
    auto end = pos.outcome();
    ASSERT_TRUE(end.has_value());
    EXPECT_EQ(end->result, GameResult::WhiteWins);
    EXPECT_EQ(end->reason, EndReason::BareKing);
    pos = start;
    play(pos, {"a1b2", "i2j1"});
    end = pos.outcome();
    ASSERT_TRUE(end.has_value());
    EXPECT_EQ(end->result, GameResult::Draw);
}

TEST(FairyMaxVariants, CiccoliniKingCastlesThreeSquares) {
    const Rules& ciccolini = cached_rules("ciccolini");
    Position pos = ciccolini.from_fen("r4k3r/10/10/10/10/10/10/10/10/R4K3R w KQkq - 0 1");
    Position other = pos;
    play(pos, {"f1i1"});
    EXPECT_EQ(pos.fen(), "r4k3r/10/10/10/10/10/10/10/10/R6RK1 b kq - 1 1");
    play(other, {"f1c1"});
    EXPECT_EQ(other.fen(), "r4k3r/10/10/10/10/10/10/10/10/2KR5R b kq - 1 1");
}

TEST(FairyMaxVariants, TheLightBrigadeIsQueensAgainstKnights) {
    const Position pos = cached_rules("light-brigade").start();
    EXPECT_EQ(pos.fen(), "nnnnknnn/pppppppp/8/8/8/8/PPPPPPPP/1Q1QK1Q1 w - - 0 1");
    // The pawns' 16 moves, and along the first rank the queens' five (b1-a1, b1-c1, d1-c1,
    // g1-f1, g1-h1) and the king's one (e1-f1).
    EXPECT_EQ(pos.perft(1), 22u);
}

TEST(FairyMaxVariants, DifferentArmiesPromoteEachToItsOwnPieces) {
    const Rules& armies = cached_rules("fide-clobberers");
    Position white = armies.from_fen("4k3/P7/8/8/8/8/p7/4K3 w - - 0 1");
    EXPECT_NO_THROW(white.parse_move("a7a8q"));
    EXPECT_THROW(white.parse_move("a7a8a"), MoveError);
    Position black = armies.from_fen("4k3/P7/8/8/8/8/p7/4K3 b - - 0 1");
    EXPECT_NO_THROW(black.parse_move("a2a1a"));
    EXPECT_THROW(black.parse_move("a2a1q"), MoveError);
    // White's four and Black's four.
    EXPECT_EQ(white.legal_moves().size(), 4u + 5u);
    EXPECT_EQ(black.legal_moves().size(), 4u + 5u);
}

TEST(FairyMaxVariants, TheClobberersKingCastlesLongByThreeSquares) {
    const Rules& armies = cached_rules("fide-clobberers");
    Position pos = armies.from_fen("l3k2l/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    EXPECT_NO_THROW(pos.parse_move("e1c1"));  // White's is chess's
    EXPECT_THROW(pos.parse_move("e1b1"), MoveError);
    play(pos, {"e1g1"});
    EXPECT_EQ(pos.fen(), "l3k2l/8/8/8/8/8/8/R4RK1 b kq - 1 1");
    EXPECT_THROW(pos.parse_move("e8c8"), MoveError);
    play(pos, {"e8b8"});  // Black's, with its bede
    EXPECT_EQ(pos.fen(), "1kl4l/8/8/8/8/8/8/R4RK1 w - - 2 2");
    // The other way round, the same rules by side.
    Position other =
        cached_rules("clobberers-fide").from_fen("r3k2r/8/8/8/8/8/8/L3K2L w KQkq - 0 1");
    EXPECT_THROW(other.parse_move("e1c1"), MoveError);
    play(other, {"e1b1", "e8c8"});
    EXPECT_EQ(other.fen(), "2kr3r/8/8/8/8/8/8/1KL4L w - - 2 2");
}

// Each side's army: what it starts with and promotes to. In clobberers-nutters White never
// has the colonel (O) and Black never the fad (C), which lets the xboard engines' C name
// each side's own; where both sides start alike (chess), every kind is both sides'.
TEST(FairyMaxVariants, EachSidesArmyIsWhatItStartsWithAndPromotesTo) {
    const Variant& v = cached_rules("clobberers-nutters").variant();
    const auto army = armies(v);
    auto has = [&](Color c, char letter) {
        return army[c][static_cast<std::size_t>(v.type_of(letter))];
    };
    for (char l : {'K', 'P', 'A', 'L', 'C', 'E'}) {
        EXPECT_TRUE(has(White, l)) << l;
        EXPECT_EQ(has(Black, l), l == 'K' || l == 'P') << l;
    }
    for (char l : {'O', 'T', 'U', 'H'}) {
        EXPECT_TRUE(has(Black, l)) << l;
        EXPECT_FALSE(has(White, l)) << l;
    }
    const Variant& chess = cached_rules("chess").variant();
    const auto both = armies(chess);
    EXPECT_EQ(both[White], std::vector<bool>(chess.pieces.size(), true));
    EXPECT_EQ(both[Black], both[White]);
}

// The Nutters against the Rookies: both write H (fibnif, half-duck); the Rookies' half-duck
// is D here. Each army moves and promotes by its own pieces.
TEST(FairyMaxVariants, NuttersAgainstRookiesTellTheirTwoHsApart) {
    const Rules& armies = cached_rules("nutters-rookies");
    Position pos = armies.from_fen("4k3/P7/8/8/8/8/p7/4K3 b - - 0 1");
    EXPECT_NO_THROW(pos.parse_move("a2a1d"));  // the half-duck
    EXPECT_THROW(pos.parse_move("a2a1h"), MoveError);
    // The half-duck's leaps (HFD) from d4 and the fibnif's (vNF) from the same square.
    EXPECT_EQ(armies.from_fen("4k3/8/8/8/3d4/8/8/K7 b - - 0 1").perft(1), 12u + 5u);
    EXPECT_EQ(armies.from_fen("4k3/8/8/8/3H4/8/8/K7 w - - 0 1").perft(1), 8u + 3u);
}

}  // namespace
