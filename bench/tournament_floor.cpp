// The floor for bench/tournament: the same number of games between two random engines with
// nothing else: blocking pipes, one game at a time, no clocks, no records, no journal. Only
// the rules engine, to know when a game is over.
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <string>

#include <fmt/format.h>

#include "referee/rules/position.hpp"

namespace {

struct Engine {
    pid_t pid = -1;
    int to = -1, from = -1;
    std::string buffer;

    explicit Engine(const std::string& path, const std::string& seed) {
        int in[2], out[2];
        if (::pipe(in) || ::pipe(out)) throw std::runtime_error("pipe failed");
        pid = ::fork();
        if (pid == 0) {
            ::dup2(in[0], 0);
            ::dup2(out[1], 1);
            ::close(in[1]);
            ::close(out[0]);
            ::execl(path.c_str(), path.c_str(), "--seed", seed.c_str(), nullptr);
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
    if (argc < 3) {
        std::fprintf(stderr, "usage: bench-tournament-floor RANDOM_ENGINE GAMES [FIRST_SEED]\n");
        return 2;
    }
    const std::string engine = argv[1];
    const int games = std::atoi(argv[2]);
    // Each game gets its own Seed, as the referee gives each slot of a tournament
    // (seed + slot): without it every game repeats the first one, and the floor would time a
    // few games of one length while the referee plays games of every length.
    const long first_seed = argc > 3 ? std::atol(argv[3]) : 1;
    const auto rules = referee::rules::Rules::load("minitchess");
    const auto start = std::chrono::steady_clock::now();
    Engine a(engine, "1"), b(engine, "2");
    for (Engine* e : {&a, &b}) {
        e->send("uci");
        e->wait_for("uciok");
        e->send("setoption name UCI_Variant value minitchess");
    }
    long plies = 0;
    for (int g = 0; g < games; ++g) {
        Engine* side[2] = {g % 2 ? &b : &a, g % 2 ? &a : &b};
        for (Engine* e : side) {
            e->send(fmt::format("setoption name Seed value {}", first_seed + g));
            e->send("ucinewgame");
            e->send("isready");
            e->wait_for("readyok");
        }
        auto pos = rules.start();
        std::string moves;
        for (int ply = 0; !pos.outcome(); ++ply) {
            Engine* e = side[ply % 2];
            e->send("position fen " + rules.start().fen() +
                    (moves.empty() ? "" : " moves" + moves));
            e->send("go wtime 30000 btime 30000");
            auto best = e->wait_for("bestmove");
            auto text = best.substr(9, best.find(' ', 9) - 9);
            pos.play(pos.parse_move(text));
            moves += " " + text;
            ++plies;
        }
    }
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    fmt::print("floor games={} plies={} seconds={:.3f} games_per_second={:.2f}\n", games, plies,
               seconds, games / seconds);
    return 0;
}
