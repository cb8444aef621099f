// The probes of move kinds an engine may never play (rules/probes/probe_move_kinds.cpp):
// positions where only drops, only a castling, only sittuyin's promotion move, only a first-move
// leap, only janggi's pass is legal; where
// gating is the only move that wins at once; and positions asked right after a promotion
// before the last rank, which an engine that promotes only on the last rank cannot read.
#include <gtest/gtest.h>

#include <algorithm>

#include "referee/rules/probes/probe_move_kinds.hpp"
#include "referee/rules/probes/probe_moves.hpp"
#include "referee/rules/probes/probes.hpp"

namespace {

using namespace referee::rules;

struct Case {
    const char* variant;
    const char* key;
};

void PrintTo(const Case& c, std::ostream* os) {
    *os << c.variant << " " << c.key;
}

std::string case_name(const testing::TestParamInfo<Case>& info) {
    std::string name = std::string(info.param.variant) + "_" + info.param.key;
    std::replace(name.begin(), name.end(), '-', '_');
    return name;
}

std::vector<ProbePosition> three_found(const Rules& rules, RuleFeature f) {
    ProbeSearch search;
    search.positions = 3;
    return find_probe_positions(rules, f, search);
}

class OnlyItsMovesAreLegal : public testing::TestWithParam<Case> {};

// An engine that never plays the kind of move has nothing legal to play in these positions.
TEST_P(OnlyItsMovesAreLegal, InEveryPositionFound) {
    const Rules rules = Rules::load(GetParam().variant);
    const RuleFeature f = *feature_from_key(GetParam().key);
    ASSERT_TRUE(variant_has_feature(rules.variant(), f));
    const auto positions = three_found(rules, f);
    ASSERT_EQ(positions.size(), 3u);
    const FlawedMoves flawed(rules, f);
    for (const auto& p : positions) {
        const Position pos = probe_position(rules, p);
        EXPECT_FALSE(pos.outcome()) << p.fen;
        ASSERT_FALSE(p.legal.empty()) << p.fen;
        for (Move m : p.legal)
            EXPECT_TRUE(is_move_of_kind(pos, f, m)) << p.fen << " " << pos.move_name(m);
        EXPECT_TRUE(flawed.moves(pos).empty()) << p.fen;
        EXPECT_EQ(p.flawed_legal, 0) << p.fen;
    }
}

INSTANTIATE_TEST_SUITE_P(
    MoveKindProbes, OnlyItsMovesAreLegal,
    testing::Values(Case{"crazyhouse", "drop-move"}, Case{"shogi", "drop-move"},
                    Case{"sittuyin", "drop-move"}, Case{"sittuyin", "promotion-move"},
                    Case{"cambodian", "first-move"}, Case{"janggi", "pass-move"},
                    Case{"janggimodern", "pass-move"}, Case{"fischerandom", "castling-only-move"},
                    Case{"caparandom", "castling-only-move"}),
    case_name);

// A gated move is legal exactly when the same move without the gate is, so gating is never
// the only legal move: it is asked where it is the only move that wins at once.
TEST(MoveKindProbes, GatingIsTheOnlyMoveThatWinsAtOnce) {
    const Rules rules = Rules::load("seirawan");
    EXPECT_TRUE(only_warns(rules.variant(), RuleFeature::GatingMove));
    const auto positions = three_found(rules, RuleFeature::GatingMove);
    ASSERT_EQ(positions.size(), 3u);
    for (const auto& p : positions) {
        const Position pos = probe_position(rules, p);
        ASSERT_FALSE(p.winning.empty()) << p.fen;
        for (Move m : p.legal) {
            const bool winning =
                std::find(p.winning.begin(), p.winning.end(), m) != p.winning.end();
            EXPECT_EQ(wins_at_once(pos, m), winning) << p.fen << " " << pos.move_name(m);
            if (winning) {
                EXPECT_TRUE(m.gates()) << p.fen << " " << pos.move_name(m);
            }
        }
    }
}

class ZoneProbes : public testing::TestWithParam<const char*> {};

// Asked right after the other side's promotion before the last rank: an engine that takes
// the last rank for the zone cannot read that move, so it plays from the position before it,
// where every move it believes in is illegal (the other side's, or a piece no longer there).
TEST_P(ZoneProbes, FollowAPromotionTheFlawedEngineCannotRead) {
    const Rules rules = Rules::load(GetParam());
    ASSERT_TRUE(variant_has_feature(rules.variant(), RuleFeature::PromotionZone));
    const FlawedMoves flawed(rules, RuleFeature::PromotionZone);
    const auto positions = three_found(rules, RuleFeature::PromotionZone);
    ASSERT_EQ(positions.size(), 3u);
    for (const auto& p : positions) {
        ASSERT_EQ(p.opening.size(), 1u) << p.fen;
        const Position before = rules.from_fen(p.fen);
        const Move lead = before.parse_move(p.opening.front());
        ASSERT_NE(lead.promotion, 0) << p.fen << " " << p.opening.front();
        EXPECT_LT(rules.geometry().relative_rank(before.side_to_move(), lead.to),
                  rules.geometry().height)
            << p.fen << " " << p.opening.front();
        EXPECT_FALSE(flawed.reads(before, lead)) << p.fen << " " << p.opening.front();
        const Position pos = probe_position(rules, p);
        const Move played[] = {lead};
        const auto believed = flawed.misread_position(pos, played);
        ASSERT_TRUE(believed.has_value()) << p.fen;
        EXPECT_EQ(believed->fen(), before.fen());
        for (Move m : flawed.moves(*believed)) EXPECT_FALSE(pos.is_legal(m)) << p.fen;
        EXPECT_NE(p.note.find("promotion zone begins"), std::string::npos) << p.note;
    }
    // A correct engine reads it.
    const FlawedMoves none(rules, RuleFeature::Pins);
    const Position pos = probe_position(rules, positions.front());
    const Move played[] = {
        rules.from_fen(positions.front().fen).parse_move(positions.front().opening.front())};
    EXPECT_FALSE(none.misread_position(pos, played).has_value());
}

INSTANTIATE_TEST_SUITE_P(MoveKindProbes, ZoneProbes,
                         testing::Values("makruk", "shogi", "grand", "gorogoro"),
                         [](const testing::TestParamInfo<const char*>& info) {
                             return std::string(info.param);
                         });

// Each move kind's probe appears where the variant's data has the kind, and says why not
// elsewhere.
TEST(MoveKindProbes, AppearWhereTheVariantHasTheMoveKind) {
    for (const auto& name : list_variants()) {
        const Variant v = load_variant(name);
        EXPECT_EQ(variant_has_feature(v, RuleFeature::DropMove), v.drops) << name;
        EXPECT_EQ(variant_has_feature(v, RuleFeature::GatingMove), v.gating) << name;
        EXPECT_EQ(variant_has_feature(v, RuleFeature::PromotionMove),
                  std::any_of(v.pieces.begin(), v.pieces.end(),
                              [](const PieceType& p) { return p.promotion_move.has_value(); }))
            << name;
        const bool early = std::any_of(v.pieces.begin(), v.pieces.end(), [&](const PieceType& p) {
            return !p.promotes_to.empty() && p.promotion_rank != 0 &&
                   p.promotion_rank < v.geometry.height;
        });
        EXPECT_EQ(variant_has_feature(v, RuleFeature::PromotionZone), early) << name;
        EXPECT_EQ(variant_has_feature(v, RuleFeature::FirstMove), v.has_first_moves()) << name;
        if (variant_has_feature(v, RuleFeature::CastlingOnlyMove)) {
            EXPECT_TRUE(v.chess960) << name;
        }
    }
    std::string why;
    EXPECT_FALSE(variant_has_feature(load_variant("chess"), RuleFeature::CastlingOnlyMove, &why));
    EXPECT_NE(why.find("the rook can also slide"), std::string::npos) << why;
    EXPECT_FALSE(variant_has_feature(load_variant("minishogi"), RuleFeature::PromotionZone, &why));
    EXPECT_NE(why.find("last rank only"), std::string::npos) << why;
}

}  // namespace
