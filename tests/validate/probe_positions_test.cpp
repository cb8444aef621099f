// The special moves the hand-written probes used to ask (side-steps, promotion, a promotion
// with a piece to name, castling rights, en passant, double steps, king capture) are asked
// by the generated rule probes: their positions have the property each used to check,
// under the shipped variant files, in the variant's own pieces; the chess ones agree with
// Fairy-Stockfish's perft 1. Also the scripted line the protocol probes play.
#include <gtest/gtest.h>

#include <unistd.h>

#include <cctype>
#include <cstdio>
#include <map>
#include <set>
#include <string>

#include "referee/rules/probes/probe_moves.hpp"
#include "referee/rules/probes/probes.hpp"
#include "referee/validate/probe_positions.hpp"
#include "tests/support/fairy_stockfish.hpp"
#include "tests/support/rules.hpp"

namespace referee::validate {
namespace {

using rules::Move;
using rules::MoveKind;
using rules::Position;
using rules::RuleFeature;
using rules::Rules;
using test::fairy_stockfish_legal_moves;
using test::legal_uci_names;

std::vector<rules::ProbePosition> found(const Rules& rules, RuleFeature f) {
    return rules::find_probe_positions(rules, f, rules::ProbeSearch{});
}

// The missing-move probes ask positions where only the special move is legal: an engine
// that does not know it has nothing to play, and one that writes it wrongly fails too.
void expect_only(const Rules& rules, RuleFeature f, auto is_kind, std::size_t at_least) {
    const auto positions = found(rules, f);
    EXPECT_GE(positions.size(), at_least) << rules.name() << " " << rules::feature_key(f);
    for (const auto& p : positions) {
        const Position pos = rules::probe_position(rules, p);
        ASSERT_FALSE(pos.legal_moves().empty()) << p.fen;
        for (Move m : pos.legal_moves())
            EXPECT_TRUE(is_kind(pos, m)) << rules.name() << " " << rules::feature_key(f) << " "
                                         << p.fen << ": " << pos.move_name(m);
    }
}

TEST(SlowGeneratedProbes, OnlyTheSpecialMoveIsLegalWhereAMissingOneIsProbed) {
    const auto promotes = [](const Position&, Move m) { return m.promotion != 0; };
    const auto takes_king = [](const Position& pos, Move m) {
        return rules::captures_enemy_royal(pos, m);
    };
    for (const char* variant : {"minichess", "minitchess"}) {
        SCOPED_TRACE(variant);
        const auto rules = Rules::load(variant);
        // A handful each, also where a king must be walled in by its own blocked pieces.
        expect_only(rules, RuleFeature::Promotion, promotes, 2);
        expect_only(rules, RuleFeature::KingCapture, takes_king, 3);
    }
    const auto chess = Rules::load("chess");
    expect_only(
        chess, RuleFeature::EnPassant,
        [](const Position&, Move m) { return m.kind() == MoveKind::EnPassant; }, 3);
    expect_only(
        chess, RuleFeature::DoubleStep,
        [](const Position&, Move m) { return m.kind() == MoveKind::DoubleStep; }, 3);
}

TEST(GeneratedProbes, ChessPromotionsNeedAPieceNamed) {
    // What "promotion-choice" asked: every legal move promotes, with several pieces to name.
    const auto chess = Rules::load("chess");
    for (const auto& p : found(chess, RuleFeature::Promotion)) {
        const Position pos = rules::probe_position(chess, p);
        std::map<std::pair<int, int>, std::set<char>> pieces;
        for (Move m : pos.legal_moves()) {
            ASSERT_NE(m.promotion, 0) << p.fen;
            pieces[{m.from, m.to}].insert(m.promotion);
        }
        for (const auto& [squares, choice] : pieces) EXPECT_EQ(choice.size(), 4u) << p.fen;
        if (::access("/usr/games/fairy-stockfish", X_OK) == 0) {
            EXPECT_EQ(legal_uci_names(pos), fairy_stockfish_legal_moves("chess", pos.fen()))
                << p.fen;
        }
    }
}

TEST(SlowGeneratedProbes, CastlingProbesAskPositionsWithTheRightsInTheFen) {
    // What "castling" asked: a position whose FEN gives castling rights, king and rook at
    // home, where the engine must read them. Each condition's probe offers a castle that
    // breaks only that condition.
    for (const char* variant : {"gardner-castling", "chess", "elephant-monkey-carp"}) {
        const auto rules = Rules::load(variant);
        for (RuleFeature f : {RuleFeature::CastlingPathEmpty, RuleFeature::CastlingOutOfCheck,
                              RuleFeature::CastlingThroughAttack}) {
            SCOPED_TRACE(std::string(variant) + " " + rules::feature_key(f));
            const auto positions = found(rules, f);
            EXPECT_GE(positions.size(), 3u);
            for (const auto& p : positions) {
                const Position pos = rules::probe_position(rules, p);
                const std::string rights = p.fen.substr(p.fen.find(' ', p.fen.find(' ') + 1) + 1);
                EXPECT_NE(rights.front(), '-') << p.fen;
                ASSERT_FALSE(p.flawed_only.empty());
                for (Move m : p.flawed_only) {
                    EXPECT_EQ(m.kind(), MoveKind::Castle) << p.fen;
                    EXPECT_FALSE(pos.is_legal(m));
                }
                if (::access("/usr/games/fairy-stockfish", X_OK) == 0 && rules.name() == "chess") {
                    EXPECT_EQ(legal_uci_names(pos), fairy_stockfish_legal_moves("chess", pos.fen()))
                        << p.fen;
                }
            }
        }
    }
}

TEST(GeneratedProbes, MinitchessSideStepsStayOnTheBoard) {
    // What "side-step" asked: the bishop's move-only orthogonal step. Its probe offers the
    // steps that wrap around the edge, which no legal move matches.
    const auto rules = Rules::load("minitchess");
    const auto positions = found(rules, RuleFeature::SideStep);
    EXPECT_GE(positions.size(), 3u);
    for (const auto& p : positions) {
        const Position pos = rules::probe_position(rules, p);
        for (Move m : p.flawed_only) {
            EXPECT_FALSE(pos.is_legal(m)) << p.fen;
            EXPECT_EQ(std::toupper(pos.letter_at(m.from)), 'B') << p.fen;
        }
    }
    // The bishop's W step is the side-step; its F moves are not (rules/variant data only).
    const auto& v = rules.variant();
    const auto& bishop = v.pieces[v.type_of('B')];
    int side_steps = 0;
    for (const auto& r : bishop.moves) side_steps += rules::is_side_step(bishop, r) ? 1 : 0;
    EXPECT_EQ(side_steps, 4);
}

TEST(GeneratedProbes, ApplyOnlyWhereTheVariantHasTheRule) {
    struct Case {
        const char* variant;
        RuleFeature feature;
        bool applies;
        const char* reason_part;
    };
    const Case cases[] = {
        {"minichess", RuleFeature::SideStep, false, "move-only"},
        {"minitchess", RuleFeature::CastlingRights, false, "no castling"},
        {"minitchess", RuleFeature::EnPassant, false, "no en passant"},
        {"gardner-castling", RuleFeature::KingCapture, false, "check rules"},
        {"gardner-castling", RuleFeature::SideStep, false, "move-only"},
        {"minitchess", RuleFeature::SideStep, true, ""},
        {"gardner-castling", RuleFeature::CastlingPathEmpty, true, ""},
        {"elephant-monkey-carp", RuleFeature::EnPassant, true, ""},
        {"elephant-monkey-carp", RuleFeature::Promotion, true, ""},
    };
    for (const auto& c : cases) {
        SCOPED_TRACE(std::string(c.variant) + " " + rules::feature_key(c.feature));
        std::string why;
        const auto rules = Rules::load(c.variant);
        EXPECT_EQ(rules::variant_has_feature(rules.variant(), c.feature, &why), c.applies);
        if (!c.applies) {
            EXPECT_NE(why.find(c.reason_part), std::string::npos) << why;
        } else {
            EXPECT_FALSE(found(rules, c.feature).empty());
        }
    }
}

TEST(SlowGeneratedProbes, ElephantMonkeyCarpGetsEveryProbeItsRulesHaveInItsOwnPieces) {
    // The written chess FENs could not be read there ('P' is not one of its pieces).
    const auto emc = Rules::load("elephant-monkey-carp");
    std::set<char> letters;
    for (const auto& p : emc.variant().pieces) {
        letters.insert(p.letter);
        letters.insert(static_cast<char>(std::tolower(static_cast<unsigned char>(p.letter))));
    }
    for (RuleFeature f : rules::all_rule_features()) {
        if (!rules::variant_has_feature(emc.variant(), f)) continue;
        const auto positions = found(emc, f);
        EXPECT_FALSE(positions.empty()) << rules::feature_key(f);
        for (const auto& p : positions)
            for (char c : p.fen.substr(0, p.fen.find(' ')))
                if (std::isalpha(static_cast<unsigned char>(c))) {
                    EXPECT_TRUE(letters.count(c)) << rules::feature_key(f) << " " << p.fen;
                }
    }
}

TEST(ScriptedLine, IsLegalRepeatableAndKeepsTheGameGoing) {
    for (const char* variant : {"minichess", "minitchess", "gardner-castling"}) {
        SCOPED_TRACE(variant);
        const auto rules = Rules::load(variant);
        const auto line = scripted_line(rules, 9, 7);
        EXPECT_EQ(line, scripted_line(rules, 9, 7));
        ASSERT_EQ(line.size(), 9u);
        auto pos = rules.start();
        for (const auto& m : line) pos.play(pos.parse_move(m));  // throws if one were illegal
        EXPECT_FALSE(pos.outcome());
        EXPECT_EQ(pos.side_to_move(), rules::Black);  // nine plies from White's start
        EXPECT_NE(scripted_line(rules, 6, 5),
                  std::vector<std::string>(line.begin(), line.begin() + 6));
    }
}

}  // namespace
}  // namespace referee::validate
