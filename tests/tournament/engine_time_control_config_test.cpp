// Per-engine time controls (time odds), score adjudication and the engine log in a
// tournament config: read, checked with the key named, and part of the fingerprint when
// they change which games are played (so a journal of other odds is refused on resume or
// merge), while a config without them keeps its fingerprint.
#include <gtest/gtest.h>

#include <yaml-cpp/yaml.h>

#include "referee/tournament/config.hpp"

namespace referee::tournament {
namespace {

TournamentConfig from_text(const std::string& text) {
    return tournament_config_from_yaml(YAML::Load(text), "t.yaml", "/tmp", REFEREE_BIN_DIR);
}

std::string config(const std::string& engine_a, const std::string& extra = "") {
    return "name: t\nvariant: minichess\ntime_control: 10+0.1\nmargin: 0.25\n" + extra +
           "engines:\n  - {cmd: random, name: a" + engine_a + "}\n  - {cmd: random, name: b}\n";
}

std::string error_of(const std::string& text) {
    try {
        from_text(text);
    } catch (const TournamentConfigError& e) {
        return e.what();
    }
    return "no error";
}

TEST(EngineTimeControlConfig, EachEngineGetsItsOwnControlWithTheTournamentsMargin) {
    const auto c = from_text(config(", tc: 40/60+0.6"));
    ASSERT_TRUE(c.limits[0].time_control.has_value());
    EXPECT_EQ(c.control_of(0).describe(), "40/60+0.6");
    EXPECT_EQ(c.control_of(0).margin_ms, 250);
    EXPECT_EQ(c.control_of(1).describe(), "10+0.1");
    EXPECT_FALSE(c.limits[1].time_control.has_value());
    EXPECT_EQ(from_text(config(", st: 0.5")).control_of(0).move_time_ms, 500);
    // The reports' time control names the odds.
    EXPECT_EQ(c.time_controls_text(), "10+0.1; a plays 40/60+0.6");
    EXPECT_EQ(from_text(config("")).time_controls_text(), "10+0.1");
}

TEST(EngineTimeControlConfig, TheFingerprintChangesWithTheOddsOnly) {
    const auto plain = from_text(config("")).fingerprint();
    const auto odds = from_text(config(", tc: 1+0")).fingerprint();
    EXPECT_NE(plain, odds);
    EXPECT_EQ(odds, from_text(config(", tc: 1+0")).fingerprint());
    EXPECT_NE(odds, from_text(config(", tc: 2+0")).fingerprint());
    // The log does not change which games are played; adjudication does.
    EXPECT_EQ(plain, from_text(config("", "log: engines.log\n")).fingerprint());
    EXPECT_NE(plain, from_text(config("", "adjudication: {resign: {movecount: 3, score: 600}}\n"))
                         .fingerprint());
}

TEST(EngineTimeControlConfig, MistakesNameTheKey) {
    EXPECT_NE(error_of(config(", tc: 1+0, st: 1")).find("engines[0].st: give either tc or st"),
              std::string::npos);
    EXPECT_NE(error_of(config(", tc: fast")).find("engines[0].tc: time control 'fast'"),
              std::string::npos)
        << error_of(config(", tc: fast"));
    EXPECT_NE(error_of(config("", "adjudication: {resign: {movecount: 0, score: 600}}\n"))
                  .find("adjudication.resign.movecount: 0: must be 1 to 10000"),
              std::string::npos)
        << error_of(config("", "adjudication: {resign: {movecount: 0, score: 600}}\n"));
    EXPECT_NE(error_of(config("", "adjudication: {draw: {movenumber: 40}}\n"))
                  .find("draw adjudication needs movecount and score"),
              std::string::npos);
    EXPECT_NE(error_of(config("", "adjudication: {resign: {movecount: 1, score: 1, two: 1}}\n"))
                  .find("two"),
              std::string::npos);
}

TEST(EngineTimeControlConfig, AdjudicationRulesAreRead) {
    const auto c =
        from_text(config("",
                         "adjudication: {resign: {movecount: 3, score: 600, twosided: true}, draw: "
                         "{movenumber: 40, movecount: 8, score: 10}}\nlog: logs/engines.log\n"));
    EXPECT_EQ(c.score_adjudication.resign.move_count, 3);
    EXPECT_EQ(c.score_adjudication.resign.score_cp, 600);
    EXPECT_TRUE(c.score_adjudication.resign.two_sided);
    EXPECT_EQ(c.score_adjudication.draw.move_number, 40);
    EXPECT_EQ(c.score_adjudication.draw.move_count, 8);
    EXPECT_EQ(c.score_adjudication.draw.score_cp, 10);
    EXPECT_EQ(c.engine_log, "/tmp/logs/engines.log");  // relative to the config's folder
}

}  // namespace
}  // namespace referee::tournament
