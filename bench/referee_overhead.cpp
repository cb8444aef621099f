// The referee's own CPU time per ply, beside the floor no referee can beat: the CPU one side
// of a bare pipe ping-pong between two processes spends per round trip, measured in the same
// run. Games are played by the tournament runner itself (journal included), in this process,
// so getrusage(RUSAGE_SELF) is the referee's CPU and nothing of the engines, which are child
// processes. Configurations: instant (scripted) and random engines, over UCI and IMCS, at
// concurrency 1, 2 and 32.
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <random>
#include <vector>

#include <fmt/format.h>
#include <boost/asio/io_context.hpp>

#include "referee/engine/process/cpu_time.hpp"
#include "referee/tournament/runner.hpp"

namespace {

using Clock = std::chrono::steady_clock;
namespace fs = std::filesystem;

// referee::engine::cpu_seconds in microseconds: this process's, or its reaped children's;
// or the user part alone.
double cpu_us(int who = RUSAGE_SELF, bool user_only = false) {
    return referee::engine::cpu_seconds(who, user_only) * 1e6;
}

std::string load_average() {
    std::ifstream in("/proc/loadavg");
    std::string a, b, c;
    in >> a >> b >> c;
    return a + " " + b + " " + c;
}

struct PingPong {
    double parent_cpu_us = 0;  // per round trip, the side that writes first (the referee's side)
    double both_cpu_us = 0;    // per round trip, both processes
    double wall_us = 0;        // per round trip
};

// The parent writes a request line, the child reads it and writes a reply line: the
// cheapest request and reply between two processes.
PingPong pipe_ping_pong(int rounds) {
    int down[2], up[2];
    if (::pipe(down) || ::pipe(up)) throw std::runtime_error("pipe failed");
    const double children_before = cpu_us(RUSAGE_CHILDREN);
    pid_t pid = ::fork();
    if (pid == 0) {
        ::close(down[1]);
        ::close(up[0]);
        char buf[256];
        while (::read(down[0], buf, sizeof buf) > 0)
            if (::write(up[1], "bestmove a2a3\n", 14) < 0) break;
        ::_exit(0);
    }
    ::close(down[0]);
    ::close(up[1]);
    char buf[256];
    const std::string request = "position startpos moves a2a3 a5a4\ngo wtime 600000 btime 600000\n";
    const double cpu0 = cpu_us();
    const auto t0 = Clock::now();
    for (int i = 0; i < rounds; ++i)
        if (::write(down[1], request.data(), request.size()) < 0 ||
            ::read(up[0], buf, sizeof buf) <= 0)
            break;
    const double wall = std::chrono::duration<double, std::micro>(Clock::now() - t0).count();
    const double parent = cpu_us() - cpu0;
    ::close(down[1]);
    ::close(up[0]);
    ::waitpid(pid, nullptr, 0);
    const double child = cpu_us(RUSAGE_CHILDREN) - children_before;
    return {parent / rounds, (parent + child) / rounds, wall / rounds};
}

// One game's moves, chosen at random with the rules engine, for the scripted engines: in UCI
// form (a2a3), or in the IMCS server's form (a2-a3), which is the only one it accepts.
std::vector<std::string> scripted_game(
    const referee::rules::Rules& rules, unsigned seed,
    referee::rules::MoveStyle style = referee::rules::MoveStyle::Uci) {
    std::mt19937_64 rng(seed);
    auto pos = rules.start();
    std::vector<std::string> moves;
    while (!pos.outcome()) {
        auto legal = pos.legal_moves();
        auto m = legal[rng() % legal.size()];
        moves.push_back(pos.move_name(m, style));
        pos.play(m);
    }
    return moves;
}

struct Run {
    std::string label;
    int games = 0;
    long plies = 0;
    double cpu_per_ply_us = 0;
    double user_per_ply_us =
        0;  // of which in user space (the rest is the kernel: pipes, epoll, switches)
    double wall_per_ply_us = 0;
};

// A round-robin of two engines, `games` games at `concurrency`, played by the tournament
// runner in this process; returns the referee's CPU per ply.
Run play(const fs::path& work, const std::string& label, const std::string& engine_yaml, int games,
         int concurrency) {
    const fs::path dir = work / fmt::format("run-{}-{}", label, concurrency);
    fs::create_directories(dir);
    const fs::path yaml = dir / "t.yaml";
    std::ofstream(yaml) << fmt::format(
        "name: bench\nvariant: minitchess\ngames_per_pairing: {}\ntime_control: "
        "\"600+0\"\nconcurrency: {}\noutput: {}\n"
        "engines:\n  - {{name: a, {}}}\n  - {{name: b, {}}}\n",
        games, concurrency, (dir / "out").string(), engine_yaml, engine_yaml);
    const auto config = referee::tournament::load_tournament_config(
        yaml.string(), fs::path(yaml).parent_path().string());
    fs::create_directories(config.output_dir);
    referee::tournament::JournalWriter journal(
        (fs::path(config.output_dir) / "journal.jsonl").string(), config.fingerprint());
    Run r{label + fmt::format(", concurrency {}", concurrency), 0, 0, 0, 0, 0};
    referee::tournament::OnGameFinished count(
        [&](const referee::tournament::GameSlot&, const referee::match::GameRecord& g) {
            if (g.at_fault) fmt::print(stderr, "{}: a game ended badly: {}\n", label, g.reason);
            ++r.games;
            r.plies += static_cast<long>(g.moves.size());
        });
    referee::tournament::RunEvents events;
    events.subscribe(count);
    boost::asio::io_context io;
    referee::tournament::Runner runner(io, config, referee::tournament::make_schedule(config),
                                       journal, events);
    const double cpu0 = cpu_us(), user0 = cpu_us(RUSAGE_SELF, true);
    const auto t0 = Clock::now();
    runner.run();
    r.user_per_ply_us = (cpu_us(RUSAGE_SELF, true) - user0) / std::max(1L, r.plies);
    const double wall = std::chrono::duration<double, std::micro>(Clock::now() - t0).count();
    r.cpu_per_ply_us = (cpu_us() - cpu0) / std::max(1L, r.plies);
    r.wall_per_ply_us = wall / std::max(1L, r.plies);
    return r;
}

}  // namespace

int main(int argc, char** argv) {
    const fs::path bin = fs::canonical(fs::path(argv[0])).parent_path();
    if (argc == 3 && std::string(argv[1]) == "--write-script") {
        // For bench/scale: the scripted engines' game, written to a file.
        std::ofstream out(argv[2]);
        for (const auto& m : scripted_game(referee::rules::Rules::load("minitchess"), 12345))
            out << m << '\n';
        return out.flush() ? 0 : 1;
    }
    const int games = argc > 1 ? std::atoi(argv[1]) : 400;
    const fs::path work = fs::temp_directory_path() / fmt::format("bench-referee-{}", ::getpid());
    fs::create_directories(work);
    for (const auto style : {referee::rules::MoveStyle::Uci, referee::rules::MoveStyle::Dash}) {
        std::ofstream out(
            work / (style == referee::rules::MoveStyle::Uci ? "script.txt" : "script-imcs.txt"));
        for (const auto& m : scripted_game(referee::rules::Rules::load("minitchess"), 12345, style))
            out << m << '\n';
    }
    const std::string scripted = (bin / "scripted-engine").string(),
                      random = (bin / "random-engine").string();
    const std::string script = (work / "script.txt").string(),
                      script_imcs = (work / "script-imcs.txt").string();
    struct Engines {
        const char* label;
        std::string yaml;
        int games;
    };
    const Engines kinds[] = {
        {"instant, UCI", fmt::format("cmd: '{}', args: ['{}']", scripted, script), games},
        {"instant, IMCS",
         fmt::format("cmd: '{}', args: ['{}', imcs], protocol: imcs", scripted, script_imcs),
         games},
        {"random, UCI", fmt::format("cmd: '{}'", random), games / 4},
        {"random, IMCS", fmt::format("cmd: '{}', args: [--protocol, imcs], protocol: imcs", random),
         games / 4},
    };

    fmt::print(
        "referee CPU per ply (getrusage of the referee's own process; engines are children), "
        "minitchess\n");
    fmt::print("load average before: {}\n", load_average());
    // BENCH_RUNS=N: every figure is the best (least CPU) of N runs; on a shared machine
    // single runs swing by 2x.
    const int runs =
        std::max(1, std::getenv("BENCH_RUNS") ? std::atoi(std::getenv("BENCH_RUNS")) : 1);
    PingPong pipe = pipe_ping_pong(100000);
    for (int k = 1; k < runs; ++k) {
        const PingPong p = pipe_ping_pong(100000);
        if (p.parent_cpu_us < pipe.parent_cpu_us) pipe = p;
    }
    if (runs > 1) fmt::print("each figure the best of {} runs (BENCH_RUNS)\n", runs);
    fmt::print(
        "  bare pipe ping-pong, per round trip: {:.1f} us CPU on the requesting side ({:.1f} us "
        "both sides), {:.1f} us wall\n",
        pipe.parent_cpu_us, pipe.both_cpu_us, pipe.wall_us);
    fmt::print("  {:<30} {:>6} {:>7} {:>14} {:>10} {:>8} {:>12}\n", "engines", "games", "plies",
               "referee us/ply", "x pipe", "of which user", "wall us/ply");
    double worst_instant = 0;
    // BENCH_ONLY="instant, UCI, concurrency 1" runs one configuration (for a profiler).
    const char* only = std::getenv("BENCH_ONLY");
    for (const auto& kind : kinds)
        for (int concurrency : {1, 2, 32}) {
            if (only && fmt::format("{}, concurrency {}", kind.label, concurrency) != only)
                continue;
            auto r = play(work, kind.label, kind.yaml, kind.games, concurrency);
            for (int k = 1; k < runs; ++k) {
                const auto again = play(work / fmt::format("again-{}", k), kind.label, kind.yaml,
                                        kind.games, concurrency);
                if (again.cpu_per_ply_us < r.cpu_per_ply_us) r = again;
            }
            fmt::print("  {:<30} {:>6} {:>7} {:>14.1f} {:>10.2f} {:>13.1f} {:>12.1f}\n", r.label,
                       r.games, r.plies, r.cpu_per_ply_us, r.cpu_per_ply_us / pipe.parent_cpu_us,
                       r.user_per_ply_us, r.wall_per_ply_us);
            if (std::string(kind.label).rfind("instant", 0) == 0)
                worst_instant = std::max(worst_instant, r.cpu_per_ply_us);
        }
    fmt::print(
        "  worst instant-engine figure: {:.1f} us/ply, {:.2f}x the pipe; target: at most 15 us and "
        "3x\n",
        worst_instant, worst_instant / pipe.parent_cpu_us);
    fmt::print("load average after: {}\n", load_average());
    fs::remove_all(work);
    return 0;
}
