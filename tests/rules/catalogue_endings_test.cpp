// The endings the catalogue's variants brought (a region reached, a bare king, extinction,
// stalemate judged by piece count, forbidden checks), on positions where they decide: the
// perft counts stop where Fairy-Stockfish 11.1's do (its figures, from `go perft`), and
// outcome() names the winner and says why.
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "referee/rules/core/position.hpp"
#include "tests/support/rules.hpp"

namespace {

using namespace referee::rules;
using referee::test::cached_rules;
using referee::test::expect_end;
using referee::test::expect_not_over;
using referee::test::play;

struct EndingCase {
    const char* variant;
    const char* fen;
    std::vector<std::uint64_t> counts;  // depths 1, 2, 3 (Fairy-Stockfish 11.1)
};

TEST(CatalogueEndings, PerftStopsWhereFairyStockfishStops) {
    const std::vector<EndingCase> cases = {
        // The king steps onto the centre: over at once.
        {"kingofthehill", "4k3/8/8/8/8/3K4/8/8 w - - 0 1", {8, 30, 240}},
        {"kingofthehill", "4k3/8/8/3K4/8/8/8/8 b - - 0 1", {0, 0, 0}},
        // White reaching the 8th rank leaves Black one move; no move may give check.
        {"racingkings", "8/6K1/k7/8/8/8/8/8 w - - 0 1", {8, 40, 170}},
        {"racingkings", "8/6K1/1k6/8/8/8/8/8 w - - 0 1", {8, 64, 272}},
        {"racingkings", "8/1k4K1/8/8/8/8/8/7R b - - 0 1", {8, 162, 651}},
        // Bared, the king moves once more, and baring the other king back saves it.
        {"shatranj", "8/8/4k3/3q4/4Q3/8/8/K7 w - - 0 1", {7, 62, 444}},
        {"shatranj", "8/8/4k3/8/4Q3/8/8/K7 b - - 0 1", {6, 0, 0}},
        {"courier", "12/12/5k6/4f7/5F6/12/12/K11 w - - 0 1", {7, 62, 445}},
        // Losers: the bared side wins at once.
        {"losers", "4k3/8/8/3q4/8/8/8/K2Q4 w - - 0 1", {1, 0, 0}},
        // Losing the last piece ends antichess and horde; extinction counts per kind.
        {"antichess", "8/8/8/3p4/4P3/8/8/8 w - - 0 1", {1, 0, 0}},
        {"horde", "4k3/8/8/8/8/8/3q4/4P3 w - - 0 1", {3, 55, 82}},
        {"horde", "4k3/8/8/8/8/8/4q3/P7 b - - 0 1", {27, 53, 1466}},
        {"horde", "rnbqkbnr/pppppppp/8/8/8/8/8/P7 w kq - 0 1", {2, 40, 60}},
        {"extinction", "4k3/8/8/8/8/8/3q4/4QK2 w - - 0 1", {0, 0, 0}},
        {"3check", "4k3/8/8/8/8/8/8/R3K3 w Q - 1+3 0 1", {16, 68, 1230}},
        // Grand chess: promotion only to a piece already lost, compulsory on the last rank.
        {"grand", "4k5/1P8/10/10/10/10/10/10/10/4K5 w - - 0 1", {11, 46, 707}},
        {"grand", "r3k5/1P8/10/10/10/10/10/10/10/4KQ4 w - - 0 1", {36, 402, 14321}},
        {"grand", "1r2k5/P9/10/10/10/10/10/10/10/4K5 w - - 0 1", {17, 181, 2466}},
    };
    for (const EndingCase& c : cases) {
        const Position pos = cached_rules(c.variant).from_fen(c.fen);
        for (std::size_t d = 0; d < c.counts.size(); ++d)
            EXPECT_EQ(pos.perft(static_cast<int>(d + 1), PerftStop::Immediate), c.counts[d])
                << c.variant << " " << c.fen << " depth " << d + 1;
    }
}

TEST(CatalogueEndings, GrandPromotesOnlyToLostPieces) {
    const Rules& rules = cached_rules("grand");
    // White's queen is gone: the pawn may become one.
    Position lost = rules.from_fen("4k5/1P8/10/10/10/10/10/10/10/4KQ4 w - - 0 1");
    EXPECT_NO_THROW(lost.parse_move("b9b10a"));
    // Everything but one rook still stands: a rook it may become, nothing else, and it may
    // not stay a pawn on the last rank.
    Position kept = rules.from_fen("4k5/1P8/10/10/10/10/10/10/1NBQ1CABN1/R3K5 w - - 0 1");
    EXPECT_THROW(kept.parse_move("b9b10q"), MoveError);
    // The one move to b10 is the rook promotion (a text without a letter means it too).
    EXPECT_EQ(kept.parse_move("b9b10"), kept.parse_move("b9b10r"));
    EXPECT_EQ(kept.parse_move("b9b10").promotion_type(), rules.variant().type_of('R'));
}

TEST(CatalogueEndings, Chess960CastlingIsTheKingTakingItsRookInUci) {
    Position pos = cached_rules("fischerandom")
                       .from_fen("rnbqkbnr/pppppppp/8/8/8/5NP1/PPPPPPBP/RNBQK2R w HAha - 0 1");
    const Move castle = pos.parse_move("e1h1");
    EXPECT_EQ(castle.kind(), MoveKind::Castle);
    EXPECT_EQ(pos.move_name(castle, MoveStyle::Uci), "e1h1");
    EXPECT_EQ(pos.parse_move("e1g1"), castle);  // the king's target still reads
    // The king next to its rook: f1g1 takes the rook, which is castling.
    Position near = cached_rules("fischerandom").from_fen("4k3/8/8/8/8/8/8/5KR1 w G - 0 1");
    EXPECT_EQ(near.parse_move("f1g1").kind(), MoveKind::Castle);
}

TEST(CatalogueEndings, ReachingTheCentreWins) {
    Position pos = cached_rules("kingofthehill").from_fen("4k3/8/8/8/8/3K4/8/8 w - - 0 1");
    play(pos, {"d3d4"});
    expect_end(pos, GameResult::WhiteWins, EndReason::Region, "White's king has reached its goal");
    EXPECT_THROW(pos.parse_move("e8d8"), MoveError);  // nothing is legal after it
}

TEST(CatalogueEndings, RacingKingsLetsBlackEvenTheRace) {
    const Rules& rules = cached_rules("racingkings");
    Position pos = rules.from_fen("8/6K1/1k6/8/8/8/8/8 w - - 0 1");
    play(pos, {"g7g8"});
    expect_not_over(pos);  // Black still has its reply
    play(pos, {"b6a6"});
    expect_end(pos, GameResult::WhiteWins, EndReason::Region, "White's king has reached its goal");
    Position both = rules.from_fen("6K1/1k6/8/8/8/8/8/8 b - - 0 1");
    play(both, {"b7b8"});
    expect_end(both, GameResult::Draw, EndReason::Region,
               "draw: both kings have reached their goal");
    // A move that gives check is not legal: the rook may not go to the b-file.
    Position rook = rules.from_fen("8/1k4K1/8/8/8/8/8/7R w - - 0 1");
    EXPECT_THROW(rook.parse_move("h1b1"), MoveError);
    EXPECT_NO_THROW(rook.parse_move("h1c1"));
}

TEST(CatalogueEndings, ABareKingLosesAfterItsMoveUnlessItBaresBack) {
    const Rules& rules = cached_rules("shatranj");
    Position pos = rules.from_fen("8/8/4k3/3q4/4Q3/8/8/K7 w - - 0 1");
    play(pos, {"e4d5"});
    expect_not_over(pos);  // Black can bare White back
    Position away = pos;
    play(away, {"e6e7"});
    expect_end(away, GameResult::WhiteWins, EndReason::BareKing,
               "Black has nothing left but its king");
    // Bared with no way to bare back: lost at once (perft still walks the move).
    Position lost = rules.from_fen("8/8/4k3/8/4Q3/8/8/K7 b - - 0 1");
    expect_end(lost, GameResult::WhiteWins, EndReason::BareKing,
               "Black has nothing left but its king");
    EXPECT_EQ(lost.perft(1, PerftStop::Immediate), 6u);
    play(pos, {"e6d5"});  // bares White back: both kings alone, a draw by material
    expect_end(pos, GameResult::Draw, EndReason::InsufficientMaterial,
               "draw: insufficient material (K v K)");
}

TEST(CatalogueEndings, LosersWinByLosingTheirPieces) {
    Position pos = cached_rules("losers").from_fen("4k3/8/8/3q4/8/8/8/K2Q4 w - - 0 1");
    // Forced capture: the queen must take.
    ASSERT_EQ(pos.legal_moves().size(), 1u);
    play(pos, {"d1d5"});
    expect_end(pos, GameResult::BlackWins, EndReason::BareKing,
               "Black has nothing left but its king");
}

TEST(CatalogueEndings, ExtinctionAndTheAntichessFamily) {
    Position anti = cached_rules("antichess").from_fen("8/8/8/3p4/4P3/8/8/8 w - - 0 1");
    play(anti, {"e4d5"});
    expect_end(anti, GameResult::BlackWins, EndReason::Extinction, "Black has lost every piece");
    Position horde = cached_rules("horde").from_fen("4k3/8/8/8/8/8/3q4/4P3 b - - 0 1");
    play(horde, {"d2e1"});
    expect_end(horde, GameResult::BlackWins, EndReason::Extinction, "White has lost every piece");
    Position ext = cached_rules("extinction")
                       .from_fen("rnb1kbnr/pppppppp/8/8/8/8/PPPqPPPP/RNBQKBNR b KQkq - 0 1");
    expect_not_over(ext);
    play(ext, {"d2d1"});
    expect_end(ext, GameResult::BlackWins, EndReason::Extinction, "White has lost every queen");
    // Suicide chess: with no move, the side with fewer pieces wins; equal numbers draw.
    expect_end(cached_rules("suicide").from_fen("8/8/8/8/8/p7/P7/8 w - - 0 1"), GameResult::Draw,
               EndReason::NoLegalMoves, "draw: White has no legal move");
    expect_end(cached_rules("suicide").from_fen("8/8/8/8/p7/P7/P7/8 w - - 0 1"),
               GameResult::BlackWins, EndReason::NoLegalMoves, "White has no legal move and loses");
    expect_end(cached_rules("antichess").from_fen("8/8/8/8/p7/P7/P7/8 w - - 0 1"),
               GameResult::WhiteWins, EndReason::NoLegalMoves, "White has no legal move and wins");
}

}  // namespace
