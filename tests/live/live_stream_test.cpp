// The live page's data without a browser: a tournament run with --live on a free loopback
// port, its Server-Sent Events read from the first moment to the end, and /state.json read
// while it plays, both held against the journal the run wrote. Also what the server refuses.
#include <gtest/gtest.h>

#include <filesystem>
#include <map>
#include <set>
#include <thread>

#include "live_client.hpp"
#include "referee/tournament/journal.hpp"
#include "referee/tournament/standings.hpp"
#include "tests/support/background.hpp"
#include "tests/support/files.hpp"
#include "tests/support/temp_dir.hpp"

namespace {

namespace fs = std::filesystem;
using namespace std::chrono_literals;
using live_test::http;
using live_test::SseEvent;
using live_test::SseStream;
using referee::test::Background;
using referee::test::TempDir;
using referee::test::write_text;

// A fixed time a move, so the games last long enough to be followed.
std::string config_text(const fs::path& out) {
    return live_test::three_engine_config(out, "st=0.05", 12);
}

// Connects to /events once the page listens (the engines' pre-flight check comes first).
std::unique_ptr<SseStream> connect(int port) {
    for (int i = 0; i < 400; ++i) {
        try {
            return std::make_unique<SseStream>(port);
        } catch (const std::exception&) {
            std::this_thread::sleep_for(25ms);
        }
    }
    return nullptr;
}

std::vector<std::string> sans(const nlohmann::json& plies) {
    std::vector<std::string> out;
    for (const auto& p : plies) out.push_back(p.at("san").get<std::string>());
    return out;
}

TEST(LiveStream, EventsAndStateAgreeWithTheJournal) {
    TempDir dir;
    const fs::path out = dir.path() / "out";
    write_text(dir.path() / "t.yaml", config_text(out));
    const int port = live_test::free_port();
    Background run(REFEREE_BIN_DIR "/referee",
                   {"tournament", (dir.path() / "t.yaml").string(), "--quiet", "--live",
                    "127.0.0.1:" + std::to_string(port)},
                   dir.path(), "tournament");
    auto sse = connect(port);
    ASSERT_TRUE(sse) << run.err();

    // /state.json while the run plays: after the first game ends, it lists it.
    ASSERT_TRUE(sse->read_until([](const SseEvent& e) { return e.event == "end"; }, 30s))
        << run.err();
    EXPECT_NE(sse->head().find("text/event-stream"), std::string::npos) << sse->head();
    const auto state = http(port, "/state.json");
    ASSERT_EQ(state.status, 200) << state.head;
    EXPECT_NE(state.head.find("application/json"), std::string::npos);
    const auto mid = nlohmann::json::parse(state.body);
    EXPECT_EQ(mid.at("kind"), "tournament");
    EXPECT_EQ(mid.at("board").at("files"), 5);
    EXPECT_GE(mid.at("finished").size(), 1u);

    // What the page never serves: other methods, other paths, a path reaching for a file.
    EXPECT_EQ(http(port,
                   "POST /state.json HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: "
                   "0\r\n\r\n")
                  .status,
              405);
    // A name that is not this machine's (a rebinding page's): refused.
    EXPECT_EQ(http(port, "GET /state.json HTTP/1.1\r\nHost: evil.example:" + std::to_string(port) +
                             "\r\n\r\n")
                  .status,
              403);
    EXPECT_EQ(http(port, "/../../etc/passwd").status, 404);
    EXPECT_EQ(http(port, "/t.yaml").status, 404);
    EXPECT_EQ(http(port, "/games/999.json").status, 404);
    EXPECT_EQ(http(port, "NOT HTTP\r\n\r\n").status, 400);
    const auto page = http(port, "/");
    EXPECT_EQ(page.status, 200);
    EXPECT_NE(page.body.find("refereeBoard"), std::string::npos);
    // Nothing from outside: no address but the SVG namespace's name.
    std::string body = page.body;
    for (std::size_t at; (at = body.find("http://www.w3.org/2000/svg")) != std::string::npos;)
        body.erase(at, 26);
    EXPECT_EQ(body.find("http://"), std::string::npos) << "the page loads nothing from outside";
    EXPECT_EQ(body.find("https://"), std::string::npos);
    EXPECT_EQ(body.find("//cdn"), std::string::npos);

    ASSERT_TRUE(sse->read_until([](const SseEvent& e) { return e.event == "over"; }, 60s))
        << run.err();
    EXPECT_EQ(run.wait(), 0) << run.err();

    // Every game the journal has is either in the first snapshot's list or ended on the
    // stream, with the same result; the moves shown of a game are the journal's.
    const auto journal = referee::tournament::read_journal((out / "journal.jsonl").string());
    ASSERT_EQ(journal.games.size(), 3u);
    const auto& events = sse->events();
    ASSERT_FALSE(events.empty());
    ASSERT_EQ(events[0].event, "snapshot");
    const long first_seq = events[0].data.at("seq").get<long>();
    std::map<int, std::vector<std::string>> plies;  // by slot: the moves seen
    std::set<int> seen_from_start;
    std::map<int, std::string> results;
    for (const auto& g : events[0].data.at("playing")) plies[g.at("slot")] = sans(g.at("plies"));
    for (const auto& r : events[0].data.at("finished")) results[r.at("slot")] = r.at("result");
    long last_id = first_seq;
    nlohmann::json last_table;
    for (std::size_t k = 1; k < events.size(); ++k) {
        const auto& e = events[k];
        EXPECT_GT(e.id, last_id) << "events are numbered in order";
        last_id = e.id;
        if (e.event == "game") {
            plies[e.data.at("slot")] = sans(e.data.at("plies"));
            seen_from_start.insert(e.data.at("slot").get<int>());
        }
        if (e.event == "moves") {
            auto& list = plies[e.data.at("slot")];
            EXPECT_EQ(e.data.at("first").get<std::size_t>(), list.size() + 1);
            for (const auto& san : e.data.at("sans")) list.push_back(san);
            EXPECT_EQ(e.data.at("last").at("ply").get<std::size_t>(), list.size());
            EXPECT_EQ(e.data.at("last").at("san"), list.back());
        }
        if (e.event == "end") results[e.data.at("row").at("slot")] = e.data.at("row").at("result");
        if (e.event == "table") last_table = e.data;
    }
    EXPECT_EQ(events.back().event, "over");
    EXPECT_NE(events.back().data.at("text").get<std::string>().find("over"), std::string::npos);
    EXPECT_FALSE(seen_from_start.empty()) << "no game began after the stream did";
    std::size_t shown_plies = 0;
    std::vector<referee::match::GameRecord> records;
    for (const auto& [slot, g] : journal.games) {
        records.push_back(g);
        ASSERT_TRUE(results.count(slot)) << "game " << slot << " was never reported";
        EXPECT_EQ(results[slot], g.result_text());
        if (!plies.count(slot)) continue;  // over before the stream began
        // What was shown of it is the journal's game so far (its last plies may not have
        // been sent: its end takes it off the page).
        std::vector<std::string> journal_sans;
        for (const auto& m : g.moves) journal_sans.push_back(m.san);
        ASSERT_LE(plies[slot].size(), journal_sans.size()) << "game " << slot;
        journal_sans.resize(plies[slot].size());
        EXPECT_EQ(plies[slot], journal_sans) << "game " << slot;
        shown_plies += plies[slot].size();
    }
    EXPECT_GT(shown_plies, 16u) << "the games were followed move by move";
    // The last tables are the journal's standings.
    const auto standings =
        referee::tournament::compute_standings({"alpha", "beta", "gamma"}, records);
    ASSERT_EQ(last_table.at("standings").size(), 3u);
    for (std::size_t i = 0; i < 3; ++i) {
        EXPECT_EQ(last_table["standings"][i]["name"], standings.table[i].name);
        EXPECT_DOUBLE_EQ(last_table["standings"][i]["points"].get<double>(),
                         standings.table[i].points);
    }
    EXPECT_EQ(last_table.at("progress").at("done"), 3);
    EXPECT_EQ(last_table.at("progress").at("scheduled"), 3);
}

}  // namespace
