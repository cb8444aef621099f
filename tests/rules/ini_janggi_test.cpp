// Fairy-Stockfish's janggi keys in a variants.ini (rules/variant/ini/): the janggi piece types
// (janggiCannon, janggiElephant, wazir, soldier), kingType, diagonalLines, kingPass (11.1's
// name; `pass` later versions'), bikjangRule and materialCounting load into the Variant fields
// the shipped janggi files use, so that janggi written out in full, and children of the
// shipped janggi family, play and count as those files do. Fairy-Stockfish's own counts of
// these sections are in fairy_stockfish_ini_janggi_test.cpp.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "referee/rules/core/position.hpp"
#include "referee/rules/variant/variant.hpp"
#include "tests/support/files.hpp"
#include "tests/support/janggi_ini.hpp"
#include "tests/support/rules.hpp"
#include "tests/support/temp_dir.hpp"

namespace {

using namespace referee::rules;
using referee::test::cached_rules;
using referee::test::ini_error;

class IniJanggi : public ::testing::Test {
  protected:
    static void SetUpTestSuite() {
        dir_ = new referee::test::TempDir;
        path_ = (dir_->path() / "janggi.ini").string();
        referee::test::write_text(path_, referee::test::kJanggiIni);
    }
    static void TearDownTestSuite() {
        delete dir_;
        dir_ = nullptr;
    }
    static const Rules& section(const std::string& name) {
        return cached_rules(path_ + ":" + name);
    }
    static inline referee::test::TempDir* dir_ = nullptr;
    static inline std::string path_;
};

// The janggi rules' own positions (janggi_rules_test.cpp, each one rule deciding), and the
// start.
const char* const kJanggiRulePositions[] = {
    "rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR w - - 0 1",
    "3k5/9/9/9/9/9/9/9/4K4/9 w - - 0 1",
    "5k3/9/9/9/9/9/9/9/9/3RK4 w - - 0 1",
    "3k5/9/9/9/9/9/9/9/4A4/3C1K1c1 w - - 0 1",
    "3k5/9/9/9/9/9/9/9/4c4/3C1K3 w - - 0 1",
    "3k5/9/9/9/9/c8/9/P8/9/C3K4 w - - 0 1",
    "5k3/9/9/9/9/9/9/3P5/9/2B1K4 w - - 0 1",
    "3k5/4a4/3P5/9/9/9/9/9/4K4/9 w - - 0 1",
    "3k5/9/9/9/9/9/9/9/4K4/3R5 b - - 0 1",
    "9/R3k4/9/9/9/9/9/9/4K4/9 b - - 0 1",
    "4k4/9/9/9/9/9/9/9/4K4/4R4 b - - 0 1",
};

// The section counts as the shipped file from every position, to depth 3 (the walk stopping
// at bikjang and two passes, as Fairy-Stockfish's perft does).
void expect_same_counts(const Rules& ini, const Rules& shipped, const std::string& what) {
    for (const char* fen : kJanggiRulePositions)
        EXPECT_EQ(ini.from_fen(fen).perft(3, PerftStop::Immediate),
                  shipped.from_fen(fen).perft(3, PerftStop::Immediate))
            << what << " " << fen;
}

// The fields the janggi keys write, piece by piece (by letter) and for the whole game.
void expect_same_janggi_fields(const Variant& ini, const Variant& shipped,
                               const std::string& what) {
    EXPECT_EQ(ini.palace_lines, shipped.palace_lines) << what;
    EXPECT_EQ(ini.pass, shipped.pass) << what;
    EXPECT_EQ(ini.end.bikjang, shipped.end.bikjang) << what;
    EXPECT_EQ(ini.end.double_pass, shipped.end.double_pass) << what;
    ASSERT_EQ(ini.end.material_count.has_value(), shipped.end.material_count.has_value()) << what;
    if (shipped.end.material_count) {
        auto a = ini.end.material_count->points, b = shipped.end.material_count->points;
        std::sort(a.begin(), a.end());
        std::sort(b.begin(), b.end());
        EXPECT_EQ(a, b) << what;
        EXPECT_EQ(ini.end.material_count->black_bonus, shipped.end.material_count->black_bonus)
            << what;
    }
    ASSERT_EQ(ini.pieces.size(), shipped.pieces.size()) << what;
    for (const PieceType& s : shipped.pieces) {
        const int i = ini.type_of(s.letter);
        ASSERT_GE(i, 0) << what << " " << s.letter;
        const PieceType& p = ini.pieces[static_cast<std::size_t>(i)];
        EXPECT_TRUE(
            std::is_permutation(p.moves.begin(), p.moves.end(), s.moves.begin(), s.moves.end()))
            << what << " " << s.letter << ": " << p.betza << " against " << s.betza;
        EXPECT_EQ(p.palace_betza, s.palace_betza) << what << " " << s.letter;
        EXPECT_EQ(p.screens_not, s.screens_not) << what << " " << s.letter;
        EXPECT_EQ(p.captures_not, s.captures_not) << what << " " << s.letter;
        EXPECT_EQ(p.royal, s.royal) << what << " " << s.letter;
        EXPECT_EQ(p.confined.has_value(), s.confined.has_value()) << what << " " << s.letter;
    }
}

TEST_F(IniJanggi, EachSectionLoadsAsTheShippedFileOfTheSameRules) {
    const std::pair<const char*, const char*> same[] = {
        {"janggifull", "janggi"},
        {"myjanggi", "janggi"},
        {"mytraditional", "janggitraditional"},
        {"mymodern", "janggimodern"},
        {"mycasual", "janggicasual"},
        {"upfromcasual", "janggi"},
        {"newerpass", "janggicasual"},
    };
    for (const auto& [name, shipped] : same) {
        const Rules& ini = section(name);
        const Rules& file = cached_rules(shipped);
        expect_same_janggi_fields(ini.variant(), file.variant(), name);
        expect_same_counts(ini, file, name);
    }
}

TEST_F(IniJanggi, DrawsByRuleAreCountedAsTheShippedFileCountsThem) {
    // Two passes from the start: drawn where nothing is counted, else Black's 1.5 wins.
    for (const char* name : {"janggifull", "mytraditional", "mymodern", "mycasual"}) {
        Position pos = section(name).start();
        referee::test::play(pos, {"e2e2", "e9e9"});
        const auto outcome = pos.outcome();
        ASSERT_TRUE(outcome.has_value()) << name;
        EXPECT_EQ(outcome->reason, EndReason::DoublePass) << name;
        const bool counted = std::string(name) == "janggifull" || std::string(name) == "mymodern";
        EXPECT_EQ(outcome->result, counted ? GameResult::BlackWins : GameResult::Draw) << name;
    }
    // Bikjang accepted by passing: counted in janggi, drawn in janggitraditional.
    for (const char* name : {"janggifull", "mytraditional"}) {
        Position pos = section(name).from_fen("4k4/9/9/9/9/9/9/9/4K4/4R4 b - - 0 1");
        referee::test::play(pos, {"e10e10"});
        const auto outcome = pos.outcome();
        ASSERT_TRUE(outcome.has_value()) << name;
        EXPECT_EQ(outcome->reason, EndReason::Bikjang) << name;
        EXPECT_EQ(outcome->result,
                  std::string(name) == "janggifull" ? GameResult::WhiteWins : GameResult::Draw)
            << name;
    }
}

TEST_F(IniJanggi, KeysSwitchedOffChangeTheMovesAsFairyStockfishDoes) {
    // Fairy-Stockfish 11.1, `go perft 1` from the start: janggi 32 (e2e2 among them), with
    // kingPass = false 31, with diagonalLines = - 30 (no e2d3, e2f3), and with kingType = k
    // (the general steps as a king) 33256 at depth 3 against janggi's 33000.
    const Position start = section("janggifull").start();
    EXPECT_EQ(start.perft(1, PerftStop::Immediate), 32u);
    EXPECT_EQ(section("nopass").start().perft(1, PerftStop::Immediate), 31u);
    EXPECT_FALSE(section("nopass").variant().end.double_pass);
    EXPECT_EQ(section("nolines").start().perft(1, PerftStop::Immediate), 30u);
    EXPECT_TRUE(section("nolines").variant().palace_lines.empty());
    EXPECT_EQ(start.perft(3, PerftStop::Immediate), 33000u);
    EXPECT_EQ(section("kingmoves").start().perft(3, PerftStop::Immediate), 33256u);
}

TEST_F(IniJanggi, RenamedPiecesKeepTheirTypesRules) {
    // The cannon renamed: it still hops over no cannon and takes none, by its new letter, and
    // the chariot renamed still counts 13.
    const Variant& v = section("renamed").variant();
    const PieceType& cannon = v.pieces[static_cast<std::size_t>(v.type_of('X'))];
    EXPECT_EQ(cannon.screens_not, std::vector<char>{'X'});
    EXPECT_EQ(cannon.captures_not, std::vector<char>{'X'});
    EXPECT_EQ(cannon.palace_betza, "pB");
    ASSERT_TRUE(v.end.material_count.has_value());
    const auto& points = v.end.material_count->points;
    EXPECT_NE(std::find(points.begin(), points.end(), std::pair<char, int>{'T', 13}), points.end());
    EXPECT_NE(std::find(points.begin(), points.end(), std::pair<char, int>{'X', 7}), points.end());
    const char* fen = "3k5/9/9/9/9/9/9/9/4A4/3X1K1x1 w - - 0 1";
    EXPECT_EQ(section("renamed").from_fen(fen).perft(3, PerftStop::Immediate), 459u);
}

TEST(IniJanggiRefused, ValuesTheRefereeCannotPlayNameTheFileLineAndKey) {
    const auto expect_refused = [](const std::string& text, const std::string& where,
                                   const std::string& why) {
        const std::string error = ini_error(text, "a");
        EXPECT_EQ(error.find(where), 0u) << error;
        EXPECT_NE(error.find(why), std::string::npos) << error;
    };
    expect_refused("[a:janggi]\nkingPassOnStalemate = true\n",
                   "my.ini:2:1: kingPassOnStalemate: ", "passing only where no other move is left");
    expect_refused("[a:janggi]\npassOnStalemate = true\n",
                   "my.ini:2:1: passOnStalemate: ", "passing only where no other move is left");
    expect_refused("[a:janggi]\nmaterialCounting = whitedrawodds\n",
                   "my.ini:2:1: materialCounting: ", "'whitedrawodds' is not a material counting");
    // A line with a square between two of its points left out: Fairy-Stockfish's rook rides
    // over it, the referee's palace moves do not.
    expect_refused("[a:janggi]\ndiagonalLines = d1 f3\n",
                   "my.ini:2:1: diagonalLines: ", "e2 between them");
    // Four points in a row: 11.1's cannon hops two points, the referee's palace hop further.
    expect_refused("[a:janggi]\ndiagonalLines = a1 b2 c3 d4\n",
                   "my.ini:2:1: diagonalLines: ", "more than three points in a row");
    expect_refused("[a:janggi]\nkingType = c\n",
                   "my.ini:2:1: kingType: ", "a king moving as Fairy-Stockfish's janggiCannon");
    expect_refused("[a:chess]\nkingType = p\n",
                   "my.ini:2:1: kingType: ", "a king moving as Fairy-Stockfish's pawn");
    expect_refused("[a:janggi]\nkingType = q\n",
                   "my.ini:2:1: kingType: ", "'q' is not the letter of a piece of this variant");
    // Passing needs a king: refused at the key that asked for it.
    expect_refused("[a]\nrook = r\nstartFen = r7/8/8/8/8/8/8/R7 w - - 0 1\nkingPass = true\n",
                   "my.ini:4:1: kingPass: ", "royal");
}

}  // namespace
