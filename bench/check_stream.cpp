// bench/check: `referee check` on a long PGN file. Writes GAMES games (default 100,000) of
// MiniChess to a temporary PGN file (1,000 distinct random games, repeated), then in this
// process measures, each with its own CPU time (getrusage of itself):
//   floor   reading the file game by game with the PGN reader, nothing else;
//   replay  reading and replaying every move (parse_san + play), no verdicts;
//   check   the checker as `referee check` runs it (Checker::check_file).
// The check's resident memory is sampled at 10% and at 100% of the games: constant memory
// means the two are the same. The load average is printed beside the figures.
#include <sys/resource.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <random>
#include <string>

#include <fmt/format.h>

#include "referee/check/checker.hpp"
#include "referee/match/game_record.hpp"
#include "referee/rules/notation/pgn.hpp"

namespace {

double cpu_seconds() {
    rusage u{};
    ::getrusage(RUSAGE_SELF, &u);
    return static_cast<double>(u.ru_utime.tv_sec + u.ru_stime.tv_sec) +
           static_cast<double>(u.ru_utime.tv_usec + u.ru_stime.tv_usec) / 1e6;
}

long status_kb(const char* key) {
    std::ifstream in("/proc/self/status");
    for (std::string line; std::getline(in, line);)
        if (line.rfind(key, 0) == 0) return std::stol(line.substr(std::string(key).size()));
    return -1;
}

std::string load_average() {
    std::ifstream in("/proc/loadavg");
    std::string one, five, fifteen;
    in >> one >> five >> fifteen;
    return fmt::format("{} {} {}", one, five, fifteen);
}

std::string random_pgn(const referee::rules::Rules& rules, unsigned seed) {
    referee::match::GameRecord g;
    g.variant = rules.name();
    g.white = "a";
    g.black = "b";
    referee::rules::Position pos = rules.start();
    g.start_fen = pos.fen();
    std::mt19937 rng(seed);
    while (!pos.outcome()) {
        const auto moves = pos.legal_moves();
        const auto m = moves[std::uniform_int_distribution<std::size_t>(0, moves.size() - 1)(rng)];
        g.moves.push_back({pos.move_name(m), pos.move_name(m, referee::rules::MoveStyle::Uci),
                           pos.san(m), 0, -1, false});
        pos.play(m);
    }
    const auto o = *pos.outcome();
    g.result = o.result;
    g.reason_key = referee::rules::end_reason_key(o.reason);
    g.reason = o.description;
    return referee::match::to_pgn(g);
}

}  // namespace

int main(int argc, char** argv) {
    const long games = argc > 1 ? std::stol(argv[1]) : 100000;
    const std::string variant = argc > 2 ? argv[2] : "minichess";
    const auto rules = referee::rules::Rules::load(variant);
    const auto dir =
        std::filesystem::temp_directory_path() / fmt::format("bench-check-{}", ::getpid());
    std::filesystem::create_directories(dir);
    const std::string path = (dir / "games.pgn").string();
    long plies_written = 0;
    {
        std::vector<std::string> distinct;
        for (unsigned seed = 0; seed < 1000; ++seed) distinct.push_back(random_pgn(rules, seed));
        std::ofstream out(path);
        for (long i = 0; i < games; ++i)
            out << distinct[static_cast<std::size_t>(i) % distinct.size()];
    }
    const auto bytes = std::filesystem::file_size(path);

    // floor: the PGN reader alone.
    double t0 = cpu_seconds();
    long read = 0;
    {
        std::ifstream in(path);
        referee::rules::PgnReader reader(in, path);
        referee::rules::PgnGame g;
        while (reader.next(g)) ++read;
    }
    const double floor = cpu_seconds() - t0;

    // replay: reading and playing every move.
    t0 = cpu_seconds();
    {
        std::ifstream in(path);
        referee::rules::PgnReader reader(in, path);
        referee::rules::PgnGame g;
        while (reader.next(g))
            plies_written += static_cast<long>(referee::rules::pgn_moves(rules, g).size());
    }
    const double replay = cpu_seconds() - t0;

    // check: what `referee check` does.
    t0 = cpu_seconds();
    long checked = 0, rss_early = 0;
    referee::check::Checker checker("");
    checker.check_file(path,
                       [&](const referee::check::Verdict&, const referee::check::GameSource&) {
                           if (++checked == games / 10) rss_early = status_kb("VmRSS:");
                       });
    const double check = cpu_seconds() - t0;
    const long rss_late = status_kb("VmRSS:");
    std::filesystem::remove_all(dir);

    const auto& s = checker.summary();
    fmt::print("referee check on a PGN of {} {} games ({} plies, {:.1f} MB), load average {}\n",
               games, variant, plies_written, static_cast<double>(bytes) / 1e6, load_average());
    fmt::print("  {:<44} {:8.2f} s CPU  {:9.0f} games/s\n", "floor (PGN reader only)", floor,
               read / floor);
    fmt::print("  {:<44} {:8.2f} s CPU  {:9.0f} games/s\n", "replay (reader + parse_san + play)",
               replay, games / replay);
    fmt::print("  {:<44} {:8.2f} s CPU  {:9.0f} games/s\n",
               "check (Checker::check_file, as referee check)", check, games / check);
    fmt::print("  check RSS: {} KiB after {} games, {} KiB after {} (growth {} KiB); peak {} KiB\n",
               rss_early, games / 10, rss_late, checked, rss_late - rss_early, status_kb("VmHWM:"));
    fmt::print("  verdicts: {} ok, {} stopped, {} wrong\n", s.ok, s.stopped, s.wrong);
    return s.wrong == 0 && read == games && checked == games ? 0 : 1;
}
