// A Fischer random tournament without an opening book: each pair of games starts from a
// chess960 position drawn from the seed (both games of the pair the same, colours
// reversed), the same for the same seed, and all of them positions the rules accept.
#include <set>
#include <string>

#include <gtest/gtest.h>

#include <yaml-cpp/yaml.h>

#include "referee/rules/variant/chess960.hpp"
#include "referee/tournament/config.hpp"
#include "referee/tournament/schedule.hpp"
#include "tests/support/rules.hpp"

namespace referee::tournament {
namespace {

TournamentConfig fischer(std::uint64_t seed) {
    return tournament_config_from_yaml(
        YAML::Load(
            "name: t\nvariant: fischerandom\ntime_control: 10+0.1\nseed: " + std::to_string(seed) +
            "\ngames_per_pairing: 8\nengines:\n  - {cmd: random, name: a}\n"
            "  - {cmd: random, name: b}\n"),
        "t.yaml", "/tmp", REFEREE_BIN_DIR);
}

TEST(Chess960Starts, AllNineHundredSixtyAndOnlyThose) {
    const auto& rules = test::cached_rules("fischerandom");
    const auto fens = rules::chess960_starts(rules.variant());
    EXPECT_EQ(std::set<std::string>(fens.begin(), fens.end()).size(), 960u);
    EXPECT_EQ(fens.size(), 960u);
    bool standard = false;
    for (const auto& fen : fens) {
        standard |= fen.rfind("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq", 0) == 0;
        // Read back with both castling rights of each side, found from where the rooks are.
        EXPECT_EQ(rules.from_fen(fen).fen(), fen);
        const std::string rank = fen.substr(fen.rfind('/') + 1, 8);
        const auto b1 = rank.find('B'), b2 = rank.rfind('B');
        EXPECT_NE(b1 % 2, b2 % 2) << fen;  // bishops on both colours
        EXPECT_LT(rank.find('R'), rank.find('K')) << fen;
        EXPECT_GT(rank.rfind('R'), rank.find('K')) << fen;
    }
    EXPECT_TRUE(standard);
    EXPECT_TRUE(rules::chess960_starts(test::cached_rules("chess").variant()).empty());
}

TEST(Chess960Starts, EachPairOfGamesGetsAStartFromTheSeed) {
    const auto config = fischer(7);
    const auto schedule = make_schedule(config);
    ASSERT_EQ(schedule.size(), 8u);
    std::set<std::string> starts;
    for (std::size_t i = 0; i < schedule.size(); i += 2) {
        ASSERT_GE(schedule[i].opening, 0);
        EXPECT_EQ(schedule[i].opening, schedule[i + 1].opening);  // a pair: one start
        starts.insert(config.openings.list[schedule[i].opening].fen);
    }
    EXPECT_EQ(starts.size(), 4u);  // four pairs, four starts
    EXPECT_EQ(fischer(7).openings.list[0].fen, config.openings.list[0].fen);
    EXPECT_NE(fischer(8).openings.list[0].fen, config.openings.list[0].fen);
}

}  // namespace
}  // namespace referee::tournament
