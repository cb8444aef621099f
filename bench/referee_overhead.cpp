// The referee's cost per ply, beside the floor no referee can beat: a bare pipe round trip
// between two processes, measured in the same run. Games are played between scripted
// engines that answer instantly, so what is left above the pipe is the referee's own work
// (reading, checking the move against the rules, the clock, writing the next request).
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <random>
#include <vector>

#include <boost/asio/io_context.hpp>
#include <fmt/format.h>

#include "referee/engine/session.hpp"
#include "referee/match/game.hpp"

namespace {

using Clock = std::chrono::steady_clock;
namespace fs = std::filesystem;

double median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    return v.empty() ? 0 : v[v.size() / 2];
}

// Parent writes a line, the child reads it and writes one back: the cheapest possible
// request and reply between two processes.
double pipe_round_trip_us(int rounds) {
    int down[2], up[2];
    if (::pipe(down) || ::pipe(up)) throw std::runtime_error("pipe failed");
    pid_t pid = ::fork();
    if (pid == 0) {
        ::close(down[1]);
        ::close(up[0]);
        char buf[64];
        while (::read(down[0], buf, sizeof buf) > 0)
            if (::write(up[1], "bestmove a2a3\n", 14) < 0) break;
        ::_exit(0);
    }
    ::close(down[0]);
    ::close(up[1]);
    std::vector<double> samples;
    char buf[64];
    for (int i = 0; i < rounds; ++i) {
        auto t0 = Clock::now();
        if (::write(down[1], "go wtime 1000 btime 1000\n", 25) < 0 || ::read(up[0], buf, sizeof buf) <= 0) break;
        samples.push_back(std::chrono::duration<double, std::micro>(Clock::now() - t0).count());
    }
    ::close(down[1]);
    ::close(up[0]);
    ::waitpid(pid, nullptr, 0);
    return median(samples);
}

// One game's moves, chosen at random with the rules engine, for the scripted engines.
std::vector<std::string> scripted_game(const referee::rules::Rules& rules, unsigned seed) {
    std::mt19937_64 rng(seed);
    auto pos = rules.start();
    std::vector<std::string> moves;
    while (!pos.outcome()) {
        auto legal = pos.legal_moves();
        auto m = legal[rng() % legal.size()];
        moves.push_back(pos.move_name(m, referee::rules::MoveStyle::Uci));
        pos.play(m);
    }
    return moves;
}

struct Figures {
    double per_ply_us = 0;
    int plies = 0;
    int games = 0;
};

// Plays `games` games between the two engines, reusing their processes, and returns the
// median over games of wall time per ply.
Figures play(const referee::rules::Rules& rules, const referee::engine::EngineConfig& a, const referee::engine::EngineConfig& b,
             int games) {
    boost::asio::io_context io;
    auto white = referee::engine::EngineSession::create(io, a, rules.variant(), "/tmp");
    auto black = referee::engine::EngineSession::create(io, b, rules.variant(), "/tmp");
    std::vector<double> per_ply;
    Figures f;
    std::function<void(int)> next = [&](int n) {
        if (n == games) {
            white->quit(std::chrono::milliseconds(500));
            black->quit(std::chrono::milliseconds(500));
            return;
        }
        referee::match::GameSpec spec{rules.start(), {}, referee::match::parse_time_control("600+0")};
        auto t0 = std::make_shared<Clock::time_point>(Clock::now());
        auto game = referee::match::Game::create(io, spec, white, black, [&, n, t0](const referee::match::GameRecord& r) {
            const double us = std::chrono::duration<double, std::micro>(Clock::now() - *t0).count();
            if (!r.moves.empty() && !r.at_fault) {
                per_ply.push_back(us / static_cast<double>(r.moves.size()));
                f.plies += static_cast<int>(r.moves.size());
                ++f.games;
            } else {
                fmt::print(stderr, "game {} ended badly: {}\n", n, r.reason);
            }
            next(n + 1);
        });
        game->start();
    };
    next(0);
    io.run();
    f.per_ply_us = median(per_ply);
    return f;
}

}  // namespace

int main(int argc, char** argv) {
    if (argc == 3 && std::string(argv[1]) == "--write-script") {
        // For bench/scale: the scripted engines' game, written to a file.
        std::ofstream out(argv[2]);
        for (const auto& m : scripted_game(referee::rules::Rules::load("minitchess"), 12345)) out << m << '\n';
        return out.flush() ? 0 : 1;
    }
    const int games = argc > 1 ? std::atoi(argv[1]) : 200;
    const fs::path bin = fs::path(argv[0]).parent_path();
    const auto rules = referee::rules::Rules::load("minitchess");

    const auto script = scripted_game(rules, 12345);
    const auto script_file = fs::temp_directory_path() / fmt::format("scripted-game-{}.txt", ::getpid());
    {
        std::ofstream out(script_file);
        for (const auto& m : script) out << m << '\n';
    }
    referee::engine::EngineConfig scripted;
    scripted.name = "scripted";
    scripted.command = (bin / "scripted-engine").string();
    scripted.args = {script_file.string()};
    referee::engine::EngineConfig random_cfg;
    random_cfg.name = "random";
    random_cfg.command = (bin / "random-engine").string();

    const double pipe = pipe_round_trip_us(20000);
    const auto instant = play(rules, scripted, scripted, games);
    const auto randoms = play(rules, random_cfg, random_cfg, games / 4);
    fs::remove(script_file);

    fmt::print("referee overhead per ply (median over games; minitchess; engines reused between games)\n");
    fmt::print("  bare pipe round trip between two processes     {:8.1f} us   (the floor, same run)\n", pipe);
    fmt::print("  per ply, instant scripted engines ({} games, {} plies) {:8.1f} us\n", instant.games, instant.plies, instant.per_ply_us);
    fmt::print("  referee overhead per ply (above minus the pipe) {:8.1f} us   target < 30 us\n", instant.per_ply_us - pipe);
    fmt::print("  ratio: per ply / pipe round trip               {:8.2f} x\n", instant.per_ply_us / pipe);
    fmt::print("  per ply, random-engine ({} games, {} plies; includes its move generation) {:8.1f} us\n", randoms.games,
               randoms.plies, randoms.per_ply_us);
    return 0;
}
