// Engines with one rule wrong (bin/flawed-engine --flaw KEY) fail the probe about their
// flaw on every shipped variant that has the rule, with a reason in words; a correct engine
// passes every rule probe; and the reproduce line of a failure replays it.
#include <gtest/gtest.h>

#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <memory>
#include <set>

#include "probe_position_checks.hpp"
#include "referee/rules/probes/probes.hpp"
#include "tests/support/run_command.hpp"
#include "validate_harness.hpp"

namespace {

using referee::rules::RuleFeature;
using referee::validate::Verdict;

const char* kFlawVariants[] = {"minichess", "minitchess", "gardner-castling", "chess",
                               "elephant-monkey-carp"};

std::string flawed(const std::string& flaw) {
    return "cmd=" + std::string(REFEREE_BIN_DIR) + "/flawed-engine arg=--flaw arg=" + flaw +
           " proto=uci name=flawed-" + flaw;
}

// Every flaw the rules layer knows (each is a rule feature), each with the probe it must fail.
const std::vector<RuleFeature>& kFlaws = referee::rules::all_rule_features();

// The catalogue's rules beyond the shipped five's, each with a catalogue variant that has it.
const std::pair<const char*, RuleFeature> kFlawCatalogueRules[] = {
    {"antichess", RuleFeature::ForcedCapture},
    {"racingkings", RuleFeature::ChecksForbidden},
    {"grand", RuleFeature::PromotionCapturedOnly},
    {"kingofthehill", RuleFeature::RegionWin},
    {"3check", RuleFeature::CheckCountWin},
    {"horde", RuleFeature::ExtinctionWin},
    {"racingkings", RuleFeature::RegionWin},
    {"shatranj", RuleFeature::BareKingWin},
    {"minishogi", RuleFeature::DropRank},
    {"minishogi", RuleFeature::Nifu},
    {"minixiangqi", RuleFeature::FlyingGeneral},
    {"minixiangqi", RuleFeature::LameLeap},
    {"xiangqi", RuleFeature::Confinement},
    {"minishogi", RuleFeature::Uchifuzume},
    {"janggi", RuleFeature::PassMove},
};

// A missed win (castling that mates, the variant's own ending) is a warning: another legal
// move breaks no rule.
bool warns_when_missed(RuleFeature f) {
    return referee::rules::wins_at_once_feature(f);
}

// The (variant, rule) pairs whose probe finds no position with validate's default seed: a
// rule the variant has that no position found shows (pins on dobutsu's board of one-step
// pieces; a double step, an en passant or a castling that is never the only legal move nor
// the only winning one where captures are forced or a mate does not win). Their probes are
// skipped, saying so. A pair that starts finding positions, or a new one, fails the test
// below, so that this list stays the true one.
const std::set<std::pair<std::string, std::string>> kNoPositions = {
    {"antichess", "double-step"},
    // Its sideways step is the only legal move only with a pawn already on the goal rank,
    // which ends the game: no game reaches such a position (board_rules_reachable).
    {"breakthrough", "side-step-move"},
    {"codrus", "double-step"},
    {"codrus", "castling-move"},
    {"dobutsu", "pins"},
    {"dobutsu", "discovered-check"},
    {"dobutsu", "promotion"},
    {"extinction", "en-passant"},
    {"extinction", "double-step"},
    {"extinction", "promotion"},
    {"extinction", "castling-move"},
    {"giveaway", "double-step"},
    {"giveaway", "castling-move"},
    {"gorogoro", "pins"},
    {"gorogoro", "discovered-check"},
    // Every piece of Great Shatranj leaps (betza WFDA, NWD, NFA, FA, WD, N, K; no lame
    // leap): nothing can stand between a piece and the king it attacks, so no pin and no
    // discovered check.
    {"great", "pins"},
    {"great", "discovered-check"},
    {"horde", "castling-move"},
    {"karouk", "discovered-check"},
    {"kinglet", "double-step"},
    {"kinglet", "castling-move"},
    // Koedem has no check (its kings may be taken) and nothing reaches a hand on its one
    // board: an engine without the double step or castling only misses a move, and no
    // reached game holds a piece to drop.
    {"koedem", "double-step"},
    {"koedem", "drop-rank"},
    {"koedem", "castling-move"},
    {"losers", "en-passant-exposes-king"},
    {"losers", "castling-move"},
    {"micro", "drop-rank"},
    {"placement", "castling-in-check"},
    {"placement", "castling-through-attack"},
    {"placement", "castling-move"},
    {"pocketknight", "drop-rank"},
    {"racingkings", "discovered-check"},
    {"suicide", "double-step"},
    // As in extinction: no check, so an engine without en passant or the double step only
    // misses a move, never the one move there is; and no reached game gives a promotion
    // position that tells the flaw apart (seed 1).
    {"threekings", "en-passant"},
    {"threekings", "double-step"},
    {"threekings", "promotion"},
};

// The shipped variants, read from their folder: the tests are made before main runs, when
// the rules library's own lists may not be ready yet.
std::vector<std::string> shipped_variants() {
    std::vector<std::string> names;
    for (const auto& entry : std::filesystem::directory_iterator(REFEREE_VARIANT_DIR))
        if (entry.path().extension() == ".yaml") names.push_back(entry.path().stem().string());
    std::sort(names.begin(), names.end());
    return names;
}

// One test per shipped variant, so that the variants run side by side. It also holds every
// position its probes asked to what a probe position must be (probe_position_checks.hpp).
class SlowShippedVariantFlaws : public testing::TestWithParam<std::string> {};

// For every rule the variant has, the engine without it (flawed-engine, whose move sets are
// the rules layer's ablations) fails the probe named for the rule, or where the rule's move
// can only be the one that wins (castling or gating that mates, the variant's ending), is
// warned; a correct engine fails none of the probes.
TEST_P(SlowShippedVariantFlaws, AnEngineWithoutARuleFailsTheProbeNamedForIt) {
    const std::string variant = GetParam();
    const auto rules = referee::rules::Rules::load(variant);
    // Every engine here is asked the same positions: each rule's are searched once.
    const auto memo = std::make_shared<referee::validate::ProbePositionMemo>();
    std::vector<std::string> probes;
    for (RuleFeature f : kFlaws) {
        if (!referee::rules::variant_has_feature(rules.variant(), f)) continue;
        const std::string key = referee::rules::feature_key(f);
        const std::string probe = "rule-" + key;
        probes.push_back(probe);
        auto o = referee::test::options_for(variant, flawed(key), std::nullopt, {probe});
        o.positions_memo = memo;
        const auto r = referee::test::probe(referee::validate::validate_engine(o), probe);
        if (kNoPositions.count({variant, key})) {
            EXPECT_EQ(r.verdict, Verdict::Skip) << variant << " " << probe << ": " << r.detail;
            EXPECT_NE(r.detail.find("no position was found"), std::string::npos)
                << variant << " " << probe << " found positions: take it off kNoPositions";
            continue;
        }
        const bool warns = referee::rules::only_warns(rules.variant(), f);
        EXPECT_EQ(r.verdict, warns ? Verdict::Warn : Verdict::Fail)
            << variant << " " << probe << ": " << r.detail;
        EXPECT_NE(r.detail.find(warns ? "your engine" : "positions failed"), std::string::npos)
            << variant << " " << probe << ": " << r.detail;
        EXPECT_GE(r.positions_asked, 1) << variant << " " << probe;
        EXPECT_EQ(r.positions_failed.empty(), warns) << variant << " " << probe;
        EXPECT_TRUE(r.evidence.has_value() && !r.evidence->hint.empty()) << variant << " " << probe;
    }
    for (const auto& [name, key] : kNoPositions)
        if (name == variant) {
            EXPECT_NE(std::find(probes.begin(), probes.end(), "rule-" + key), probes.end())
                << variant << " no longer has " << key << ": take it off kNoPositions";
        }
    // The same engine without a flaw plays only legal moves: no rule probe fails it.
    auto good = referee::test::options_for(variant, flawed(""), std::nullopt, probes);
    good.positions_memo = memo;
    const auto report = referee::validate::validate_engine(good);
    EXPECT_EQ(report.count(Verdict::Fail), 0u) << variant << "\n"
                                               << referee::validate::format_text(report);
    EXPECT_TRUE(referee::test::no_children_left());

    // Every position these probes asked (validate's default search, kept by the memo: not
    // searched again) tells the rule from its ablation, and an en-passant square in it
    // follows a double step some game could make. Not vacuous itself: a variant with rules
    // to probe got positions for some of them.
    int checked = 0;
    for (RuleFeature f : kFlaws) {
        if (!referee::rules::variant_has_feature(rules.variant(), f)) continue;
        const auto found = memo->get(variant, f, referee::rules::ProbeSearch{}, [&] {
            ADD_FAILURE() << variant << " " << referee::rules::feature_key(f)
                          << ": validate searched with other than the default search";
            return referee::rules::find_probe_positions(rules, f, {});
        });
        checked += referee::test::expect_positions_tell_the_rule(rules, f, found);
    }
    if (!probes.empty()) {
        EXPECT_GT(checked, 0) << variant;
    }
}

INSTANTIATE_TEST_SUITE_P(FlawedEngines, SlowShippedVariantFlaws,
                         testing::ValuesIn(shipped_variants()),
                         [](const testing::TestParamInfo<std::string>& info) {
                             std::string name = info.param;
                             std::replace(name.begin(), name.end(), '-', '_');
                             return name;
                         });

// Every flaw is tried: some shipped variant has each rule.
TEST(FlawedEngines, EveryRuleIsOneAShippedVariantHas) {
    std::vector<referee::rules::Variant> shipped;
    for (const auto& name : shipped_variants())
        shipped.push_back(referee::rules::load_variant(name));
    for (RuleFeature f : kFlaws)
        EXPECT_TRUE(std::any_of(shipped.begin(), shipped.end(), [&](const auto& v) {
            return referee::rules::variant_has_feature(v, f);
        })) << referee::rules::feature_key(f);
}

// The catalogue's rules: an engine without the rule fails its probe (where the rule's move is
// the only win, missing it is a warning); the same engine without the flaw passes it.
TEST(SlowFlawedEngines, EachCatalogueRuleProbeCatchesItsFlawAndPassesACorrectEngine) {
    for (const auto& [variant, f] : kFlawCatalogueRules) {
        const std::string key = referee::rules::feature_key(f);
        const std::string probe = "rule-" + key;
        auto o = referee::test::options_for(variant, flawed(key), std::nullopt, {probe});
        o.rule_positions = 3;
        const auto r = referee::test::probe(referee::validate::validate_engine(o), probe);
        const bool warns = warns_when_missed(f);
        EXPECT_EQ(r.verdict, warns ? Verdict::Warn : Verdict::Fail)
            << variant << " " << probe << ": " << r.detail;
        EXPECT_GE(r.positions_asked, 2) << variant << " " << probe;
        EXPECT_NE(r.detail.find(warns ? "your engine may not know" : "positions failed"),
                  std::string::npos)
            << r.detail;
        if (referee::rules::winning_ending(f)) {
            // The missed win says which move won; the card can be replayed.
            EXPECT_NE(r.detail.find("a legal move, but only"), std::string::npos) << r.detail;
            ASSERT_TRUE(r.evidence.has_value()) << variant << " " << probe;
            EXPECT_FALSE(r.evidence->reproduce.empty()) << variant << " " << probe;
        }
        auto good = referee::test::options_for(variant, flawed(""), std::nullopt, {probe});
        good.rule_positions = 3;
        const auto g = referee::test::probe(referee::validate::validate_engine(good), probe);
        EXPECT_EQ(g.verdict, Verdict::Pass) << variant << " " << probe << ": " << g.detail;
    }
    EXPECT_TRUE(referee::test::no_children_left());
}

// The move-kind probes say what the engine missed: the drops that were the only legal
// moves, the promotion before the last rank it could not read, the gating that mated.
TEST(SlowFlawedEngines, MoveKindProbesSayWhatTheEngineMissed) {
    struct Case {
        const char* variant;
        const char* flaw;
        Verdict verdict;
        const char* words;
    };
    for (const Case& c : {
             Case{"crazyhouse", "drop-move", Verdict::Fail, "it made no move"},
             Case{"sittuyin", "promotion-move", Verdict::Fail, "it made no move"},
             Case{"fischerandom", "castling-only-move", Verdict::Fail, "it made no move"},
             Case{"cambodian", "first-move", Verdict::Fail, "it made no move"},
             Case{"janggi", "pass-move", Verdict::Fail, "it made no move"},
             Case{"makruk", "promotion-zone", Verdict::Fail,
                  "rank 6, where makruk's promotion zone begins"},
             Case{"seirawan", "gating-move", Verdict::Warn,
                  "your engine never gated where gating wins at once"},
         }) {
        const std::string probe = std::string("rule-") + c.flaw;
        auto o = referee::test::options_for(c.variant, flawed(c.flaw), std::nullopt, {probe});
        o.rule_positions = 2;
        const auto r = referee::test::probe(referee::validate::validate_engine(o), probe);
        EXPECT_EQ(r.verdict, c.verdict) << c.variant << " " << probe << ": " << r.detail;
        EXPECT_NE(r.detail.find(c.words), std::string::npos) << r.detail;
    }
    EXPECT_TRUE(referee::test::no_children_left());
}

TEST(FlawedEngines, TheCheckEvasionFlawAlsoMissesDiscoveredChecks) {
    const std::string probe = "rule-discovered-check";
    auto o = referee::test::options_for("chess", flawed("check-evasion"), std::nullopt, {probe});
    const auto r = referee::test::probe(referee::validate::validate_engine(o), probe);
    EXPECT_EQ(r.verdict, Verdict::Fail) << r.detail;
}

TEST(SlowFlawedEngines, CastlingWrittenAsTheKingTakingItsRookFails) {
    // It castles where castling mates, but writes it as e1h1: an illegal move, said so.
    for (const char* variant : {"gardner-castling", "chess"}) {
        const std::string probe = "rule-castling-move";
        auto o = referee::test::options_for(variant,
                                            "cmd=" + std::string(REFEREE_BIN_DIR) +
                                                "/flawed-engine arg=--castle-onto-rook "
                                                "proto=uci name=castle-onto-rook",
                                            std::nullopt, {probe});
        const auto r = referee::test::probe(referee::validate::validate_engine(o), probe);
        EXPECT_EQ(r.verdict, Verdict::Fail) << variant << ": " << r.detail;
        EXPECT_NE(r.detail.find("is the king taking its own rook"), std::string::npos) << r.detail;
    }
}

TEST(FlawedEngines, AnEngineThatNeverSideStepsHasNoMoveWhereOnlyASideStepIsLegal) {
    const std::string probe = "rule-side-step-move";
    auto o =
        referee::test::options_for("minitchess", flawed("side-step-move"), std::nullopt, {probe});
    const auto r = referee::test::probe(referee::validate::validate_engine(o), probe);
    EXPECT_EQ(r.verdict, Verdict::Fail) << r.detail;
    EXPECT_NE(r.detail.find("it made no move"), std::string::npos) << r.detail;
    // A correct engine plays the side-step there.
    auto good = referee::test::options_for("minitchess", flawed(""), std::nullopt, {probe});
    EXPECT_EQ(referee::test::probe(referee::validate::validate_engine(good), probe).verdict,
              Verdict::Pass);
}

TEST(FlawedEngines, ASecondPawnDroppedOnAFileFailsNifuWithTheRuleInWords) {
    const std::string probe = "rule-nifu";
    auto o = referee::test::options_for("minishogi", flawed("nifu"), std::nullopt, {probe});
    o.rule_positions = 2;
    const auto r = referee::test::probe(referee::validate::validate_engine(o), probe);
    EXPECT_EQ(r.verdict, Verdict::Fail) << r.detail;
    EXPECT_NE(r.detail.find("drops a second pawn on the file of"), std::string::npos) << r.detail;
    ASSERT_TRUE(r.evidence.has_value());
    EXPECT_NE(r.evidence->reproduce.find("referee play"), std::string::npos);
    auto good = referee::test::options_for("minishogi", flawed(""), std::nullopt, {probe});
    good.rule_positions = 2;
    EXPECT_EQ(referee::test::probe(referee::validate::validate_engine(good), probe).verdict,
              Verdict::Pass);
    EXPECT_TRUE(referee::test::no_children_left());
}

TEST(FlawedEngines, APawnDropMateFailsUchifuzume) {
    // The engine without uchifuzume takes the pawn-drop mate for a win and plays it.
    const std::string probe = "rule-uchifuzume";
    auto o = referee::test::options_for("minishogi", flawed("uchifuzume"), std::nullopt, {probe});
    o.rule_positions = 2;
    const auto r = referee::test::probe(referee::validate::validate_engine(o), probe);
    EXPECT_EQ(r.verdict, Verdict::Fail) << r.detail;
    EXPECT_NE(r.detail.find("a mate by a drop the rule makes a loss"), std::string::npos)
        << r.detail;
    auto good = referee::test::options_for("minishogi", flawed(""), std::nullopt, {probe});
    good.rule_positions = 2;
    const auto g = referee::test::probe(referee::validate::validate_engine(good), probe);
    EXPECT_EQ(g.verdict, Verdict::Pass) << g.detail;
    EXPECT_TRUE(referee::test::no_children_left());
}

TEST(FlawedEngines, AMissedWinByTheVariantsEndingIsAWarningInTheVariantsWords) {
    // King of the Hill: an engine that does not know the centre wins plays another legal
    // move; it breaks no rule, so it conforms, warned that it may not know the centre.
    const std::string probe = "rule-region";
    auto o = referee::test::options_for("kingofthehill", flawed("region"), std::nullopt, {probe});
    o.rule_positions = 2;
    const auto report = referee::validate::validate_engine(o);
    const auto r = referee::test::probe(report, probe);
    EXPECT_EQ(r.verdict, Verdict::Warn) << r.detail;
    EXPECT_NE(r.detail.find("your engine may not know that a king on d4, d5, e4 or e5 wins"),
              std::string::npos)
        << r.detail;
    EXPECT_TRUE(r.positions_failed.empty());
    EXPECT_TRUE(report.passed()) << referee::validate::format_text(report);
    EXPECT_NE(referee::validate::format_summary(report).find("verdict: conforms, with warnings"),
              std::string::npos);
}

TEST(FlawedEngines, FailuresSayWhyInWords) {
    const std::string probe = "rule-castling-through-attack";
    auto o = referee::test::options_for("chess", flawed("castling-through-attack"), std::nullopt,
                                        {probe});
    const auto r = referee::test::probe(referee::validate::validate_engine(o), probe);
    EXPECT_NE(r.detail.find("castles through"), std::string::npos) << r.detail;
    EXPECT_NE(r.detail.find("which the"), std::string::npos) << r.detail;
}

TEST(SlowFlawedEngines, EveryReproduceLineOfAFailingCardReplaysTheFailure) {
    for (const char* flaw : {"pins", "side-step", "castling-rights"}) {
        const char* variant = std::string(flaw) == "side-step" ? "minitchess" : "chess";
        auto o = referee::test::options_for(variant, flawed(flaw), std::nullopt, {});
        const auto report = referee::validate::validate_engine(o);
        int replayed = 0;
        for (const auto& p : report.probes) {
            if (p.verdict != Verdict::Fail || !p.evidence || p.evidence->reproduce.empty())
                continue;
            const std::string& line = p.evidence->reproduce;
            EXPECT_EQ(line.rfind(std::string(REFEREE_BIN_DIR) + "/referee play ", 0), 0u) << line;
            const auto run = referee::test::run_shell(line + " --quiet --out " +
                                                      ::testing::TempDir() + "replay 2>&1");
            EXPECT_NE(run.out.find("illegal move"), std::string::npos) << p.name << "\n"
                                                                       << line << "\n"
                                                                       << run.out;
            ++replayed;
        }
        EXPECT_GE(replayed, 1) << flaw;
    }
}

TEST(SlowFlawedEngines, WithoutAFlawItPassesTheWholeBatteryWithNoWarning) {
    for (const char* variant : kFlawVariants) {
        auto o = referee::test::options_for(variant, flawed(""), std::nullopt, {});
        const auto report = referee::validate::validate_engine(o);
        EXPECT_EQ(report.count(Verdict::Fail), 0u) << variant << "\n"
                                                   << referee::validate::format_text(report);
        EXPECT_EQ(report.count(Verdict::Warn), 0u) << variant;
    }
}

}  // namespace

namespace {

TEST(SlowOneGameEngines, AnImcsEngineThatExitsAfterEachGameIsRestartedAndReportedOnce) {
    const std::string engine =
        "cmd=" + std::string(REFEREE_BIN_DIR) +
        "/flawed-engine arg=--one-game arg=--protocol arg=imcs arg=--variant "
        "arg=minitchess proto=imcs name=one-game";
    auto o = referee::test::options_for("minitchess", engine, std::nullopt,
                                        {"start-position", "set-up-position", "after-moves",
                                         "rule-board-edges", "full-game", "second-game", "quit"});
    const auto report = referee::validate::validate_engine(o);
    int notes = 0;
    for (const auto& p : report.probes) {
        notes += p.name == "exits-after-game";
        EXPECT_NE(p.verdict, Verdict::Fail) << p.name << ": " << p.detail;
    }
    EXPECT_EQ(notes, 1) << referee::validate::format_text(report);
    const auto note = referee::test::probe(report, "exits-after-game");
    EXPECT_EQ(note.verdict, Verdict::Warn);
    EXPECT_NE(note.detail.find("exits after every game: tournaments will restart it"),
              std::string::npos);
    EXPECT_EQ(referee::test::probe(report, "rule-board-edges").verdict, Verdict::Pass);
    EXPECT_TRUE(referee::test::no_children_left());
}

// The same over xboard, where the engine has ping: asked between games whether it is still
// there, it does not answer but exits, and validate sees the exit and starts it again.
TEST(OneGameEngines, AnXboardEngineThatExitsOnResultIsRestartedAndReportedOnce) {
    const std::string engine = "cmd=" + std::string(REFEREE_BIN_DIR) +
                               "/flawed-engine arg=--one-game arg=--protocol arg=xboard "
                               "proto=xboard name=one-game";
    auto o = referee::test::options_for("minichess", engine, std::nullopt,
                                        {"start-position", "rule-board-edges", "quit"});
    o.rule_positions = 3;
    const auto report = referee::validate::validate_engine(o);
    for (const auto& p : report.probes)
        EXPECT_NE(p.verdict, Verdict::Fail) << p.name << ": " << p.detail;
    const auto note = referee::test::probe(report, "exits-after-game");
    EXPECT_EQ(note.verdict, Verdict::Warn) << referee::validate::format_text(report);
    EXPECT_EQ(referee::test::probe(report, "rule-board-edges").positions_asked, 3);
    EXPECT_TRUE(referee::test::no_children_left());
}

TEST(SlowOneGameEngines, AnImcsClientThatKnowsOnlyTheStartPositionIsNotFailedForIt) {
    // Like the course's clients: it keeps its own board from the start, ignores the one it
    // is sent, and exits after its game. The set-up board is a warning, said once; the
    // later set-up positions are skipped with why; it plays its games from the start.
    const std::string engine = "cmd=" + std::string(REFEREE_BIN_DIR) +
                               "/flawed-engine arg=--start-only arg=--one-game arg=--protocol "
                               "arg=imcs arg=--variant arg=minitchess proto=imcs name=client";
    const auto report =
        referee::validate::validate_engine(referee::test::options_for("minitchess", engine));
    EXPECT_TRUE(report.passed()) << referee::validate::format_text(report);
    const auto setup = referee::test::probe(report, "set-up-position");
    EXPECT_EQ(setup.verdict, Verdict::Warn) << setup.detail;
    EXPECT_NE(setup.detail.find("probed only from the start position"), std::string::npos);
    for (const char* name : {"after-moves", "rule-side-step", "rule-king-capture"}) {
        const auto r = referee::test::probe(report, name);
        EXPECT_EQ(r.verdict, Verdict::Skip) << name << ": " << r.detail;
        EXPECT_NE(r.detail.find("probed only from the start position"), std::string::npos);
    }
    EXPECT_EQ(referee::test::probe(report, "full-game").verdict, Verdict::Pass);
    EXPECT_TRUE(referee::test::no_children_left());
}

TEST(TimeScale, ScalesEveryProbeClockAndTheReproduceLineSaysSo) {
    auto o = referee::test::options_for("minitchess", "broken-illegal", std::nullopt,
                                        {"start-position"});
    o.time_scale = 2;
    const auto r = referee::test::probe(referee::validate::validate_engine(o), "start-position");
    ASSERT_TRUE(r.evidence.has_value());
    EXPECT_NE(r.evidence->reproduce.find("--tc 6 "), std::string::npos) << r.evidence->reproduce;
}

}  // namespace

namespace {

// A variant the referee has never seen, with none of chess's letters: its rule probes are
// found from its own pieces, and a correct engine passes them while a flawed one fails.
const char* kUnseenVariant = R"(name: wazir-war
description: "a made-up 5x6 game for the tests"
board: {files: 5, ranks: 6}
start: "wgkfw/sssss/5/5/SSSSS/WGKFW w - - 0 1"
pieces:
  - {letter: K, name: king, betza: K, royal: true}
  - {letter: G, name: general, betza: Q}
  - {letter: W, name: wazir, betza: W}
  - {letter: F, name: ferz, betza: FmW}
  - letter: S
    name: soldier
    betza: mfWcfF
    pawn: true
    promotion: [G, W]
check_rules: true
end:
  checkmate: loss
  no_legal_moves: draw
)";

// In the slow set: every rule probe against a real engine takes about six seconds.
TEST(SlowUnseenVariants, AVariantFileGetsItsOwnRuleProbes) {
    const std::string path =
        ::testing::TempDir() + "wazir-war-" + std::to_string(::getpid()) + ".yaml";
    {
        std::ofstream out(path);
        out << kUnseenVariant;
    }
    std::vector<std::string> only;
    for (auto f : referee::rules::all_rule_features())
        only.push_back(std::string("rule-") + referee::rules::feature_key(f));
    auto good = referee::test::options_for(path, "random", std::nullopt, only);
    const auto passed = referee::validate::validate_engine(good);
    EXPECT_EQ(passed.count(Verdict::Fail), 0u) << referee::validate::format_text(passed);
    for (const char* probe : {"rule-pins", "rule-check-evasion", "rule-side-step",
                              "rule-promotion-choice", "rule-board-edges"}) {
        const auto r = referee::test::probe(passed, probe);
        EXPECT_EQ(r.verdict, Verdict::Pass) << probe << ": " << r.detail;
    }
    auto bad =
        referee::test::options_for(path, flawed("side-step"), std::nullopt, {"rule-side-step"});
    const auto r = referee::test::probe(referee::validate::validate_engine(bad), "rule-side-step");
    EXPECT_EQ(r.verdict, Verdict::Fail) << r.detail;
    EXPECT_NE(r.detail.find("the ferz on"), std::string::npos) << r.detail;
    std::remove(path.c_str());
}

}  // namespace
