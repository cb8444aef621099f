// The janggi family's rules on positions where each decides: moves along the palace
// diagonals (general, guard, chariot, cannon, soldier), the cannon that may neither hop over
// nor take a cannon, the elephant blocked on either point of its way, passing (never out of
// check, but always under bikjang), bikjang's legality and its end, two passes in a row, and
// the counting that decides janggi's draws. Counts are Fairy-Stockfish 11.1's (`go perft` on
// the FEN, Debian's /usr/games/fairy-stockfish), so each case fails when its rule is missing
// or wrong.
#include <algorithm>
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

struct JanggiCase {
    const char* variant;
    const char* fen;
    const char* what;
    std::vector<std::uint64_t> counts;  // depths 1, 2, 3
};

TEST(JanggiRules, PerftAgreesWithFairyStockfishWhereEachRuleDecides) {
    const std::vector<JanggiCase> cases = {
        {"janggi",
         "3k5/9/9/9/9/9/9/9/4K4/9 w - - 0 1",
         "the general on e2 steps to all eight points of its palace, and passes",
         {9, 33, 123}},
        {"janggi",
         "5k3/9/9/9/9/9/9/9/9/3RK4 w - - 0 1",
         "the chariot on d1 slides along the palace diagonal to e2 and f3",
         {17, 56, 675}},
        {"janggi",
         "3k5/9/9/9/9/9/9/9/4A4/3C1K1c1 w - - 0 1",
         "the cannon hops along the diagonal over the guard on e2; never takes the cannon on h1",
         {11, 50, 459}},
        {"janggi",
         "3k5/9/9/9/9/9/9/9/4c4/3C1K3 w - - 0 1",
         "the cannon may not hop over the cannon on e2",
         {7, 31, 219}},
        {"janggi",
         "3k5/9/9/9/9/c8/9/P8/9/C3K4 w - - 0 1",
         "the cannon on a1 hops over the soldier on a3 but may not take the cannon on a5",
         {11, 56, 417}},
        {"janggi",
         "5k3/9/9/9/9/9/9/9/2P6/2B1K4 w - - 0 1",
         "the elephant's first point c2 is taken: no a4 or e4",
         {8, 31, 214}},
        {"janggi",
         "5k3/9/9/9/9/9/9/3P5/9/2B1K4 w - - 0 1",
         "the elephant's second point d3 is taken: no e4",
         {9, 35, 267}},
        {"janggi",
         "3k5/9/9/9/9/9/9/4B4/9/4K4 w - - 0 1",
         "the elephant on e3 leaps one point and two diagonally in all eight ways",
         {10, 37, 288}},
        {"janggi",
         "9/5k3/3P5/9/9/9/9/9/4K4/9 w - - 0 1",
         "the soldier steps sideways, and from d8 diagonally to e9 along the palace line",
         {13, 32, 270}},
        {"janggi",
         "3k5/4a4/3P5/9/9/9/9/9/4K4/9 w - - 0 1",
         "the soldier on d8 takes the guard on e9 along the palace line",
         {13, 105, 918}},
        {"janggi",
         "3k5/9/9/9/9/9/9/9/4K4/3R5 b - - 0 1",
         "in check (the chariot on d1): no pass, and the general leaves along the diagonal",
         {2, 12, 53}},
        {"janggi",
         "9/R3k4/9/9/9/9/9/9/4K4/9 b - - 0 1",
         "bikjang and check at once: passing is allowed; e8 and e10 keep the generals facing",
         {5, 104, 268}},
        {"janggicasual",
         "9/R3k4/9/9/9/9/9/9/4K4/9 b - - 0 1",
         "no bikjang: e8 and e10 are moves, and no pass out of check",
         {6, 156, 428}},
        {"janggi",
         "4k4/9/9/9/9/9/9/9/4K4/4R4 b - - 0 1",
         "bikjang: pass, or step off the file (e9 would keep the facing)",
         {3, 32, 94}},
        {"janggicasual", "4k4/9/9/9/9/9/9/9/4K4/4R4 b - - 0 1", "no bikjang: e9 too", {4, 64, 266}},
    };
    for (const JanggiCase& c : cases) {
        Position pos = cached_rules(c.variant).from_fen(c.fen);
        for (std::size_t d = 0; d < c.counts.size(); ++d)
            EXPECT_EQ(pos.perft(static_cast<int>(d + 1), PerftStop::Immediate), c.counts[d])
                << c.variant << " " << c.fen << " depth " << d + 1 << ": " << c.what;
    }
}

// Fairy-Stockfish 11.1: `position startpos moves e4d4 e7d7` then `go perft 1` lists e2e2,
// e2d2, e2f2, e2d3, e2f3, c1e4, g1e4 and d4e4 (8) in janggi, 32 moves in janggicasual.
TEST(JanggiRules, UnderBikjangOnlyPassingOrBreakingTheFacingIsLegal) {
    Position pos = cached_rules("janggi").start();
    play(pos, {"e4d4", "e7d7"});  // the e-file opens: the generals face each other
    std::vector<std::string> names;
    for (Move m : pos.legal_moves()) names.push_back(pos.move_name(m, MoveStyle::Uci));
    std::sort(names.begin(), names.end());
    EXPECT_EQ(names, (std::vector<std::string>{"c1e4", "d4e4", "e2d2", "e2d3", "e2e2", "e2f2",
                                               "e2f3", "g1e4"}));
    EXPECT_THROW(pos.parse_move("e2e3"), MoveError);
    Position casual = cached_rules("janggicasual").start();
    play(casual, {"e4d4", "e7d7"});
    EXPECT_EQ(casual.legal_moves().size(), 32u);
}

// Fairy-Stockfish 11.1 counts no move after these (`go perft 1`: 0), and its search scores
// the end: janggi's "mate 0" (Black wins on points, 1.5 ahead with equal armies),
// janggitraditional's "cp 0" (a draw).
TEST(JanggiRules, PassingUnderBikjangEndsTheGame) {
    Position traditional = cached_rules("janggitraditional").start();
    play(traditional, {"e4d4", "e7d7", "e2e2"});
    EXPECT_EQ(traditional.perft(1, PerftStop::Immediate), 0u);
    expect_end(traditional, GameResult::Draw, EndReason::Bikjang,
               "draw: White passed while the generals faced each other (bikjang)");
    EXPECT_THROW(traditional.parse_move("e9e9"), MoveError);

    Position counted = cached_rules("janggi").start();
    play(counted, {"e4d4", "e7d7", "e2e2"});
    expect_end(counted, GameResult::BlackWins, EndReason::Bikjang,
               "White passed while the generals faced each other (bikjang); counted by points, "
               "White 72 and Black 72 + 1.5: Black wins");
    // Broken instead: the game goes on.
    Position broken = cached_rules("janggi").start();
    play(broken, {"e4d4", "e7d7", "d4e4"});
    referee::test::expect_not_over(broken);
}

TEST(JanggiRules, TwoPassesInARowEndTheGame) {
    Position casual = cached_rules("janggicasual").start();
    play(casual, {"e2e2"});
    referee::test::expect_not_over(casual);
    play(casual, {"e9e9"});
    EXPECT_EQ(casual.perft(1, PerftStop::Immediate), 0u);  // Fairy-Stockfish: 0
    expect_end(casual, GameResult::Draw, EndReason::DoublePass,
               "draw: both sides passed, one after the other");
    // Counted: White a chariot up (72 against 59 + 1.5) wins.
    Position up = cached_rules("janggi").from_fen(
        "1nba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR w - - 0 1");
    play(up, {"e2e2", "e9e9"});
    expect_end(up, GameResult::WhiteWins, EndReason::DoublePass,
               "both sides passed, one after the other; counted by points, White 72 and Black "
               "59 + 1.5: White wins");
}

// Fairy-Stockfish 11.1's search scores these ends by its counting: from
// `position startpos moves a1a2 a10a9 a2a1 a9a10 a1a2 a10a9 a2a1`, `go depth 1 searchmoves
// a9a10` gives "mate 1" for Black in janggi and janggimodern (the third occurrence, counted:
// Black 1.5 ahead), "cp 0" in janggicasual (a draw); from the start with the halfmove clock at
// 98, `go depth 2` gives White "mate -1" in janggi and janggimodern (fifty moves each, then
// counted), "cp 0" in janggicasual. So 11.1's janggimodern repeats three times and counts
// fifty moves, as janggi does.
TEST(JanggiRules, DrawsByRuleAreCountedWhereTheVariantCounts) {
    const char* shuffle[] = {"a1a2", "a10a9", "a2a1", "a9a10", "a1a2", "a10a9", "a2a1", "a9a10"};
    for (const char* name : {"janggi", "janggimodern", "janggicasual"}) {
        Position pos = cached_rules(name).start();
        for (const char* m : shuffle) pos.play(pos.parse_move(m));
        if (std::string(name) == "janggicasual")
            expect_end(pos, GameResult::Draw, EndReason::Repetition,
                       "draw: the same position occurred 3 times");
        else
            expect_end(pos, GameResult::BlackWins, EndReason::Repetition,
                       "the same position occurred 3 times; counted by points, White 72 and "
                       "Black 72 + 1.5: Black wins");
        Position fifty = cached_rules(name).from_fen(
            "rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR w - - 98 120");
        play(fifty, {"a1a2"});
        referee::test::expect_not_over(fifty);
        play(fifty, {"a10a9"});
        if (std::string(name) == "janggicasual")
            expect_end(fifty, GameResult::Draw, EndReason::NMoveRule,
                       "draw: 50 moves by each side without a capture");
        else
            expect_end(fifty, GameResult::BlackWins, EndReason::NMoveRule,
                       "50 moves by each side without a capture; counted by points, White 72 "
                       "and Black 72 + 1.5: Black wins");
    }
}

TEST(JanggiRules, APassIsTheGeneralsMoveToItsOwnPoint) {
    Position pos = cached_rules("janggi").start();
    const Move pass = pos.parse_move("e2e2");
    EXPECT_TRUE(pass.is_pass());
    EXPECT_EQ(pos.move_name(pass, MoveStyle::Uci), "e2e2");
    EXPECT_EQ(pos.san(pass), "pass");
    EXPECT_EQ(pos.parse_san("pass"), pass);
    pos.play(pass);
    // Fairy-Stockfish 11.1's `d` after `position startpos moves e2e2`: the clock counts it.
    EXPECT_EQ(pos.fen(),
              "rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR b - - 1 1");
    // In check there is none (Fairy-Stockfish 11.1 lists only d10e9 and d10e10).
    Position checked = cached_rules("janggi").from_fen("3k5/9/9/9/9/9/9/9/4K4/3R5 b - - 0 1");
    EXPECT_THROW(checked.parse_move("d10d10"), MoveError);
    EXPECT_THROW(checked.parse_san("pass"), MoveError);
    // Chess has none at all.
    EXPECT_THROW(cached_rules("chess").start().parse_san("pass"), MoveError);
}

// Fairy-Stockfish 11.1's janggi start: one set-up for both sides (horses on b and h, elephants
// on c and g), the same as its `d` prints.
TEST(JanggiRules, StartIsFairyStockfishs) {
    for (const char* name : {"janggi", "janggitraditional", "janggimodern", "janggicasual"})
        EXPECT_EQ(cached_rules(name).start().fen(),
                  "rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR w - - 0 1")
            << name;
}

}  // namespace
