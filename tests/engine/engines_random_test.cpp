// random-engine: seeded, uniform, and the same game whichever dialect carries it.
#include <algorithm>
#include <random>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "engines_child.hpp"
#include "referee/rules/core/position.hpp"
#include "tests/support/rules.hpp"

namespace {

using namespace engines_test;
using referee::rules::Move;
using referee::rules::MoveStyle;
using referee::rules::Position;
using referee::rules::Rules;

// The documented rule of random-engine (engines/common/random_pick.hpp), written out
// again here from the standard library: legal moves sorted by dash name, index
// mt19937_64() % count, one draw per move.
std::string expected_pick(const Position& pos, std::mt19937_64& rng) {
    std::vector<std::string> names;
    for (const Move& m : pos.legal_moves()) names.push_back(pos.move_name(m, MoveStyle::Dash));
    std::sort(names.begin(), names.end());
    return names[rng() % names.size()];
}

// The opponent in these games: always the alphabetically last legal move (a fixed rule
// that is not random-engine's).
Move last_by_name(const Position& pos) {
    Move best{};
    std::string best_name;
    for (const Move& m : pos.legal_moves()) {
        const std::string name = pos.move_name(m);
        if (name > best_name) best_name = name, best = m;
    }
    return best;
}

constexpr int kOwnMoves = 8;

// random-engine as White through UCI; returns its moves in dash form.
std::vector<std::string> play_uci(const Rules& rules, const std::string& seed) {
    Child engine(bin("random-engine"), {"--seed", seed});
    engine.line("uci");
    EXPECT_TRUE(engine.read_prefixed("uciok", 5s));
    engine.line("ucinewgame");
    Position pos = rules.start();
    std::string moves;
    std::vector<std::string> own;
    for (int i = 0; i < kOwnMoves && !pos.outcome(); ++i) {
        engine.line("position startpos" + (moves.empty() ? "" : " moves" + moves));
        engine.line("go wtime 1000 btime 1000");
        auto line = engine.read_prefixed("bestmove ", 5s);
        if (!line) return own;
        const Move m = pos.parse_move(line->substr(9));
        own.push_back(pos.move_name(m));
        moves += " " + pos.move_name(m, MoveStyle::Uci);
        pos.play(m);
        if (pos.outcome()) break;
        const Move reply = last_by_name(pos);
        moves += " " + pos.move_name(reply, MoveStyle::Uci);
        pos.play(reply);
    }
    return own;
}

// The same through IMCS: the board dump each turn and the opponent's move announced.
std::vector<std::string> play_imcs(const Rules& rules, const std::string& seed) {
    Child engine(bin("random-engine"), {"--protocol", "imcs", "--seed", seed});
    engine.line("105 W 5:00 5:00 game starts");
    Position pos = rules.start();
    std::vector<std::string> own;
    for (int i = 0; i < kOwnMoves && !pos.outcome(); ++i) {
        engine.send("\n" + pos.board_dump() + "? 05:00.000 05:00.000\n");
        auto line = engine.read_prefixed("! ", 5s);
        if (!line) return own;
        const Move m = pos.parse_move(line->substr(2));
        own.push_back(pos.move_name(m));
        pos.play(m);
        if (pos.outcome()) break;
        const Move reply = last_by_name(pos);
        engine.line("! " + pos.move_name(reply));
        pos.play(reply);
    }
    return own;
}

TEST(EnginesRandom, SameSeedSameGameInBothDialects) {
    const Rules& rules = referee::test::cached_rules("minitchess");
    const auto uci = play_uci(rules, "12345");
    const auto imcs = play_imcs(rules, "12345");
    ASSERT_EQ(uci.size(), static_cast<std::size_t>(kOwnMoves));
    EXPECT_EQ(uci, imcs);
}

TEST(EnginesRandom, MovesFollowThePublishedRule) {
    const Rules& rules = referee::test::cached_rules("minitchess");
    const auto played = play_uci(rules, "777");
    ASSERT_EQ(played.size(), static_cast<std::size_t>(kOwnMoves));
    std::mt19937_64 rng(777);
    Position pos = rules.start();
    for (const auto& move : played) {
        EXPECT_EQ(move, expected_pick(pos, rng));
        pos.play(pos.parse_move(move));
        pos.play(last_by_name(pos));
    }
}

TEST(EnginesRandom, SeedOptionAndNewGameRestartTheSequence) {
    const Rules& rules = referee::test::cached_rules("minichess");
    std::mt19937_64 rng(99);
    const std::string first = expected_pick(rules.start(), rng);
    Child engine(bin("random-engine"), {"--variant", "minichess"});
    engine.line("setoption name Seed value 99");
    for (int game = 0; game < 2; ++game) {
        engine.line("ucinewgame");
        engine.line("position startpos");
        engine.line("go");
        const auto line = engine.read_prefixed("bestmove ", 5s);
        ASSERT_TRUE(line);
        EXPECT_EQ(rules.start().move_name(rules.start().parse_move(line->substr(9))), first)
            << "game " << game;
    }
}

}  // namespace
