// The counting rules of makruk and ASEAN chess against Fairy-Stockfish 11.1: the count it
// writes in its FEN after the same moves (`position fen ... moves ...`, then `d`), and the
// draw it sees once the count is up (its `go` answers at once, without a search, from
// "3k4/8/8/8/8/8/R7/4K3 w - 32 32 1"; it searches from "... 32 31 1").
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "referee/rules/core/position.hpp"
#include "tests/support/rules.hpp"

namespace {

using namespace referee::rules;
using referee::test::cached_rules;
using referee::test::expect_end;
using referee::test::play;

struct CountingCase {
    const char* variant;
    const char* fen;
    std::vector<const char*> moves;
    const char* after;  // Fairy-Stockfish's FEN after the moves
};

TEST(Counting, TheCountIsFairyStockfishs) {
    const std::vector<CountingCase> cases = {
        // Pieces' honour: Black's king alone against a rook, 16 moves, the 3 pieces counted.
        {"makruk", "4k3/8/8/8/8/8/8/R3K3 w - - 0 1", {"a1a2"}, "4k3/8/8/8/8/8/R7/4K3 b - 32 6 1"},
        {"makruk",
         "4k3/8/8/8/8/8/8/R3K3 w - - 0 1",
         {"a1a2", "e8d8"},
         "3k4/8/8/8/8/8/R7/4K3 w - 32 7 2"},
        // Bared by a capture: a knight counts too (4 pieces), the rook sets the limit.
        {"makruk",
         "4k3/8/8/8/8/8/n7/RN2K3 w - - 0 1",
         {"a1a2"},
         "4k3/8/8/8/8/8/R7/1N2K3 b - 32 8 1"},
        {"makruk",
         "4k3/8/8/8/8/8/n7/SN2K3 w - - 0 1",
         {"a1a2"},
         "4k3/8/8/8/8/8/S7/1N2K3 b - 88 8 1"},  // a khon and a knight: 44 moves
        // No pawn left, both sides with more than a king: the board's honour, from 0.
        {"makruk",
         "4k3/8/8/8/8/8/3r4/R3K3 w - - 0 1",
         {"a1a2", "d2d3", "a2a1"},
         "4k3/8/8/8/8/3r4/8/R3K3 b - 128 2 2"},
        // A capture that leaves the side to move bare starts the count again.
        {"makruk",
         "4k3/8/8/8/8/8/3r4/R3K3 w - - 0 1",
         {"a1a2", "d2d3", "a2d2", "d3d2"},
         "4k3/8/8/8/8/8/3r4/4K3 w - 32 6 3"},
        // The side to move with more than a king, the other bare: no count yet.
        {"makruk", "r3k3/8/8/8/8/8/8/4K3 w - - 0 1", {"e1d1"}, "r3k3/8/8/8/8/8/8/3K4 b - - 1 1"},
        // Pawns on the board: no count.
        {"makruk",
         "r3k3/8/8/8/8/8/P7/R3K3 w - - 0 1",
         {"e1d1"},
         "r3k3/8/8/8/8/8/P7/R2K4 b - - 1 1"},
        // A count read from the FEN goes on.
        {"makruk",
         "r3k3/8/8/8/8/8/8/R3K3 w - 20 5 1",
         {"e1d1"},
         "r3k3/8/8/8/8/8/8/R2K4 b - 20 6 1"},
        {"ai-wok", "4k3/8/8/8/8/8/8/R3K3 w - - 0 1", {"e1d1"}, "4k3/8/8/8/8/8/8/R2K4 b - 32 6 1"},
        // ASEAN: pieces' honour only, counted from 0.
        {"asean", "4k3/8/8/8/8/8/8/R3K3 w - - 0 1", {"e1d1"}, "4k3/8/8/8/8/8/8/R2K4 b - 32 0 1"},
        {"asean",
         "4k3/8/8/8/8/8/8/1Q1NK3 w - - 0 1",
         {"e1e2"},
         "4k3/8/8/8/8/8/4K3/1Q1N4 b - 128 0 1"},
        {"asean",
         "4k3/8/8/8/8/8/8/1N1NK3 w - - 0 1",
         {"e1e2"},
         "4k3/8/8/8/8/8/4K3/1N1N4 b - - 1 1"},
        {"asean", "r3k3/8/8/8/8/8/8/R3K3 b - - 0 1", {"e8d8"}, "r2k4/8/8/8/8/8/8/R3K3 w - - 1 2"},
    };
    for (const CountingCase& c : cases) {
        Position pos = cached_rules(c.variant).from_fen(c.fen);
        for (const char* m : c.moves) play(pos, {m});
        EXPECT_EQ(pos.fen(), c.after) << c.variant << " " << c.fen;
        // Taking the moves back restores the count.
        for (std::size_t i = 0; i < c.moves.size(); ++i) pos.undo();
        EXPECT_EQ(pos.fen(), cached_rules(c.variant).from_fen(c.fen).fen()) << c.fen;
    }
}

TEST(Counting, TheGameIsDrawnWhenTheCountIsUp) {
    const Rules& makruk = cached_rules("makruk");
    Position pos = makruk.from_fen("3k4/8/8/8/8/8/R7/4K3 b - 32 31 1");
    EXPECT_FALSE(pos.outcome().has_value());
    play(pos, {"d8e8"});
    expect_end(pos, GameResult::Draw, EndReason::Counting,
               "draw: the counting rule's moves are up");
    EXPECT_TRUE(makruk.from_fen("3k4/8/8/8/8/8/R7/4K3 w - 32 32 1").outcome().has_value());
    // Checkmate with the last counted move still wins.
    Position mate = makruk.from_fen("k7/8/1K6/8/8/8/8/7R w - 32 31 1");
    play(mate, {"h1h8"});
    expect_end(mate, GameResult::WhiteWins, EndReason::Checkmate, "Black is checkmated");
}

TEST(Counting, ACountWhereTheVariantHasNoneIsRefused) {
    EXPECT_THROW(cached_rules("chess").from_fen("4k3/8/8/8/8/8/R7/4K3 b - 32 6 1"), PositionError);
}

}  // namespace
