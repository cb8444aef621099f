// The tournament command end to end, with the real binary and fast engines: a tournament
// killed with SIGKILL and resumed ends exactly as an uninterrupted one; shards merged equal
// the whole; bad configs are refused before any game with the file, line and what.
#include <fcntl.h>
#include <sched.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include <nlohmann/json.hpp>
#include "tests/support/temp_dir.hpp"

namespace {

using referee::test::TempDir;

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

// Four seeded random engines, two per dialect: games are fast and fully determined by the
// seeds, so any two runs must agree game for game.
std::string config(const std::string& name, int games_per_pairing, int concurrency,
                   const std::string& extra = "") {
    return "name: " + name + "\n" +
           "variant: minitchess\n"
           "games_per_pairing: " +
           std::to_string(games_per_pairing) + "\n" +
           "time_control: \"30+0\"\n"
           "concurrency: " +
           std::to_string(concurrency) + "\n" +
           "seed: 11\n"
           "output: out\n" +
           extra +
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
    for (auto* d : {&whole, &killed}) std::ofstream(d->path() / "t.yaml") << config("resume", 6, 2);

    auto full = run(whole.path(), {"tournament", "t.yaml"});
    ASSERT_EQ(full.code, 0) << full.out;

    // Kill -9 once a few games are on disk.
    pid_t pid = spawn(killed.path(), {"tournament", "t.yaml"}, killed.path() / "first.log");
    const auto journal = killed.path() / "out" / "journal.jsonl";
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
    while (journal_games(journal) < 5 && std::chrono::steady_clock::now() < deadline)
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    ::kill(-pid, SIGKILL);  // the referee and every engine it started
    int status = 0;
    ::waitpid(pid, &status, 0);
    const int before = journal_games(journal);
    ASSERT_GE(before, 5);
    ASSERT_LT(before, 36) << "the run finished before it could be killed; the test proves nothing";

    auto again = run(killed.path(), {"tournament", "t.yaml"});
    EXPECT_NE(again.code, 0) << "a second run without --resume must refuse to start over";
    EXPECT_NE(again.out.find("--resume"), std::string::npos) << again.out;

    auto resumed = run(killed.path(), {"tournament", "t.yaml", "--resume"});
    ASSERT_EQ(resumed.code, 0) << resumed.out;
    EXPECT_EQ(journal_games(journal), 36) << "each game once: none replayed, none lost";
    // Only the missing games were played after the resume.
    int played_after = 0;
    std::istringstream lines(resumed.out);
    for (std::string l; std::getline(lines, l);)
        if (l.rfind("game ", 0) == 0) ++played_after;
    EXPECT_EQ(played_after, 36 - before);

    auto a = games_of(whole.path() / "out" / "results.json"),
         b = games_of(killed.path() / "out" / "results.json");
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
    std::ofstream(whole.path() / "t.yaml") << config("shards", 4, 2);
    std::ofstream(sharded.path() / "t.yaml") << config("shards", 4, 2);
    std::ofstream(other.path() / "t.yaml") << config("shards", 2, 2);  // a different schedule
    ASSERT_EQ(run(whole.path(), {"tournament", "t.yaml"}).code, 0);
    for (const char* shard : {"1/3", "2/3", "3/3"}) {
        auto r = run(sharded.path(), {"tournament", "t.yaml", "--shard", shard});
        ASSERT_EQ(r.code, 0) << r.out;
    }
    auto merged = run(sharded.path(), {"merge", "t.yaml"});
    ASSERT_EQ(merged.code, 0) << merged.out;
    auto a = games_of(whole.path() / "out" / "results.json"),
         b = games_of(sharded.path() / "out" / "results.json");
    ASSERT_EQ(a.size(), 24u);
    ASSERT_EQ(a.size(), b.size());
    for (std::size_t i = 0; i < a.size(); ++i) {
        EXPECT_EQ(a[i].at("result"), b[i].at("result")) << i;
        EXPECT_EQ(a[i].at("plies"), b[i].at("plies")) << i;
    }
    // A shard journal from another config is refused, and says why.
    ASSERT_EQ(run(other.path(), {"tournament", "t.yaml", "--shard", "1/2"}).code, 0);
    auto foreign =
        run(sharded.path(),
            {"merge", "t.yaml", (other.path() / "out" / "journal.shard-1-of-2.jsonl").string()});
    EXPECT_NE(foreign.code, 0);
    EXPECT_NE(foreign.out.find("different config"), std::string::npos) << foreign.out;
}

TEST(SlowTournamentCli, HighConcurrencyLosesNoGameOnTime) {
    TempDir dir("concurrency");
    std::ofstream(dir.path() / "t.yaml") << config("busy", 16, 200);
    auto r = run(dir.path(), {"tournament", "t.yaml"}, 300);
    ASSERT_EQ(r.code, 0) << r.out;
    std::ifstream in(dir.path() / "out" / "results.json");
    auto j = nlohmann::json::parse(in);
    ASSERT_EQ(j.at("games").size(), 96u);
    for (const auto& g : j.at("games")) EXPECT_NE(g.at("termination"), "time-forfeit") << g.dump();
}

// --stats is what bench/tournament reads: the referee's own CPU apart from its engines'
// (which it has reaped by then), so a slow run can be told apart as the referee's or theirs.
TEST(TournamentCli, StatsGiveTheRefereesCpuApartFromItsEngines) {
    TempDir dir("stats");
    std::ofstream(dir.path() / "t.yaml") << config("stats", 2, 2);
    auto r = run(dir.path(), {"tournament", "t.yaml", "--quiet", "--stats", "--no-report"});
    ASSERT_EQ(r.code, 0) << r.out;
    const auto at = r.out.find("stats games=12 ");
    ASSERT_NE(at, std::string::npos) << r.out;
    const std::string line = r.out.substr(at, r.out.find('\n', at) - at);
    auto field = [&](const std::string& key) {
        const auto k = line.find(" " + key + "=");
        EXPECT_NE(k, std::string::npos) << line;
        return k == std::string::npos ? -1.0 : std::stod(line.substr(k + key.size() + 2));
    };
    const double self = field("cpu_seconds"), children = field("children_cpu_seconds");
    EXPECT_GT(self, 0.0) << line;
    EXPECT_GT(children, 0.0) << line;  // twelve games of four engines, all reaped
    EXPECT_LT(self, 60.0) << line;
}

struct BadConfig {
    std::string yaml;
    std::string expect;  // in the message
};

class TournamentConfigErrors : public testing::TestWithParam<BadConfig> {};

TEST_P(TournamentConfigErrors, AreRefusedBeforeAnyGameWithWhereAndWhat) {
    TempDir dir("bad");
    std::ofstream(dir.path() / "t.yaml") << GetParam().yaml;
    auto r = run(dir.path(), {"tournament", "t.yaml"});
    EXPECT_EQ(r.code, 1) << r.out;
    EXPECT_NE(r.out.find(GetParam().expect), std::string::npos) << r.out;
    EXPECT_FALSE(fs::exists(dir.path() / "out" / "journal.jsonl")) << "no game may have started";
}

const std::string kEngines =
    "engines:\n"
    "  - {name: a, cmd: random}\n"
    "  - {name: b, cmd: random}\n";

INSTANTIATE_TEST_SUITE_P(
    Bad, TournamentConfigErrors,
    testing::Values(
        BadConfig{"name: t\nvariant: minitchess\noutput: out\ncolour: blue\n" + kEngines,
                  "t.yaml:4:1: colour: unknown key 'colour'"},
        BadConfig{"name: t\nvariant: nosuchgame\noutput: out\n" + kEngines,
                  "t.yaml:2:10: variant: "},
        BadConfig{"name: t\nvariant: minitchess\noutput: out\nengines:\n  - {name: a, cmd: "
                  "random}\n  - {name: b, cmd: ./missing-engine}\n",
                  "t.yaml:6:20: engines[1].cmd: engine 'b': "},
        BadConfig{"name: t\nvariant: minitchess\noutput: out\ntime_control: fast\n" + kEngines,
                  "t.yaml:4:15: time_control: "},
        BadConfig{"name: t\nvariant: minitchess\noutput: out\nengines:\n  - {name: a, cmd: "
                  "random}\n  - {name: a, cmd: random}\n",
                  "two engines are named 'a'"},
        BadConfig{"name: t\nvariant: minitchess\noutput: out\nthreads: 0\n" + kEngines,
                  "t.yaml:4:10: threads: must be 1 to 256"},
        BadConfig{"name: t\nvariant: minitchess\noutput: out\nthreads: many\n" + kEngines,
                  "t.yaml:4:10: threads: "},
        BadConfig{"name: t\nvariant: minitchess\noutput: out\naffinity: maybe\n" + kEngines,
                  "t.yaml:4:11: affinity: "},
        BadConfig{"name: t\nvariant: minitchess\noutput: out\nformat: gauntlet\n" + kEngines,
                  "a gauntlet needs 'seeds'"},
        BadConfig{"name: t\nvariant: minitchess\noutput: out\nengines:\n  - {name: a, cmd: "
                  "random}\n  - {name: b, cmd: broken-exit_at_start}\n",
                  "engine 'b'"},
        BadConfig{"name: t\nvariant: minitchess\noutput: out\nengines:\n  - {name: a, cmd: "
                  "random}\n  - {name: fsf, cmd: fairy-stockfish}\n",
                  "cannot play minitchess"}));

TEST(TournamentCli, ABadOpeningIsRefusedWithItsFileAndLine) {
    TempDir dir("opening");
    std::ofstream(dir.path() / "open.txt") << "# openings\na2-a3 b5-b4\na2-a4\n";
    std::ofstream(dir.path() / "t.yaml")
        << "name: t\nvariant: minitchess\noutput: out\nopenings: {file: open.txt, kind: moves}\n" +
               kEngines;
    auto r = run(dir.path(), {"tournament", "t.yaml"});
    EXPECT_EQ(r.code, 1);
    EXPECT_NE(r.out.find("open.txt:3: opening 'a2-a4'"), std::string::npos) << r.out;
}

TEST(TournamentCli, AnOpeningsBookThatIsAFolderOrHoldsNoOpeningIsNamedWithTheConfigKey) {
    TempDir dir("books");
    fs::create_directory(dir.path() / "book");
    std::ofstream(dir.path() / "empty.txt") << "# nothing but comments\n\n";
    for (const std::string book : {"book", "empty.txt"}) {
        std::ofstream(dir.path() / "t.yaml")
            << "name: t\nvariant: minitchess\noutput: out\nopenings: {file: " + book + "}\n" +
                   kEngines;
        auto r = run(dir.path(), {"tournament", "t.yaml"});
        EXPECT_EQ(r.code, 1) << r.out;
        // The config, the line and column of the key, the key, then the book and its fault.
        EXPECT_NE(r.out.find("t.yaml:4:18: openings.file: "), std::string::npos) << r.out;
        EXPECT_NE(r.out.find((dir.path() / book).string() + ": "), std::string::npos) << r.out;
        EXPECT_NE(r.out.find(book == "book" ? "not a regular file" : "holds no opening"),
                  std::string::npos)
            << r.out;
    }
}

// A tournament's first line (its name, games and journal) is written when it starts, not
// when the first game ends, even with its output going to a file (fully buffered).
TEST(TournamentCli, TheHeaderLineReachesAFileBeforeTheFirstGameEnds) {
    TempDir dir("header");
    std::ofstream(dir.path() / "t.yaml")
        << "name: slow\nvariant: minitchess\noutput: out\ntime_control: \"20+0\"\n"
           "games_per_pairing: 1\nconcurrency: 1\nengines:\n"
           "  - {name: hang, cmd: broken-hang, sandbox: none}\n"
           "  - {name: r, cmd: random, sandbox: none}\n";
    const fs::path log = dir.path() / "run.log";
    const pid_t pid = spawn(dir.path(), {"tournament", "t.yaml"}, log);
    // The hanging engine's game lasts its 20 s clock: the header must come long before.
    std::string out;
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(15);
    while (out.find("journal") == std::string::npos &&
           std::chrono::steady_clock::now() < deadline) {
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
        std::ifstream in(log);
        out.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
    }
    const int finished = journal_games(dir.path() / "out" / "journal.jsonl");
    ::kill(pid, SIGTERM);  // the referee stops its engines on the way out
    int status = 0;
    ::waitpid(pid, &status, 0);
    EXPECT_NE(out.find("slow: round-robin"), std::string::npos) << out;
    EXPECT_EQ(finished, 0) << "the header came only after a game ended";
}

// The games of a journal, without what depends on the clock (times, dates): slot, players,
// start, moves and result.
std::map<int, std::string> journal_moves(const fs::path& journal, std::string* fingerprint) {
    std::map<int, std::string> out;
    std::ifstream in(journal);
    for (std::string line; std::getline(in, line);) {
        auto j = nlohmann::json::parse(line);
        if (j.at("type") == "header") {
            *fingerprint = j.at("fingerprint").get<std::string>();
            continue;
        }
        const auto& g = j.at("game");
        std::string text = g.at("white").get<std::string>() + " " +
                           g.at("black").get<std::string>() + " " +
                           g.at("start_fen").get<std::string>() + " :";
        for (const auto& m : g.at("moves")) text += " " + m.at("move").get<std::string>();
        out[j.at("slot").get<int>()] = text + " " + g.at("result").get<std::string>();
    }
    return out;
}

// The live engine processes the referee with this pid started, found by the folder they run
// in (its engines' scratch folders are under /tmp/referee-engines-PID-*).
std::vector<pid_t> engines_started_by(pid_t referee) {
    std::vector<pid_t> left;
    const std::string prefix =
        (fs::temp_directory_path() / ("referee-engines-" + std::to_string(referee) + "-")).string();
    for (const auto& entry : fs::directory_iterator("/proc")) {
        const std::string name = entry.path().filename().string();
        if (name.find_first_not_of("0123456789") != std::string::npos) continue;
        std::error_code ec;
        const auto cwd = fs::read_symlink(entry.path() / "cwd", ec);
        if (!ec && cwd.string().rfind(prefix, 0) == 0) left.push_back(std::stoi(name));
    }
    return left;
}

// Games spread over threads (each with its own engine processes, kept to a core) are the
// games one thread plays: the same moves and results, slot by slot, and each game once.
TEST(TournamentCli, GamesSpreadOverThreadsAreTheGamesOfOneThread) {
    TempDir one("one-thread"), three("three-threads");
    std::ofstream(one.path() / "t.yaml") << config("spread", 4, 3);
    std::ofstream(three.path() / "t.yaml")
        << config("spread", 4, 3, "threads: 3\naffinity: true\n");
    auto a = run(one.path(), {"tournament", "t.yaml", "--quiet", "--no-report"});
    ASSERT_EQ(a.code, 0) << a.out;
    auto b = run(three.path(), {"tournament", "t.yaml", "--quiet", "--no-report"});
    ASSERT_EQ(b.code, 0) << b.out;
    std::string fa, fb;
    const auto ga = journal_moves(one.path() / "out" / "journal.jsonl", &fa),
               gb = journal_moves(three.path() / "out" / "journal.jsonl", &fb);
    EXPECT_EQ(fa, fb) << "threads is not part of what decides the games";
    ASSERT_EQ(ga.size(), 24u);
    EXPECT_EQ(ga, gb);
}

// The CPUs a process may run on, from /proc/PID/status ("0-1", "1"); empty once it is gone.
std::string cpus_allowed(pid_t pid) {
    std::ifstream in("/proc/" + std::to_string(pid) + "/status");
    for (std::string line; std::getline(in, line);)
        if (line.rfind("Cpus_allowed_list:", 0) == 0) {
            const auto v = line.find_first_not_of(" \t", line.find(':') + 1);
            return v == std::string::npos ? "" : line.substr(v);
        }
    return "";
}

// With affinity each thread's engines are kept to that thread's core: every engine process
// may run on one CPU only, and with two threads on a machine of two or more CPUs, two CPUs
// are used.
TEST(TournamentCli, WithAffinityEachThreadsEnginesKeepToOneCore) {
    const auto usable = [] {
        cpu_set_t set;
        CPU_ZERO(&set);
        ::sched_getaffinity(0, sizeof set, &set);
        return CPU_COUNT(&set);
    }();
    TempDir dir("affinity");
    std::ofstream(dir.path() / "t.yaml") << config("pinned", 16, 4, "threads: 2\naffinity: true\n");
    pid_t pid = spawn(dir.path(), {"tournament", "t.yaml", "--quiet", "--no-report"},
                      dir.path() / "run.log");
    std::set<std::string> seen;
    int status = 0;
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(120);
    const auto journal = dir.path() / "out" / "journal.jsonl";
    while (::waitpid(pid, &status, WNOHANG) == 0 && std::chrono::steady_clock::now() < deadline) {
        // From the first game on: the pre-flight check starts each engine once before, on
        // the main thread, and they have ended by then.
        std::this_thread::sleep_for(std::chrono::milliseconds(2));
        if (journal_games(journal) == 0) continue;
        for (pid_t p : engines_started_by(pid))
            if (auto c = cpus_allowed(p); !c.empty()) seen.insert(c);
    }
    ASSERT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << "the run failed or hung";
    EXPECT_EQ(journal_games(journal), 96);
    ASSERT_FALSE(seen.empty()) << "no engine was seen running";
    for (const auto& c : seen)
        EXPECT_EQ(c.find_first_of(",-"), std::string::npos) << "an engine may run on CPUs " << c;
    EXPECT_EQ(static_cast<int>(seen.size()), std::min(usable, 2));
}

// Killed with SIGKILL while games play on several threads, the referee leaves no engine
// behind (each dies with the thread that started it), and a resume completes the run.
// Without the bwrap sandbox: a referee killed while bwrap is starting an engine can leave
// bwrap's own pid-1 process behind (bwrap's child sets its parent-death signal after it is
// cloned, and nothing checks the parent in between), more often with threads, whose pools
// start engines later in the run; that is bwrap's start-up window, not the lanes'.
TEST(TournamentCli, KilledWhilePlayingOnThreadsLeavesNoEngineAndResumes) {
    TempDir dir("threads-killed");
    std::ofstream(dir.path() / "t.yaml") << config("killed", 8, 4, "threads: 2\n");
    pid_t pid = spawn(dir.path(), {"tournament", "t.yaml", "--quiet", "--sandbox", "none"},
                      dir.path() / "first.log");
    const auto journal = dir.path() / "out" / "journal.jsonl";
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
    while (journal_games(journal) < 5 && std::chrono::steady_clock::now() < deadline)
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    ASSERT_FALSE(engines_started_by(pid).empty())
        << "no engine was running: the test proves nothing";
    ::kill(pid, SIGKILL);  // the referee alone: its engines are in sessions of their own
    int status = 0;
    ::waitpid(pid, &status, 0);
    const int before = journal_games(journal);
    ASSERT_LT(before, 48) << "the run finished before it could be killed; the test proves nothing";
    std::vector<pid_t> left;
    for (int i = 0; i < 100 && !(left = engines_started_by(pid)).empty(); ++i)
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    EXPECT_TRUE(left.empty()) << left.size() << " engine processes outlived the referee";
    for (pid_t p : left) ::kill(p, SIGKILL);

    auto resumed = run(dir.path(), {"tournament", "t.yaml", "--resume", "--quiet"});
    ASSERT_EQ(resumed.code, 0) << resumed.out;
    EXPECT_EQ(journal_games(journal), 48) << "each game once: none replayed, none lost";
}

const char* kEpdBook =
    "kqbnr/ppppp/5/1P3/P1PPP/RNBQK b - - id \"one\";\n"
    "kqbnr/p1ppp/5/1p3/PPPPP/RNBQK w - - 0 2\n"
    "kqbnr/pppp1/4p/5/PPPPP/RNBQK w - -\n";

TEST(MatchCli, TheCommandLineAndItsConfigFilePlayTheSameGames) {
    TempDir dir("match-same");
    std::ofstream(dir.path() / "book.epd") << kEpdBook;
    std::ofstream(dir.path() / "m.yaml")
        << "name: m\nvariant: minichess\ngames_per_pairing: 6\ntime_control: 5+0.05\n"
           "seed: 5\noutput: from-file\n"
           "openings: {file: book.epd, format: epd, order: random}\n"
           "engines:\n  - {name: A, cmd: random, args: [--seed, '1']}\n"
           "  - {name: B, cmd: random, args: [--seed, '2']}\n";
    auto file = run(dir.path(), {"tournament", "m.yaml"});
    ASSERT_EQ(file.code, 0) << file.out;
    auto line = run(dir.path(), {"match",
                                 "minichess",
                                 "-engine",
                                 "cmd=random",
                                 "name=A",
                                 "args=--seed 1",
                                 "-engine",
                                 "cmd=random",
                                 "name=B",
                                 "args=--seed 2",
                                 "-each",
                                 "tc=5+0.05",
                                 "-rounds",
                                 "3",
                                 "-games",
                                 "2",
                                 "-repeat",
                                 "-seed",
                                 "5",
                                 "-openings",
                                 "file=book.epd",
                                 "format=epd",
                                 "order=random",
                                 "-name",
                                 "m",
                                 "-output",
                                 "from-line"});
    ASSERT_EQ(line.code, 0) << line.out;
    std::string fp_file, fp_line;
    const auto a = journal_moves(dir.path() / "from-file" / "journal.jsonl", &fp_file);
    const auto b = journal_moves(dir.path() / "from-line" / "journal.jsonl", &fp_line);
    EXPECT_EQ(fp_file, fp_line);  // the same config
    ASSERT_EQ(a.size(), 6u);
    EXPECT_EQ(a, b);
    // Every opening of the book was played, each with both colours.
    std::map<std::string, int> starts;
    for (const auto& [slot, text] : a) starts[text.substr(4, text.find(" :") - 4)]++;
    EXPECT_EQ(starts.size(), 3u);
    for (const auto& [fen, n] : starts) EXPECT_EQ(n, 2) << fen;
    // The cutechess-style lines scripts look for.
    EXPECT_NE(line.out.find("Score of A vs B: "), std::string::npos) << line.out;
    EXPECT_NE(line.out.find("Elo difference: "), std::string::npos) << line.out;
    EXPECT_NE(line.out.find("Ptnml(0-2): ["), std::string::npos) << line.out;
}

TEST(MatchCli, TheSprtStopsTheMatchWhenABoundIsCrossed) {
    // A random mover against itself plays to a draw-ish score; with elo1 = 600 the SPRT soon
    // accepts H0 and no further game starts, far before the 1000 scheduled.
    TempDir dir("match-sprt");
    auto r = run(dir.path(), {"match",   "minichess",  "-engine",   "cmd=random", "name=A",
                              "-engine", "cmd=random", "name=B",    "-each",      "tc=5+0.05",
                              "-rounds", "500",        "-games",    "2",          "-sprt",
                              "elo0=0",  "elo1=600",   "alpha=0.1", "beta=0.1",   "model=logistic",
                              "-pgnout", "all.pgn"});
    ASSERT_EQ(r.code, 0) << r.out;
    EXPECT_NE(r.out.find("LLR: "), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("(-2.20, 2.20) [0.00, 600.00]"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("SPRT ([0.00, 600.00]) completed - H0 was accepted"), std::string::npos)
        << r.out;
    const int played = journal_games(dir.path() / "matches" / "A-vs-B" / "journal.jsonl");
    EXPECT_GT(played, 0);
    EXPECT_LT(played, 200);
    // -pgnout got every journaled game.
    std::ifstream pgn(dir.path() / "all.pgn");
    int events = 0;
    for (std::string l; std::getline(pgn, l);) events += l.rfind("[Event ", 0) == 0;
    EXPECT_EQ(events, played);
}

// fastchess's -use-affinity is the config's affinity.
TEST(MatchCli, UseAffinityKeepsThreadsToCores) {
    TempDir dir("match-affinity");
    const std::vector<std::string> args{"match",   "minichess",  "-engine",      "cmd=random",
                                        "-engine", "cmd=random", "-print-config"};
    auto with = args;
    with.push_back("-use-affinity");
    auto r = run(dir.path(), with);
    ASSERT_EQ(r.code, 0) << r.out;
    EXPECT_NE(r.out.find("affinity: true"), std::string::npos) << r.out;
    r = run(dir.path(), args);
    ASSERT_EQ(r.code, 0) << r.out;
    EXPECT_EQ(r.out.find("affinity"), std::string::npos) << r.out;
}

TEST(MatchCli, MistakesAreNamed) {
    TempDir dir("match-bad");
    auto r = run(dir.path(), {"match", "minichess", "-engine", "cmd=random", "-engine",
                              "cmd=random", "-rounds", "0"});
    EXPECT_EQ(r.code, 1);
    EXPECT_NE(r.out.find("-rounds '0'"), std::string::npos) << r.out;
    r = run(dir.path(),
            {"match", "minichess", "-engine", "cmd=random", "-engine", "cmd=random", "stray"});
    EXPECT_EQ(r.code, 1);
    EXPECT_NE(r.out.find("-engine: 'stray' is not key=value"), std::string::npos) << r.out;
    r = run(dir.path(),
            {"match", "minichess", "-engine", "cmd=random", "-engine", "cmd=random", "colour=red"});
    EXPECT_EQ(r.code, 1);
    EXPECT_NE(r.out.find("-engine #2: unknown key 'colour'"), std::string::npos) << r.out;
    r = run(dir.path(), {"match", "minichess", "-engine", "cmd=random", "name=a", "-engine",
                         "cmd=random", "-sprt", "elo0=5", "elo1=0"});
    EXPECT_EQ(r.code, 1);
    EXPECT_NE(r.out.find("command line: sprt: elo0 5 must be below elo1 0"), std::string::npos)
        << r.out;
    r = run(dir.path(),
            {"match", "minichess", "-engine", "cmd=random", "name=a", "-engine", "cmd=random",
             "name=b", "-engine", "cmd=random", "-sprt", "elo0=0", "elo1=5"});
    EXPECT_EQ(r.code, 1);
    EXPECT_NE(r.out.find("an SPRT compares two engines"), std::string::npos) << r.out;
}

TEST(MatchCli, NodeAndDepthLimitsReachTheEnginesGo) {
    // A UCI engine in a few lines of sh that writes every "go" it gets to a file and plays
    // a2a3 (legal at the start; its second move then loses the game, which is all we need).
    TempDir dir("match-limits");
    const fs::path engine = dir.path() / "recorder";
    std::ofstream(engine) << "#!/bin/sh\n"
                             "while read -r line; do\n"
                             "  case \"$line\" in\n"
                             "    uci) echo 'option name UCI_Variant type combo default minichess "
                             "var minichess'; echo uciok ;;\n"
                             "    isready) echo readyok ;;\n"
                             "    go*) echo \"$0 $line\" >> go.log; echo 'bestmove a2a3' ;;\n"
                             "    quit) exit 0 ;;\n"
                             "  esac\n"
                             "done\n";
    // Open to others, and the folder writable by them: under a root referee each engine runs
    // as a user of its own.
    fs::permissions(engine, fs::perms::owner_all | fs::perms::others_read | fs::perms::others_exec);
    fs::permissions(dir.path(), fs::perms::all);
    // Both engines append to one log: made here, writable by both users.
    std::ofstream(dir.path() / "go.log").close();
    fs::permissions(dir.path() / "go.log", fs::perms::all);
    fs::copy_file(engine, dir.path() / "recorder2");
    // Engines start in a scratch folder of their own; dir= gives them this one (writable
    // under the sandbox too) for their log.
    const std::string here = "dir=" + dir.path().string();
    auto r = run(dir.path(), {"match", "minichess", "-engine", "cmd=./recorder", "name=n",
                              "nodes=1234", here, "-engine", "cmd=./recorder2", "name=d", "depth=3",
                              here, "-each", "tc=5+0.05", "-rounds", "1", "-games", "1"});
    ASSERT_EQ(r.code, 0) << r.out;
    std::ifstream log(dir.path() / "go.log");
    std::string first, second;
    std::getline(log, first);
    std::getline(log, second);
    EXPECT_NE(first.find("recorder go wtime"), std::string::npos) << first;
    EXPECT_NE(first.find(" nodes 1234"), std::string::npos) << first;
    EXPECT_EQ(first.find(" depth"), std::string::npos) << first;
    EXPECT_NE(second.find("recorder2 go wtime"), std::string::npos) << second;
    EXPECT_NE(second.find(" depth 3"), std::string::npos) << second;
    EXPECT_EQ(second.find(" nodes"), std::string::npos) << second;
    // IMCS engines cannot be given either.
    r = run(dir.path(), {"match", "minichess", "-engine", "cmd=random", "name=a", "proto=imcs",
                         "depth=3", "-engine", "cmd=random", "name=b"});
    EXPECT_EQ(r.code, 1);
    EXPECT_NE(r.out.find("this engine speaks IMCS"), std::string::npos) << r.out;
}

TEST(MatchCli, APgnBookIsPlayedFrom) {
    TempDir dir("match-pgn");
    std::ofstream(dir.path() / "book.pgn")
        << "[Event \"a\"]\n\n1. b3 d4 2. c3 dxc3 *\n\n[Event \"b\"]\n\n1. a3 {x} a4 *\n";
    auto r = run(dir.path(), {"match", "minichess", "-engine", "cmd=random", "name=A", "-engine",
                              "cmd=random", "name=B", "-each", "tc=5+0.05", "-rounds", "2",
                              "-openings", "file=book.pgn", "format=pgn", "plies=2", "-quiet"});
    ASSERT_EQ(r.code, 0) << r.out;
    std::string fp;
    const auto games = journal_moves(dir.path() / "matches" / "A-vs-B" / "journal.jsonl", &fp);
    ASSERT_EQ(games.size(), 4u);
    // Pairs of games on each opening, the book's first two plies first.
    for (int slot : {0, 1})
        EXPECT_NE(games.at(slot).find(": b2-b3 d5-d4 "), std::string::npos) << games.at(slot);
    for (int slot : {2, 3})
        EXPECT_NE(games.at(slot).find(": a2-a3 a5-a4 "), std::string::npos) << games.at(slot);
}

}  // namespace
