#include "match_harness.hpp"

#include <sys/resource.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <thread>

#include <boost/asio/io_context.hpp>
#include <boost/asio/post.hpp>

#include "referee/engine/dialects/session.hpp"

namespace referee::test {

engine::EngineConfig in_tree(const std::string& binary, engine::Protocol protocol,
                             std::vector<std::string> args) {
    engine::EngineConfig c;
    c.name = binary;
    c.command = std::string(REFEREE_BIN_DIR) + "/" + binary;
    c.protocol = protocol;
    c.args = {"--protocol", engine::protocol_name(protocol)};
    for (auto& a : args) c.args.push_back(a);
    c.startup_timeout = std::chrono::milliseconds(5000);
    return c;
}

engine::EngineConfig fairy_stockfish(std::vector<std::pair<std::string, std::string>> options) {
    engine::EngineConfig c;
    c.name = "fairy-stockfish";
    c.command = "/usr/games/fairy-stockfish";
    c.options = std::move(options);
    return c;
}

match::GameSpec spec_for(const std::string& variant, const std::string& time_control) {
    match::GameSpec spec{
        rules::Rules::load(variant).start(), {}, match::parse_time_control(time_control)};
    return spec;
}

namespace {
long peak_rss_kb() {
    rusage u{};
    getrusage(RUSAGE_SELF, &u);
    return u.ru_maxrss;
}
}  // namespace

Played play(const std::string& variant, engine::EngineConfig white_cfg,
            engine::EngineConfig black_cfg, match::GameSpec spec) {
    const auto rules = rules::Rules::load(variant);
    boost::asio::io_context io;
    const auto scratch =
        (std::filesystem::temp_directory_path() / ("referee-test-" + std::to_string(::getpid())))
            .string();
    // Each side's seat fills the placeholders of its arguments ({color}, {seed}, ...).
    const auto& tc = spec.time_control;
    const std::int64_t clock_ms = tc.move_time_ms > 0 ? tc.move_time_ms : tc.base_ms;
    const engine::Seat white_seat{'W', spec.game_seed, black_cfg.name, clock_ms};
    const engine::Seat black_seat{'B', spec.game_seed, white_cfg.name, clock_ms};
    auto white = engine::EngineSession::create(io, white_cfg, rules.variant(), scratch, white_seat);
    auto black = engine::EngineSession::create(io, black_cfg, rules.variant(), scratch, black_seat);
    Played out;
    const long rss_before = peak_rss_kb();
    const auto start = std::chrono::steady_clock::now();
    bool done = false;
    auto game =
        match::Game::create(io, std::move(spec), white, black, [&](const match::GameRecord& r) {
            out.record = r;
            done = true;
            out.groups = {white->pid(), black->pid()};
            // The game's own handlers may be running this very callback: they are replaced
            // from the event loop, not from inside them.
            boost::asio::post(io, [&] {
                int i = 0;
                for (auto* s : {&white, &black}) {
                    engine::EngineSession::Events ev;
                    ev.exit = [&out, i](const engine::ExitInfo& info) { out.exits[i] = info; };
                    (*s)->set_events(std::move(ev));
                    (*s)->quit(std::chrono::milliseconds(300));
                    ++i;
                }
            });
        });
    game->start();
    io.run();
    out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    out.peak_rss_growth_kb = peak_rss_kb() - rss_before;
    if (!done) throw std::runtime_error("the game never reported a result");
    return out;
}

namespace {
bool group_has_live_process(pid_t pgid) {
    for (const auto& entry : std::filesystem::directory_iterator("/proc")) {
        const auto name = entry.path().filename().string();
        if (name.find_first_not_of("0123456789") != std::string::npos) continue;
        std::ifstream stat(entry.path() / "stat");
        std::string line;
        if (!std::getline(stat, line)) continue;
        // pid (comm) state ppid pgrp ...: comm may hold spaces, so read after the last ')'.
        auto close = line.rfind(')');
        if (close == std::string::npos) continue;
        std::istringstream rest(line.substr(close + 2));
        char state = 0;
        long ppid = 0, pgrp = 0;
        rest >> state >> ppid >> pgrp;
        if (pgrp == pgid && state != 'Z') return true;
    }
    return false;
}
}  // namespace

// SIGKILL is delivered asynchronously: a killed process may still show as running for a
// moment, so the check allows the kernel up to a second to finish what was ordered.
bool group_gone(pid_t pgid) {
    if (pgid <= 0) return true;
    for (int i = 0; i < 100; ++i) {
        if (!group_has_live_process(pgid)) return true;
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    return false;
}

}  // namespace referee::test
