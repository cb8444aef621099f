// The Lousy Chess bots as engine executables under the referee play exactly the game the
// in-process replay plays, move for move, in both dialects and both rulesets.
#include <gtest/gtest.h>

#include "match_harness.hpp"
#include "referee/lousy/replay.hpp"

namespace referee::test {
namespace {

using engine::Protocol;

struct Pairing {
    std::vector<std::string> white_args, black_args;
    lousy::Bot white, black;
};

void expect_same_game(const Pairing& p, Protocol protocol) {
    const auto rules = rules::Rules::load("minitchess");
    const auto expected = lousy::replay(p.white, p.black, rules.start(), {});
    auto spec = spec_for("minitchess", "30+0");
    auto played = play("minitchess", in_tree("lousy-engine", protocol, p.white_args),
                       in_tree("lousy-engine", protocol, p.black_args), spec);
    const auto& r = played.record;
    ASSERT_EQ(r.termination, match::Termination::Rules) << r.reason;
    ASSERT_EQ(r.moves.size(), expected.moves.size())
        << r.reason << " / " << expected.outcome.description;
    for (std::size_t i = 0; i < r.moves.size(); ++i)
        EXPECT_EQ(r.moves[i].dash, expected.moves[i].name) << "ply " << i + 1;
    EXPECT_EQ(r.result, expected.outcome.result);
    EXPECT_EQ(r.reason, expected.outcome.description);
}

Pairing module_pairing() {
    return {{"--ruleset", "module", "--letter", "L", "--digit", "4", "--serial", "CH3SS5"},
            {"--ruleset", "module", "--letter", "M", "--digit", "7", "--serial", "CH3SS5"},
            lousy::Bot::module('L', 4, "CH3SS5"),
            lousy::Bot::module('M', 7, "CH3SS5")};
}

Pairing draft_pairing() {
    using lousy::Goal;
    return {{"--ruleset", "draft", "--goals", "king-must-die,white-is-lava", "--digit", "3"},
            {"--ruleset", "draft", "--goals", "mirror-mirror,queens-wild", "--digit", "5"},
            lousy::Bot::draft({Goal::KingMustDie, Goal::WhiteIsLava}, 3),
            lousy::Bot::draft({Goal::MirrorMirror, Goal::QueensWild}, 5)};
}

TEST(LousyEngine, ModuleBotsOverUciReplayTheInProcessGame) {
    expect_same_game(module_pairing(), Protocol::Uci);
}
TEST(LousyEngine, ModuleBotsOverImcsReplayTheInProcessGame) {
    expect_same_game(module_pairing(), Protocol::Imcs);
}
TEST(LousyEngine, DraftBotsOverUciReplayTheInProcessGame) {
    expect_same_game(draft_pairing(), Protocol::Uci);
}
TEST(LousyEngine, DraftBotsOverImcsReplayTheInProcessGame) {
    expect_same_game(draft_pairing(), Protocol::Imcs);
}

}  // namespace
}  // namespace referee::test
