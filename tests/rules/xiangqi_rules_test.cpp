// The xiangqi family's rules on positions where each decides: lame leaps (the horse's leg,
// the elephant's eye), the cannon's screen, confinement (palace, river), the soldier's
// sideways step across the river, the flying general and stalemate lost. Counts are
// Fairy-Stockfish 11.1's (`go perft` on the FEN), so each case fails when its rule is
// missing or wrong.
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

struct XiangqiCase {
    const char* variant;
    const char* fen;
    const char* what;
    std::vector<std::uint64_t> counts;  // depths 1, 2, 3
};

TEST(XiangqiRules, PerftAgreesWithFairyStockfishWhereEachRuleDecides) {
    const std::vector<XiangqiCase> cases = {
        {"xiangqi",
         "3k5/9/9/9/9/9/9/9/1P7/1N2K4 w - - 0 1",
         "the horse's leg b2 blocks a3 and c3; d1 would face the black general",
         {4, 5, 28}},
        {"xiangqi",
         "3k5/9/9/9/9/9/9/9/3P5/2B1K4 w - - 0 1",
         "the elephant's eye d2 blocks e3",
         {5, 7, 29}},
        {"xiangqi",
         "3k5/9/9/9/2B6/9/9/9/9/4K4 w - - 0 1",
         "the elephant on c5 may not cross the river to a7 or e7",
         {4, 6, 22}},
        {"xiangqi",
         "4k4/9/9/9/4P4/9/9/9/9/3K5 w - - 0 1",
         "across the river the soldier also steps sideways",
         {5, 12, 57}},
        {"xiangqi",
         "4k4/9/9/9/4p4/9/9/9/9/3KC4 b - - 0 1",
         "the cannon checks over the screen on e6; d10 would face the white general",
         {1, 9, 22}},
        {"xiangqi",
         "3ka4/4a4/9/9/9/9/9/9/4A4/4KA3 w - - 0 1",
         "advisors and generals keep to the palace",
         {3, 18, 62}},
        {"xiangqi",
         "4k4/9/9/9/4N4/9/9/9/9/4K4 w - - 0 1",
         "the horse is the only piece between the generals: it may not move",
         {3, 7, 66}},
        {"minixiangqi",
         "3k3/7/7/7/7/2P4/3K3 w - - 0 1",
         "minixiangqi's soldiers step sideways from the start",
         {3, 8, 29}},
    };
    for (const XiangqiCase& c : cases) {
        Position pos = cached_rules(c.variant).from_fen(c.fen);
        for (std::size_t d = 0; d < c.counts.size(); ++d)
            EXPECT_EQ(pos.perft(static_cast<int>(d + 1), PerftStop::Immediate), c.counts[d])
                << c.variant << " " << c.fen << " depth " << d + 1 << ": " << c.what;
    }
}

TEST(XiangqiRules, FacingGeneralsAreNoCheckButNoMoveMayLeaveThemSo) {
    const Rules& rules = cached_rules("xiangqi");
    // Facing already (a position set up so): not check, but only moves that end it stand.
    Position pos = rules.from_fen("4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1");
    EXPECT_FALSE(pos.in_check());
    std::vector<std::string> names;
    for (Move m : pos.legal_moves()) names.push_back(pos.move_name(m, MoveStyle::Uci));
    std::sort(names.begin(), names.end());
    EXPECT_EQ(names, (std::vector<std::string>{"e1d1", "e1f1"}));
    EXPECT_THROW(pos.parse_move("e1e2"), MoveError);
}

TEST(XiangqiRules, StalemateLoses) {
    // Black's general on d10 has no move (e10 and d9 are covered) and is not in check.
    Position pos = cached_rules("xiangqi").from_fen("3k5/R8/9/9/9/9/9/9/9/4RK3 b - - 0 1");
    EXPECT_FALSE(pos.in_check());
    expect_end(pos, GameResult::WhiteWins, EndReason::NoLegalMoves,
               "Black has no legal move and loses");
}

TEST(XiangqiRules, NotationOnTheTenRankBoard) {
    const Rules& rules = cached_rules("xiangqi");
    Position pos = rules.start();
    EXPECT_EQ(pos.fen(), "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1");
    const Move m = pos.parse_move("h3h10");  // the cannon takes the horse over the one on h8
    EXPECT_EQ(pos.move_name(m, MoveStyle::Uci), "h3h10");
    EXPECT_EQ(pos.san(m), "Cxh10");
    pos.play(pos.parse_san("Cxh10"));
    EXPECT_EQ(pos.fen(), "rnbakabCr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C7/9/RNBAKABNR b - - 0 1");
}

TEST(XiangqiRules, PerpetualCheckLosesAndOtherRepetitionsDraw) {
    const Rules& rules = cached_rules("xiangqi");
    // The chariot checks on rank 10 and rank 9 in turn; the general can only step between
    // e10 and e9 (d10 and d9 would face White's general). The third time the start
    // position stands, White has checked with every move: White loses.
    Position pos = rules.from_fen("4k4/R8/9/9/9/9/9/9/9/3K5 w - - 0 1");
    play(pos, {"a9a10", "e10e9", "a10a9", "e9e10", "a9a10", "e10e9", "a10a9"});
    referee::test::expect_not_over(pos);
    play(pos, {"e9e10"});
    expect_end(pos, GameResult::BlackWins, EndReason::PerpetualCheck,
               "White gave perpetual check (the same position 3 times)");
    // Quiet moves repeated: the ordinary draw.
    Position quiet = rules.from_fen("4k4/9/R8/9/9/9/9/9/9/3K5 w - - 0 1");
    play(quiet, {"a8b8", "e10e9", "b8a8", "e9e10", "a8b8", "e10e9", "b8a8", "e9e10"});
    expect_end(quiet, GameResult::Draw, EndReason::Repetition,
               "draw: the same position occurred 3 times");
}

}  // namespace
