// Seirawan gating against Fairy-Stockfish 11.1: its perft counts (`go perft`), its FENs
// after moves (`d`), and its move forms (b1c3h; castling gating on the rook's square written
// h1e1h), with SAN as it writes it (Nc3/H, O-O/Eh1) read back through a PGN.
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "referee/rules/core/position.hpp"
#include "referee/rules/notation/pgn.hpp"
#include "tests/support/rules.hpp"

namespace {

using namespace referee::rules;
using referee::test::cached_rules;
using referee::test::play;

const Rules& seirawan() {
    return cached_rules("seirawan");
}

TEST(Gating, PerftFromTheStartIsFairyStockfishs) {
    const Position pos = seirawan().start();
    EXPECT_EQ(pos.perft(1), 28u);
    EXPECT_EQ(pos.perft(2), 784u);
    EXPECT_EQ(pos.perft(3), 24830u);
}

TEST(Gating, CastlingGatesOnTheKingsOrTheRooksSquare) {
    // Fairy-Stockfish reads KQkq in seirawan as gating on a1, e1, h1 too.
    const Position pos = seirawan().from_fen("r3k2r/8/8/8/8/8/8/R3K2R[HEhe] w KQkq - 0 1");
    EXPECT_EQ(pos.fen(), "r3k2r/8/8/8/8/8/8/R3K2R[EHeh] w KQAEHkqaeh - 0 1");
    EXPECT_EQ(pos.perft(1), 82u);
    EXPECT_EQ(pos.perft(3), 233647u);
    std::vector<std::string> castles;
    for (const Move& m : pos.legal_moves())
        if (m.kind() == MoveKind::Castle) castles.push_back(pos.move_name(m, MoveStyle::Uci));
    EXPECT_EQ(castles.size(), 10u);
    Position after = pos;
    play(after, {"e1g1e"});
    EXPECT_EQ(after.fen(), "r3k2r/8/8/8/8/8/8/R3ERK1[Heh] b Akqaeh - 1 1");
    after = pos;
    play(after, {"h1e1h"});  // the hawk on h1, where the rook stood
    EXPECT_EQ(after.fen(), "r3k2r/8/8/8/8/8/8/R4RKH[Eeh] b Akqaeh - 1 1");
}

TEST(Gating, AnEmptyHandGatesNoMore) {
    Position pos = seirawan().from_fen("r3k2r/8/8/8/8/8/8/R3K2R[He] w KQkq - 0 1");
    play(pos, {"e1g1h"});
    EXPECT_EQ(pos.fen(), "r3k2r/8/8/8/8/8/8/R3HRK1[e] b kqaeh - 1 1");
    EXPECT_EQ(pos.perft(1), 47u);  // Black gates with its elephant only
}

TEST(Gating, TheGatedPieceDoesNotShieldThePinnedMover) {
    // The knight on d1 is pinned; gating the hawk behind it would block, but Fairy-Stockfish
    // judges the move as if d1 stayed empty.
    const Position pos = seirawan().from_fen("4k3/8/8/8/8/8/8/r2NK3[Hh] w D - 0 1");
    EXPECT_EQ(pos.perft(1), 4u);
    // In check, the king's steps gate on e1 (and may not step along the rook's line).
    EXPECT_EQ(seirawan().from_fen("4k3/8/8/8/8/8/8/r3K2R[Hh] w KEH - 0 1").perft(1), 6u);
}

TEST(Gating, FenKeyAndMovesFollowFairyStockfish) {
    Position pos = seirawan().start();
    play(pos, {"b1c3h"});
    EXPECT_EQ(pos.fen(),
              "rnbqkbnr/pppppppp/8/8/8/2N5/PPPPPPPP/RHBQKBNR[Eeh] b KQACDEFGHkqabcdefgh - 1 1");
    // The rights are part of the key: the same placement and hands without them differ.
    const Position same = seirawan().from_fen(pos.fen());
    EXPECT_EQ(same.key(), pos.key());
    const Position fewer = seirawan().from_fen(
        "rnbqkbnr/pppppppp/8/8/8/2N5/PPPPPPPP/RHBQKBNR[Eeh] b KQACEFGHkqabcdefgh - 1 1");
    EXPECT_NE(fewer.key(), pos.key());
    pos.undo();
    EXPECT_EQ(pos.key(), seirawan().start().key());
    EXPECT_EQ(pos.fen(), seirawan().start().fen());
}

TEST(Gating, WrongGatesAreRefused) {
    EXPECT_THROW(seirawan().from_fen("4k3/8/8/8/8/8/8/4K3[Hh] w X - 0 1"), PositionError);
    Position pos = seirawan().start();
    EXPECT_THROW(pos.parse_move("b1c3q"), MoveError);  // no queen in hand
    EXPECT_NO_THROW(pos.parse_move("b1c3"));
}

TEST(Gating, SanIsFairyStockfishsAndReadsBack) {
    const Position start = seirawan().start();
    EXPECT_EQ(start.san(start.parse_move("b1c3h")), "Nc3/H");
    EXPECT_EQ(start.parse_san("Nc3/H"), start.parse_move("b1c3h"));
    Position pos = seirawan().from_fen("r3k2r/8/8/8/8/8/8/R3K2R[HEhe] w KQkq - 0 1");
    EXPECT_EQ(pos.san(pos.parse_move("e1g1")), "O-O");
    EXPECT_EQ(pos.san(pos.parse_move("e1g1e")), "O-O/Ee1+");  // the elephant checks on e1
    EXPECT_EQ(pos.san(pos.parse_move("h1e1e")), "O-O/Eh1");
    for (const char* san : {"O-O/Ee1+", "O-O/Eh1", "O-O-O/Ha1", "Kd2/E+", "Kf1/H"})
        EXPECT_EQ(pos.san(pos.parse_san(san)), san);

    // A random game written in SAN, read back from PGN, gives the same moves.
    std::mt19937 rng(7);
    Position game = seirawan().start();
    std::vector<Move> played;
    std::string movetext;
    int gated = 0;
    for (int ply = 0; ply < 60 && !game.outcome(); ++ply) {
        const auto legal = game.legal_moves();
        // Prefer gating moves, so that the game has some.
        std::vector<Move> gates;
        for (const Move& m : legal)
            if (m.gates()) gates.push_back(m);
        const auto& from = !gates.empty() && rng() % 2 ? gates : legal;
        const Move m = from[rng() % from.size()];
        if (ply % 2 == 0) movetext += std::to_string(ply / 2 + 1) + ". ";
        movetext += game.san(m) + " ";
        gated += m.gates();
        game.play(m);
        played.push_back(m);
    }
    EXPECT_GT(gated, 0);
    std::istringstream in("[Event \"t\"]\n[Variant \"Seirawan\"]\n\n" + movetext + "*\n");
    PgnReader reader(in, "test.pgn");
    PgnGame pgn;
    ASSERT_TRUE(reader.next(pgn));
    EXPECT_EQ(pgn_moves(seirawan(), pgn), played) << movetext;
}

}  // namespace
