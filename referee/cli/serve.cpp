// `referee serve`: an IMCS 2.5 server for a class's engines (see referee/server/server.hpp).
#include <csignal>
#include <filesystem>
#include <iostream>
#include <memory>
#include <optional>
#include <utility>

#include <fmt/format.h>
#include <boost/asio.hpp>

#include "referee/cli/commands.hpp"
#include "referee/engine/engine_config.hpp"
#include "referee/engine/process/hosts_file.hpp"
#include "referee/live/serve_live.hpp"
#include "referee/server/server.hpp"

namespace referee::cli {

namespace {

struct ServeArgs {
    server::ServerOptions options;
    double idle_s = 600, grace_s = 10, first_move_s = 60;
    std::string live;  // "[HOST:]PORT" of the live page; empty: none
    std::string as;    // "NAME:PORT": the server clients have built in; empty: none
    bool port_given = false;
};

// The address a client that takes this server for `--as`'s name is sent to: the address
// listened on, or loopback when it listens on every address.
std::string address_for_clients(const std::string& bind) {
    if (bind == "0.0.0.0" || bind.empty()) return "127.0.0.1";
    if (bind == "::") return "::1";
    return bind;
}

int run_serve(ServeArgs& a) {
    a.options.idle = std::chrono::milliseconds(static_cast<std::int64_t>(a.idle_s * 1000));
    a.options.grace = std::chrono::milliseconds(static_cast<std::int64_t>(a.grace_s * 1000));
    a.options.first_move =
        std::chrono::milliseconds(static_cast<std::int64_t>(a.first_move_s * 1000));
    // --as NAME:PORT: the server a course client has built in. This server listens on that
    // port; the client reaches it under that name through a hosts file of its own, bound over
    // /etc/hosts in a bwrap sandbox (as the referee does for an engine's `server:`).
    engine::EngineConfig as;
    if (!a.as.empty()) {
        try {
            engine::parse_tcp_server(a.as, as);
        } catch (const engine::ConfigError& e) {
            throw CLI::ValidationError("--as", e.what());
        }
        if (a.port_given && a.options.port != as.tcp_server_port)
            throw CLI::ValidationError(
                "--as", fmt::format("the clients connect to port {}, which this server must listen "
                                    "on; --port says {}",
                                    as.tcp_server_port, a.options.port));
        a.options.port = static_cast<unsigned short>(as.tcp_server_port);
    }
    boost::asio::io_context io;
    server::Server server(io, a.options);
    std::string hosts;
    if (!a.as.empty()) {
        hosts = std::filesystem::absolute(a.options.data / "hosts").lexically_normal().string();
        engine::write_hosts(hosts, {{as.tcp_server_name, address_for_clients(a.options.bind)}});
    }
    std::optional<live::ServeLive> live;
    if (!a.live.empty()) live.emplace(io, server, a.live);
    boost::asio::signal_set signals(io, SIGINT, SIGTERM);
    boost::asio::steady_timer last_word(io);
    signals.async_wait([&](const boost::system::error_code& ec, int) {
        if (ec) return;
        server.stop();
        if (!live) return io.stop();
        // The page's viewers get their last event before the loop stops (games' timers
        // would keep it running for minutes).
        live->stop();
        last_word.expires_after(std::chrono::milliseconds(600));
        last_word.async_wait([&](const boost::system::error_code&) { io.stop(); });
    });
    // The line a script waits for: with --port 0 it is the only way to learn the port. One
    // line, the live page's address included, so a script may read it and close the pipe.
    std::cout << fmt::format("imcs server on {}:{}, variant {}, data in {}{}", a.options.bind,
                             server.port(), a.options.variant, a.options.data.string(),
                             live ? ", live page " + live->url() : "")
              << std::endl;
    if (!hosts.empty())
        std::cout << fmt::format(
                         "clients with {}:{} built in reach this server when run as: bwrap "
                         "--dev-bind / / --ro-bind {} /etc/hosts CLIENT [ARGS...] (or add '{} "
                         "{}' to this machine's /etc/hosts)",
                         as.tcp_server_name, as.tcp_server_port, hosts,
                         address_for_clients(a.options.bind), as.tcp_server_name)
                  << std::endl;
    io.run();
    return 0;
}

}  // namespace

void add_serve_command(CLI::App& app) {
    auto a = std::make_shared<ServeArgs>();
    auto* cmd = app.add_subcommand(
        "serve", "run an Internet MiniChess Server (IMCS 2.5) for clients written for it");
    cmd->add_option("--bind", a->options.bind,
                    "address to listen on (default 127.0.0.1: this machine only)");
    cmd->add_option("--port", a->options.port,
                    "TCP port (default 3589; 0: any free port, printed at start)")
        ->each([a](const std::string&) { a->port_given = true; });
    cmd->add_option("--as", a->as,
                    "NAME:PORT: answer as the server that clients have built in "
                    "(imcs.svcs.cs.pdx.edu:3589): listen on PORT and write DATA/hosts mapping "
                    "NAME here, for clients run under bwrap with it as their /etc/hosts (the "
                    "command is printed at start)");
    cmd->add_option("--variant", a->options.variant,
                    "variant name, .yaml path or FILE.ini:SECTION (default minitchess)");
    cmd->add_option("--data", a->options.data,
                    "directory for accounts, ratings and game logs (default imcs-data)");
    cmd->add_option("--max-connections", a->options.max_connections,
                    "connections served at once (default 256)");
    cmd->add_option("--idle", a->idle_s,
                    "seconds a connection may stay silent in the lobby (default 600)");
    cmd->add_option("--grace", a->grace_s,
                    "seconds after its time runs out before a silent mover loses (default 10)");
    cmd->add_option("--first-move", a->first_move_s,
                    "seconds allowed for White's free first move (default 60)");
    cmd->add_option("--live", a->live,
                    "serve a live page of the lobby and the games at [HOST:]PORT (loopback "
                    "unless a host is named)");
    cmd->callback([a] {
        if (int rc = run_serve(*a)) throw CLI::RuntimeError(rc);
    });
}

}  // namespace referee::cli
