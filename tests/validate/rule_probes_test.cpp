// The rules layer's probe generator and explanations: positions found for every feature a
// shipped variant has, each one making the flawed move set fail, each flawed move explained.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <chrono>
#include <cstdio>

#include "referee/rules/base/fen.hpp"
#include "referee/rules/probes/explain.hpp"
#include "referee/rules/probes/probe_moves.hpp"
#include "referee/rules/probes/probes.hpp"

namespace {

using namespace referee::rules;

const char* kVariants[] = {"minichess", "minitchess", "gardner-castling", "chess",
                           "elephant-monkey-carp"};

bool missing_kind(RuleFeature f) {
    return f == RuleFeature::EnPassant || f == RuleFeature::DoubleStep ||
           f == RuleFeature::KingCapture || f == RuleFeature::Promotion ||
           f == RuleFeature::NoLegalMove || f == RuleFeature::SideStepMove ||
           f == RuleFeature::CastlingMove;
}

// One test per shipped variant, so the variants' searches run side by side.
class SlowEveryShippedVariant : public testing::TestWithParam<const char*> {};

TEST_P(SlowEveryShippedVariant, EveryFeatureGetsPositionsThatCatchItsFlaw) {
    const char* name = GetParam();
    const Rules rules = Rules::load(name);
    for (RuleFeature f : all_rule_features()) {
        if (!variant_has_feature(rules.variant(), f)) continue;
        ProbeSearch search;
        search.seed = 7;
        const auto found = find_probe_positions(rules, f, search);
        // "Only a king capture / only a promotion is legal" without check rules needs a
        // king walled in by its own blocked pieces: rarer, so two positions are enough.
        const bool walled =
            (missing_kind(f) && f != RuleFeature::NoLegalMove && !rules.variant().check_rules) ||
            f == RuleFeature::CastlingMove;
        EXPECT_GE(found.size(), walled ? 2u : 3u) << name << " " << feature_key(f);
        for (const auto& p : found) {
            const Position pos = probe_position(rules, p);
            EXPECT_FALSE(pos.outcome()) << p.fen;
            EXPECT_EQ(pos.legal_moves(), p.legal);
            if (wins_at_once_feature(f)) {
                // The feature's move wins at once, and nothing else does.
                ASSERT_FALSE(p.winning.empty()) << name << " " << p.fen;
                for (Move m : p.legal) {
                    Position after = pos;
                    after.play(m);
                    const bool wins =
                        after.outcome() && after.outcome()->result != GameResult::Draw;
                    const bool feature_move =
                        std::find(p.winning.begin(), p.winning.end(), m) != p.winning.end();
                    EXPECT_EQ(wins, feature_move)
                        << name << " " << p.fen << " " << pos.move_name(m);
                }
            } else if (missing_kind(f)) {
                EXPECT_FALSE(p.missed.empty()) << name << " " << feature_key(f) << " " << p.fen;
                // The feature's move is the only legal one.
                EXPECT_EQ(p.flawed_legal, 0) << name << " " << feature_key(f) << " " << p.fen;
            } else {
                ASSERT_FALSE(p.flawed_only.empty())
                    << name << " " << feature_key(f) << " " << p.fen;
                for (Move m : p.flawed_only) {
                    EXPECT_FALSE(pos.is_legal(m));
                    const std::string why = explain_illegal(pos, pos.move_name(m, MoveStyle::Uci));
                    EXPECT_FALSE(why.empty()) << p.fen << " " << pos.move_name(m);
                    EXPECT_EQ(why.find("moves as Betza"), std::string::npos)
                        << "a vague reason for " << feature_key(f) << " " << p.fen << " "
                        << pos.move_name(m) << ": " << why;
                }
            }
        }
    }
}

INSTANTIATE_TEST_SUITE_P(RuleProbes, SlowEveryShippedVariant, testing::ValuesIn(kVariants),
                         [](const testing::TestParamInfo<const char*>& info) {
                             std::string name = info.param;
                             std::replace(name.begin(), name.end(), '-', '_');
                             return name;
                         });

TEST(RuleProbes, EnPassantProbesHaveTheCheckAlongTheRankThroughBothPawns) {
    // An engine that leaves the captured pawn on the board when it tests for check passes a
    // position where the capturing pawn itself was pinned: each probe must be the rank case.
    const Rules chess = Rules::load("chess");
    Variant unchecked_variant = chess.variant();
    unchecked_variant.check_rules = false;
    const Rules unchecked(std::move(unchecked_variant));
    ProbeSearch search;
    search.seed = 7;
    const auto found = find_probe_positions(chess, RuleFeature::EnPassantExposesKing, search);
    ASSERT_GE(found.size(), 3u);
    for (const auto& p : found) {
        const Position pos = probe_position(chess, p);
        ASSERT_FALSE(p.flawed_only.empty()) << p.fen;
        for (Move m : p.flawed_only) {
            EXPECT_EQ(m.kind(), MoveKind::EnPassant) << p.fen;
            EXPECT_FALSE(attacked_with_captured_pawn_left(pos, m, unchecked))
                << "not the rank case: " << p.fen << " " << pos.move_name(m);
            EXPECT_NE(
                explain_illegal(pos, pos.move_name(m, MoveStyle::Uci)).find("en passant leaves"),
                std::string::npos)
                << p.fen;
        }
    }
}

// A position with an en-passant square follows a double step some game could make: the
// position before that step passes the referee's own FEN checks and has the step legal.
// Crazyhouse once asked 2k5/8/pbK3rp/3N1pP1/4q3/4b3/n1N3n1/3n4[] w - f6 0 1, where the rook
// on g6 already gave check before f7-f5.
TEST(RuleProbes, ADoubleStepAfterACheckIsNoOriginOfAnEnPassantSquare) {
    const auto rules = Rules::load("crazyhouse");
    const auto& g = rules.geometry();
    EXPECT_FALSE(en_passant_origin_legal(
        rules, parse_fen(g, "2k5/8/pbK3rp/3N1pP1/4q3/4b3/n1N3n1/3n4[] w - f6 0 1")));
    EXPECT_TRUE(en_passant_origin_legal(
        rules, parse_fen(g, "2k5/8/pbK4p/3N1pP1/4q3/4b3/n1N3n1/3n4[] w - f6 0 1")));
    EXPECT_TRUE(en_passant_origin_legal(rules, parse_fen(g, "4k3/8/8/8/8/8/8/4K3[] w - - 0 1")));
}

TEST(RuleProbes, TheSameSeedFindsTheSamePositions) {
    const Rules rules = Rules::load("chess");
    ProbeSearch search;
    search.seed = 3;
    const auto a = find_probe_positions(rules, RuleFeature::Pins, search);
    const auto b = find_probe_positions(rules, RuleFeature::Pins, search);
    ASSERT_EQ(a.size(), b.size());
    for (std::size_t i = 0; i < a.size(); ++i) EXPECT_EQ(a[i].fen, b[i].fen);
}

TEST(SlowRuleProbes, NoProbeOfElephantMonkeyCarpNamesAChessLetter) {
    const Rules rules = Rules::load("elephant-monkey-carp");
    for (RuleFeature f : all_rule_features()) {
        const auto found = find_probe_positions(rules, f, ProbeSearch{});
        for (const auto& p : found) {
            const std::string placement = p.fen.substr(0, p.fen.find(' '));
            for (char c : placement)
                EXPECT_EQ(std::string("PNBpnb").find(c), std::string::npos)
                    << feature_key(f) << " " << p.fen;
        }
        if (variant_has_feature(rules.variant(), f)) {
            EXPECT_FALSE(found.empty()) << feature_key(f);
        }
    }
}

TEST(Explain, SaysWhyInWords) {
    const Rules chess = Rules::load("chess");
    // Queenside castling through d1, attacked by the knight on b2.
    EXPECT_EQ(explain_illegal(chess.from_fen("4k3/8/8/8/8/8/1n6/R3K3 w Q - 0 1"), "e1c1"),
              "e1-c1 castles through d1, which the knight on b2 attacks");
    // En passant along the fifth rank: the rook on h5 sees the king on a5 once both pawns go.
    EXPECT_EQ(explain_illegal(chess.from_fen("8/8/8/K2pP2r/8/8/8/7k w - d6 0 1"), "e5d6"),
              "e5-d6 en passant leaves the king on a5 attacked by the rook on h5");
    EXPECT_EQ(explain_illegal(chess.from_fen("4k3/8/8/8/8/8/8/R3K3 w - - 0 1"), "e1c1")
                      .find("no castling right 'Q'") != std::string::npos,
              true);
    EXPECT_NE(explain_illegal(chess.from_fen("4k3/8/8/b7/8/8/3N4/4K3 w - - 0 1"), "d2f3")
                  .find("is pinned"),
              std::string::npos);
    EXPECT_NE(explain_illegal(chess.from_fen("4k3/8/8/8/8/8/8/R3K3 w Q - 0 1"), "a7a8k").size(),
              0u);
    // A promotion written without its letter: the same words as the referee's own verdict.
    EXPECT_EQ(explain_illegal(chess.from_fen("4k3/P7/8/8/8/8/8/4K3 w - - 0 1"), "a7a8")
                  .find("a7-a8 promotes and needs a promotion letter (one of "),
              0u)
        << explain_illegal(chess.from_fen("4k3/P7/8/8/8/8/8/4K3 w - - 0 1"), "a7a8");
    EXPECT_EQ(explain_illegal(chess.from_fen("4k3/8/8/8/8/8/P7/4K3 w - - 0 1"), "a2a3q"),
              "a2-a3 does not promote, but 'Q' was given");
    // Castling written as the king taking its rook.
    EXPECT_EQ(explain_illegal(chess.from_fen("4k3/8/8/8/8/8/8/R3K3 w Q - 0 1"), "e1a1"),
              "e1-a1 is the king taking its own rook: castling is written as the king's move, "
              "e1-c1");
    const Rules minit = Rules::load("minitchess");
    EXPECT_EQ(explain_illegal(minit.from_fen("k4/5/5/4B/5/K4 w - - 0 1"), "e3a3"),
              "the bishop on e3 cannot step to a3: a step does not wrap around the board's edge");
    EXPECT_EQ(explain_illegal(minit.from_fen("k4/5/5/4B/5/K4 w - - 0 1"), "e3d4"), "");
}

}  // namespace

namespace {

using namespace referee::rules;

// The catalogue's rules beyond chess's, each with a variant that has it: positions are found
// for its probe, each one where the flawed engine goes wrong and a correct one need not.
struct CatalogueRule {
    const char* variant;
    RuleFeature feature;
};

const CatalogueRule kCatalogueRules[] = {
    {"antichess", RuleFeature::ForcedCapture},     {"losers", RuleFeature::ForcedCapture},
    {"racingkings", RuleFeature::ChecksForbidden}, {"grand", RuleFeature::PromotionCapturedOnly},
    {"kingofthehill", RuleFeature::RegionWin},     {"3check", RuleFeature::CheckCountWin},
    {"5check", RuleFeature::CheckCountWin},        {"horde", RuleFeature::ExtinctionWin},
    {"extinction", RuleFeature::ExtinctionWin},    {"racingkings", RuleFeature::RegionWin},
    {"shatranj", RuleFeature::BareKingWin},        {"courier", RuleFeature::BareKingWin},
};

void PrintTo(const CatalogueRule& r, std::ostream* os) {
    *os << r.variant << " " << feature_key(r.feature);
}

class CatalogueRules : public testing::TestWithParam<CatalogueRule> {};

TEST_P(CatalogueRules, TheRuleGetsPositionsThatCatchItsFlaw) {
    const auto [name, f] = GetParam();
    const Rules rules = Rules::load(name);
    ASSERT_TRUE(variant_has_feature(rules.variant(), f)) << name << " " << feature_key(f);
    ProbeSearch search;
    search.seed = 7;
    search.positions = 3;
    const auto found = find_probe_positions(rules, f, search);
    ASSERT_GE(found.size(), 2u) << name << " " << feature_key(f);
    for (const auto& p : found) {
        const Position pos = probe_position(rules, p);
        EXPECT_FALSE(pos.outcome()) << p.fen;
        EXPECT_EQ(pos.legal_moves(), p.legal);
        if (const auto ending = winning_ending(f)) {
            // The moves that win by the variant's ending (at once, or whatever the reply where
            // the ending waits for one) are the only ones that win; nothing wins at once but
            // them.
            ASSERT_FALSE(p.winning.empty()) << name << " " << p.fen;
            for (Move m : p.legal) {
                const bool feature_move =
                    std::find(p.winning.begin(), p.winning.end(), m) != p.winning.end();
                EXPECT_EQ(wins_by(pos, m, *ending), feature_move)
                    << name << " " << p.fen << " " << pos.move_name(m);
                if (!feature_move) {
                    EXPECT_FALSE(wins_at_once(pos, m)) << p.fen << " " << pos.move_name(m);
                }
            }
            continue;
        }
        ASSERT_FALSE(p.flawed_only.empty()) << name << " " << p.fen;
        // Explaining builds the variant's tables again with the rule off: two moves a
        // position are enough (validate explains one).
        for (std::size_t i = 0; i < p.flawed_only.size() && i < 2; ++i) {
            const Move m = p.flawed_only[i];
            EXPECT_FALSE(pos.is_legal(m));
            const std::string why = explain_illegal(pos, pos.move_name(m, MoveStyle::Uci));
            EXPECT_EQ(why.find("moves as Betza"), std::string::npos)
                << "a vague reason for " << feature_key(f) << " " << p.fen << " "
                << pos.move_name(m) << ": " << why;
            const char* words = f == RuleFeature::ForcedCapture ? "can capture: "
                                : f == RuleFeature::ChecksForbidden
                                    ? "forbids moves that give check"
                                    : "one its side has lost";
            EXPECT_NE(why.find(words), std::string::npos) << p.fen << ": " << why;
        }
    }
}

INSTANTIATE_TEST_SUITE_P(RuleProbes, CatalogueRules, testing::ValuesIn(kCatalogueRules),
                         [](const testing::TestParamInfo<CatalogueRule>& info) {
                             std::string name = std::string(info.param.variant) + "_" +
                                                feature_key(info.param.feature);
                             std::replace(name.begin(), name.end(), '-', '_');
                             return "v" + name;
                         });

// A rule's probe appears only where the variant's data has the rule.
TEST(RuleProbes, TheCatalogueRulesAppearOnlyInVariantsThatHaveThem) {
    for (const auto& name : list_variants()) {
        const Variant v = load_variant(name);
        EXPECT_EQ(variant_has_feature(v, RuleFeature::ForcedCapture), v.must_capture) << name;
        EXPECT_EQ(variant_has_feature(v, RuleFeature::ChecksForbidden), v.checks_forbidden) << name;
        EXPECT_EQ(variant_has_feature(v, RuleFeature::RegionWin), v.end.region.has_value()) << name;
        EXPECT_EQ(variant_has_feature(v, RuleFeature::BareKingWin),
                  v.end.bare_king == EndValue::Loss)
            << name;
        EXPECT_EQ(variant_has_feature(v, RuleFeature::CheckCountWin), v.end.check_count > 0)
            << name;
        EXPECT_EQ(variant_has_feature(v, RuleFeature::ExtinctionWin),
                  v.end.extinction == EndValue::Loss)
            << name;
        const bool limited = std::any_of(v.pieces.begin(), v.pieces.end(), [](const PieceType& p) {
            return p.promotion_captured_only;
        });
        EXPECT_EQ(variant_has_feature(v, RuleFeature::PromotionCapturedOnly), limited) << name;
        EXPECT_EQ(variant_has_feature(v, RuleFeature::Nifu), v.drop_rules.no_doubled != 0) << name;
        EXPECT_EQ(variant_has_feature(v, RuleFeature::FlyingGeneral), v.flying_general) << name;
        const bool confined = std::any_of(v.pieces.begin(), v.pieces.end(), [](const PieceType& p) {
            return p.confined.has_value();
        });
        EXPECT_EQ(variant_has_feature(v, RuleFeature::Confinement), confined) << name;
        if (variant_has_feature(v, RuleFeature::DropRank)) {
            EXPECT_TRUE(v.drops) << name;
        }
    }
}

}  // namespace
