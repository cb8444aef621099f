// The probes of drops and the Eastern games' board rules (a drop on a forbidden rank, nifu,
// the flying general, a lame leap, confinement, bikjang, the janggi cannon's limits): their
// positions are ones a game reaches, every move the flawed engine adds is illegal and said so
// in the rule's words, and Fairy-Stockfish, an independent move generator, agrees on the legal
// moves. Also the test a missed win by the variant's ending is judged by: whether the win is still
// forced after the move played.
#include <gtest/gtest.h>

#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <set>
#include <string>

#include "referee/rules/probes/explain.hpp"
#include "referee/rules/probes/probe_board_rules.hpp"
#include "referee/rules/probes/probe_moves.hpp"
#include "referee/rules/probes/probes.hpp"
#include "tests/support/fairy_stockfish.hpp"
#include "tests/support/rules.hpp"

namespace {

using namespace referee::rules;
using referee::test::fairy_stockfish_legal_moves;
using referee::test::legal_uci_names;

struct BoardRule {
    const char* variant;
    RuleFeature feature;
    const char* words;  // in every explanation of a flawed move
};

void PrintTo(const BoardRule& r, std::ostream* os) {
    *os << r.variant << " " << feature_key(r.feature);
}

// The small boards' searches take about a second each; the larger boards' in the slow set.
const BoardRule kBoardRules[] = {
    {"minishogi", RuleFeature::DropRank, "it could never move from there"},
    {"minishogi", RuleFeature::Nifu, "nifu"},
    {"minixiangqi", RuleFeature::FlyingGeneral, "flying-general rule"},
    {"minixiangqi", RuleFeature::LameLeap, "blocks its way"},
    {"minixiangqi", RuleFeature::Confinement, "may not leave its region"},
};
const BoardRule kSlowBoardRules[] = {
    {"crazyhouse", RuleFeature::DropRank, "forbids dropping a pawn"},
    {"shogi", RuleFeature::DropRank, "it could never move from there"},
    {"shogi", RuleFeature::Nifu, "nifu"},
    {"xiangqi", RuleFeature::FlyingGeneral, "flying-general rule"},
    {"xiangqi", RuleFeature::LameLeap, "blocks its way"},
    {"xiangqi", RuleFeature::Confinement, "may not leave its region"},
    {"janggi", RuleFeature::Bikjang, "under bikjang a move must break the facing"},
    {"janggi", RuleFeature::HopLimits, "may not"},
};

void expect_positions_catch_the_flaw(const BoardRule& rule) {
    const auto [name, f, words] = rule;
    const Rules rules = Rules::load(name);
    ASSERT_TRUE(variant_has_feature(rules.variant(), f));
    ProbeSearch search;
    search.seed = 5;
    search.positions = 3;
    const auto found = find_probe_positions(rules, f, search);
    ASSERT_GE(found.size(), 2u);
    const bool fairy = ::access("/usr/games/fairy-stockfish", X_OK) == 0;
    for (const auto& p : found) {
        const Position pos = probe_position(rules, p);
        EXPECT_FALSE(pos.outcome()) << p.fen;
        EXPECT_TRUE(board_rules_reachable(pos)) << p.fen;
        ASSERT_FALSE(p.flawed_only.empty()) << p.fen;
        const auto fairy_legal =
            fairy ? fairy_stockfish_legal_moves(name, pos.fen()) : legal_uci_names(pos);
        if (fairy) {
            EXPECT_EQ(legal_uci_names(pos), fairy_legal) << p.fen;
        }
        for (Move m : p.flawed_only) {
            const std::string text = pos.move_name(m, MoveStyle::Uci);
            EXPECT_FALSE(pos.is_legal(m)) << p.fen << " " << text;
            EXPECT_EQ(fairy_legal.count(text), 0u) << p.fen << " " << text;
            const std::string why = explain_illegal(pos, text);
            EXPECT_NE(why.find(words), std::string::npos) << p.fen << " " << text << ": " << why;
        }
    }
}

std::string test_name(const testing::TestParamInfo<BoardRule>& info) {
    std::string name = std::string(info.param.variant) + "_" + feature_key(info.param.feature);
    std::replace(name.begin(), name.end(), '-', '_');
    return name;
}

class BoardRules : public testing::TestWithParam<BoardRule> {};
TEST_P(BoardRules, PositionsCatchTheFlawAndSayWhyInTheRulesWords) {
    expect_positions_catch_the_flaw(GetParam());
}
INSTANTIATE_TEST_SUITE_P(RuleProbes, BoardRules, testing::ValuesIn(kBoardRules), test_name);

class SlowBoardRules : public testing::TestWithParam<BoardRule> {};
TEST_P(SlowBoardRules, PositionsCatchTheFlawAndSayWhyInTheRulesWords) {
    expect_positions_catch_the_flaw(GetParam());
}
INSTANTIATE_TEST_SUITE_P(RuleProbes, SlowBoardRules, testing::ValuesIn(kSlowBoardRules), test_name);

TEST(BoardRuleProbes, AreOfferedOnlyWhereTheVariantHasTheRule) {
    const Variant chess = load_variant("chess");
    for (RuleFeature f : {RuleFeature::DropRank, RuleFeature::Nifu, RuleFeature::FlyingGeneral,
                          RuleFeature::LameLeap, RuleFeature::Confinement}) {
        std::string why;
        EXPECT_FALSE(variant_has_feature(chess, f, &why)) << feature_key(f);
        EXPECT_FALSE(why.empty());
    }
    // Crazyhouse forbids pawn drops on two ranks but has no nifu; minixiangqi confines only
    // its general and has lame horses but no elephant.
    EXPECT_TRUE(variant_has_feature(load_variant("crazyhouse"), RuleFeature::DropRank));
    EXPECT_FALSE(variant_has_feature(load_variant("crazyhouse"), RuleFeature::Nifu));
    EXPECT_TRUE(variant_has_feature(load_variant("minixiangqi"), RuleFeature::Confinement));
    EXPECT_FALSE(variant_has_feature(load_variant("minixiangqi"), RuleFeature::DropRank));
}

TEST(BoardRuleProbes, SetUpsNoGameReachesAreNotAsked) {
    const Rules xiangqi = Rules::load("xiangqi");
    // The general outside its palace; the generals facing on an open file.
    EXPECT_FALSE(board_rules_reachable(xiangqi.from_fen("4k4/9/9/9/9/9/9/4K4/9/9 w - - 0 1")));
    EXPECT_FALSE(board_rules_reachable(xiangqi.from_fen("4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1")));
    EXPECT_TRUE(board_rules_reachable(xiangqi.from_fen("3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1")));
    // Two unpromoted pawns of a side on a file, where nifu forbids it.
    const Rules minishogi = Rules::load("minishogi");
    EXPECT_FALSE(board_rules_reachable(minishogi.from_fen("k4/5/P4/P4/4K[] w - - 0 1")));
    EXPECT_TRUE(board_rules_reachable(minishogi.from_fen("k4/5/+P4/P4/4K[] w - - 0 1")));
    // King of the Hill: the side to move already on the hill won with its last move (Fairy-Max
    // was asked such a position, saw every move lose and played one that left it in check).
    const Rules koth = Rules::load("kingofthehill");
    EXPECT_FALSE(board_rules_reachable(koth.from_fen("8/8/3k4/3b4/1R1K3N/3r4/8/4B3 w - - 0 1")));
    EXPECT_TRUE(board_rules_reachable(koth.from_fen("8/8/3k4/8/1R1K3N/8/8/4B3 b - - 0 1")));
}

TEST(BoardRuleProbes, UchifuzumeAsksWhereAPawnDropMatesAndSomethingElseIsLegal) {
    const Rules rules = Rules::load("minishogi");
    ProbeSearch search;
    search.positions = 3;
    const auto found = find_probe_positions(rules, RuleFeature::Uchifuzume, search);
    ASSERT_GE(found.size(), 2u);
    const char pawn = rules.variant().drop_rules.no_mate;
    for (const auto& p : found) {
        const Position pos = probe_position(rules, p);
        EXPECT_FALSE(pos.outcome()) << p.fen;
        ASSERT_FALSE(p.losing.empty()) << p.fen;
        EXPECT_GT(p.legal.size(), p.losing.size()) << p.fen;
        for (Move m : p.losing) {
            // A pawn drop that mates, and the game ends there as the dropper's loss.
            ASSERT_EQ(m.kind(), MoveKind::Drop) << p.fen;
            EXPECT_EQ(rules.variant().pieces[static_cast<std::size_t>(m.drop_type())].letter, pawn);
            Position after = pos;
            after.play(m);
            ASSERT_TRUE(after.outcome()) << p.fen << " " << pos.move_name(m);
            EXPECT_EQ(after.outcome()->result,
                      pos.side_to_move() == White ? GameResult::BlackWins : GameResult::WhiteWins);
        }
    }
}

TEST(MissedWins, AMoveThatStillForcesTheWinIsAFreeChoiceAnyOtherGivesItAway) {
    const Rules koth = Rules::load("kingofthehill");
    // The white king on c3 reaches d4 at once; from c4 it still reaches d4 or d5 next,
    // whatever Black does; from b2 the centre is two steps away: the win is no longer forced.
    const Position pos = koth.from_fen("7k/8/8/8/8/2K5/8/R7 w - - 0 1");
    auto move = [&](const char* text) { return pos.parse_move(text); };
    EXPECT_TRUE(wins_at_once(pos, move("c3d4")));
    EXPECT_TRUE(keeps_forced_win(pos, move("c3d4")));
    EXPECT_TRUE(keeps_forced_win(pos, move("c3c4")));
    EXPECT_FALSE(keeps_forced_win(pos, move("c3b2")));
}

}  // namespace

namespace {

using namespace referee::rules;

TEST(CastlingMoveProbes, WhereAMateLosesNoCastlingThatMatesIsAskedAsAWin) {
    // In losers the mated side wins: a castling that mates gives the game away. The probe
    // asks castling only where it wins at once or is the only legal move (none there, so
    // the probe says it found no position instead of asking ones that test nothing). The
    // chess castling that mates is still asked (rule_probes_test's shipped variants).
    const Rules losers = Rules::load("losers");
    ProbeSearch search;
    search.positions = 3;
    for (const auto& p : find_probe_positions(losers, RuleFeature::CastlingMove, search)) {
        const Position pos = probe_position(losers, p);
        if (p.flawed_legal == 0) continue;  // castling is the only legal move
        ASSERT_FALSE(p.winning.empty()) << p.fen;
        for (Move m : p.winning) EXPECT_TRUE(wins_at_once(pos, m)) << p.fen;
    }
}

}  // namespace

namespace {

using namespace referee::rules;

TEST(CastlingProbes, HordesBlackCastlesFromItsOwnStartArray) {
    // White's first rank holds pawns in horde: Black's king and rook are read from Black's
    // own array, so its castling gets probes (an engine that castles through a piece fails).
    const Rules horde = Rules::load("horde");
    ProbeSearch search;
    search.positions = 2;
    const auto found = find_probe_positions(horde, RuleFeature::CastlingPathEmpty, search);
    ASSERT_FALSE(found.empty());
    for (const auto& p : found) {
        const Position pos = probe_position(horde, p);
        EXPECT_EQ(pos.side_to_move(), Black) << p.fen;
        ASSERT_FALSE(p.flawed_only.empty()) << p.fen;
        for (Move m : p.flawed_only) EXPECT_EQ(m.kind(), MoveKind::Castle) << p.fen;
    }
}

TEST(CastlingProbes, ExtinctionsKingCastlesThoughItIsNotRoyal) {
    // The castling piece is the one the array starts on the king's square; the set-ups keep
    // one piece of every kind a side may not lose, so they are no game over.
    const Rules extinction = Rules::load("extinction");
    ProbeSearch search;
    search.positions = 2;
    for (RuleFeature f : {RuleFeature::CastlingRights, RuleFeature::CastlingPathEmpty}) {
        const auto found = find_probe_positions(extinction, f, search);
        ASSERT_FALSE(found.empty()) << feature_key(f);
        for (const auto& p : found) {
            const Position pos = probe_position(extinction, p);
            ASSERT_FALSE(p.flawed_only.empty()) << p.fen;
            const Move m = p.flawed_only.front();
            EXPECT_NE(explain_illegal(pos, pos.move_name(m, MoveStyle::Uci)).find("castles, but"),
                      std::string::npos)
                << p.fen;
        }
    }
}

}  // namespace
