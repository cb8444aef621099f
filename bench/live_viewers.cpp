// What a live page's viewers cost the referee: its own CPU per ply (getrusage of this process,
// every thread of it; the engines and the viewers are other processes) for the same games
// played three ways in one run: without a live page, with the page and no viewer, and with
// the page and N viewers on /events (100 by default), each reading everything it is sent.
// The games are those of bench/referee's instant engines (a prepared game, no search), so the
// referee's work per ply is as small as it gets and the page's share as large.
#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>
#include <random>
#include <vector>

#include <fmt/format.h>
#include <boost/asio/io_context.hpp>

#include "referee/engine/process/cpu_time.hpp"
#include "referee/live/run_live.hpp"
#include "referee/tournament/runner.hpp"

namespace {

namespace fs = std::filesystem;
using namespace referee;

std::string load_average() {
    std::ifstream in("/proc/loadavg");
    std::string a, b, c;
    in >> a >> b >> c;
    return a + " " + b + " " + c;
}

// A child process holding `count` SSE connections to 127.0.0.1:port and reading them all
// until each ends. It learns the port through `from`; it says it is connected through `to`.
pid_t start_viewers(int count, int from, int to) {
    const pid_t pid = ::fork();
    if (pid != 0) return pid;
    int port = 0;
    if (::read(from, &port, sizeof port) != sizeof port) ::_exit(1);
    std::vector<pollfd> fds;
    for (int i = 0; i < count; ++i) {
        const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
        sockaddr_in a{};
        a.sin_family = AF_INET;
        a.sin_port = htons(static_cast<uint16_t>(port));
        a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        if (::connect(fd, reinterpret_cast<sockaddr*>(&a), sizeof a) != 0) ::_exit(2);
        const char request[] = "GET /events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n";
        if (::write(fd, request, sizeof request - 1) < 0) ::_exit(3);
        fds.push_back({fd, POLLIN, 0});
    }
    const char ready = 'r';
    if (::write(to, &ready, 1) != 1) ::_exit(4);
    std::size_t open = fds.size();
    char buf[65536];
    while (open > 0 && ::poll(fds.data(), fds.size(), 60000) > 0)
        for (auto& p : fds)
            if (p.fd >= 0 && (p.revents & (POLLIN | POLLHUP | POLLERR)) &&
                ::read(p.fd, buf, sizeof buf) <= 0) {
                ::close(p.fd);
                p.fd = -1;
                --open;
            }
    ::_exit(0);
}

struct Run {
    long plies = 0;
    double cpu_per_ply_us = 0;
    std::uint64_t viewers = 0;
};

// One run of the games; `page`: with a live page; `viewers`: connected before the first game.
Run play(const fs::path& dir, const std::string& engine_yaml, int games, int concurrency, bool page,
         int viewers) {
    // The viewers' process first, while this one has no thread but its own.
    int down[2], up[2];
    if (::pipe(down) || ::pipe(up)) throw std::runtime_error("pipe failed");
    const pid_t child = viewers > 0 ? start_viewers(viewers, down[0], up[1]) : -1;
    fs::remove_all(dir);
    fs::create_directories(dir);
    const fs::path yaml = dir / "t.yaml";
    std::ofstream(yaml) << fmt::format(
        "name: bench\nvariant: minitchess\ngames_per_pairing: {}\ntime_control: \"600+0\"\n"
        "concurrency: {}\noutput: {}\nengines:\n  - {{name: a, {}}}\n  - {{name: b, {}}}\n",
        games, concurrency, (dir / "out").string(), engine_yaml, engine_yaml);
    const auto config = tournament::load_tournament_config(yaml.string(), dir.string());
    fs::create_directories(config.output_dir);
    tournament::JournalWriter journal((fs::path(config.output_dir) / "journal.jsonl").string(),
                                      config.fingerprint());
    Run r;
    tournament::OnGameFinished count([&](const tournament::GameSlot&, const match::GameRecord& g) {
        r.plies += static_cast<long>(g.moves.size());
    });
    tournament::RunEvents events;
    events.subscribe(count);
    boost::asio::io_context io;
    std::optional<live::RunLive> live;
    if (page) {
        live::LiveInfo info{"match", "bench", "round-robin", "600+0", {"a", "b"}, 2 * games, {}};
        live.emplace(io, info, rules::Rules::load(config.variant),
                     std::map<int, match::GameRecord>{},
                     live::RunLiveOptions{"127.0.0.1:0", "", "", ""});
        events.subscribe(*live);
    }
    if (child > 0) {
        const std::string url = live->url();
        const int port = std::atoi(url.c_str() + url.rfind(':') + 1);
        if (::write(down[1], &port, sizeof port) != sizeof port) throw std::runtime_error("pipe");
        char ready;
        if (::read(up[0], &ready, 1) != 1) throw std::runtime_error("the viewers did not start");
        // Every viewer accepted and streaming before the games start.
        while (live->viewers() < static_cast<std::size_t>(viewers))
            io.run_one_for(std::chrono::milliseconds(100));
        r.viewers = live->viewers();
    }
    for (int fd : {down[0], down[1], up[0], up[1]}) ::close(fd);
    tournament::Runner runner(io, config, tournament::make_schedule(config), journal, events);
    const double cpu0 = engine::cpu_seconds(RUSAGE_SELF);
    runner.run();
    r.cpu_per_ply_us = (engine::cpu_seconds(RUSAGE_SELF) - cpu0) * 1e6 / std::max(1L, r.plies);
    if (child > 0) ::waitpid(child, nullptr, 0);
    return r;
}

}  // namespace

int main(int argc, char** argv) {
    const fs::path bin = fs::canonical(fs::path(argv[0])).parent_path();
    const int games = argc > 1 ? std::atoi(argv[1]) : 1000;
    const int viewers = argc > 2 ? std::atoi(argv[2]) : 100;
    const int runs =
        std::max(1, std::getenv("BENCH_RUNS") ? std::atoi(std::getenv("BENCH_RUNS")) : 3);
    const fs::path work = fs::temp_directory_path() / fmt::format("bench-live-{}", ::getpid());
    fs::create_directories(work);
    // The instant engines' game, as bench/referee writes it.
    const fs::path script = work / "script.txt";
    if (std::system(fmt::format("'{}' --write-script '{}'", (bin / "bench-referee").string(),
                                script.string())
                        .c_str()) != 0) {
        fmt::print(stderr, "bench-live: {} --write-script failed\n",
                   (bin / "bench-referee").string());
        return 2;
    }
    const std::string engine =
        fmt::format("cmd: '{}', args: ['{}']", (bin / "scripted-engine").string(), script.string());
    fmt::print(
        "referee CPU per ply with a live page, {} games of instant UCI engines, minitchess\n",
        2 * games);
    fmt::print("load average before: {}\n", load_average());
    fmt::print("each figure the best of {} runs (BENCH_RUNS), the three kinds taken in turn\n",
               runs);
    fmt::print("  {:<34} {:>12} {:>8} {:>14} {:>10}\n", "case", "concurrency", "plies",
               "referee us/ply", "x no page");
    for (int concurrency : {1, 8}) {
        struct Case {
            std::string label;
            bool page;
            int viewers;
            Run best;
        };
        std::vector<Case> cases = {
            {"no live page", false, 0, {}},
            {"live page, no viewer", true, 0, {}},
            {fmt::format("live page, {} viewers", viewers), true, viewers, {}}};
        for (int k = 0; k < runs; ++k)
            for (auto& c : cases) {
                const Run r = play(work / "run", engine, games, concurrency, c.page, c.viewers);
                if (c.best.plies == 0 || r.cpu_per_ply_us < c.best.cpu_per_ply_us) c.best = r;
            }
        for (const auto& c : cases)
            fmt::print("  {:<34} {:>12} {:>8} {:>14.2f} {:>10.3f}{}\n", c.label, concurrency,
                       c.best.plies, c.best.cpu_per_ply_us,
                       c.best.cpu_per_ply_us / cases[0].best.cpu_per_ply_us,
                       c.viewers ? fmt::format("  ({} connected)", c.best.viewers) : "");
        fmt::print("  {} viewers against none: {:.3f}x (target: within 10%)\n", viewers,
                   cases[2].best.cpu_per_ply_us / cases[1].best.cpu_per_ply_us);
    }
    fmt::print("load average after: {}\n", load_average());
    fs::remove_all(work);
    return 0;
}
