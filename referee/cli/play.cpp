// referee play: one game between two engines, moves printed as they come, then the result
// and reason; the game record is written as PGN and JSON.
#include <filesystem>
#include <fstream>
#include <iostream>

#include <boost/asio/io_context.hpp>
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "referee/cli/commands.hpp"
#include "referee/cli/position_args.hpp"
#include "referee/engine/process.hpp"
#include "referee/engine/session.hpp"
#include "referee/match/game.hpp"

namespace referee::cli {
namespace {

struct PlayArgs {
    std::string variant;
    std::string white, black;
    std::string tc = "60+0";
    double st = 0;
    double margin = 0.1;
    bool imcs_clock = false;
    std::string illegal = "loss";
    int max_plies = 0;
    std::string opening;
    bool boards = false;
    bool quiet = false;
    std::string out;
    PositionArgs position;
};

std::string stamp() {
    std::time_t now = std::time(nullptr);
    std::tm tm{};
    localtime_r(&now, &tm);
    return fmt::format("{:04}{:02}{:02}-{:02}{:02}{:02}", tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday, tm.tm_hour, tm.tm_min, tm.tm_sec);
}

std::vector<std::string> split_moves(const std::string& text) {
    std::vector<std::string> out;
    std::istringstream in(text);
    for (std::string w; in >> w;)
        if (w.find('.') == std::string::npos) out.push_back(w);  // "1." move numbers are skipped
    return out;
}

int run_play(const PlayArgs& a) {
    namespace fs = std::filesystem;
    const auto rules = rules::Rules::load(a.variant);
    match::GameSpec spec{a.position.load(rules), split_moves(a.opening), {}, match::IllegalMovePolicy::Loss, a.max_plies};
    spec.time_control = a.st > 0 ? match::parse_time_control(fmt::format("st={}", a.st)) : match::parse_time_control(a.tc);
    spec.time_control.margin_ms = static_cast<std::int64_t>(a.margin * 1000);
    spec.time_control.imcs_first_move = a.imcs_clock;
    if (a.illegal == "ask-again") spec.illegal_moves = match::IllegalMovePolicy::AskAgain;
    else if (a.illegal != "loss") throw std::runtime_error(fmt::format("--illegal '{}': expected loss or ask-again", a.illegal));

    const std::string bin = engine::executable_dir();
    auto white_cfg = engine::engine_from_text(a.white, bin), black_cfg = engine::engine_from_text(a.black, bin);
    engine::check_engine_command(white_cfg);
    engine::check_engine_command(black_cfg);
    if (white_cfg.name == black_cfg.name) white_cfg.name += "-1", black_cfg.name += "-2";

    engine::install_signal_cleanup();
    const fs::path scratch = fs::temp_directory_path() / fmt::format("referee-{}", ::getpid());
    boost::asio::io_context io;
    // Each engine's seat fills the placeholders of its arguments ({color}, {seed}, ...).
    const std::int64_t clock_ms = spec.time_control.move_time_ms > 0 ? spec.time_control.move_time_ms : spec.time_control.base_ms;
    const engine::Seat white_seat{'W', spec.game_seed, black_cfg.name, clock_ms}, black_seat{'B', spec.game_seed, white_cfg.name, clock_ms};
    auto white = engine::EngineSession::create(io, white_cfg, rules.variant(), scratch.string(), white_seat);
    auto black = engine::EngineSession::create(io, black_cfg, rules.variant(), scratch.string(), black_seat);

    std::optional<match::GameRecord> result;
    auto game = match::Game::create(io, std::move(spec), white, black, [&](const match::GameRecord& r) {
        result = r;
        white->quit(std::chrono::milliseconds(1000));
        black->quit(std::chrono::milliseconds(1000));
    });
    if (!a.quiet) {
        std::cout << fmt::format("{} vs {}, {} ({})\n", white_cfg.name, black_cfg.name, rules.name(), a.st > 0 ? fmt::format("{} s a move", a.st) : a.tc);
        if (a.boards) std::cout << a.position.load(rules).board_dump() << std::flush;
        game->set_move_observer([&](const match::MoveEntry& m, const rules::Position& after) {
            const bool white_moved = after.side_to_move() == rules::Black;
            const int number = after.fullmove_number() - (white_moved ? 0 : 1);
            std::cout << fmt::format("{}{} {:<8} {:>8.3f} s\n", number, white_moved ? "." : "...", m.dash, m.elapsed_ms / 1000.0);
            if (a.boards) std::cout << after.board_dump();
            std::cout << std::flush;
        });
    }
    game->start();
    io.run();
    std::error_code ec;
    fs::remove_all(scratch, ec);
    if (!result) throw std::runtime_error("the game ended without a result (internal error)");
    // Refused before a move was played: nothing to record.
    if (result->termination == match::Termination::Unsupported) throw std::runtime_error(result->reason);

    const fs::path prefix = a.out.empty() ? fs::path("matches") / "play" / fmt::format("{}-{}-vs-{}", stamp(), white_cfg.name, black_cfg.name)
                                          : fs::path(a.out);
    fs::create_directories(prefix.parent_path().empty() ? fs::path(".") : prefix.parent_path());
    std::ofstream(prefix.string() + ".pgn") << match::to_pgn(*result);
    std::ofstream(prefix.string() + ".json") << match::to_json(*result).dump(2) << '\n';
    std::cout << fmt::format("result {} ({}): {}\n", result->result_text(), result->reason_key, result->reason);
    std::cout << fmt::format("record {}.pgn {}.json\n", prefix.string(), prefix.string());
    return 0;
}

}  // namespace

void add_play_command(CLI::App& app) {
    auto a = std::make_shared<PlayArgs>();
    auto* cmd = app.add_subcommand("play", "play one game between two engines");
    cmd->add_option("VARIANT", a->variant, "variant name or .yaml path")->required();
    cmd->add_option("--white", a->white,
                    "White's engine: an in-tree name (random, alphabeta, lousy, broken-hang...), fairy-stockfish, a path, "
                    "or 'cmd=PATH [arg=..] [proto=uci|imcs|plain|imcs-tcp] [name=..] [option.NAME=VALUE]'; arguments may hold "
                    "placeholders such as {color} (see configs/README.md)")
        ->required();
    cmd->add_option("--black", a->black, "Black's engine, as --white")->required();
    cmd->add_option("--tc", a->tc, "time control: [moves/]seconds[+increment], m:ss allowed (default 60+0)");
    cmd->add_option("--st", a->st, "fixed seconds per move instead of a clock");
    cmd->add_option("--margin", a->margin, "seconds of overrun tolerated before a loss on time (default 0.1)");
    cmd->add_flag("--imcs-clock", a->imcs_clock, "IMCS clock: the game's first move is not charged (limit 60 s)");
    cmd->add_option("--illegal", a->illegal, "an illegal move: loss (default) or ask-again (IMCS: clock running)");
    cmd->add_option("--max-plies", a->max_plies, "adjudicate a draw after this many plies (0: never)");
    cmd->add_option("--opening", a->opening, "moves the referee plays first, e.g. \"a2-a3 b5-b4\"");
    cmd->add_flag("--boards", a->boards, "print the board after each move");
    cmd->add_flag("--quiet", a->quiet, "print only the result");
    cmd->add_option("--out", a->out, "path prefix for the .pgn and .json record (default matches/play/<time>-<white>-vs-<black>)");
    a->position.add_to(*cmd);
    cmd->callback([a] {
        int rc = run_play(*a);
        if (rc) throw CLI::RuntimeError(rc);
    });
}

}  // namespace referee::cli
