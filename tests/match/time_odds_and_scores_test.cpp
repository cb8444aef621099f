// Games with time odds and with adjudication by score, between real engines: each side's
// clock runs by its own control, and the UCI engines' scores end a game and reach its record.
#include <gtest/gtest.h>

#include "match_harness.hpp"

namespace referee::test {
namespace {

using engine::Protocol;
using match::Termination;

// broken-slow answers only after its clock ran out; random answers at once. With 1+0 against
// 60+0 the short clock loses on time, whichever colour it has, and the other clock is never
// in danger.
TEST(SlowTimeOdds, TheShortClockLosesOnTimeWithEitherColour) {
    for (rules::Color slow_side : {rules::White, rules::Black}) {
        auto spec = spec_for("minichess", "60+0");
        spec.side_time_control[slow_side] = match::parse_time_control("1+0");
        auto slow = in_tree("broken-slow", Protocol::Uci);
        auto quick = in_tree("random-engine", Protocol::Uci, {"--seed", "3"});
        auto played = slow_side == rules::White ? play("minichess", slow, quick, spec)
                                                : play("minichess", quick, slow, spec);
        const auto& r = played.record;
        EXPECT_EQ(r.termination, Termination::TimeForfeit) << r.reason;
        ASSERT_TRUE(r.at_fault.has_value()) << r.reason;
        EXPECT_EQ(*r.at_fault, slow_side) << r.reason;
        // Lost at its own 1 s (and the margin), not after the opponent's 60 s.
        EXPECT_LT(played.seconds, 10) << r.reason;
        EXPECT_NE(r.reason.find("1.100 s"), std::string::npos) << r.reason;
        // Each side's control in the record, as the PGN's per-side tags.
        EXPECT_EQ(r.time_control, "");
        EXPECT_EQ(slow_side == rules::White ? r.white_time_control : r.black_time_control, "1");
        EXPECT_EQ(slow_side == rules::White ? r.black_time_control : r.white_time_control, "60");
        const std::string pgn = match::to_pgn(r);
        EXPECT_EQ(pgn.find("[TimeControl "), std::string::npos) << pgn;
        EXPECT_NE(pgn.find(slow_side == rules::White ? "[WhiteTimeControl \"1\"]"
                                                     : "[BlackTimeControl \"1\"]"),
                  std::string::npos)
            << pgn;
        for (pid_t g : played.groups) EXPECT_TRUE(group_gone(g));
    }
}

// alphabeta at depth 2 is deterministic and reports "info depth .. score cp .. nodes ..":
// with a resign bound of 1 cp for one move, the first move whose engine scores it below zero
// ends the game, and that move's score is the one recorded.
TEST(ScoreAdjudication, AnEngineScoringItselfLostResignsByAdjudication) {
    auto spec = spec_for("minichess", "60+0");
    spec.depth[0] = spec.depth[1] = 2;
    spec.score_adjudication.resign = {1, 1, false};
    auto played = play("minichess", in_tree("alphabeta-engine", Protocol::Uci),
                       in_tree("alphabeta-engine", Protocol::Uci), spec);
    const auto& r = played.record;
    ASSERT_EQ(r.termination, Termination::Adjudication) << r.reason;
    EXPECT_EQ(r.reason_key, "resign-adjudication");
    ASSERT_FALSE(r.moves.empty());
    const auto& last = r.moves.back();
    const rules::Color loser = r.moves.size() % 2 == 1 ? rules::White : rules::Black;
    EXPECT_EQ(r.result,
              loser == rules::White ? rules::GameResult::BlackWins : rules::GameResult::WhiteWins);
    EXPECT_FALSE(r.at_fault.has_value());  // a resignation, not a fault
    EXPECT_TRUE(last.info.has_score);
    EXPECT_LE(match::score_centipawns(last.info), -1);
    EXPECT_EQ(last.info.depth, 2);
    EXPECT_GT(last.info.nodes, 0);
    EXPECT_EQ(r.reason.rfind(std::string(rules::color_name(loser)) +
                                 " (alphabeta-engine) resigns by adjudication",
                             0),
              0u)
        << r.reason;
    // No earlier move had a score below zero (else the game would have ended there).
    for (std::size_t i = 0; i + 1 < r.moves.size(); ++i) {
        if (r.moves[i].info.has_score) {
            EXPECT_GE(match::score_centipawns(r.moves[i].info), 0) << i;
        }
    }
    // The PGN comment has cutechess's "+0.35/12 0.102s" form for every engine move.
    const std::string pgn = match::to_pgn(r);
    EXPECT_NE(pgn.find("/2 0."), std::string::npos) << pgn;
    EXPECT_NE(pgn.find("[Termination \"adjudication\"]"), std::string::npos) << pgn;
    EXPECT_NE(pgn.find("resigns by adjudication"), std::string::npos) << pgn;
}

TEST(ScoreAdjudication, LevelScoresEndInADrawByAdjudication) {
    auto spec = spec_for("minichess", "60+0");
    spec.depth[0] = spec.depth[1] = 2;
    spec.score_adjudication.draw = {0, 1, 100000};  // any score, after one move each
    auto played = play("minichess", in_tree("alphabeta-engine", Protocol::Uci),
                       in_tree("alphabeta-engine", Protocol::Uci), spec);
    const auto& r = played.record;
    EXPECT_EQ(r.termination, Termination::Adjudication) << r.reason;
    EXPECT_EQ(r.reason_key, "draw-adjudication");
    EXPECT_EQ(r.result, rules::GameResult::Draw);
    EXPECT_EQ(r.moves.size(), 2u);
}

}  // namespace
}  // namespace referee::test
