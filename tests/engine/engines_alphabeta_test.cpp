// alphabeta-engine: its evaluation's figures, the ends it must see, and its strength against
// random-engine, played in-process through the same Player interface the binaries use.
#include <atomic>
#include <cmath>
#include <string>

#include <gtest/gtest.h>

#include "engines/alphabeta/alphabeta_player.hpp"
#include "engines/alphabeta/evaluation.hpp"
#include "engines/common/random_player.hpp"
#include "engines_child.hpp"
#include "referee/rules/core/position.hpp"
#include "tests/support/rules.hpp"

namespace {

using namespace engines_test;
using engines::alphabeta::AlphaBetaPlayer;
using engines::alphabeta::Evaluation;
using engines::alphabeta::weighted_mobility;
using referee::rules::GameResult;
using referee::rules::Move;
using referee::rules::Position;
using referee::rules::Rules;

TEST(EnginesAlphabeta, WeightedMobilityMatchesHandCount) {
    const Rules& rules = referee::test::cached_rules("minichess");
    const auto& v = rules.variant();
    // Rook on a1 of the 5x6 board: 5 squares up the file, 4 along the rank, the k-th step
    // of a ride weighted 0.7^(k-1): (1 + .7 + .49 + .343 + .2401) + (1 + .7 + .49 + .343).
    EXPECT_NEAR(weighted_mobility(v, v.type_of('R'), 0, 0), 5.3061, 1e-9);
    // Knight on a1 reaches b3 and c2.
    EXPECT_NEAR(weighted_mobility(v, v.type_of('N'), 0, 0), 2.0, 1e-9);
    // White pawn on a2: a3 only when empty, b3 only to capture; each counts half.
    EXPECT_NEAR(weighted_mobility(v, v.type_of('P'), 0, 1), 1.0, 1e-9);
}

TEST(EnginesAlphabeta, ChessPieceValuesComeOutInTheUsualOrder) {
    // The published order of chess piece values: Q > R > B >= N > P, with a rook worth
    // less than two minor pieces and a queen less than two rooks.
    const Rules& rules = referee::test::cached_rules("chess");
    const auto& v = rules.variant();
    const Evaluation eval(v);
    const int p = eval.value(v.type_of('P')), n = eval.value(v.type_of('N')),
              b = eval.value(v.type_of('B')), r = eval.value(v.type_of('R')),
              q = eval.value(v.type_of('Q'));
    EXPECT_GT(q, r);
    EXPECT_GT(r, b);
    EXPECT_GE(b, n);
    EXPECT_GT(n, 2 * p);
    EXPECT_LT(r, 2 * n);
    EXPECT_LT(q, 2 * r);
    EXPECT_EQ(eval.value(v.type_of('K')), 0);  // royal: the search, not material, judges it
}

std::string bestmove(const std::vector<std::string>& setup) {
    Child engine(bin("alphabeta-engine"));
    for (const auto& l : setup) engine.line(l);
    auto line = engine.read_prefixed("bestmove ", 10s);
    return line ? line->substr(9) : "(no answer)";
}

TEST(EnginesAlphabeta, TakesTheKingWhenItCan) {
    // Mini-Chess, White to move: the queen on a1 sees the Black king on a6 up the empty
    // file. Taking it wins at once; anything else lets Black play on.
    EXPECT_EQ(bestmove({"setoption name UCI_Variant value minichess",
                        "position fen k3r/5/5/5/1PPPP/Q3K w - - 0 1", "go depth 4"}),
              "a1a6");
}

TEST(EnginesAlphabeta, FindsMateInOne) {
    // Chess back-rank mate: the king on g8 is walled in by its own pawns, so Ra8 mates,
    // and no other White move does (the king alone cannot give check).
    EXPECT_EQ(bestmove({"setoption name UCI_Variant value chess",
                        "position fen 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "go depth 3"}),
              "a1a8");
}

// One game in-process; returns the result.
GameResult play(engines::Player& white, engines::Player& black, const Rules& rules,
                std::uint64_t seed) {
    white.new_game(rules, seed);
    black.new_game(rules, seed);
    Position pos = rules.start();
    std::vector<Move> moves;
    std::atomic<bool> stop{false};
    for (;;) {
        if (auto end = pos.outcome()) return end->result;
        engines::Player& mover = pos.side_to_move() == referee::rules::White ? white : black;
        engines::Turn turn{
            pos, moves, true, moves.empty() ? std::nullopt : std::optional<Move>(moves.back()),
            {},  stop,  {},   {}};
        const engines::Reply reply = mover.choose(turn);
        if (!reply.move || !pos.is_legal(*reply.move)) {
            ADD_FAILURE() << "no legal move from a player in " << pos.fen();
            return GameResult::Draw;
        }
        pos.play(*reply.move);
        moves.push_back(*reply.move);
    }
}

TEST(EnginesAlphabeta, BeatsRandomAtLeastNineteenGamesInTwenty) {
    const Rules& rules = referee::test::cached_rules("minitchess");
    AlphaBetaPlayer searcher;
    searcher.set_parameter("depth", "3");
    engines::RandomPlayer random;
    int wins = 0;
    for (int game = 0; game < 20; ++game) {
        const bool searcher_white = game % 2 == 0;
        const GameResult r = searcher_white ? play(searcher, random, rules, game)
                                            : play(random, searcher, rules, game);
        wins += r == (searcher_white ? GameResult::WhiteWins : GameResult::BlackWins);
    }
    EXPECT_GE(wins, 19);
}

}  // namespace
