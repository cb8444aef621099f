// The live page in a real browser (headless Chromium, driven over DevTools), watched while
// it plays: a tournament with --live, the IMCS server with --live and two scripted clients,
// and `referee watch` on a folder another process writes. Each test samples what the page
// shows every ~150 ms and asks: did a board change move by move, did a clock run, did the
// standings (or the lobby) change when a game ended, did the page say the run was over.
// Slow (seconds each): the suite name starts with Slow.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <functional>
#include <map>
#include <set>
#include <thread>

#include <nlohmann/json.hpp>

#include "browser.hpp"
#include "live_client.hpp"
#include "tests/server/server_harness.hpp"
#include "tests/support/background.hpp"
#include "tests/support/chromium.hpp"
#include "tests/support/files.hpp"
#include "tests/support/rules.hpp"
#include "tests/support/temp_dir.hpp"

namespace {

namespace fs = std::filesystem;
using namespace std::chrono_literals;
using nlohmann::json;
using referee::test::Background;
using referee::test::TempDir;
using referee::test::write_text;

// What the page shows now, as JSON.
const char* kLook = R"JS((function () { try { return JSON.stringify({
  status: document.getElementById('run-status').textContent,
  games: Array.from(document.querySelectorAll('.live-game')).map(function (c) {
    return { slot: c.dataset.slot, ply: Number(c.dataset.ply || 0),
             fen: c.querySelector('.board').dataset.fen || '',
             clocks: Array.from(c.querySelectorAll('.player .clock')).map(function (x) { return x.textContent; }) };
  }),
  standings: Array.from(document.querySelectorAll('#standings-table tbody tr')).map(function (r) { return r.textContent; }).join('|'),
  finished: document.querySelectorAll('#finished-list tr').length,
  offers: document.querySelectorAll('#offers-table tbody tr').length,
  ratings: Array.from(document.querySelectorAll('#ratings-table tbody tr')).map(function (r) { return r.textContent; }).join('|')
}); } catch (e) {  // the page is not there yet
  return JSON.stringify({ status: '', games: [], standings: '', finished: 0, offers: 0, ratings: '' });
} })())JS";

// Everything the page showed, sample by sample.
struct Watched {
    std::vector<json> samples;

    bool says_over() const {
        return !samples.empty() &&
               samples.back()["status"].get<std::string>().find("over") != std::string::npos;
    }
    // Some game went through `count` positions, each a ply later than the one before.
    bool board_changed_move_by_move(std::size_t count) const {
        std::map<std::string, std::vector<std::pair<int, std::string>>> seen;
        for (const auto& s : samples)
            for (const auto& g : s["games"]) {
                auto& list = seen[g["slot"]];
                const std::pair<int, std::string> now{g["ply"], g["fen"]};
                if (list.empty() || list.back() != now) list.push_back(now);
            }
        for (const auto& [slot, list] : seen) {
            std::size_t steps = 1;
            for (std::size_t k = 1; k < list.size(); ++k)
                if (list[k].first > list[k - 1].first && list[k].second != list[k - 1].second)
                    ++steps;
            if (steps >= count) return true;
        }
        return false;
    }
    // Some clock showed two times while its game stood at the same ply: it ran.
    bool clock_ran() const {
        std::map<std::pair<std::string, int>, std::set<std::string>> shown;
        for (const auto& s : samples)
            for (const auto& g : s["games"])
                for (const auto& c : g["clocks"]) shown[{g["slot"], g["ply"]}].insert(c);
        for (const auto& [at, texts] : shown)
            if (texts.size() >= 3) return true;  // both clocks, and the mover's again
        return false;
    }
    bool changed(const char* key) const {
        std::set<std::string> values;
        for (const auto& s : samples) values.insert(s[key].dump());
        return values.size() >= 2;
    }
};

// Samples the page until it says the run is over (or `limit` passes).
Watched watch_page(live_test::Browser& browser, std::chrono::seconds limit,
                   const std::function<void(const json&)>& each = {}) {
    Watched w;
    const auto end = std::chrono::steady_clock::now() + limit;
    while (std::chrono::steady_clock::now() < end) {
        const std::string text = browser.eval(kLook);
        try {
            w.samples.push_back(json::parse(text));
            w.samples.back()["status"].get<std::string>();
        } catch (const std::exception& e) {
            ADD_FAILURE() << "the page answered " << text;
            break;
        }
        if (each) each(w.samples.back());
        if (w.says_over()) break;
        std::this_thread::sleep_for(150ms);
    }
    return w;
}

// A real clock (10 s a game) for the clocks to run, engines that think, a move cap.
std::string tournament_yaml(const fs::path& out) {
    return live_test::three_engine_config(out, "10+0", 12);
}

std::string url_in(const std::string& out) {
    const auto at = out.find("live page ");
    if (at == std::string::npos) return "";
    return out.substr(at + 10, out.find('\n', at) - at - 10);
}

TEST(SlowLiveBrowser, TournamentPageFollowsTheGamesToTheEnd) {
    ASSERT_TRUE(referee::test::find_chromium())
        << "Chromium is not installed: apt-get install -y chromium";
    TempDir dir;
    live_test::Browser browser(dir.path());
    write_text(dir.path() / "t.yaml", tournament_yaml(dir.path() / "out"));
    const int port = live_test::free_port();
    Background run(REFEREE_BIN_DIR "/referee",
                   {"tournament", (dir.path() / "t.yaml").string(), "--live", std::to_string(port)},
                   dir.path(), "tournament");
    ASSERT_TRUE(run.wait_for_output("live page ", 30s)) << run.err();
    const std::string url = url_in(run.out());
    EXPECT_EQ(url, "http://127.0.0.1:" + std::to_string(port) + "/");
    browser.open(url);
    const Watched w = watch_page(browser, 90s);
    EXPECT_TRUE(w.board_changed_move_by_move(4)) << w.samples.back().dump();
    EXPECT_TRUE(w.clock_ran());
    EXPECT_TRUE(w.changed("standings")) << "the standings never changed";
    EXPECT_TRUE(w.says_over()) << w.samples.back().dump();
    EXPECT_EQ(w.samples.back()["finished"], 3);
    EXPECT_EQ(run.wait(), 0) << run.err();
}

// Two scripted clients on `referee serve --live`: the lobby shows the offer, the board follows
// their moves, the mover's clock runs, the resignation lists the game and moves the ratings,
// and stopping the server ends the page.
TEST(SlowLiveBrowser, ServePageShowsTheLobbyAndTheGame) {
    ASSERT_TRUE(referee::test::find_chromium())
        << "Chromium is not installed: apt-get install -y chromium";
    TempDir dir;
    live_test::Browser browser(dir.path());
    const int port = live_test::free_port();
    server_test::ServeProcess serve(dir.path() / "data",
                                    {"--live", "127.0.0.1:" + std::to_string(port)});
    browser.open("http://127.0.0.1:" + std::to_string(port) + "/");
    Watched w;
    auto look = [&] { w.samples.push_back(json::parse(browser.eval(kLook))); };
    auto look_until = [&](const std::function<bool(const json&)>& done) {
        for (int i = 0; i < 100; ++i) {
            look();
            if (done(w.samples.back())) return true;
            std::this_thread::sleep_for(100ms);
        }
        return false;
    };

    server_test::Client alice(serve.port()), bob(serve.port());
    alice.send("register alice secret\r\n");
    bob.send("register bob secret\r\n");
    ASSERT_TRUE(alice.wait_for_text("202 hello"));
    ASSERT_TRUE(bob.wait_for_text("202 hello"));
    alice.send("offer W 2:00 2:00\r\n");
    ASSERT_TRUE(alice.wait_for_text("103 "));
    EXPECT_TRUE(look_until([](const json& s) { return s["offers"] == 1; }))
        << w.samples.back().dump();
    const std::string ratings_before = w.samples.back()["ratings"];
    bob.send("accept 1\r\n");

    // A legal line of eight plies, each sent by its mover once the server asks for it.
    auto pos = referee::test::cached_rules("minitchess").start();
    auto prompts = [](const std::string& text) {
        std::size_t n = 0;
        for (std::size_t at = 0; (at = text.find("\n? ", at)) != std::string::npos; ++at) ++n;
        return n;
    };
    for (int ply = 0; ply < 8; ++ply) {
        server_test::Client& mover = ply % 2 == 0 ? alice : bob;
        const std::size_t wanted = static_cast<std::size_t>(ply / 2 + 1);
        ASSERT_TRUE(mover.wait_for([&](const std::string& r) { return prompts(r) >= wanted; }, 10s))
            << "ply " << ply << ": " << mover.received();
        look();
        std::this_thread::sleep_for(300ms);  // the mover thinks; its clock runs on the page
        look();
        auto moves = pos.legal_moves();
        std::sort(moves.begin(), moves.end(),
                  [&](auto a, auto b) { return pos.move_name(a) < pos.move_name(b); });
        const std::string text = pos.move_name(moves.front());
        pos.play(moves.front());
        ASSERT_TRUE(mover.send(text + "\r\n"));
        ASSERT_TRUE(look_until([&](const json& s) {
            return !s["games"].empty() && s["games"][0]["ply"] == ply + 1;
        })) << "ply "
            << ply + 1 << " never shown: " << w.samples.back().dump();
    }
    ASSERT_TRUE(alice.wait_for([&](const std::string& r) { return prompts(r) >= 5; }, 10s));
    alice.send("resign\r\n");
    EXPECT_TRUE(look_until([](const json& s) { return s["finished"] == 1 && s["games"].empty(); }))
        << w.samples.back().dump();
    EXPECT_TRUE(look_until([&](const json& s) { return s["ratings"] != ratings_before; }))
        << "the ratings never moved: " << ratings_before;

    EXPECT_TRUE(w.board_changed_move_by_move(8)) << w.samples.back().dump();
    EXPECT_TRUE(w.clock_ran());
    serve.stop();
    EXPECT_TRUE(look_until([](const json& s) {
        return s["status"].get<std::string>().find("stopped") != std::string::npos;
    })) << w.samples.back().dump();
}

// `referee watch` on the folder of a tournament another process runs with --live-file.
TEST(SlowLiveBrowser, WatchServesThePageFromAFolderAnotherProcessWrites) {
    ASSERT_TRUE(referee::test::find_chromium())
        << "Chromium is not installed: apt-get install -y chromium";
    TempDir dir;
    live_test::Browser browser(dir.path());
    const fs::path out = dir.path() / "out";
    fs::create_directories(out);
    write_text(dir.path() / "t.yaml", tournament_yaml(out));
    const int port = live_test::free_port();
    Background watcher(REFEREE_BIN_DIR "/referee",
                       {"watch", out.string(), "--port", std::to_string(port)}, dir.path(),
                       "watch");
    Background run(REFEREE_BIN_DIR "/referee",
                   {"tournament", (dir.path() / "t.yaml").string(), "--quiet", "--live-file"},
                   dir.path(), "tournament");
    ASSERT_TRUE(watcher.wait_for_output("live page ", 30s)) << watcher.err();
    browser.open(url_in(watcher.out()));
    const Watched w = watch_page(browser, 90s);
    EXPECT_TRUE(w.board_changed_move_by_move(2)) << w.samples.back().dump();
    EXPECT_TRUE(w.clock_ran());
    EXPECT_TRUE(w.changed("standings")) << "the standings never changed";
    EXPECT_TRUE(w.says_over()) << w.samples.back().dump();
    EXPECT_EQ(w.samples.back()["finished"], 3);
    EXPECT_EQ(run.wait(), 0) << run.err();
    EXPECT_TRUE(watcher.running()) << "watch keeps serving after the run";
}

}  // namespace
