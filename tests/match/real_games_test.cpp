// Real games: in-tree engines against each other and against Fairy-Stockfish, checked move
// by move against the rules engine.
#include <gtest/gtest.h>

#include "match_harness.hpp"

namespace referee::test {
namespace {

using engine::Protocol;

// Every move of the record is legal when replayed, and the recorded end agrees with the rules.
void expect_consistent(const std::string& variant, const match::GameRecord& r) {
    auto rules = rules::Rules::load(variant);
    auto pos = rules.from_fen(r.start_fen);
    for (const auto& m : r.moves) {
        ASSERT_NO_THROW(pos.play(pos.parse_move(m.dash))) << m.dash;
    }
    EXPECT_EQ(pos.fen(), r.final_fen);
    if (r.termination == match::Termination::Rules) {
        auto o = pos.outcome();
        ASSERT_TRUE(o.has_value());
        EXPECT_EQ(o->result, r.result);
        EXPECT_EQ(rules::end_reason_key(o->reason), r.reason_key);
    }
}

TEST(RealGames, RandomAgainstFairyStockfishOnGardnerCastling) {
    auto spec = spec_for("gardner-castling", "st=0.05");
    spec.max_plies = 120;
    // Quick moves, but no loss on time where a busy machine leaves a move unscheduled for a
    // while: the clock is not what is tested here.
    spec.time_control.margin_ms = 5000;
    auto played = play("gardner-castling", in_tree("random-engine", Protocol::Uci, {"--seed", "3"}),
                       fairy_stockfish(), spec);
    EXPECT_FALSE(played.record.at_fault.has_value()) << played.record.reason;
    EXPECT_GT(played.record.moves.size(), 2u);
    expect_consistent("gardner-castling", played.record);
    for (pid_t g : played.groups) EXPECT_TRUE(group_gone(g));
}

TEST(RealGames, RandomAgainstFairyStockfishOnMinichess) {
    auto spec = spec_for("minichess", "st=0.05");
    spec.time_control.margin_ms = 5000;  // as above
    auto played = play("minichess", fairy_stockfish(),
                       in_tree("random-engine", Protocol::Uci, {"--seed", "9"}), spec);
    EXPECT_FALSE(played.record.at_fault.has_value()) << played.record.reason;
    expect_consistent("minichess", played.record);
    // Against uniform random moves Fairy-Stockfish must not lose.
    EXPECT_NE(played.record.result, rules::GameResult::BlackWins) << played.record.reason;
}

TEST(RealGames, FairyStockfishIsRefusedMinitchessBeforeTheFirstMove) {
    auto played = play("minitchess", fairy_stockfish(), in_tree("random-engine", Protocol::Uci),
                       spec_for("minitchess", "1+0"));
    EXPECT_EQ(played.record.termination, match::Termination::Unsupported);
    EXPECT_TRUE(played.record.moves.empty());
    EXPECT_NE(played.record.reason.find("BmW"), std::string::npos) << played.record.reason;
}

TEST(RealGames, ImcsAndUciVersionsPlayTheSameGameWithTheSameSeeds) {
    auto spec = spec_for("minitchess", "10+0");
    auto uci = play("minitchess", in_tree("random-engine", Protocol::Uci, {"--seed", "5"}),
                    in_tree("random-engine", Protocol::Uci, {"--seed", "7"}), spec);
    auto imcs = play("minitchess", in_tree("random-engine", Protocol::Imcs, {"--seed", "5"}),
                     in_tree("random-engine", Protocol::Imcs, {"--seed", "7"}), spec);
    ASSERT_GT(uci.record.moves.size(), 4u);
    ASSERT_EQ(uci.record.moves.size(), imcs.record.moves.size())
        << "uci: " << uci.record.reason << "; imcs: " << imcs.record.reason;
    for (std::size_t i = 0; i < uci.record.moves.size(); ++i)
        EXPECT_EQ(uci.record.moves[i].dash, imcs.record.moves[i].dash) << "ply " << i + 1;
    EXPECT_EQ(uci.record.result, imcs.record.result);
    EXPECT_EQ(uci.record.reason, imcs.record.reason);
}

TEST(RealGames, MoveCapAdjudicatesADraw) {
    auto spec = spec_for("minitchess", "10+0");
    spec.max_plies = 10;
    auto played = play("minitchess", in_tree("random-engine", Protocol::Uci),
                       in_tree("random-engine", Protocol::Imcs), spec);
    if (played.record.termination == match::Termination::Rules)
        GTEST_SKIP() << "the game ended by the rules before the cap";
    EXPECT_EQ(played.record.termination, match::Termination::MoveCap);
    EXPECT_EQ(played.record.result, rules::GameResult::Draw);
    EXPECT_EQ(played.record.moves.size(), 10u);
}

TEST(RealGames, OpeningMovesAreBookAndTheClockCountsDown) {
    auto spec = spec_for("minitchess", "5+0.5");
    spec.opening_moves = {"a2-a3", "e5-e4"};
    spec.max_plies = 12;
    auto played = play("minitchess", in_tree("random-engine", Protocol::Uci),
                       in_tree("random-engine", Protocol::Uci), spec);
    ASSERT_GE(played.record.moves.size(), 3u);
    EXPECT_TRUE(played.record.moves[0].book);
    EXPECT_EQ(played.record.moves[0].dash, "a2-a3");
    EXPECT_TRUE(played.record.moves[1].book);
    const auto& first = played.record.moves[2];
    EXPECT_FALSE(first.book);
    // 5 s, minus what the move took, plus the 0.5 s increment.
    EXPECT_EQ(first.clock_after_ms, 5000 - first.elapsed_ms + 500);
    expect_consistent("minitchess", played.record);
}

}  // namespace
}  // namespace referee::test
