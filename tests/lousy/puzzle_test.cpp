// Puzzles: made the module's way, deterministic per seed, and solvable from what they display.
#include "referee/lousy/puzzle.hpp"

#include <sstream>

#include <gtest/gtest.h>

#include "lousy_test_util.hpp"
#include "referee/lousy/squares.hpp"
#include "referee/lousy/text.hpp"

namespace {

using namespace lousy_test;
using referee::lousy::Bot;
using referee::lousy::Goal;
using referee::lousy::Puzzle;
using referee::lousy::Ruleset;

// The value after "Key: " on the display, or "" when the line is absent.
std::string shown(const std::string& display, const std::string& key) {
    std::istringstream in(display);
    for (std::string line; std::getline(in, line);)
        if (line.rfind(key + ": ", 0) == 0) return line.substr(key.size() + 2);
    return "";
}

// Solves a puzzle from its display text alone, as a person with the module would.
std::vector<std::string> solve_from_display(const Puzzle& p) {
    const std::string display = referee::lousy::puzzle_display(p);
    auto bot = [&](const std::string& label) {
        if (p.ruleset == Ruleset::Module)
            return referee::lousy::parse_module_bot(label, shown(display, "Serial number"));
        // "goal,goal seed N"
        return Bot::draft(referee::lousy::parse_goal_list(label.substr(0, label.find(' '))),
                          referee::lousy::parse_seed(label.substr(label.rfind(' ') + 1)));
    };
    referee::lousy::History h;
    if (auto last = shown(display, "Last move"); !last.empty()) h.last_move = named_move(last);
    std::istringstream promoted(shown(display, "Promoted queens"));
    for (std::string sq; std::getline(promoted, sq, ',');)
        h.promoted_queens.push_back(minitchess().geometry().parse(sq).value());
    const auto game = referee::lousy::replay(
        bot(shown(display, "White")), bot(shown(display, "Black")), fen(shown(display, "FEN")), h);
    auto lines = referee::lousy::move_lines(game.moves);
    lines.push_back(referee::lousy::result_line(game.outcome));
    return lines;
}

std::vector<std::string> answer_lines(const Puzzle& p) {
    auto lines = referee::lousy::move_lines(p.answer.moves);
    lines.push_back(referee::lousy::result_line(p.answer.outcome));
    return lines;
}

void check_made_the_module_way(const Puzzle& p) {
    EXPECT_NE(p.white.seed, p.black.seed);
    if (p.ruleset == Ruleset::Module)
        EXPECT_NE(p.white.letter, p.black.letter);
    else
        EXPECT_NE(p.white.goals, p.black.goals);
    // At least 12 plies in all; 4 to 6 taken back, one more when the mirror bot would have
    // been to move, so the bot to move on display is never the mirror bot.
    const int total = static_cast<int>(p.moves_before.size() + p.answer.moves.size());
    EXPECT_GE(total, 12);
    const Bot& to_move = p.position.side_to_move() == referee::rules::White ? p.white : p.black;
    const Bot& other = p.position.side_to_move() == referee::rules::White ? p.black : p.white;
    EXPECT_FALSE(to_move.has_goal(Goal::MirrorMirror));
    const int back = static_cast<int>(p.answer.moves.size());
    if (other.has_goal(Goal::MirrorMirror)) {
        EXPECT_GE(back, 4);  // 4..6, plus one when the mirror bot was to move
        EXPECT_LE(back, 7);
    } else {
        EXPECT_GE(back, 4);
        EXPECT_LE(back, 6);
    }
    EXPECT_EQ(p.position.fullmove_number(), static_cast<int>(p.moves_before.size()) / 2 + 1);
}

TEST(LousyPuzzle, ModulePuzzlesAreSolvableFromTheirDisplay) {
    for (std::uint64_t seed = 1; seed <= 25; ++seed) {
        SCOPED_TRACE("puzzle seed " + std::to_string(seed));
        const Puzzle p =
            referee::lousy::make_puzzle(minitchess(), Ruleset::Module, std::nullopt, seed);
        check_made_the_module_way(p);
        EXPECT_EQ(solve_from_display(p), answer_lines(p));
    }
}

TEST(LousyPuzzle, DraftPuzzlesAreSolvableFromTheirDisplay) {
    for (std::uint64_t seed = 1; seed <= 25; ++seed) {
        SCOPED_TRACE("puzzle seed " + std::to_string(seed));
        const Puzzle p =
            referee::lousy::make_puzzle(minitchess(), Ruleset::Draft, std::nullopt, seed);
        check_made_the_module_way(p);
        EXPECT_EQ(solve_from_display(p), answer_lines(p));
    }
}

TEST(LousyPuzzle, TheWholeGameIsWhatTheBotsPlay) {
    // The moves before the display and the answer together are one game of these bots from
    // the start: every move is the bot's choice at that point.
    const Puzzle p =
        referee::lousy::make_puzzle(minitchess(), Ruleset::Module, std::string("CH3SS5"), 7);
    auto pos = minitchess().start();
    referee::lousy::History h;
    std::vector<std::string> names = p.moves_before;
    for (const auto& m : p.answer.moves) names.push_back(m.name);
    for (const std::string& name : names) {
        const Bot& bot = pos.side_to_move() == referee::rules::White ? p.white : p.black;
        const auto c = choose(bot, pos, h);
        ASSERT_EQ(referee::lousy::dash_name(minitchess().geometry(), c.move), name);
        referee::lousy::play(pos, h, c.move);
    }
    ASSERT_TRUE(pos.outcome().has_value());
    EXPECT_EQ(pos.outcome()->description, p.answer.outcome.description);
}

TEST(LousyPuzzle, TheSameSeedMakesTheSamePuzzle) {
    const auto a = referee::lousy::make_puzzle(minitchess(), Ruleset::Module, std::nullopt, 99);
    const auto b = referee::lousy::make_puzzle(minitchess(), Ruleset::Module, std::nullopt, 99);
    EXPECT_EQ(referee::lousy::puzzle_display(a), referee::lousy::puzzle_display(b));
    EXPECT_EQ(answer_lines(a), answer_lines(b));
    const auto c =
        referee::lousy::make_puzzle(minitchess(), Ruleset::Module, std::string("CH3SS5"), 99);
    EXPECT_EQ(shown(referee::lousy::puzzle_display(c), "Serial number"), "CH3SS5");
    EXPECT_THROW(
        referee::lousy::make_puzzle(minitchess(), Ruleset::Module, std::string("CH3SS"), 1),
        referee::lousy::LousyError);
}

}  // namespace
