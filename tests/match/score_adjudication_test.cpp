// Adjudication by the engines' scores (cutechess's -resign and -draw), fed by hand, and the
// clocks of a game whose sides have different time controls.
#include <gtest/gtest.h>

#include "referee/match/score_adjudication.hpp"
#include "referee/match/time_control.hpp"

namespace referee::match {
namespace {

using rules::Black;
using rules::White;

engine::SearchInfo cp(int score) {
    engine::SearchInfo i;
    i.depth = 5;
    i.has_score = true;
    i.score = score;
    return i;
}

engine::SearchInfo mate(int moves) {
    auto i = cp(moves);
    i.mate = true;
    return i;
}

// Plays White and Black scores alternately from ply `first_ply`; returns the verdict and the
// ply it came on (-1: none).
std::pair<std::optional<AdjudicationVerdict>, int> feed(
    ScoreAdjudicator& a, const std::vector<engine::SearchInfo>& plies, int first_ply = 0) {
    for (std::size_t p = 0; p < plies.size(); ++p) {
        const int ply = first_ply + static_cast<int>(p);
        auto v = a.after_move(ply % 2 == 0 ? White : Black, plies[p], ply);
        if (v) return {v, ply};
    }
    return {std::nullopt, -1};
}

TEST(ScoreAdjudication, OneSidedResignNeedsTheLosersScoreForNConsecutiveMoves) {
    ScoreAdjudication rules;
    rules.resign = {3, 600, false};
    ScoreAdjudicator a(rules, "White (A)", "Black (B)");
    // Black's score: -700, -650, then -100 breaks the run, then three at -600 or below.
    auto [v, ply] = feed(a, {cp(50), cp(-700), cp(60), cp(-650), cp(70), cp(-100), cp(80), cp(-600),
                             cp(90), cp(-900), cp(95), mate(-2)});
    ASSERT_TRUE(v.has_value());
    EXPECT_EQ(ply, 11);
    EXPECT_EQ(v->result, rules::GameResult::WhiteWins);
    EXPECT_EQ(v->reason_key, "resign-adjudication");
    EXPECT_EQ(v->reason,
              "Black (B) resigns by adjudication: its engine scored it at -600 cp or worse for 3 "
              "consecutive moves");
}

TEST(ScoreAdjudication, TwoSidedResignNeedsTheWinnerToAgree) {
    ScoreAdjudication rules;
    rules.resign = {2, 300, true};
    ScoreAdjudicator a(rules, "White (A)", "Black (B)");
    // White says it is lost twice, but Black's engine does not think it is winning.
    auto [none, at] = feed(a, {cp(-400), cp(100), cp(-500), cp(200)});
    EXPECT_FALSE(none.has_value()) << none->reason;
    // Now both agree, for two moves each.
    auto [v, ply] = feed(a, {cp(-400), cp(300), cp(-350), cp(450)}, 4);
    ASSERT_TRUE(v.has_value());
    EXPECT_EQ(ply, 7);
    EXPECT_EQ(v->result, rules::GameResult::BlackWins);
    EXPECT_NE(v->reason.find("White (A) resigns by adjudication: both engines"), std::string::npos)
        << v->reason;
}

TEST(ScoreAdjudication, DrawNeedsBothSidesNearZeroAfterTheMoveNumber) {
    ScoreAdjudication rules;
    rules.draw = {10, 2, 20};
    ScoreAdjudicator early(rules, "White (A)", "Black (B)");
    // Level from the start, but nothing counts before move 10 (ply 20).
    auto [none, at] = feed(early, std::vector<engine::SearchInfo>(20, cp(0)));
    EXPECT_FALSE(none.has_value());
    auto [v, ply] = feed(early, {cp(5), cp(-20), cp(15), cp(0)}, 20);
    ASSERT_TRUE(v.has_value());
    EXPECT_EQ(ply, 23);
    EXPECT_EQ(v->result, rules::GameResult::Draw);
    EXPECT_EQ(v->reason_key, "draw-adjudication");
    EXPECT_EQ(v->reason,
              "draw by adjudication: both engines scored the game within 20 cp of 0 for 2 "
              "consecutive moves each after move 10");

    // A move without a score, or one beyond the bound, starts the count again.
    ScoreAdjudicator broken(rules, "White (A)", "Black (B)");
    auto [again, when] = feed(
        broken,
        {cp(0), cp(0), engine::SearchInfo{}, cp(0), cp(0), cp(21), cp(0), cp(0), cp(0), cp(0)}, 20);
    ASSERT_TRUE(again.has_value());
    EXPECT_EQ(when, 29);
}

TEST(ScoreAdjudication, MateScoresAreBeyondEveryBound) {
    EXPECT_GT(score_centipawns(mate(5)), 100000);
    EXPECT_LT(score_centipawns(mate(-1)), -100000);
    EXPECT_LT(score_centipawns(mate(0)), -100000);
    EXPECT_GT(score_centipawns(mate(1)), score_centipawns(mate(7)));  // nearer is better
    EXPECT_EQ(score_centipawns(cp(-35)), -35);
}

TEST(TimeOdds, EachSideIsChargedAndCreditedByItsOwnControl) {
    GameClock clock(parse_time_control("1+0.5"), parse_time_control("40/60"));
    EXPECT_EQ(clock.remaining_ms(White), 1000);
    EXPECT_EQ(clock.remaining_ms(Black), 60000);
    EXPECT_EQ(clock.moves_to_go(White), 0);
    EXPECT_EQ(clock.moves_to_go(Black), 40);
    EXPECT_TRUE(clock.charge(White, 400));
    EXPECT_EQ(clock.remaining_ms(White), 1100);  // its own increment
    EXPECT_TRUE(clock.charge(Black, 400));
    EXPECT_EQ(clock.remaining_ms(Black), 59600);  // none for Black
    EXPECT_EQ(clock.moves_to_go(Black), 39);
    // 1.3 s is beyond White's 1.1 s and margin, well within Black's clock.
    EXPECT_FALSE(clock.charge(White, 1300));
    EXPECT_TRUE(clock.charge(Black, 1300));
}

}  // namespace
}  // namespace referee::match
