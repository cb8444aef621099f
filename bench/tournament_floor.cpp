// The floor for bench/tournament: the games of a tournament config, played with nothing else:
// blocking pipes, one game at a time, no clocks, no records, no journal, no sandbox. It plays
// the referee's own schedule (make_schedule of the same config): the same engines, the same
// colours, the same per-game Seed, so both sides play the same games and start the same
// engine processes. Only the rules engine, to know when a game is over.
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "referee/engine/process/cpu_time.hpp"
#include "referee/rules/core/position.hpp"
#include "referee/tournament/config.hpp"
#include "referee/tournament/schedule.hpp"

namespace {

struct Engine {
    pid_t pid = -1;
    int to = -1, from = -1;
    std::string buffer;

    explicit Engine(const referee::engine::EngineConfig& config) {
        int in[2], out[2];
        if (::pipe(in) || ::pipe(out)) throw std::runtime_error("pipe failed");
        pid = ::fork();
        if (pid == 0) {
            ::dup2(in[0], 0);
            ::dup2(out[1], 1);
            ::close(in[1]);
            ::close(out[0]);
            std::vector<char*> argv{const_cast<char*>(config.command.c_str())};
            for (const auto& a : config.args) argv.push_back(const_cast<char*>(a.c_str()));
            argv.push_back(nullptr);
            ::execv(argv[0], argv.data());
            ::_exit(127);
        }
        ::close(in[0]);
        ::close(out[1]);
        to = in[1];
        from = out[0];
    }
    void send(const std::string& line) {
        std::string l = line + "\n";
        if (::write(to, l.data(), l.size()) < 0) throw std::runtime_error("write failed");
    }
    std::string read_line() {
        for (;;) {
            auto nl = buffer.find('\n');
            if (nl != std::string::npos) {
                std::string line = buffer.substr(0, nl);
                buffer.erase(0, nl + 1);
                return line;
            }
            char chunk[4096];
            ssize_t n = ::read(from, chunk, sizeof chunk);
            if (n <= 0) throw std::runtime_error("engine closed its output");
            buffer.append(chunk, static_cast<std::size_t>(n));
        }
    }
    std::string wait_for(const std::string& prefix) {
        for (;;) {
            auto line = read_line();
            if (line.rfind(prefix, 0) == 0) return line;
        }
    }
    ~Engine() {
        send("quit");
        ::close(to);
        ::close(from);
        ::waitpid(pid, nullptr, 0);
    }
};

}  // namespace

int main(int argc, char** argv) {
    if (argc < 2) {
        std::fprintf(stderr,
                     "usage: bench-tournament-floor TOURNAMENT.yaml [DRIVERS K]\n"
                     "  plays the config's schedule; with DRIVERS K, only the slots whose index\n"
                     "  is K modulo DRIVERS (K from 0), so DRIVERS floors in parallel split it\n");
        return 2;
    }
    const int drivers = argc > 3 ? std::atoi(argv[2]) : 1;
    const int k = argc > 3 ? std::atoi(argv[3]) : 0;
    const auto bin = std::filesystem::canonical("/proc/self/exe").parent_path().string();
    const auto config = referee::tournament::load_tournament_config(argv[1], bin);
    const auto rules = referee::rules::Rules::load(config.variant);
    const std::string start_fen = rules.start().fen();
    const auto start = std::chrono::steady_clock::now();
    // One process per engine, started when its first game comes and kept, as the referee
    // keeps an idle process for the engine's next game.
    std::vector<std::unique_ptr<Engine>> engines(config.engines.size());
    auto engine = [&](int e) -> Engine& {
        if (!engines[e]) {
            engines[e] = std::make_unique<Engine>(config.engines[e]);
            engines[e]->send("uci");
            engines[e]->wait_for("uciok");
            engines[e]->send("setoption name UCI_Variant value " + config.variant);
        }
        return *engines[e];
    };
    long plies = 0;
    int games = 0;
    for (const auto& slot : referee::tournament::make_schedule(config)) {
        if (slot.index % drivers != k) continue;
        ++games;
        Engine* side[2] = {&engine(slot.white), &engine(slot.black)};
        for (Engine* e : side) {
            e->send(fmt::format("setoption name Seed value {}", config.seed + slot.index));
            e->send("ucinewgame");
            e->send("isready");
            e->wait_for("readyok");
        }
        auto pos = rules.start();
        std::string moves;
        for (int ply = 0; !pos.outcome(); ++ply) {
            Engine* e = side[ply % 2];
            e->send("position fen " + start_fen + (moves.empty() ? "" : " moves" + moves));
            e->send("go wtime 60000 btime 60000");
            auto best = e->wait_for("bestmove");
            auto text = best.substr(9, best.find(' ', 9) - 9);
            pos.play(pos.parse_move(text));
            moves += " " + text;
            ++plies;
        }
    }
    engines.clear();  // quits and reaps them, so their CPU is in RUSAGE_CHILDREN
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    // The same two figures `referee tournament --stats` prints: this driver's CPU, and its
    // engines'.
    using referee::engine::cpu_seconds;
    fmt::print(
        "floor games={} plies={} seconds={:.3f} games_per_second={:.2f} cpu_seconds={:.3f} "
        "children_cpu_seconds={:.3f}\n",
        games, plies, seconds, games / seconds, cpu_seconds(RUSAGE_SELF),
        cpu_seconds(RUSAGE_CHILDREN));
    return 0;
}
