// The HTML report in a real browser: headless Chromium opens the page at #game=1&ply=3, the
// page's script opens game 1 and presses Forward three times, and the DOM it leaves behind
// must show the board after those three plies. Chromium is required (CI installs it): when
// it is missing the test fails, saying so.
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>

#include <gtest/gtest.h>

#include "referee/report/files.hpp"
#include "report_fixture.hpp"
#include "tests/support/chromium.hpp"
#include "tests/support/files.hpp"
#include "tests/support/temp_dir.hpp"

namespace referee::report {
namespace {

using referee::test::find_chromium;
using referee::test::read_text;
using referee::test::TempDir;

namespace fs = std::filesystem;

// A fresh folder for the page, the browser profile and its output, removed afterwards.
std::string attribute(const std::string& tag, const std::string& name) {
    const std::string key = " " + name + "=\"";
    const auto at = tag.find(key);
    if (at == std::string::npos) return "<missing>";
    const auto start = at + key.size();
    return tag.substr(start, tag.find('"', start) - start);
}

TEST(ReportBrowser, HashOpensTheGameAndStepsForwardToThePly) {
    const auto chromium = find_chromium();
    ASSERT_TRUE(chromium)
        << "Chromium is not installed, and this test needs it to check the HTML report in a "
           "browser: install it with `apt-get install -y chromium`.";

    const ReportInput in = fixture::sample_tournament();
    TempDir dir;
    const fs::path page = dir.path() / "report.html";
    std::ofstream(page, std::ios::binary) << html_report(in);

    // timeout kills Chromium's whole process group if it hangs, so the suite cannot hang;
    // the profile folder is fresh so nothing of another run is reused.
    const std::string command = "timeout --kill-after=5 60 '" + *chromium +
                                "' --headless --no-sandbox --disable-gpu --disable-quic "
                                "--no-first-run --disable-background-networking "
                                "--disable-component-update --disable-sync --user-data-dir='" +
                                (dir.path() / "profile").string() +
                                "' --virtual-time-budget=3000 --dump-dom 'file://" + page.string() +
                                "#game=1&ply=3' > '" + (dir.path() / "dom.html").string() +
                                "' 2> '" + (dir.path() / "chromium.log").string() + "'";
    const int status = std::system(command.c_str());
    ASSERT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0)
        << "Chromium failed (status " << status << "):\n"
        << read_text(dir.path() / "chromium.log");
    const std::string dom = read_text(dir.path() / "dom.html");
    ASSERT_FALSE(dom.empty()) << read_text(dir.path() / "chromium.log");

    // The crosstable is there, with the engines' names (escaped as the DOM serialises text).
    const auto cross = dom.find("id=\"crosstable-table\"");
    ASSERT_NE(cross, std::string::npos);
    const std::string cross_table = dom.substr(cross, dom.find("</table>", cross) - cross);
    EXPECT_NE(cross_table.find(">alpha<"), std::string::npos);
    EXPECT_NE(cross_table.find(">beta<"), std::string::npos);
    EXPECT_NE(cross_table.find(">&lt;script&gt;alert(1)&lt;/script&gt;<"), std::string::npos);

    // The board after stepping Forward three times in game 1: the placement worked out by
    // hand, which is also what the rules give after replaying the record.
    const auto id = dom.find(" id=\"board\"");
    ASSERT_NE(id, std::string::npos) << dom.substr(0, 2000);
    const auto open = dom.rfind('<', id);
    const std::string board = dom.substr(open, dom.find('>', id) - open);
    EXPECT_EQ(attribute(board, "data-ply"), "3");
    EXPECT_EQ(attribute(board, "data-fen"), fixture::kGame1AfterThreePlies);
    rules::Position pos = in.rules.from_fen(in.games[0].start_fen);
    for (int ply = 0; ply < 3; ++ply) pos.play(pos.parse_move(in.games[0].moves[ply].dash));
    EXPECT_EQ(pos.fen().substr(0, pos.fen().find(' ')), fixture::kGame1AfterThreePlies);

    // The move list marks the third move, and the viewer says where it is.
    EXPECT_NE(dom.find("<li class=\"move current\" data-ply=\"3\">"), std::string::npos)
        << "no current move at ply 3";
    EXPECT_NE(dom.find("Ply 3 of 3: bxc4"), std::string::npos);
    // The viewer shows the game's end, in the colour of a fault.
    EXPECT_NE(dom.find("<div class=\"game-end faulty\" id=\"game-end\">1-0 · "), std::string::npos);
}

}  // namespace
}  // namespace referee::report

namespace referee::report {
namespace {

// Past kGamesInPage games the page holds none: opening one loads its file from
// report-games/ beside the page. Game 202 is in the third file, a copy of game 1.
TEST(ReportBrowser, ManyGamesAreLoadedFromTheirFileWhenOpened) {
    const auto chromium = find_chromium();
    ASSERT_TRUE(chromium) << "Chromium is not installed: `apt-get install -y chromium`.";
    ReportInput in = fixture::sample_tournament();
    const auto three = in.games;
    in.games.clear();
    for (int i = 0; i < 250; ++i) in.games.push_back(three[i % 3]);
    in.scheduled_games = 250;
    TempDir dir;
    write_reports(dir.path().string(), in);
    ASSERT_TRUE(fs::exists(dir.path() / "report-games" / "games-2.js"));
    const fs::path page = dir.path() / "report.html";
    EXPECT_EQ(read_text(page).find("b3-c4"), std::string::npos)
        << "the page should not hold the games";

    const std::string command = "timeout --kill-after=5 60 '" + *chromium +
                                "' --headless --no-sandbox --disable-gpu --disable-quic "
                                "--no-first-run --disable-background-networking "
                                "--disable-component-update --disable-sync --user-data-dir='" +
                                (dir.path() / "profile").string() +
                                "' --virtual-time-budget=3000 --dump-dom 'file://" + page.string() +
                                "#game=202&ply=3' > '" + (dir.path() / "dom.html").string() +
                                "' 2> '" + (dir.path() / "chromium.log").string() + "'";
    const int status = std::system(command.c_str());
    ASSERT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0)
        << read_text(dir.path() / "chromium.log");
    const std::string dom = read_text(dir.path() / "dom.html");
    const auto id = dom.find(" id=\"board\"");
    ASSERT_NE(id, std::string::npos) << dom.substr(0, 2000);
    const auto open = dom.rfind('<', id);
    const std::string board = dom.substr(open, dom.find('>', id) - open);
    EXPECT_EQ(attribute(board, "data-ply"), "3");
    EXPECT_EQ(attribute(board, "data-fen"), fixture::kGame1AfterThreePlies);
    EXPECT_NE(dom.find("Game 202, round 1: alpha"), std::string::npos);
    EXPECT_NE(dom.find("Ply 3 of 3: bxc4"), std::string::npos);
    // The list turned to the page of game 202, built from its file, with the game selected.
    EXPECT_NE(dom.find("Games 201–250 of 250"), std::string::npos);
    EXPECT_NE(dom.find("<tr class=\"faulty selected\" data-game=\"202\""), std::string::npos)
        << dom.substr(dom.find("id=\"game-list\""), 1500);
}

}  // namespace
}  // namespace referee::report
