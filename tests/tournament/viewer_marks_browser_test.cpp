// The viewer draws what the variant's data says beyond the squares: each side's hand with
// counts (shogi), the promoted mark of a +P form, and the palace and river (xiangqi), checked
// in headless Chromium from the page's DOM. Slow: two browser runs.
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "referee/report/files.hpp"
#include "referee/report/report.hpp"
#include "tests/support/chromium.hpp"
#include "tests/support/one_game_report.hpp"
#include "tests/support/temp_dir.hpp"
#include "tests/support/text.hpp"

namespace referee::report {
namespace {

using referee::test::count_of;
using referee::test::TempDir;
namespace fs = std::filesystem;

ReportInput one_game(const std::string& variant, const std::string& start_fen,
                     const std::vector<std::string>& moves) {
    return test::one_game_report(
        rules::Rules::load(variant), start_fen, moves,
        {"sente", "gote", -1, rules::GameResult::Draw, match::Termination::Interrupted});
}

// The DOM of the report's page for `in`, opened at the game's ply `ply`.
std::string page_dom(const ReportInput& in, int ply) {
    const auto chromium = referee::test::find_chromium();
    if (!chromium)
        throw std::runtime_error("Chromium is not installed: `apt-get install -y chromium`.");
    TempDir dir;
    const fs::path page = dir.path() / "report.html";
    std::ofstream(page, std::ios::binary) << html_report(in);
    return referee::test::dump_dom(
        *chromium, dir.path(), "file://" + page.string() + "#game=1&ply=" + std::to_string(ply));
}

// The element that starts with `opening`, up to its end tag `close`.
std::string element(const std::string& dom, const std::string& opening, const std::string& close) {
    const auto at = dom.find(opening);
    if (at == std::string::npos) return "<none>";
    return dom.substr(at, dom.find(close, at) - at);
}

TEST(SlowViewerBrowser, ShogiShowsBothHandsWithCountsAndThePromotedMark) {
    // White starts with two pawns in hand, Black with one; after 7六歩 3四歩 2二角成 White's
    // bishop has taken Black's and stands promoted (+B) on h8.
    const std::string dom = page_dom(
        one_game("shogi",
                 "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[PPp] w - - 0 1",
                 {"c3c4", "g7g6", "b2h8+"}),
        3);
    const std::string white = element(dom, "<div class=\"hand white\"", "</div>");
    const std::string black = element(dom, "<div class=\"hand black\"", "</div>");
    EXPECT_NE(white.find("data-piece=\"P\" data-count=\"2\""), std::string::npos) << white;
    EXPECT_NE(white.find("×2"), std::string::npos) << white;
    EXPECT_NE(white.find("data-piece=\"B\" data-count=\"1\""), std::string::npos) << white;
    EXPECT_NE(black.find("data-piece=\"p\" data-count=\"1\""), std::string::npos) << black;
    EXPECT_EQ(black.find("data-piece=\"P\""), std::string::npos) << black;
    // Black's hand is drawn above the board, White's below it.
    EXPECT_LT(dom.find("<div class=\"hand black\""), dom.find(" id=\"board\""));
    EXPECT_GT(dom.find("<div class=\"hand white\""), dom.find(" id=\"board\""));
    // The horse on h8 is a tile lettered +B (shogi's drawing: tiles), with its own name.
    EXPECT_NE(dom.find("title=\"White horse\">"), std::string::npos);
    EXPECT_EQ(count_of(dom, "<span class=\"face\">+B</span>"), 1);
    EXPECT_EQ(count_of(dom, "class=\"piece tile white promoted\""), 1);
    EXPECT_EQ(dom.find("class=\"piece glyph"), std::string::npos);
    // Shogi has no palace.
    EXPECT_EQ(dom.find("class=\"palace\""), std::string::npos);
}

TEST(SlowViewerBrowser, XiangqiShowsThePalacesWithDiagonalsAndTheRiver) {
    // Xiangqi's drawing is points: the palaces are their diagonals between the corner points
    // (square centres, in square units from the top left), the river a band between the
    // points of ranks 5 and 6 that the inner files' lines do not cross.
    const std::string points = page_dom(one_game("xiangqi", "", {"h3e3", "h8e8"}), 2);
    const std::string lines = element(points, "<svg", "</svg>");
    EXPECT_EQ(count_of(lines, "class=\"palace\""), 0) << lines;
    EXPECT_EQ(count_of(lines, "class=\"palace-diagonal\""), 4) << lines;
    EXPECT_NE(lines.find("<line x1=\"3.5\" y1=\"0.5\" x2=\"5.5\" y2=\"2.5\" "
                         "class=\"palace-diagonal\""),
              std::string::npos)
        << lines;
    EXPECT_NE(lines.find("<line x1=\"3.5\" y1=\"7.5\" x2=\"5.5\" y2=\"9.5\" "
                         "class=\"palace-diagonal\""),
              std::string::npos)
        << lines;
    EXPECT_NE(lines.find("<rect x=\"0.5\" y=\"4.5\" width=\"8\" height=\"1\" class=\"river\""),
              std::string::npos)
        << lines;
    EXPECT_EQ(count_of(points, "class=\"piece disc "), 32);

    // The same game in a variant drawn on squares: shaded palaces and a line for the river.
    TempDir dir;
    std::ofstream(dir.path() / "squares.yaml")
        << "extends: xiangqi\nname: xiangqi-on-squares\ndrawing: squares\n";
    const std::string dom =
        page_dom(one_game((dir.path() / "squares.yaml").string(), "", {"h3e3", "h8e8"}), 2);
    const std::string marks = element(dom, "<svg", "</svg>");
    // Two palaces of 3x3 points on files d-f, each with its two diagonals, in square units
    // from the top left: Black's at the top, White's at the bottom of ten ranks.
    EXPECT_EQ(count_of(marks, "class=\"palace\""), 2) << marks;
    EXPECT_NE(marks.find("<rect x=\"3\" y=\"0\" width=\"3\" height=\"3\" class=\"palace\""),
              std::string::npos)
        << marks;
    EXPECT_NE(marks.find("<rect x=\"3\" y=\"7\" width=\"3\" height=\"3\" class=\"palace\""),
              std::string::npos)
        << marks;
    EXPECT_EQ(count_of(marks, "class=\"palace-diagonal\""), 4) << marks;
    // One river, between ranks 5 and 6 (y = 5 from the top).
    EXPECT_EQ(count_of(marks, "class=\"river\""), 1) << marks;
    EXPECT_NE(marks.find("y=\"4.93\""), std::string::npos) << marks;
    // No hands in xiangqi.
    EXPECT_EQ(dom.find("class=\"hand "), std::string::npos);
}

}  // namespace
}  // namespace referee::report
