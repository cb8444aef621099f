// Every client line of every recording of the real IMCS server (tests/data/imcs-server/*.jsonl)
// is replayed against `referee serve`, and every byte sent back is compared, with clock
// digits, the socket number in the disconnect message and rating tables masked. Each
// recording gets a fresh server whose game numbers start where the recording's did, so game
// ids and player names need no masking. The game logs written are compared with the real
// server's (server-gamelogs/), with addresses, dates and clock digits masked.
#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <regex>
#include <thread>

#include <nlohmann/json.hpp>

#include "server_harness.hpp"

using namespace server_test;
namespace fs = std::filesystem;
using std::chrono::milliseconds;

namespace {

const fs::path recordings = fs::path(REFEREE_TEST_DATA_DIR) / "imcs-server";

struct Event {
    double t;
    std::string conn, dir, data;
};

std::vector<Event> load(const std::string& name) {
    std::ifstream in(recordings / (name + ".jsonl"));
    std::vector<Event> out;
    for (std::string line; std::getline(in, line);) {
        const auto j = nlohmann::json::parse(line);
        out.push_back({j.at("t").get<double>(), j.at("conn"), j.at("dir"), j.at("data")});
    }
    return out;
}

// Clock digits and the ratings table depend on when and after what a recording was made.
std::string mask(std::string s) {
    s = std::regex_replace(s, std::regex(R"(\d\d:\d\d\.\d\d\d)"), "##:##.###");
    s = std::regex_replace(s, std::regex(R"(<socket: \d+>)"), "<socket: #>");
    s = std::regex_replace(s, std::regex("212 ratings\r\n( [^\r\n]* \\d+\r\n)*\\.\r\n"),
                           "212 ratings\r\n<table>.\r\n");
    return s;
}

std::string mask_log(std::string s) {
    s = mask(s);
    s = std::regex_replace(s, std::regex(R"(\(127\.0\.0\.1:\d+)"), "(127.0.0.1:#");
    // The second line is the date.
    const auto a = s.find('\n'), b = s.find('\n', a + 1);
    if (a != std::string::npos && b != std::string::npos) s.replace(a + 1, b - a - 1, "<date>");
    return s;
}

std::uint64_t first_game_id(const std::vector<Event>& events) {
    for (const auto& e : events) {
        std::smatch m;
        if (e.dir == "<" && std::regex_search(e.data, m, std::regex(R"(^103 (\d+) )")))
            return std::stoull(m[1]);
    }
    return 1;
}

struct Replay {
    std::string name;
    std::vector<std::string> serve_options;  // e.g. a short grace for the silent timeout
    std::string drops;  // the connection that closes at the '#' event saying so
};

// Names the parameter in ctest's listing (gtest would print the struct's bytes).
[[maybe_unused]] void PrintTo(const Replay& r, std::ostream* os) {
    *os << r.name;
}

void replay_and_compare(const Replay& r) {
    const auto events = load(r.name);
    const fs::path data = fresh_dir("replay-" + r.name);
    const std::uint64_t first_id = first_game_id(events);
    std::ofstream(data / "next-id") << first_id << "\n";
    ServeProcess serve(data, r.serve_options);

    // One client per connection letter; a letter whose connection ended starts a new one.
    struct Conn {
        std::unique_ptr<Client> client;
        std::string expected;
        bool expect_eof = false;
        std::string label;
    };
    std::vector<Conn> all;
    std::map<std::string, std::size_t> current;
    auto conn_for = [&](const std::string& letter) -> Conn& {
        auto it = current.find(letter);
        if (it == current.end() || all[it->second].expect_eof) {
            all.push_back({std::make_unique<Client>(serve.port()), "", false,
                           letter + std::to_string(all.size())});
            current[letter] = all.size() - 1;
        }
        return all[current[letter]];
    };
    // Before a client speaks, everything the recording shows as sent by then has arrived.
    auto settle = [&] {
        for (auto& c : all) {
            if (!c.client->open()) continue;
            // Masked, so a ratings table of another length counts as arrived.
            const std::size_t want = mask(c.expected).size();
            if (!c.client->wait_for(
                    [&](const std::string& got) { return mask(got).size() >= want; },
                    milliseconds(20000)))
                ADD_FAILURE() << "waited in vain on " << c.label << ":\n"
                              << mask(c.client->received()) << "\nfor\n"
                              << mask(c.expected);
        }
    };
    double last_sent = 0;
    for (const auto& e : events) {
        if (e.dir == "#") {
            if (!r.drops.empty() && e.data.find("closes its socket") != std::string::npos) {
                settle();
                conn_for(r.drops).client->close();
            }
            continue;
        }
        Conn& c = conn_for(e.conn);
        if (e.dir == "<") {
            if (e.data == "<<EOF>>")
                c.expect_eof = true;
            else
                c.expected += e.data;
            continue;
        }
        settle();
        // Pauses of a second or more are the scenario (a slow move); shorter ones are pacing.
        const double gap = e.t - last_sent;
        if (gap >= 1.0) std::this_thread::sleep_for(milliseconds(static_cast<int>(gap * 1000) + 7));
        last_sent = e.t;
        c.client->send(e.data);
    }
    for (auto& c : all) {
        if (!c.client->open()) continue;
        if (c.expect_eof)
            EXPECT_TRUE(c.client->wait_for_eof(milliseconds(20000)))
                << r.name << " " << c.label << " was not closed";
        else
            c.client->wait_for(
                [&](const std::string& got) { return mask(got).size() >= mask(c.expected).size(); },
                milliseconds(5000));
        EXPECT_EQ(mask(c.client->received()), mask(c.expected))
            << r.name << " connection " << c.label;
    }
    // The game logs, for the games this recording played.
    for (const auto& entry : fs::directory_iterator(data / "games")) {
        const fs::path real = recordings / "server-gamelogs" / entry.path().filename();
        ASSERT_TRUE(fs::exists(real)) << "no real log for game " << entry.path().filename();
        EXPECT_EQ(mask_log(read_file(entry.path())), mask_log(read_file(real)))
            << r.name << " game " << entry.path().filename();
    }
    serve.stop();
    fs::remove_all(data);
}

std::string test_name(const ::testing::TestParamInfo<Replay>& info) {
    std::string n = info.param.name;
    for (char& ch : n)
        if (ch == '-') ch = '_';
    return n;
}

class ImcsRecording : public ::testing::TestWithParam<Replay> {};
TEST_P(ImcsRecording, ServerSendsTheSameBytes) {
    replay_and_compare(GetParam());
}
INSTANTIATE_TEST_SUITE_P(AllRecordings, ImcsRecording,
                         ::testing::Values(Replay{"basics", {}, ""}, Replay{"offers", {}, ""},
                                           Replay{"clean", {}, ""},
                                           Replay{"list-inprogress", {}, ""},
                                           Replay{"game", {}, ""}, Replay{"illegal", {}, ""},
                                           Replay{"resign", {}, ""}, Replay{"disconnect", {}, "A"}),
                         test_name);

// The recordings whose scenario is seconds of waiting (a clock running out, a slow mover):
// the slow set (a suite named Slow*, run by `.ci/test.sh --slow`).
class SlowImcsRecording : public ::testing::TestWithParam<Replay> {};
TEST_P(SlowImcsRecording, ServerSendsTheSameBytes) {
    replay_and_compare(GetParam());
}
INSTANTIATE_TEST_SUITE_P(WaitingRecordings, SlowImcsRecording,
                         ::testing::Values(Replay{"timeloss", {}, ""},
                                           Replay{"timeout-silent", {"--grace", "0.5"}, ""},
                                           Replay{"blackfirst", {}, ""}, Replay{"draw40", {}, ""}),
                         test_name);

}  // namespace
