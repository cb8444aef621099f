// xboard (CECP) games with the in-tree engines, which speak it too, so the protocol is
// tested without Debian's engines: mixed with UCI, and against broken-xboard, whose every
// fault must end the game with the right result and reason.
#include <gtest/gtest.h>

#include "match_harness.hpp"

namespace referee::test {
namespace {

using engine::Protocol;
using match::Termination;

void expect_replays(const std::string& variant, const match::GameRecord& r) {
    auto rules = rules::Rules::load(variant);
    auto pos = rules.from_fen(r.start_fen);
    for (const auto& m : r.moves) ASSERT_NO_THROW(pos.play(pos.parse_move(m.uci))) << m.uci;
    EXPECT_EQ(pos.fen(), r.final_fen);
    if (r.termination == Termination::Rules) {
        const auto o = pos.outcome();
        ASSERT_TRUE(o.has_value());
        EXPECT_EQ(o->result, r.result);
    }
}

TEST(XboardGames, InTreeEnginesPlayXboardAgainstUciToTheEnd) {
    auto spec = spec_for("minitchess", "5+0.05");
    auto played = play("minitchess", in_tree("alphabeta-engine", Protocol::Xboard),
                       in_tree("random-engine", Protocol::Uci, {"--seed", "3"}), spec);
    const auto& r = played.record;
    EXPECT_FALSE(r.at_fault.has_value()) << r.reason;
    EXPECT_EQ(r.termination, Termination::Rules) << r.reason;
    EXPECT_GT(r.moves.size(), 2u);
    expect_replays("minitchess", r);
    // The thinking lines reach the record, as UCI info lines do.
    bool scored = false;
    for (std::size_t i = 0; i < r.moves.size(); i += 2)
        scored = scored || r.moves[i].info.has_score;
    EXPECT_TRUE(scored);
    for (pid_t g : played.groups) EXPECT_TRUE(group_gone(g));
}

TEST(XboardGames, ASetUpPositionAndBookMovesReachTheEngine) {
    auto spec = spec_for("chess", "5+0.05");
    spec.start = rules::Rules::load("chess").from_fen("4k3/8/8/8/8/8/3PPP2/4K3 w - - 0 1");
    spec.opening_moves = {"e2e4", "e8d8"};
    spec.max_plies = 40;
    auto played = play("chess", in_tree("random-engine", Protocol::Xboard, {"--seed", "2"}),
                       in_tree("random-engine", Protocol::Xboard, {"--seed", "5"}), spec);
    EXPECT_FALSE(played.record.at_fault.has_value()) << played.record.reason;
    EXPECT_GT(played.record.moves.size(), 3u);
    expect_replays("chess", played.record);
}

struct XboardFault {
    std::string fault;
    Termination expected;
    std::string reason_key;
    std::string reason_has;
};

class BrokenXboard : public testing::TestWithParam<XboardFault> {};

TEST_P(BrokenXboard, LosesWithTheRightReason) {
    const XboardFault& f = GetParam();
    auto broken =
        in_tree("broken-xboard", Protocol::Xboard, {"--variant", "minitchess", "--fault", f.fault});
    broken.startup_timeout = std::chrono::milliseconds(1000);
    auto played =
        play("minitchess", broken, in_tree("random-engine", Protocol::Xboard, {"--seed", "4"}),
             spec_for("minitchess", "2+0"));
    const auto& r = played.record;
    EXPECT_EQ(r.termination, f.expected) << r.reason;
    EXPECT_EQ(r.reason_key, f.reason_key) << r.reason;
    EXPECT_EQ(r.result, rules::GameResult::BlackWins) << r.reason;
    ASSERT_TRUE(r.at_fault.has_value()) << r.reason;
    EXPECT_EQ(*r.at_fault, rules::White);
    EXPECT_NE(r.reason.find(f.reason_has), std::string::npos) << r.reason;
    for (pid_t g : played.groups) EXPECT_TRUE(group_gone(g));
}

const XboardFault kXboardFaults[] = {
    {"no-done", Termination::StartFailure, "start-failure", "feature done=1"},
    {"late-pong", Termination::StartFailure, "start-failure", "answer 'ping 1'"},
    {"false-claim", Termination::ProtocolFault, "false-claim",
     "claimed 1-0 {White mates}, but by the rules the game goes on"},
    {"illegal-reply", Termination::ProtocolFault, "rules-disagreement", "where the rules allow it"},
};

INSTANTIATE_TEST_SUITE_P(Faults, BrokenXboard, testing::ValuesIn(kXboardFaults),
                         [](const testing::TestParamInfo<XboardFault>& info) {
                             std::string n = info.param.fault;
                             for (auto& c : n)
                                 if (c == '-') c = '_';
                             return n;
                         });

// Draw offers are declined while the rules do not say draw: the game is played out.
TEST(BrokenXboard, DrawOffersEveryMoveAreDeclined) {
    auto spec = spec_for("minitchess", "5+0");
    auto played = play("minitchess",
                       in_tree("broken-xboard", Protocol::Xboard,
                               {"--variant", "minitchess", "--fault", "draw-offers"}),
                       in_tree("random-engine", Protocol::Xboard, {"--seed", "4"}), spec);
    const auto& r = played.record;
    EXPECT_EQ(r.termination, Termination::Rules) << r.reason;
    EXPECT_FALSE(r.at_fault.has_value()) << r.reason;
    EXPECT_GT(r.moves.size(), 10u);
    expect_replays("minitchess", r);
}

// A late pong after the start-up allowance is not taken for the answer to a later ping.
TEST(BrokenXboard, APongWithinTheAllowanceIsWaitedFor) {
    auto broken = in_tree("broken-xboard", Protocol::Xboard,
                          {"--variant", "minitchess", "--fault", "late-pong", "--delay", "200"});
    auto played =
        play("minitchess", broken, in_tree("random-engine", Protocol::Xboard, {"--seed", "4"}),
             spec_for("minitchess", "5+0"));
    EXPECT_FALSE(played.record.at_fault.has_value()) << played.record.reason;
    EXPECT_EQ(played.record.termination, Termination::Rules) << played.record.reason;
}

}  // namespace
}  // namespace referee::test
