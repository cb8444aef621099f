// The memo of rule-probe positions: a validation in the same variant, rule and search gets
// the positions found before without searching again; any other key searches.
#include <gtest/gtest.h>

#include "referee/validate/probe_position_memo.hpp"

namespace referee::validate {
namespace {

TEST(ProbePositionMemo, SearchesEachVariantRuleAndSearchOnce) {
    const auto rules = rules::Rules::load("chess");
    ProbePositionMemo memo;
    int searches = 0;
    auto find = [&] {
        ++searches;
        return rules::find_probe_positions(rules, rules::RuleFeature::Pins, rules::ProbeSearch{});
    };
    const auto first = memo.get("chess", rules::RuleFeature::Pins, {}, find);
    ASSERT_FALSE(first.empty());
    const auto again = memo.get("chess", rules::RuleFeature::Pins, {}, find);
    EXPECT_EQ(searches, 1);
    ASSERT_EQ(again.size(), first.size());
    for (std::size_t i = 0; i < first.size(); ++i) EXPECT_EQ(again[i].fen, first[i].fen);

    rules::ProbeSearch other_seed;
    other_seed.seed = 2;
    memo.get("chess", rules::RuleFeature::Pins, other_seed, find);
    rules::ProbeSearch fewer;
    fewer.positions = 2;
    memo.get("chess", rules::RuleFeature::Pins, fewer, find);
    memo.get("chess", rules::RuleFeature::CheckEvasion, {}, find);
    memo.get("other.yaml", rules::RuleFeature::Pins, {}, find);
    EXPECT_EQ(searches, 5);
}

}  // namespace
}  // namespace referee::validate
