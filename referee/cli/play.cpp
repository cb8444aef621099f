// referee play: one game between two engines, moves printed as they come, then the result
// and reason; the game record is written as PGN and JSON.
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>
#include <optional>
#include <tuple>

#include <fmt/format.h>
#include <boost/asio/io_context.hpp>
#include <boost/asio/post.hpp>
#include <nlohmann/json.hpp>

#include "referee/cli/commands.hpp"
#include "referee/cli/position_args.hpp"
#include "referee/engine/dialects/session.hpp"
#include "referee/engine/process/confinement.hpp"
#include "referee/engine/process/process.hpp"
#include "referee/engine/process/sandbox.hpp"
#include "referee/engine/process/scratch_dir.hpp"
#include "referee/match/game.hpp"
#include "referee/match/illegal_move_policy.hpp"
#include "referee/match/kif_record.hpp"
#include "referee/tournament/output_files.hpp"

namespace referee::cli {
namespace {

struct PlayArgs {
    std::string variant;
    std::string white, black;
    std::string tc = "60+0";
    std::optional<double> st;  // given or not: --st 0 is refused, not taken for "no --st"
    double margin = 0.1;
    bool imcs_clock = false;
    std::string illegal = "loss";
    int max_plies = 0;
    int depth = 0;
    std::string opening;
    bool boards = false;
    bool quiet = false;
    std::string out;
    std::string sandbox;
    PositionArgs position;
};

std::string stamp() {
    std::time_t now = std::time(nullptr);
    std::tm tm{};
    localtime_r(&now, &tm);
    return fmt::format("{:04}{:02}{:02}-{:02}{:02}{:02}", tm.tm_year + 1900, tm.tm_mon + 1,
                       tm.tm_mday, tm.tm_hour, tm.tm_min, tm.tm_sec);
}

std::vector<std::string> split_moves(const std::string& text) {
    std::vector<std::string> out;
    std::istringstream in(text);
    for (std::string w; in >> w;)
        if (w.find('.') == std::string::npos) out.push_back(w);  // "1." move numbers are skipped
    return out;
}

// The record's two files, opened (and their folder made) before the first move, so that a
// place that cannot be written fails at once rather than after the game.
// The record's two files, reserved before the first move (so a folder that cannot be
// written fails now, not after the game) and created exclusively, never through a link: a
// name already taken (perhaps a link an engine planted at the predictable default) gets
// -2, -3, ... instead.
struct RecordFiles {
    std::unique_ptr<tournament::OutputDir> dir;
    std::string stem, pgn_name, json_name;
    std::string kif_name;  // the shogi family's KIF record (UTF-8: .kifu); empty: none
};
RecordFiles open_record_files(const std::filesystem::path& prefix, bool kif) {
    RecordFiles f;
    const std::string folder = prefix.parent_path().empty() ? "." : prefix.parent_path().string();
    try {
        f.dir = std::make_unique<tournament::OutputDir>(folder);
        f.pgn_name = f.dir->write_new_unique(prefix.filename().string(), ".pgn", "");
        f.stem = f.pgn_name.substr(0, f.pgn_name.size() - 4);
        f.json_name = f.dir->write_new_unique(f.stem, ".json", "");
        if (kif) f.kif_name = f.dir->write_new_unique(f.stem, ".kifu", "");
    } catch (const std::exception& e) {
        throw std::runtime_error(fmt::format("--out {}: {}", prefix.string(), e.what()));
    }
    return f;
}

int run_play(const PlayArgs& a) {
    namespace fs = std::filesystem;
    if (a.max_plies < 0 || a.max_plies > 1'000'000)
        throw std::runtime_error(
            fmt::format("--max-plies {}: must be 0 (no cap) to 1000000", a.max_plies));
    const auto rules = rules::Rules::load(a.variant);
    match::GameSpec spec{a.position.load(rules),
                         split_moves(a.opening),
                         {},
                         match::IllegalMovePolicy::Loss,
                         a.max_plies};
    if (a.st) match::seconds_to_ms(*a.st, "--st", 0.001, match::kMaxTimeSeconds);
    spec.time_control = a.st ? match::parse_time_control(fmt::format("st={}", *a.st))
                             : match::parse_time_control(a.tc);
    spec.time_control.margin_ms =
        match::seconds_to_ms(a.margin, "--margin", 0, match::kMaxMarginSeconds);
    spec.time_control.imcs_first_move = a.imcs_clock;
    if (auto policy = match::parse_illegal_move_policy(a.illegal))
        spec.illegal_moves = *policy;
    else
        throw std::runtime_error(
            fmt::format("--illegal '{}': expected loss or ask-again", a.illegal));

    const std::string bin = engine::executable_dir();
    auto white_cfg = engine::engine_from_text(a.white, bin),
         black_cfg = engine::engine_from_text(a.black, bin);
    engine::check_engine_command(white_cfg);
    engine::check_engine_command(black_cfg);
    if (white_cfg.name == black_cfg.name) white_cfg.name += "-1", black_cfg.name += "-2";
    if (a.depth < 0 || a.depth > 1000)
        throw std::runtime_error(fmt::format("--depth {}: must be 1 to 1000", a.depth));
    if (a.depth > 0)
        for (const auto& [side, c] : {std::pair{"--white", &white_cfg}, {"--black", &black_cfg}})
            if (auto why = engine::depth_limit_refusal(c->protocol); !why.empty())
                throw std::runtime_error(fmt::format("--depth {}: {} ({})", a.depth, why, side));
    spec.depth[rules::White] = spec.depth[rules::Black] = a.depth;

    if (!a.sandbox.empty())
        white_cfg.sandbox = black_cfg.sandbox = engine::parse_sandbox(a.sandbox);
    for (const auto* c : {&white_cfg, &black_cfg})
        if (auto note = engine::sandbox_preflight_message(c->sandbox); !note.empty()) {
            std::cerr << note << '\n';
            break;
        }
    const fs::path prefix =
        a.out.empty() ? fs::path("matches") / "play" /
                            fmt::format("{}-{}-vs-{}", stamp(), white_cfg.name, black_cfg.name)
                      : fs::path(a.out);
    // A variant file that names some pieces for KIF and not others is told what is missing.
    if (rules::wants_kif(rules.variant()) && !rules::can_write_kif(rules.variant()))
        std::cerr << "note: no KIF record: " << rules::kif_refusal(rules.variant()) << '\n';
    RecordFiles record = open_record_files(prefix, rules::can_write_kif(rules.variant()));
    engine::hide_from_engines(record.dir->path());

    engine::install_signal_cleanup();
    const engine::ScratchDir scratch(fmt::format("referee-play-{}-", ::getpid()),
                                     engine::folder_for_engines());
    boost::asio::io_context io;
    // Each engine's seat fills the placeholders of its arguments ({color}, {seed}, ...).
    const std::int64_t clock_ms = spec.time_control.move_time_ms > 0
                                      ? spec.time_control.move_time_ms
                                      : spec.time_control.base_ms;
    const engine::Seat white_seat{'W', spec.game_seed, black_cfg.name, clock_ms},
        black_seat{'B', spec.game_seed, white_cfg.name, clock_ms};
    auto white =
        engine::EngineSession::create(io, white_cfg, rules.variant(), scratch.path(), white_seat);
    auto black =
        engine::EngineSession::create(io, black_cfg, rules.variant(), scratch.path(), black_seat);
    // keep: what an engine leaves goes beside the record, <stem>-white-<name>/.
    for (auto [s, c, color] :
         {std::tuple{white, &white_cfg, "white"}, std::tuple{black, &black_cfg, "black"}})
        if (c->keep_stderr || c->keep_files)
            s->keep_output_in(
                fmt::format("{}/{}-{}-{}", record.dir->path(), record.stem, color, c->name));

    std::optional<match::GameRecord> result;
    // How each engine ended after the game, when it ended after being asked to quit: an
    // engine that ignored quit or left processes behind is named at the end.
    std::optional<engine::ExitInfo> exits[2];
    auto game =
        match::Game::create(io, std::move(spec), white, black, [&](const match::GameRecord& r) {
            result = r;
            // The game's own handlers may be running this very callback: they are replaced
            // from the event loop, not from inside them.
            boost::asio::post(io, [&] {
                int i = 0;
                for (auto* s : {&white, &black}) {
                    engine::EngineSession::Events ev;
                    ev.exit = [&exits, i](const engine::ExitInfo& info) { exits[i] = info; };
                    (*s)->set_events(std::move(ev));
                    (*s)->quit(std::chrono::milliseconds(1000));
                    ++i;
                }
            });
        });
    if (!a.quiet) {
        std::cout << fmt::format("{} vs {}, {} ({})\n", white_cfg.name, black_cfg.name,
                                 rules.name(), a.st ? fmt::format("{} s a move", *a.st) : a.tc);
        if (a.boards) std::cout << a.position.load(rules).board_dump() << std::flush;
        game->set_move_observer(
            [&](const match::MoveEntry& m, rules::Move, const rules::Position& after) {
                const bool white_moved = after.side_to_move() == rules::Black;
                const int number = after.fullmove_number() - (white_moved ? 0 : 1);
                std::cout << fmt::format("{}{} {:<8} {:>8.3f} s\n", number,
                                         white_moved ? "." : "...", m.dash, m.elapsed_ms / 1000.0);
                if (a.boards) std::cout << after.board_dump();
                std::cout << std::flush;
            });
    }
    game->start();
    io.run();
    if (!result) throw std::runtime_error("the game ended without a result (internal error)");
    // Refused before a move was played: nothing to record.
    if (result->termination == match::Termination::Unsupported) {
        ::unlinkat(record.dir->fd(), record.pgn_name.c_str(), 0);
        ::unlinkat(record.dir->fd(), record.json_name.c_str(), 0);
        if (!record.kif_name.empty()) ::unlinkat(record.dir->fd(), record.kif_name.c_str(), 0);
        throw std::runtime_error(result->reason);
    }

    // Written through the folder's descriptor to a fresh name, then renamed over the files
    // reserved before the first move: a link planted there is replaced, never followed.
    record.dir->replace(record.pgn_name, match::to_pgn(*result));
    record.dir->replace(
        record.json_name,
        match::to_json(*result).dump(2, ' ', false, nlohmann::json::error_handler_t::replace) +
            "\n");
    // The KIF is a second view of the record just written: failing it loses nothing.
    if (!record.kif_name.empty()) try {
            record.dir->replace(record.kif_name, match::to_kif(rules, *result));
        } catch (const std::exception& e) {
            std::cerr << fmt::format("note: no KIF record ({}): {}\n", record.kif_name, e.what());
            ::unlinkat(record.dir->fd(), record.kif_name.c_str(), 0);
            record.kif_name.clear();
        }
    const fs::path dir = prefix.parent_path();
    const std::string pgn_name = record.pgn_name, json_name = record.json_name;
    if (record.stem != prefix.filename().string())
        std::cerr << fmt::format("note: {}.pgn was taken; the record went to {}\n", prefix.string(),
                                 pgn_name);
    std::cout << fmt::format("result {} ({}): {}\n", result->result_text(), result->reason_key,
                             result->reason);
    std::cout << fmt::format("record {} {}{}\n", (dir / pgn_name).string(),
                             (dir / json_name).string(),
                             record.kif_name.empty() ? "" : " " + (dir / record.kif_name).string());
    for (int i = 0; i < 2; ++i)
        if (exits[i])
            for (const auto& problem : engine::exit_problems(*exits[i]))
                std::cout << fmt::format("engine {} ({}): {}\n", i == 0 ? "White" : "Black",
                                         i == 0 ? white_cfg.name : black_cfg.name, problem);
    return 0;
}

}  // namespace

void add_play_command(CLI::App& app) {
    auto a = std::make_shared<PlayArgs>();
    auto* cmd = app.add_subcommand("play", "play one game between two engines");
    cmd->add_option("VARIANT", a->variant, "variant name, .yaml path or FILE.ini:SECTION")
        ->required();
    cmd->add_option("--white", a->white,
                    "White's engine: an in-tree name (random, alphabeta, lousy, broken-hang...), "
                    "fairy-stockfish, a path, or a description 'cmd=PATH [KEY=VALUE ...]' "
                    "(keys below)")
        ->required();
    cmd->add_option("--black", a->black, "Black's engine, as --white")->required();
    cmd->footer(engine::engine_keys_help());
    cmd->add_option("--tc", a->tc,
                    "time control: [moves/]seconds[+increment], m:ss allowed (default 60+0)");
    cmd->add_option("--st", a->st, "fixed seconds per move instead of a clock");
    cmd->add_option("--margin", a->margin,
                    "seconds of overrun tolerated before a loss on time (default 0.1)");
    cmd->add_flag("--imcs-clock", a->imcs_clock,
                  "IMCS clock: the game's first move is not charged (limit 60 s)");
    cmd->add_option("--illegal", a->illegal,
                    "an illegal move: loss (default) or ask-again (IMCS: clock running)");
    cmd->add_option("--max-plies", a->max_plies,
                    "adjudicate a draw after this many plies (0: never)");
    cmd->add_option("--depth", a->depth,
                    "each engine's search limited to this depth on top of its clock (UCI/USI "
                    "'go depth', xboard 'sd')");
    cmd->add_option("--opening", a->opening, "moves the referee plays first, e.g. \"a2-a3 b5-b4\"");
    cmd->add_flag("--boards", a->boards, "print the board after each move");
    cmd->add_flag("--quiet", a->quiet, "print only the result");
    cmd->add_option(
        "--out", a->out,
        "path prefix for the .pgn and .json record, and .kifu for the shogi family (default "
        "matches/play/<time>-<white>-vs-<black>)");
    cmd->add_option("--sandbox", a->sandbox,
                    "run both engines under: auto (bwrap where it works; default), bwrap, none");
    a->position.add_to(*cmd);
    cmd->callback([a] {
        int rc = run_play(*a);
        if (rc) throw CLI::RuntimeError(rc);
    });
}

}  // namespace referee::cli
