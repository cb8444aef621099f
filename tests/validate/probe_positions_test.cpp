// The probe positions must have the property their probe is about under the shipped
// variant files; the expected moves below were worked out by hand (reasoning in the
// comments), and the chess ones are also checked against Fairy-Stockfish's perft 1.
#include <gtest/gtest.h>

#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <set>
#include <string>

#include "referee/validate/move_kinds.hpp"
#include "referee/validate/probe_positions.hpp"

namespace referee::validate {
namespace {

using rules::Rules;

std::set<std::string> names(const rules::Position& pos, const std::vector<rules::Move>& moves) {
    std::set<std::string> out;
    for (auto m : moves) out.insert(pos.move_name(m, rules::MoveStyle::Uci));
    return out;
}

std::set<std::string> legal_names(const rules::Position& pos) {
    return names(pos, pos.legal_moves());
}

bool have_chess() {
    return std::filesystem::exists(std::string(REFEREE_VARIANT_DIR) + "/chess.yaml");
}

// Fairy-Stockfish's own list of legal moves ("go perft 1"), an independent move generator.
std::set<std::string> fairy_stockfish_moves(const std::string& fen) {
    const std::string command = "printf 'uci\\nposition fen " + fen +
                                "\\ngo perft 1\\nquit\\n' | /usr/games/fairy-stockfish";
    std::set<std::string> out;
    FILE* pipe = ::popen(command.c_str(), "r");
    if (!pipe) return out;
    char buffer[512];
    while (std::fgets(buffer, sizeof buffer, pipe)) {
        std::string line(buffer);
        const auto colon = line.find(": 1");
        if (colon != std::string::npos && colon <= 6) out.insert(line.substr(0, colon));
    }
    ::pclose(pipe);
    return out;
}

TEST(ProbePositions, MinitchessSideStepHasOnlyBishopSteps) {
    const auto rules = Rules::load("minitchess");
    const auto chosen = special_position(rules, SpecialProbe::SideStep);
    ASSERT_TRUE(chosen.position) << chosen.why_not;
    // kBRBB/P1PPP/PBPPP/PPP2/PPP2/KB3: every pawn has its own piece (or the black king on
    // a6) in front and no black piece diagonally ahead; the king on a1 is surrounded by its
    // own a2, b1, b2; the bishops' diagonals all end on their own pieces, and the rook on c6
    // (not a bishop, so b5 is no diagonal target) is boxed in. The empty squares next to a
    // bishop are b5 (next to b4 and b6) and c1 (next to b1): three side-steps, nothing else.
    EXPECT_EQ(legal_names(*chosen.position), (std::set<std::string>{"b1c1", "b4b5", "b6b5"}));
    EXPECT_EQ(names(*chosen.position, chosen.good_moves), legal_names(*chosen.position));
}

TEST(ProbePositions, FiveBySixPromotionAndKingCaptureHoldInBothMiniChessVariants) {
    for (const char* variant : {"minichess", "minitchess"}) {
        SCOPED_TRACE(variant);
        const auto rules = Rules::load(variant);
        // 1NBBk/PPPRP/PPPPP/KP3/PP3/5: the same wall of own pieces; only the a5 pawn has an
        // empty square ahead (a6), and promotes there (to a queen, the only choice).
        auto promotion = special_position(rules, SpecialProbe::Promotion);
        ASSERT_TRUE(promotion.position) << promotion.why_not;
        EXPECT_EQ(legal_names(*promotion.position), (std::set<std::string>{"a5a6q"}));
        // BNBBB/PPPRP/PPPPP/KPk2/PP3/5: the walled-in pieces again, and the black king on c3
        // diagonally ahead of the b2 pawn: b2xc3 is the only move.
        auto capture = special_position(rules, SpecialProbe::KingCapture);
        ASSERT_TRUE(capture.position) << capture.why_not;
        EXPECT_EQ(legal_names(*capture.position), (std::set<std::string>{"b2c3"}));
        // rr3/4k/5/3N1/5/K4: the rooks on a6 and b6 cover a1, a2, b1 and b2, so every king
        // move and every knight move but Nxe5 (the king) leaves our king to be taken.
        auto survive = special_position(rules, SpecialProbe::KingCaptureToSurvive);
        ASSERT_TRUE(survive.position) << survive.why_not;
        EXPECT_EQ(names(*survive.position, survive.good_moves), (std::set<std::string>{"d3e5"}));
        EXPECT_EQ(legal_names(*survive.position).size(), 9u);  // Ka2 Kb1 Kb2 and six knight moves
    }
}

TEST(ProbePositions, GardnerPromotionAndCastling) {
    const auto rules = Rules::load("gardner-castling");
    // kr3/4P/p4/P4/K4: a1's king is walled by its pawn on a2 (blocked by a3) and the b-file
    // rook covering b1 and b2; the e4 pawn promotes on e5.
    auto promotion = special_position(rules, SpecialProbe::Promotion);
    ASSERT_TRUE(promotion.position) << promotion.why_not;
    EXPECT_EQ(legal_names(*promotion.position), (std::set<std::string>{"e4e5q"}));
    // k4/5/p1p1p/P1P1P/R3K w Q: the pawns are blocked; d2 is attacked by the c3 and e3 pawns,
    // so the king has d1 and the castling e1-c1, the rook b1, c1, d1.
    auto castling = special_position(rules, SpecialProbe::Castling);
    ASSERT_TRUE(castling.position) << castling.why_not;
    EXPECT_EQ(legal_names(*castling.position),
              (std::set<std::string>{"a1b1", "a1c1", "a1d1", "e1c1", "e1d1"}));
}

TEST(ProbePositions, ChessPositionsAgreeWithHandAndFairyStockfish) {
    if (!have_chess()) GTEST_SKIP() << "variants/chess.yaml is not there yet";
    const auto rules = Rules::load("chess");
    struct Case {
        SpecialProbe probe;
        std::set<std::string> expected;
    };
    const Case cases[] = {
        // k5r1/8/4p3/3pP3/8/8/r7/7K w - d6: the rooks cover g1, g2 and h2, e5 is blocked by
        // e6, and the d5 pawn just passed: exd6 en passant is White's only move.
        {SpecialProbe::EnPassant, {"e5d6"}},
        // 6r1/P7/8/8/8/2k5/r7/7K: the same trapped king; a7-a8 with four pieces to choose.
        {SpecialProbe::PromotionChoice, {"a7a8q", "a7a8r", "a7a8b", "a7a8n"}},
        // r5r1/1P6/...: b8 straight or a8 taking the rook, four pieces each.
        {SpecialProbe::Promotion,
         {"b7b8q", "b7b8r", "b7b8b", "b7b8n", "b7a8q", "b7a8r", "b7a8b", "b7a8n"}},
    };
    for (const auto& c : cases) {
        SCOPED_TRACE(probe_name(c.probe));
        auto chosen = special_position(rules, c.probe);
        ASSERT_TRUE(chosen.position) << chosen.why_not;
        EXPECT_EQ(legal_names(*chosen.position), c.expected);
    }
    auto castling = special_position(rules, SpecialProbe::Castling);
    ASSERT_TRUE(castling.position) << castling.why_not;
    const auto ours = legal_names(*castling.position);
    EXPECT_TRUE(ours.count("e1g1") && ours.count("e1c1"));
    if (::access("/usr/games/fairy-stockfish", X_OK) != 0) return;
    for (auto probe : {SpecialProbe::EnPassant, SpecialProbe::PromotionChoice,
                       SpecialProbe::Promotion, SpecialProbe::Castling}) {
        auto chosen = special_position(rules, probe);
        ASSERT_TRUE(chosen.position);
        EXPECT_EQ(legal_names(*chosen.position), fairy_stockfish_moves(chosen.position->fen()))
            << probe_name(probe);
    }
}

TEST(ProbePositions, ProbesApplyOnlyWhereTheVariantHasTheMove) {
    // By the variant files: minichess has no side-step, only chess has a promotion choice
    // and en passant, gardner-castling and chess have castling, and king capture is a probe
    // only where kings may be captured and nothing forbids leaving one en prise.
    struct Case {
        const char* variant;
        SpecialProbe probe;
        bool applies;
        const char* reason_part;
    };
    const Case cases[] = {
        {"minichess", SpecialProbe::SideStep, false, "move-only"},
        {"minitchess", SpecialProbe::PromotionChoice, false, "one piece only"},
        {"minitchess", SpecialProbe::Castling, false, "no castling"},
        {"minitchess", SpecialProbe::EnPassant, false, "no en passant"},
        {"gardner-castling", SpecialProbe::KingCapture, false, "check rules"},
        {"gardner-castling", SpecialProbe::SideStep, false, "move-only"},
        {"minitchess", SpecialProbe::SideStep, true, ""},
        {"gardner-castling", SpecialProbe::Castling, true, ""},
    };
    for (const auto& c : cases) {
        SCOPED_TRACE(std::string(c.variant) + " " + probe_name(c.probe));
        auto chosen = special_position(Rules::load(c.variant), c.probe);
        EXPECT_EQ(chosen.position.has_value(), c.applies);
        if (!c.applies) {
            EXPECT_NE(chosen.why_not.find(c.reason_part), std::string::npos) << chosen.why_not;
        }
    }
}

TEST(ProbePositions, AWrittenPositionThatLacksThePropertyIsRefusedWithTheReason) {
    // Elephant-Monkey-Carp has promotion, castling and en passant, but its pieces have other
    // letters (no P, B or N), so the 8x8 chess positions cannot be read: skipped, with why.
    const auto emc = Rules::load("elephant-monkey-carp");
    auto chosen = special_position(emc, SpecialProbe::EnPassant);
    EXPECT_FALSE(chosen.position);
    EXPECT_NE(chosen.why_not.find("k5r1/8/4p3/3pP3/8/8/r7/7K"), std::string::npos)
        << chosen.why_not;

    // The property checks themselves say no to positions without the property.
    const auto minitchess = Rules::load("minitchess");
    EXPECT_NE(property_failure(minitchess.start(), SpecialProbe::SideStep), "");
    EXPECT_NE(property_failure(minitchess.start(), SpecialProbe::Promotion), "");
    // A promotion is legal here (a5-a6) but so are king moves (a1-a2...): not "only promotions".
    EXPECT_NE(
        property_failure(minitchess.from_fen("4k/P4/5/5/5/K4 w - - 0 1"), SpecialProbe::Promotion)
            .find("is not a promotion"),
        std::string::npos);
    // Every move takes the king: "take it or lose" cannot be told apart from "take it".
    EXPECT_NE(property_failure(minitchess.from_fen("BNBBB/PPPRP/PPPPP/KPk2/PP3/5 w - - 0 1"),
                               SpecialProbe::KingCaptureToSurvive)
                  .find("tells nothing"),
              std::string::npos);
    // A game already over (White's king is gone) is no probe position.
    EXPECT_NE(
        property_failure(minitchess.from_fen("k4/5/5/5/P4/5 w - - 0 1"), SpecialProbe::Promotion)
            .find("over"),
        std::string::npos);
    // Gardner: castling is legal, but so is a pawn move (b2-b3).
    const auto gardner = Rules::load("gardner-castling");
    EXPECT_NE(
        property_failure(gardner.from_fen("k4/5/p1p1p/PPP1P/R3K w Q - 0 1"), SpecialProbe::Castling)
            .find("neither"),
        std::string::npos);
}

TEST(MoveKinds, BlackBishopSideStepsAreRecognised) {
    // A lone black bishop on c3 with empty neighbours: four side-steps (b3, d3, c2, c4) and
    // its diagonal moves, which are not side-steps, whatever the direction of Black's play.
    const auto rules = Rules::load("minitchess");
    const auto pos = rules.from_fen("k4/5/5/2b2/5/4K b - - 0 1");
    std::set<std::string> steps;
    for (auto m : pos.legal_moves())
        if (is_special(pos, m, SpecialKind::SideStep))
            steps.insert(pos.move_name(m, rules::MoveStyle::Uci));
    EXPECT_EQ(steps, (std::set<std::string>{"c3b3", "c3d3", "c3c2", "c3c4"}));
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
