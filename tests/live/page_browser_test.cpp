// The live page's and the report's drawing as Chromium lays it out (headless, over DevTools):
// where pieces and lines fall on the screen, which texts fit their boxes, what the page hides.
// Each test starts one browser and opens a page from a file: no server, no engines.
#include <gtest/gtest.h>

#include <chrono>
#include <fstream>
#include <thread>

#include <nlohmann/json.hpp>

#include "browser.hpp"
#include "referee/live/page.hpp"
#include "referee/report/report.hpp"
#include "tests/support/one_game_report.hpp"
#include "tests/support/rules.hpp"
#include "tests/support/temp_dir.hpp"

namespace {

namespace fs = std::filesystem;
using nlohmann::json;
using referee::test::TempDir;

// Opens `html`, written to a file in `dir`, at `fragment`, once its scripts have run.
void open_page(live_test::Browser& browser, const fs::path& dir, const std::string& name,
               const std::string& html, const std::string& fragment = "") {
    const fs::path page = dir / name;
    std::ofstream(page, std::ios::binary) << html;
    browser.open("file://" + page.string() + fragment);
    for (int i = 0; i < 200; ++i) {
        if (browser.eval("document.readyState === 'complete' && document.location.href.indexOf('" +
                         name + "') >= 0 ? 'yes' : 'no'") == "yes")
            return;
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    FAIL() << name << " did not load";
}

json look(live_test::Browser& browser, const std::string& script) {
    const std::string text =
        browser.eval("(function () { try { return JSON.stringify(" + script +
                     "); } catch (e) { return JSON.stringify({ error: String(e) }); } })()");
    try {
        return json::parse(text);
    } catch (const std::exception&) {
        return {{"error", text}};
    }
}

// One game of `variant` from `start_fen` (its start when empty), the moves given, won by
// White by resignation, each move's clock at 4:59.96 (which reads 5:00.0).
referee::report::ReportInput one_game(const std::string& variant, const std::string& start_fen,
                                      const std::vector<std::string>& moves) {
    return referee::test::one_game_report(
        referee::test::cached_rules(variant), start_fen, moves,
        {"white-engine", "black-engine", 299960, referee::rules::GameResult::WhiteWins,
         referee::match::Termination::Resignation});
}

TEST(SlowPageBrowser, LivePageHidesTheEmptyViewerAndCarriesClockSecondsIntoMinutes) {
    TempDir dir;
    live_test::Browser browser(dir.path());
    open_page(browser, dir.path(), "live.html", referee::live::live_page());
    const json seen = look(browser, R"JS({
      viewer: getComputedStyle(document.getElementById('viewer')).display,
      clocks: [299960, 59950, 61000, -30, 3599990].map(window.refereeClockText)
    })JS");
    // No game opened yet: the replay's board and buttons are not shown (an empty strip).
    EXPECT_EQ(seen.value("viewer", ""), "none") << seen.dump();
    EXPECT_EQ(seen.value("clocks", json()),
              json({"5:00.0", "1:00.0", "1:01.0", "0:00.0", "60:00.0"}))
        << seen.dump();
}

// Xiangqi's pieces stand on the points where its lines cross; the inner files' lines stop at
// the river. Shogi's pieces are tiles, Black's turned to face White.
TEST(SlowPageBrowser, ReportDrawsXiangqiOnPointsAndShogiOnTiles) {
    TempDir dir;
    live_test::Browser browser(dir.path());
    open_page(browser, dir.path(), "xiangqi.html",
              referee::report::html_report(one_game("xiangqi", "", {"h3e3", "h8e8"})),
              "#game=1&ply=2");
    const json x = look(browser, R"JS((function () {
      const board = document.getElementById('board');
      const lines = Array.from(board.querySelectorAll('.board-marks line.grid')).map(function (l) { return l.getBoundingClientRect(); });
      const files = lines.filter(function (r) { return r.width < 2; }), ranks = lines.filter(function (r) { return r.height < 2; });
      const xs = files.map(function (r) { return r.left + r.width / 2; }), ys = ranks.map(function (r) { return r.top + r.height / 2; });
      const pieces = Array.from(board.querySelectorAll('.square .piece'));
      let off = 0;
      pieces.forEach(function (p) {
        const r = p.getBoundingClientRect(), cx = r.left + r.width / 2, cy = r.top + r.height / 2;
        off = Math.max(off, Math.min.apply(null, xs.map(function (v) { return Math.abs(v - cx); })),
                       Math.min.apply(null, ys.map(function (v) { return Math.abs(v - cy); })));
      });
      const river = board.querySelector('.board-marks .river').getBoundingClientRect();
      const middle = river.top + river.height / 2;
      return { pieces: pieces.length, discs: board.querySelectorAll('.square .piece.disc').length,
               off: off, files: files.length, ranks: ranks.length,
               across: files.filter(function (r) { return r.top < middle && r.bottom > middle; }).length,
               diagonals: board.querySelectorAll('.palace-diagonal').length,
               clock: document.getElementById('player-bottom').textContent };
    })())JS");
    EXPECT_EQ(x.value("pieces", 0), 32) << x.dump();
    EXPECT_EQ(x.value("discs", 0), 32) << x.dump();
    // Every piece's centre is on a file's line and on a rank's line (to a pixel).
    EXPECT_LT(x.value("off", 1e9), 1.5) << x.dump();
    EXPECT_EQ(x.value("ranks", 0), 10) << x.dump();
    // Two edge files run across the river; the seven inner ones stop at each bank.
    EXPECT_EQ(x.value("files", 0), 2 + 7 * 2) << x.dump();
    EXPECT_EQ(x.value("across", 0), 2) << x.dump();
    EXPECT_EQ(x.value("diagonals", 0), 4) << x.dump();
    // A clock of 4:59.96 reads 5:00.0, not 4:60.0.
    EXPECT_NE(x.value("clock", "").find("5:00.0"), std::string::npos) << x.dump();

    // Shogi: after 7六歩 3四歩 2二角成 White's horse (+B) stands on h8.
    open_page(browser, dir.path(), "shogi.html",
              referee::report::html_report(one_game("shogi", "", {"c3c4", "g7g6", "b2h8+"})),
              "#game=1&ply=3");
    const json s = look(browser, R"JS((function () {
      const board = document.getElementById('board');
      const tiles = Array.from(board.querySelectorAll('.square .piece'));
      const turned = function (side) {
        return tiles.filter(function (t) { return t.classList.contains(side); })
                    .map(function (t) { return getComputedStyle(t).transform; });
      };
      return { tiles: board.querySelectorAll('.square .piece.tile polygon').length, pieces: tiles.length,
               faces: Array.from(board.querySelectorAll('.piece.tile .face')).map(function (f) { return f.textContent; }),
               white: turned('white'), black: turned('black'),
               lines: board.querySelectorAll('.board-marks line.grid').length };
    })())JS");
    EXPECT_EQ(s.value("pieces", 0), 39) << s.dump();
    EXPECT_EQ(s.value("tiles", 0), 39) << s.dump();
    const auto faces = s.value("faces", std::vector<std::string>{});
    EXPECT_EQ(std::count(faces.begin(), faces.end(), "+B"), 1) << s.dump();
    EXPECT_EQ(std::count(faces.begin(), faces.end(), "K"), 2) << s.dump();
    // White's tiles point up the board, Black's are turned round (180 degrees) to face them.
    for (const auto& t : s.value("white", std::vector<std::string>{})) EXPECT_EQ(t, "none");
    for (const auto& t : s.value("black", std::vector<std::string>{}))
        EXPECT_EQ(t, "matrix(-1, 0, 0, -1, 0, 0)");
    EXPECT_EQ(s.value("black", std::vector<std::string>{}).size(), 19u) << s.dump();
    EXPECT_EQ(s.value("lines", 0), 8 + 8) << s.dump();
}

// Long names and wide intervals: every text of the Elo plot lies inside the plot's box.
TEST(SlowPageBrowser, ReportEloPlotClipsNoLabel) {
    TempDir dir;
    live_test::Browser browser(dir.path());
    auto in = one_game("minitchess", "", {"b2-b3"});
    auto& table = in.standings.table;
    ASSERT_EQ(table.size(), 2u);
    table[0].name = "WWWWWWWWWWWWWWWWWWWW-engine";
    table[0].elo = 649;
    table[0].elo_plus = 4566;
    table[0].elo_minus = 4;
    table[1].elo = -649;
    table[1].elo_plus = 4;
    table[1].elo_minus = 4566;
    open_page(browser, dir.path(), "elo.html", referee::report::html_report(in));
    const json seen = look(browser, R"JS((function () {
      const svg = document.querySelector('svg.elo-plot'), box = svg.viewBox.baseVal, out = [];
      svg.querySelectorAll('text').forEach(function (t) {
        const b = t.getBBox();
        if (b.x < 0 || b.x + b.width > box.width) out.push(t.textContent + ' at ' + b.x + '..' + (b.x + b.width) + ' of ' + box.width);
      });
      return { clipped: out, texts: svg.querySelectorAll('text.value').length };
    })())JS");
    EXPECT_EQ(seen.value("texts", 0), 2) << seen.dump();
    EXPECT_EQ(seen.value("clipped", json::array()), json::array()) << seen.dump();
}

}  // namespace
