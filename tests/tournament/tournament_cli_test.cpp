// The tournament command end to end, with the real binary and fast engines: a tournament
// killed with SIGKILL and resumed ends exactly as an uninterrupted one; shards merged equal
// the whole; bad configs are refused before any game with the file, line and what.
#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>

#include <nlohmann/json.hpp>

namespace {

namespace fs = std::filesystem;
const std::string kReferee = std::string(REFEREE_BIN_DIR) + "/referee";

struct Run {
    int code = -1;
    std::string out;  // stdout and stderr together
};

// Runs the referee with arguments in dir, output to a file, with a deadline.
pid_t spawn(const fs::path& dir, const std::vector<std::string>& args, const fs::path& log) {
    pid_t pid = ::fork();
    if (pid == 0) {
        ::setpgid(0, 0);
        if (::chdir(dir.c_str()) != 0) ::_exit(126);
        int fd = ::open(log.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
        ::dup2(fd, 1);
        ::dup2(fd, 2);
        std::vector<char*> argv{const_cast<char*>(kReferee.c_str())};
        for (const auto& a : args) argv.push_back(const_cast<char*>(a.c_str()));
        argv.push_back(nullptr);
        ::execv(kReferee.c_str(), argv.data());
        ::_exit(127);
    }
    return pid;
}

Run run(const fs::path& dir, const std::vector<std::string>& args, int timeout_s = 120) {
    const fs::path log = dir / "run.log";
    pid_t pid = spawn(dir, args, log);
    Run r;
    int status = 0;
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(timeout_s);
    while (::waitpid(pid, &status, WNOHANG) == 0) {
        if (std::chrono::steady_clock::now() > deadline) {
            ::kill(-pid, SIGKILL);
            ::waitpid(pid, &status, 0);
            r.out = "timed out";
            return r;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    r.code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    std::ifstream in(log);
    std::stringstream ss;
    ss << in.rdbuf();
    r.out = ss.str();
    return r;
}

int journal_games(const fs::path& journal) {
    std::ifstream in(journal);
    int n = 0;
    for (std::string line; std::getline(in, line);)
        if (line.find("\"type\":\"game\"") != std::string::npos) ++n;
    return n;
}

struct TempDir {
    fs::path path;
    explicit TempDir(const std::string& tag) {
        path = fs::temp_directory_path() / ("tournament-test-" + std::to_string(::getpid()) + "-" + tag);
        fs::remove_all(path);
        fs::create_directories(path);
    }
    ~TempDir() { fs::remove_all(path); }
};

// Four seeded random engines, two per dialect: games are fast and fully determined by the
// seeds, so any two runs must agree game for game.
std::string config(const std::string& name, int games_per_pairing, int concurrency, const std::string& extra = "") {
    return "name: " + name + "\n" +
           "variant: minitchess\n"
           "games_per_pairing: " + std::to_string(games_per_pairing) + "\n" +
           "time_control: \"30+0\"\n"
           "concurrency: " + std::to_string(concurrency) + "\n" +
           "seed: 11\n"
           "output: out\n" + extra +
           "engines:\n"
           "  - {name: r1, cmd: random, args: [--seed, '1']}\n"
           "  - {name: r2, cmd: random, args: [--seed, '2']}\n"
           "  - {name: r3, cmd: random, protocol: imcs, args: [--protocol, imcs, --seed, '3']}\n"
           "  - {name: r4, cmd: random, protocol: imcs, args: [--protocol, imcs, --seed, '4']}\n";
}

// The games of a results.json, keyed so two runs can be compared game by game.
nlohmann::json games_of(const fs::path& results) {
    std::ifstream in(results);
    auto j = nlohmann::json::parse(in);
    return j.at("games");
}

TEST(TournamentCli, KilledWithSigkillAndResumedEqualsAnUninterruptedRun) {
    TempDir whole("whole"), killed("killed");
    for (auto* d : {&whole, &killed}) std::ofstream(d->path / "t.yaml") << config("resume", 6, 2);

    auto full = run(whole.path, {"tournament", "t.yaml"});
    ASSERT_EQ(full.code, 0) << full.out;

    // Kill -9 once a few games are on disk.
    pid_t pid = spawn(killed.path, {"tournament", "t.yaml"}, killed.path / "first.log");
    const auto journal = killed.path / "out" / "journal.jsonl";
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
    while (journal_games(journal) < 5 && std::chrono::steady_clock::now() < deadline)
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    ::kill(-pid, SIGKILL);  // the referee and every engine it started
    int status = 0;
    ::waitpid(pid, &status, 0);
    const int before = journal_games(journal);
    ASSERT_GE(before, 5);
    ASSERT_LT(before, 36) << "the run finished before it could be killed; the test proves nothing";

    auto again = run(killed.path, {"tournament", "t.yaml"});
    EXPECT_NE(again.code, 0) << "a second run without --resume must refuse to start over";
    EXPECT_NE(again.out.find("--resume"), std::string::npos) << again.out;

    auto resumed = run(killed.path, {"tournament", "t.yaml", "--resume"});
    ASSERT_EQ(resumed.code, 0) << resumed.out;
    EXPECT_EQ(journal_games(journal), 36) << "each game once: none replayed, none lost";
    // Only the missing games were played after the resume.
    int played_after = 0;
    std::istringstream lines(resumed.out);
    for (std::string l; std::getline(lines, l);)
        if (l.rfind("game ", 0) == 0) ++played_after;
    EXPECT_EQ(played_after, 36 - before);

    auto a = games_of(whole.path / "out" / "results.json"), b = games_of(killed.path / "out" / "results.json");
    ASSERT_EQ(a.size(), b.size());
    for (std::size_t i = 0; i < a.size(); ++i) {
        EXPECT_EQ(a[i].at("white"), b[i].at("white")) << i;
        EXPECT_EQ(a[i].at("result"), b[i].at("result")) << i;
        EXPECT_EQ(a[i].at("reason"), b[i].at("reason")) << i;
        EXPECT_EQ(a[i].at("plies"), b[i].at("plies")) << i;
    }
}

TEST(TournamentCli, ShardsMergedEqualTheWholeAndAForeignJournalIsRefused) {
    TempDir whole("shard-whole"), sharded("shards"), other("other");
    std::ofstream(whole.path / "t.yaml") << config("shards", 4, 2);
    std::ofstream(sharded.path / "t.yaml") << config("shards", 4, 2);
    std::ofstream(other.path / "t.yaml") << config("shards", 2, 2);  // a different schedule
    ASSERT_EQ(run(whole.path, {"tournament", "t.yaml"}).code, 0);
    for (const char* shard : {"1/3", "2/3", "3/3"}) {
        auto r = run(sharded.path, {"tournament", "t.yaml", "--shard", shard});
        ASSERT_EQ(r.code, 0) << r.out;
    }
    auto merged = run(sharded.path, {"merge", "t.yaml"});
    ASSERT_EQ(merged.code, 0) << merged.out;
    auto a = games_of(whole.path / "out" / "results.json"), b = games_of(sharded.path / "out" / "results.json");
    ASSERT_EQ(a.size(), 24u);
    ASSERT_EQ(a.size(), b.size());
    for (std::size_t i = 0; i < a.size(); ++i) {
        EXPECT_EQ(a[i].at("result"), b[i].at("result")) << i;
        EXPECT_EQ(a[i].at("plies"), b[i].at("plies")) << i;
    }
    // A shard journal from another config is refused, and says why.
    ASSERT_EQ(run(other.path, {"tournament", "t.yaml", "--shard", "1/2"}).code, 0);
    auto foreign = run(sharded.path, {"merge", "t.yaml", (other.path / "out" / "journal.shard-1-of-2.jsonl").string()});
    EXPECT_NE(foreign.code, 0);
    EXPECT_NE(foreign.out.find("different config"), std::string::npos) << foreign.out;
}

TEST(TournamentCli, HighConcurrencyLosesNoGameOnTime) {
    TempDir dir("concurrency");
    std::ofstream(dir.path / "t.yaml") << config("busy", 16, 200);
    auto r = run(dir.path, {"tournament", "t.yaml"}, 300);
    ASSERT_EQ(r.code, 0) << r.out;
    std::ifstream in(dir.path / "out" / "results.json");
    auto j = nlohmann::json::parse(in);
    ASSERT_EQ(j.at("games").size(), 96u);
    for (const auto& g : j.at("games")) EXPECT_NE(g.at("termination"), "time-forfeit") << g.dump();
}

struct BadConfig {
    std::string yaml;
    std::string expect;  // in the message
};

class TournamentConfigErrors : public testing::TestWithParam<BadConfig> {};

TEST_P(TournamentConfigErrors, AreRefusedBeforeAnyGameWithWhereAndWhat) {
    TempDir dir("bad");
    std::ofstream(dir.path / "t.yaml") << GetParam().yaml;
    auto r = run(dir.path, {"tournament", "t.yaml"});
    EXPECT_EQ(r.code, 1) << r.out;
    EXPECT_NE(r.out.find(GetParam().expect), std::string::npos) << r.out;
    EXPECT_FALSE(fs::exists(dir.path / "out" / "journal.jsonl")) << "no game may have started";
}

const std::string kEngines =
    "engines:\n"
    "  - {name: a, cmd: random}\n"
    "  - {name: b, cmd: random}\n";

INSTANTIATE_TEST_SUITE_P(
    Bad, TournamentConfigErrors,
    testing::Values(
        BadConfig{"name: t\nvariant: minitchess\noutput: out\ncolour: blue\n" + kEngines, "t.yaml:4:1: colour: unknown key 'colour'"},
        BadConfig{"name: t\nvariant: nosuchgame\noutput: out\n" + kEngines, "t.yaml:2:10: variant: "},
        BadConfig{"name: t\nvariant: minitchess\noutput: out\nengines:\n  - {name: a, cmd: random}\n  - {name: b, cmd: ./missing-engine}\n",
                  "t.yaml:6:20: engines[1].cmd: engine 'b': "},
        BadConfig{"name: t\nvariant: minitchess\noutput: out\ntime_control: fast\n" + kEngines, "t.yaml:4:15: time_control: "},
        BadConfig{"name: t\nvariant: minitchess\noutput: out\nengines:\n  - {name: a, cmd: random}\n  - {name: a, cmd: random}\n",
                  "two engines are named 'a'"},
        BadConfig{"name: t\nvariant: minitchess\noutput: out\nformat: gauntlet\n" + kEngines, "a gauntlet needs 'seeds'"},
        BadConfig{"name: t\nvariant: minitchess\noutput: out\nengines:\n  - {name: a, cmd: random}\n  - {name: b, cmd: broken-exit_at_start}\n",
                  "engine 'b'"},
        BadConfig{"name: t\nvariant: minitchess\noutput: out\nengines:\n  - {name: a, cmd: random}\n  - {name: fsf, cmd: fairy-stockfish}\n",
                  "cannot play minitchess"}));

TEST(TournamentCli, ABadOpeningIsRefusedWithItsFileAndLine) {
    TempDir dir("opening");
    std::ofstream(dir.path / "open.txt") << "# openings\na2-a3 b5-b4\na2-a4\n";
    std::ofstream(dir.path / "t.yaml") << "name: t\nvariant: minitchess\noutput: out\nopenings: {file: open.txt, kind: moves}\n" + kEngines;
    auto r = run(dir.path, {"tournament", "t.yaml"});
    EXPECT_EQ(r.code, 1);
    EXPECT_NE(r.out.find("open.txt:3: opening 'a2-a4'"), std::string::npos) << r.out;
}

}  // namespace
