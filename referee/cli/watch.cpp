// `referee watch OUTPUT_DIR [--port P]`: the live page of a tournament another process (or
// Slurm's shards) is writing into OUTPUT_DIR (see referee/live/folder_watch.hpp).
#include <chrono>
#include <csignal>
#include <filesystem>
#include <iostream>
#include <memory>
#include <optional>
#include <thread>

#include <fmt/format.h>
#include <boost/asio/io_context.hpp>
#include <boost/asio/signal_set.hpp>

#include "referee/cli/commands.hpp"
#include "referee/live/folder_watch.hpp"

namespace referee::cli {
namespace {

struct WatchArgs {
    std::string folder;
    std::string bind = "127.0.0.1";
    unsigned short port = 8080;
    double wait_s = 600;  // for a folder with nothing in it yet
};

void run_watch(const WatchArgs& a) {
    namespace fs = std::filesystem;
    // Started together with the tournament, the folder may not exist yet: wait for it as for
    // its first file. Only something else standing at that name is an error at once.
    std::error_code ec;
    if (fs::exists(a.folder, ec) && !fs::is_directory(a.folder, ec))
        throw std::runtime_error(fmt::format("watch: {} is not a folder", a.folder));
    const auto give_up = std::chrono::steady_clock::now() +
                         std::chrono::milliseconds(static_cast<std::int64_t>(a.wait_s * 1000));
    auto start = live::read_folder_start(a.folder);
    if (!start)
        std::cout << fmt::format("waiting for {}{} journal or live file", a.folder,
                                 fs::is_directory(a.folder, ec) ? "'s first" : " and its first")
                  << std::endl;
    while (!start) {
        if (std::chrono::steady_clock::now() > give_up)
            throw std::runtime_error(
                fs::is_directory(a.folder, ec)
                    ? fmt::format("watch: {} holds no journal.jsonl, journal.shard-*.jsonl or "
                                  "live.json after {} s",
                                  a.folder, a.wait_s)
                    : fmt::format("watch: the folder {} did not appear in {} s (--wait)", a.folder,
                                  a.wait_s));
        std::this_thread::sleep_for(live::kWatchEvery);
        start = live::read_folder_start(a.folder);
    }
    boost::asio::io_context io;
    const auto [host, port] = live::parse_live_address(
        fmt::format("{}:{}", a.bind.find(':') != std::string::npos ? "[" + a.bind + "]" : a.bind,
                    a.port),
        "--bind/--port");
    live::FolderWatch watch(io, a.folder, std::move(*start), host, port);
    boost::asio::signal_set signals(io, SIGINT, SIGTERM);
    signals.async_wait([&](const boost::system::error_code& ec, int) {
        if (!ec) watch.stop(), io.stop();
    });
    std::cout << "live page " << watch.url() << std::endl;
    io.run();
}

}  // namespace

void add_watch_command(CLI::App& app) {
    auto a = std::make_shared<WatchArgs>();
    auto* cmd = app.add_subcommand(
        "watch",
        "serve the live page of a tournament another process (or Slurm shards) is writing to "
        "OUTPUT_DIR, from its journals and live files (run it with --live-file)");
    cmd->add_option("OUTPUT_DIR", a->folder, "the tournament's output folder")->required();
    cmd->add_option("--port", a->port, "TCP port of the page (default 8080; 0: any free port)");
    cmd->add_option("--bind", a->bind,
                    "address to listen on (default 127.0.0.1: this machine only)");
    cmd->add_option(
        "--wait", a->wait_s,
        "seconds to wait for the folder and its first journal or live file (default 600)");
    cmd->callback([a] { run_watch(*a); });
}

}  // namespace referee::cli
