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
#include "tests/support/temp_dir.hpp"

namespace referee::report {
namespace {

using referee::test::TempDir;
namespace fs = std::filesystem;

ReportInput one_game(const std::string& variant, const std::string& start_fen,
                     const std::vector<std::string>& moves) {
    rules::Rules rules = rules::Rules::load(variant);
    match::GameRecord g;
    g.variant = rules.name();
    g.white = "sente";
    g.black = "gote";
    rules::Position pos = start_fen.empty() ? rules.start() : rules.from_fen(start_fen);
    g.start_fen = pos.fen();
    for (const std::string& text : moves) {
        const rules::Move m = pos.parse_move(text);
        g.moves.push_back({pos.move_name(m), pos.move_name(m, rules::MoveStyle::Uci), pos.san(m),
                           100, -1, false});
        pos.play(m);
    }
    g.termination = match::Termination::Interrupted;
    g.final_fen = pos.fen();
    const std::vector<std::string> engines = {"sente", "gote"};
    const std::vector<match::GameRecord> games = {g};
    return ReportInput{variant,
                       "round-robin",
                       "",
                       rules,
                       engines,
                       games,
                       tournament::compute_standings(engines, games),
                       1};
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

int count(const std::string& text, const std::string& what) {
    int n = 0;
    for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
    return n;
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
    // The horse on h8 carries the + mark and its own name.
    EXPECT_NE(dom.find("title=\"White horse\">"), std::string::npos);
    EXPECT_EQ(count(dom, "<span class=\"mark\">+</span>"), 1);
    // Shogi has no palace.
    EXPECT_EQ(dom.find("class=\"palace\""), std::string::npos);
}

TEST(SlowViewerBrowser, XiangqiShowsThePalacesWithDiagonalsAndTheRiver) {
    const std::string dom = page_dom(one_game("xiangqi", "", {"h3e3", "h8e8"}), 2);
    const std::string marks = element(dom, "<svg", "</svg>");
    // Two palaces of 3x3 points on files d-f, each with its two diagonals, in square units
    // from the top left: Black's at the top, White's at the bottom of ten ranks.
    EXPECT_EQ(count(marks, "class=\"palace\""), 2) << marks;
    EXPECT_NE(marks.find("<rect x=\"3\" y=\"0\" width=\"3\" height=\"3\" class=\"palace\""),
              std::string::npos)
        << marks;
    EXPECT_NE(marks.find("<rect x=\"3\" y=\"7\" width=\"3\" height=\"3\" class=\"palace\""),
              std::string::npos)
        << marks;
    EXPECT_EQ(count(marks, "class=\"palace-diagonal\""), 4) << marks;
    // One river, between ranks 5 and 6 (y = 5 from the top).
    EXPECT_EQ(count(marks, "class=\"river\""), 1) << marks;
    EXPECT_NE(marks.find("y=\"4.93\""), std::string::npos) << marks;
    // No hands in xiangqi.
    EXPECT_EQ(dom.find("class=\"hand "), std::string::npos);
}

}  // namespace
}  // namespace referee::report
