// results.json parses and carries the standings' numbers exactly; the PGN file holds every game.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "report_fixture.hpp"

namespace referee::report {
namespace {

using fixture::kScriptName;
using fixture::sample_tournament;

TEST(ReportJson, TournamentAndEngines) {
    const ReportInput in = sample_tournament();
    const auto j = nlohmann::json::parse(results_json(in));
    EXPECT_EQ(j["tournament"]["title"], "Spring <class> & co");
    EXPECT_EQ(j["tournament"]["variant"], "minitchess");
    EXPECT_EQ(j["tournament"]["format"], "round-robin");
    EXPECT_EQ(j["tournament"]["time_control"], "10+0.1");
    EXPECT_EQ(j["tournament"]["scheduled_games"], 4);
    EXPECT_EQ(j["tournament"]["counted_games"], 3);
    EXPECT_EQ(j["tournament"]["interrupted_games"], 0);
    EXPECT_EQ(j["engines"], (std::vector<std::string>{"alpha", "beta", kScriptName}));
}

TEST(ReportJson, StandingsRoundTripExactly) {
    const ReportInput in = sample_tournament();
    const auto j = nlohmann::json::parse(results_json(in));
    ASSERT_EQ(j["standings"].size(), 3u);
    for (std::size_t k = 0; k < 3; ++k) {
        const auto& row = in.standings.table[k];
        const auto& r = j["standings"][k];
        EXPECT_EQ(r["rank"], k + 1);
        EXPECT_EQ(r["engine"], row.name);
        EXPECT_EQ(r["games"], row.games);
        EXPECT_EQ(r["wins"], row.wins);
        EXPECT_EQ(r["draws"], row.draws);
        EXPECT_EQ(r["losses"], row.losses);
        EXPECT_EQ(r["points"].get<double>(), row.points);
        EXPECT_EQ(r["elo"].get<double>(), row.elo);  // shortest round-trip form: exact
        EXPECT_EQ(r["elo_error_95"].get<double>(), row.elo_error);
    }
    // The hand-worked figures of the fixture (see report_fixture.hpp).
    EXPECT_EQ(j["standings"][0]["engine"], "alpha");
    EXPECT_EQ(j["standings"][0]["score"].get<double>(), 1.0);
    EXPECT_EQ(j["standings"][1]["illegal_moves"], 1);
    EXPECT_EQ(j["standings"][2]["time_losses"], 1);
    EXPECT_EQ(j["standings"][2]["points"].get<double>(), 0.0);
    EXPECT_EQ(j["standings"][0]["crashes"], 0);
    EXPECT_EQ(j["standings"][0]["protocol_faults"], 0);
    EXPECT_EQ(j["standings"][0]["start_failures"], 0);
}

TEST(ReportJson, CrosstableAndLosAreIndexedLikeEngines) {
    const auto j = nlohmann::json::parse(results_json(sample_tournament()));
    // engines: alpha, beta, <script>. alpha beat both; <script> beat beta.
    EXPECT_EQ(j["crosstable"][0][1]["wins"], 1);
    EXPECT_EQ(j["crosstable"][1][0]["losses"], 1);
    EXPECT_EQ(j["crosstable"][2][1]["wins"], 1);
    EXPECT_EQ(j["crosstable"][2][0]["points"].get<double>(), 0.0);
    EXPECT_TRUE(j["los"][0][0].is_null());
    // One win, no loss: the normal CDF at 1.
    EXPECT_NEAR(j["los"][0][1].get<double>(), 0.841345, 1e-6);
    EXPECT_NEAR(j["los"][1][2].get<double>(), 1 - 0.841345, 1e-6);
}

TEST(ReportJson, GamesAreListed) {
    const auto j = nlohmann::json::parse(results_json(sample_tournament()));
    ASSERT_EQ(j["games"].size(), 3u);
    const auto& g1 = j["games"][0];
    EXPECT_EQ(g1["number"], 1);
    EXPECT_EQ(g1["round"], 1);
    EXPECT_EQ(g1["white"], "alpha");
    EXPECT_EQ(g1["black"], kScriptName);
    EXPECT_EQ(g1["result"], "1-0");
    EXPECT_EQ(g1["termination"], "illegal-move");
    EXPECT_EQ(g1["reason_key"], "illegal-move");
    EXPECT_EQ(g1["at_fault"], "black");
    EXPECT_EQ(g1["plies"], 3);
    EXPECT_EQ(j["games"][1]["termination"], "time-forfeit");
    EXPECT_EQ(j["games"][1]["plies"], 1);
    EXPECT_EQ(j["games"][2]["reason"], "beta (Black) resigned");
}

TEST(ReportJson, BadBytesAreReplacedNotFatal) {
    ReportInput in = sample_tournament();
    in.games[0].reason = std::string("bad \xc3 byte");
    const auto j = nlohmann::json::parse(results_json(in));
    EXPECT_EQ(j["games"][0]["reason"], "bad \xEF\xBF\xBD byte");
}

TEST(ReportPgn, EveryGameInScheduleOrder) {
    const ReportInput in = sample_tournament();
    const std::string pgn = pgn_file(in);
    EXPECT_EQ(pgn,
              match::to_pgn(in.games[0]) + match::to_pgn(in.games[1]) + match::to_pgn(in.games[2]));
    const auto first = pgn.find("[Round \"1\"]"), second = pgn.find("[Round \"2\"]"),
               third = pgn.find("[Round \"3\"]");
    ASSERT_NE(third, std::string::npos);
    EXPECT_LT(first, second);
    EXPECT_LT(second, third);
    EXPECT_NE(pgn.find("1. b3 "), std::string::npos);
    EXPECT_NE(pgn.find(" 2. bxc4 "), std::string::npos);
}

}  // namespace
}  // namespace referee::report
