// Janggi's random games in the catalogue test end early (a pass among some thirty moves, and
// two passes in a row end the game): here longer games, passes left out, are counted every
// tenth ply against Fairy-Stockfish 11.1, so that the middle game's palace moves, cannon
// screens and captures are compared too. Slow: the suite name starts with "Slow".
#include <filesystem>
#include <random>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "referee/rules/core/position.hpp"
#include "tests/support/fairy_stockfish.hpp"
#include "tests/support/rules.hpp"

namespace {

using namespace referee::rules;
using referee::test::cached_rules;
using referee::test::kFairyStockfish;

TEST(SlowFairyStockfishJanggi, CountsAgreeAfterLongRandomGames) {
    if (!std::filesystem::exists(kFairyStockfish)) GTEST_SKIP() << kFairyStockfish;
    for (const char* name : {"janggi", "janggicasual"}) {
        const Rules& rules = cached_rules(name);
        std::mt19937 rng(37);
        int compared = 0;
        for (int game = 0; game < 3; ++game) {
            Position pos = rules.start();
            std::vector<std::string> moves;
            for (int ply = 0; ply < 150 && !pos.outcome(); ++ply) {
                std::vector<Move> legal;
                for (const Move m : pos.legal_moves())
                    if (!m.is_pass()) legal.push_back(m);
                if (legal.empty()) break;
                if (ply % 10 == 9) {
                    EXPECT_EQ(referee::test::perft_disagreement(rules, name, moves, 3), "");
                    ++compared;
                }
                const Move m =
                    legal[std::uniform_int_distribution<std::size_t>(0, legal.size() - 1)(rng)];
                moves.push_back(pos.move_name(m, MoveStyle::Uci));
                pos.play(m);
            }
        }
        EXPECT_GE(compared, 20) << name;
    }
}

}  // namespace
