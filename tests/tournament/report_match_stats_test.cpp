// The match statistics in the three reports: one row per pairing that played, with the
// pentanomial counts, and the SPRT line when the tournament is a match with a test.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "referee/report/report.hpp"
#include "report_fixture.hpp"

namespace referee::report {
namespace {

TEST(ReportMatchStats, EveryPairingThatPlayedHasARowInEveryReport) {
    const auto in = fixture::sample_tournament();
    const std::string md = markdown_report(in);
    EXPECT_NE(md.find("## Match statistics"), std::string::npos);
    EXPECT_NE(md.find("| alpha vs " + std::string("\\<script\\>")), std::string::npos) << md;
    const std::string html = html_report(in);
    EXPECT_NE(html.find("<section id=\"match-stats\">"), std::string::npos);
    EXPECT_EQ(html.find("<td>alpha vs <script>"), std::string::npos);  // escaped
    const auto j = nlohmann::json::parse(results_json(in));
    const auto& stats = j.at("match_statistics");
    // Three games between three engines: each pair of engines met once.
    ASSERT_EQ(stats.size(), 3u);
    for (const auto& s : stats) {
        EXPECT_EQ(s.at("games").get<int>(), 1) << s;
        EXPECT_GT(s.at("elo_error_95").get<double>(), 0.0) << s;  // one game: wide, never zero
        EXPECT_TRUE(s.at("sprt").is_null());
        int pairs = 0;
        for (const auto& p : s.at("pentanomial")) pairs += p.get<int>();
        EXPECT_EQ(pairs, 0);  // single games make no pair
    }
}

TEST(ReportMatchStats, AMatchShowsItsSprt) {
    auto in = fixture::sample_tournament();
    // Keep alpha's and <script>'s game only, make them a match with a test.
    in.engines = {"alpha", fixture::kScriptName};
    in.standings = tournament::compute_standings(in.engines, in.games);
    in.sprt.enabled = true;
    in.sprt.elo0 = 0, in.sprt.elo1 = 5;
    const std::string md = markdown_report(in);
    EXPECT_NE(md.find("**SPRT** (elo0=0 elo1=5 alpha=0.05 beta=0.05 model=normalized): `LLR: "),
              std::string::npos)
        << md;
    const auto j = nlohmann::json::parse(results_json(in));
    const auto& s = j.at("match_statistics").at(0).at("sprt");
    EXPECT_EQ(s.at("verdict"), "continue");
    EXPECT_NEAR(s.at("upper_bound").get<double>(), 2.944439, 1e-6);
    EXPECT_NE(html_report(in).find("<strong>SPRT</strong>"), std::string::npos);
}

}  // namespace
}  // namespace referee::report
