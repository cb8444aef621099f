// The schedule: every pairing the right number of times, colours alternating, each opening
// with both colours, and shards that split it exactly.
#include <gtest/gtest.h>

#include <map>
#include <set>

#include "referee/tournament/schedule.hpp"

namespace referee::tournament {
namespace {

TournamentConfig config_with(int engines, int games, Format format,
                             std::vector<std::string> seeds = {}, int openings = 0) {
    TournamentConfig c;
    c.name = "t";
    c.format = format;
    c.games_per_pairing = games;
    for (int i = 0; i < engines; ++i) {
        engine::EngineConfig e;
        e.name = "e" + std::to_string(i);
        c.engines.push_back(e);
    }
    c.seeds = std::move(seeds);
    c.openings.format = openings ? Openings::Format::Fen : Openings::Format::None;
    for (int i = 0; i < openings; ++i)
        c.openings.list.push_back({"fen" + std::to_string(i), {}, i + 1});
    return c;
}

TEST(Schedule, RoundRobinPlaysEveryPairingWithColoursAlternating) {
    auto c = config_with(5, 4, Format::RoundRobin, {}, 2);
    auto s = make_schedule(c);
    ASSERT_EQ(s.size(), 5u * 4 / 2 * 4);  // 10 pairings, 4 games each
    std::map<std::pair<int, int>, int> as_white;
    std::map<std::pair<int, int>, std::set<int>> openings_by_colour;
    for (std::size_t i = 0; i < s.size(); ++i) {
        EXPECT_EQ(s[i].index, static_cast<int>(i));
        EXPECT_NE(s[i].white, s[i].black);
        as_white[{s[i].white, s[i].black}]++;
        openings_by_colour[{s[i].white, s[i].black}].insert(s[i].opening);
    }
    for (int a = 0; a < 5; ++a)
        for (int b = 0; b < 5; ++b)
            if (a != b) {
                EXPECT_EQ(as_white[std::make_pair(a, b)], 2) << a << " v " << b;
                // Each opening is played once with each colour.
                EXPECT_EQ(openings_by_colour[std::make_pair(a, b)], (std::set<int>{0, 1}))
                    << a << " v " << b;
            }
}

TEST(Schedule, OpeningsAreSpreadOverTheWholeSchedule) {
    // Two games per pairing, three pairings, three openings: before, every pairing played the
    // first opening and the others never. Now each pairing has its own, both colours.
    auto c = config_with(3, 2, Format::RoundRobin, {}, 3);
    auto s = make_schedule(c);
    EXPECT_EQ(openings_played(s), 3);
    std::map<int, std::set<std::pair<int, int>>> colours_by_opening;
    for (const auto& g : s) colours_by_opening[g.opening].insert({g.white, g.black});
    ASSERT_EQ(colours_by_opening.size(), 3u);
    for (const auto& [opening, colours] : colours_by_opening) {
        // The same two engines, once with each colour.
        ASSERT_EQ(colours.size(), 2u) << "opening " << opening;
        auto a = *colours.begin(), b = *colours.rbegin();
        EXPECT_EQ(a.first, b.second) << "opening " << opening;
        EXPECT_EQ(a.second, b.first) << "opening " << opening;
    }
    // A match of two engines over a book of 5 with 16 games: openings 0..4, then 0..2 again.
    auto m = make_schedule(config_with(2, 16, Format::RoundRobin, {}, 5));
    EXPECT_EQ(openings_played(m), 5);
    for (std::size_t i = 0; i < m.size(); ++i)
        EXPECT_EQ(m[i].opening, static_cast<int>(i / 2) % 5) << i;
    // Fewer pairs than openings: the count says how many are played.
    EXPECT_EQ(openings_played(make_schedule(config_with(2, 4, Format::RoundRobin, {}, 5))), 2);
}

TEST(Schedule, GauntletSeedsMeetEveryoneButEachOther) {
    auto c = config_with(5, 2, Format::Gauntlet, {"e0", "e1"});
    auto s = make_schedule(c);
    std::set<std::pair<int, int>> met;
    for (const auto& g : s) met.insert({std::min(g.white, g.black), std::max(g.white, g.black)});
    EXPECT_EQ(met, (std::set<std::pair<int, int>>{{0, 2}, {0, 3}, {0, 4}, {1, 2}, {1, 3}, {1, 4}}));
    EXPECT_EQ(s.size(), 6u * 2);
}

TEST(Schedule, IsDeterministic) {
    auto c = config_with(4, 3, Format::RoundRobin, {}, 3);
    auto a = make_schedule(c), b = make_schedule(c);
    ASSERT_EQ(a.size(), b.size());
    for (std::size_t i = 0; i < a.size(); ++i) {
        EXPECT_EQ(a[i].white, b[i].white);
        EXPECT_EQ(a[i].black, b[i].black);
        EXPECT_EQ(a[i].opening, b[i].opening);
    }
}

TEST(Schedule, ShardsPartitionTheSchedule) {
    auto all = make_schedule(config_with(6, 4, Format::RoundRobin));
    for (int n : {1, 2, 3, 7}) {
        std::multiset<int> seen;
        for (int k = 1; k <= n; ++k)
            for (const auto& g : take_shard(all, {k, n})) seen.insert(g.index);
        ASSERT_EQ(seen.size(), all.size()) << n << " shards";
        for (const auto& g : all)
            EXPECT_EQ(seen.count(g.index), 1u) << "game " << g.index << " with " << n << " shards";
    }
}

TEST(Schedule, ShardTextIsChecked) {
    EXPECT_EQ(parse_shard("2/3").k, 2);
    EXPECT_EQ(parse_shard("2/3").n, 3);
    for (const char* bad : {"0/3", "4/3", "3", "a/b", "1/0", "1/2x", ""})
        EXPECT_THROW(parse_shard(bad), std::invalid_argument) << bad;
}

}  // namespace
}  // namespace referee::tournament
