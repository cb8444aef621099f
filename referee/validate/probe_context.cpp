#include "referee/validate/probe_context.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <sstream>

#include <fmt/format.h>

#include "referee/engine/dialects/dialect.hpp"
#include "referee/engine/launch.hpp"

namespace referee::validate {

GameOutcome outcome_for(const match::GameRecord& record, rules::Color engine_side) {
    using match::Termination;
    switch (record.termination) {
        case Termination::Rules:
        case Termination::MoveCap:
        case Termination::Resignation:
            return GameOutcome::Completed;
        case Termination::Interrupted:
            return GameOutcome::Interrupted;
        default:
            break;
    }
    if (record.at_fault && *record.at_fault != engine_side) return GameOutcome::OpponentFault;
    return GameOutcome::EngineFault;
}

match::GameSpec make_spec(ProbeContext& ctx, rules::Position start, const std::string& tc,
                          int max_plies, std::vector<std::string> opening) {
    match::GameSpec spec{std::move(start), std::move(opening), match::parse_time_control(tc)};
    // A slow engine is probed in full with every clock scaled alike.
    const double scale = ctx.options.time_scale;
    auto scaled = [scale](std::int64_t ms) {
        return static_cast<std::int64_t>(static_cast<double>(ms) * scale);
    };
    spec.time_control.base_ms = scaled(spec.time_control.base_ms);
    spec.time_control.increment_ms = scaled(spec.time_control.increment_ms);
    spec.time_control.move_time_ms = scaled(spec.time_control.move_time_ms);
    spec.time_control.margin_ms = ctx.options.margin_ms;
    spec.max_plies = max_plies;
    spec.event = "referee validate";
    spec.game_seed = ctx.next_seed++;
    return spec;
}

std::chrono::milliseconds game_limit(const ProbeContext& ctx, const match::GameSpec& spec) {
    const auto& tc = spec.time_control;
    const std::int64_t plies = spec.max_plies > 0 ? spec.max_plies : 400;
    const std::int64_t own_moves = plies / 2 + 1;
    const std::int64_t per_side = tc.move_time_ms > 0
                                      ? own_moves * (tc.move_time_ms + tc.margin_ms)
                                      : tc.base_ms + own_moves * (tc.increment_ms + tc.margin_ms);
    return std::chrono::milliseconds(2 * per_side + 5000) +
           ctx.driver.engine_config().startup_timeout;
}

void allow_startup(ProbeContext& ctx, match::GameSpec& spec) {
    if (!ctx.options.startup_limit || !ctx.driver.engine_fresh()) return;
    if (ctx.driver.engine_config().protocol != engine::Protocol::Imcs) return;
    const std::int64_t ms = ctx.options.startup_limit->count();
    if (spec.time_control.move_time_ms > 0)
        spec.time_control.move_time_ms += ms;
    else
        spec.time_control.base_ms += ms;
}

std::string ensure_engine(ProbeContext& ctx, std::optional<rules::Color> side) {
    const auto& config = ctx.driver.engine_config();
    // An engine that ends its process after each game (as the course server's clients do)
    // is noticed here, once its exit has been seen, and started again as tournaments do. A
    // dialect with one game per process (plain, imcs-tcp) ends it by design: nothing to say.
    if (ctx.last_game_completed) ctx.driver.settle_after_game(std::chrono::milliseconds(100));
    engine::Seat seat = ctx.driver.engine_seat();
    if (side) seat.color = *side == rules::White ? 'W' : 'B';
    if (ctx.driver.engine_alive()) {
        // The running process fits this game unless it was started for the other colour and
        // either has played no game yet (a plain engine plays the colour it was started
        // for) or its arguments name the colour ({color}).
        const auto& had = ctx.driver.engine_seat();
        if (had.color == seat.color ||
            (!ctx.driver.engine_fresh() &&
             engine::launch_args_match(config, ctx.rules.variant(), had, seat)))
            return {};
    } else if (ctx.last_game_completed && !engine::dialect_traits(config.protocol).one_game) {
        ctx.exits_after_game = true;
    }
    ctx.last_game_completed = false;
    const bool imcs = config.protocol == engine::Protocol::Imcs;
    auto started = ctx.driver.start_engine(
        imcs ? ctx.options.imcs_settle : std::chrono::milliseconds(0), seat);
    return started.ok ? std::string() : "it could not be started again: " + started.problem;
}

bool sends_board(const ProbeContext& ctx) {
    return engine::dialect_traits(ctx.driver.engine_config().protocol).game_start ==
           engine::GameStart::BoardEachMove;
}

bool can_set_up(const ProbeContext& ctx, const rules::Position& start,
                const std::vector<std::string>& opening, std::string* why) {
    const auto protocol = ctx.driver.engine_config().protocol;
    const bool from_start = opening.empty() && start.fen() == ctx.rules.start().fen();
    if (from_start) return true;
    switch (engine::dialect_traits(protocol).game_start) {
        case engine::GameStart::AnyPosition:
            if (auto cannot = ctx.driver.cannot_start_at(start); !cannot.empty()) {
                *why = "cannot be set up for this engine: " + cannot;
                return false;
            }
            return true;
        case engine::GameStart::BoardEachMove:
            if (!ctx.start_position_only) return true;
            *why = fmt::format(
                "cannot be set up for this {} engine: it answered a set-up board as if from its "
                "own (see set-up-position), so it is probed only from the start position",
                engine::protocol_name(protocol));
            return false;
        case engine::GameStart::StartOnly:
            *why = fmt::format(
                "cannot be set up for a {}-dialect engine: probed only from the start position",
                engine::protocol_name(protocol));
            return false;
    }
    return true;
}

std::string shell_quote(const std::string& text) {
    if (!text.empty() &&
        text.find_first_not_of(
            "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./=+:,") ==
            std::string::npos)
        return text;
    std::string out = "'";
    for (char c : text) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return out + "'";
}

std::string last_lines(const std::string& text, std::size_t n) {
    std::vector<std::string> lines;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) lines.push_back(line);
    std::string out;
    for (std::size_t i = lines.size() > n ? lines.size() - n : 0; i < lines.size(); ++i)
        out += lines[i] + "\n";
    return out;
}

std::string engine_description(const engine::EngineConfig& c) {
    return engine::describe_engine(c);
}

std::string protocol_hint(ProbeContext& ctx) {
    const auto& t = ctx.driver.transcript();
    if (ctx.driver.engine_config().protocol == engine::Protocol::Imcs && t.sounds_like_uci())
        return "it answers like a UCI engine (uciok, bestmove, info ...): is it one? try "
               "--protocol uci";
    if (ctx.driver.engine_config().protocol == engine::Protocol::Uci && !t.sounds_like_uci() &&
        t.sounds_like_imcs())
        return "it writes moves the IMCS way (a2-a3): is it an IMCS engine? try --protocol imcs";
    if (ctx.driver.engine_config().protocol == engine::Protocol::Imcs && !t.received_any())
        return "it wrote nothing in answer to the board and the '?' line: if it is a UCI engine, "
               "try --protocol uci";
    return {};
}

// Course engines think for seconds a move whatever their clock says: a loss on time in a probe
// is then the probe's short clock, not a fault the engine has in a tournament at its own pace.
namespace {

// Beyond this a scale is no help in practice: the whole-game probes would take many minutes,
// and the engine loses tournament games on time the same way.
constexpr double kPracticalScale = 10;

std::string time_scale_hint(const ProbeContext& ctx, const match::GameSpec& spec,
                            const match::GameRecord& record, rules::Color side) {
    const std::int64_t longest = ctx.driver.longest_move_ms();
    const double scale = ctx.options.time_scale;
    if (longest <= 0) {
        return fmt::format(
            "An engine meant to think long gets every probe clock multiplied by N with "
            "--time-scale N (now {:g}; N gives 3N s a move): try --time-scale {:g}",
            scale, scale + 1);
    }
    // The scale this probe needs for the engine's moves so far and the one it lost on, each
    // taking its longest think, with half again for a loaded machine.
    const auto& tc = spec.control(side);
    const bool white_first = spec.start.side_to_move() == rules::White;
    std::int64_t moves = 1;
    for (std::size_t i = spec.opening_moves.size(); i < record.moves.size(); ++i)
        if (((i % 2 == 0) == white_first) == (side == rules::White)) ++moves;
    const double think = static_cast<double>(longest);
    const double per_scale = tc.move_time_ms > 0
                                 ? static_cast<double>(tc.move_time_ms) / scale
                                 : static_cast<double>(tc.base_ms + tc.increment_ms * moves) /
                                       scale / static_cast<double>(moves);
    const double needed = per_scale > 0 ? 1.5 * think / per_scale : 1e9;
    const double suggested = std::max(scale + 1, std::ceil(needed));
    const std::string seen = fmt::format(
        "its longest move in these probes took {:.1f} s, and here it had {:.1f} s a "
        "move",
        think / 1000.0, per_scale * scale / 1000.0);
    if (suggested > kPracticalScale)
        return fmt::format(
            "It seems to think a fixed time whatever its clock says: {}. No --time-scale helps in "
            "practice (this probe would need about {:g}, the whole-game ones more): an engine that "
            "ignores its clock loses on time in any game whose clock runs low. Make it read its "
            "clock (UCI wtime/btime, xboard time, the IMCS board's time)",
            seen, suggested);
    return fmt::format(
        "{}{}. An engine meant to think that long gets every probe clock multiplied by N with "
        "--time-scale N (now {:g}; N gives 3N s a move): try --time-scale {:g}",
        static_cast<char>(std::toupper(static_cast<unsigned char>(seen[0]))), seen.substr(1), scale,
        suggested);
}

}  // namespace

Evidence evidence_for(ProbeContext& ctx, const match::GameRecord& record,
                      const match::GameSpec& spec, rules::Color engine_side,
                      const std::vector<rules::Move>* good) {
    Evidence e;
    const bool imcs = sends_board(ctx);
    const auto style = imcs ? rules::MoveStyle::Dash : rules::MoveStyle::Uci;
    e.fen = record.final_fen.empty() ? record.start_fen : record.final_fen;
    try {
        const auto pos = ctx.rules.from_fen(e.fen);
        if (imcs) e.board_dump = pos.board_dump();
        if (good) {
            e.expected_label = "good";
            for (auto m : *good) e.expected_moves.push_back(pos.move_name(m, style));
        } else if (!pos.outcome()) {
            for (auto m : pos.legal_moves()) e.expected_moves.push_back(pos.move_name(m, style));
        }
        std::sort(e.expected_moves.begin(), e.expected_moves.end());
    } catch (const std::exception& ex) {
        e.hint =
            fmt::format("(the referee could not read its own record's position: {})", ex.what());
    }
    const auto exchange = ctx.driver.transcript().last_exchange();
    e.sent = exchange.sent;
    e.received = exchange.received;
    e.received_omitted = exchange.received_omitted;
    e.stderr_tail = last_lines(
        engine_side == rules::White ? record.white_stderr_tail : record.black_stderr_tail, 8);
    if (e.hint.empty()) e.hint = protocol_hint(ctx);
    if (e.hint.empty() && record.termination == match::Termination::TimeForfeit &&
        record.at_fault == engine_side)
        e.hint = time_scale_hint(ctx, spec, record, engine_side);

    std::string opening;
    for (const auto& m : spec.opening_moves) opening += (opening.empty() ? "" : " ") + m;
    e.reproduce = reproduce_line(ctx, spec, engine_side, record.start_fen, opening);
    return e;
}

std::string reproduce_line(ProbeContext& ctx, const match::GameSpec& spec, rules::Color engine_side,
                           const std::string& start_fen, const std::string& opening) {
    // Both engines with the game's seed, as validate ran them: the opponent is the in-tree
    // random-engine with its seed, the engine under test gets the seed only if it is in-tree.
    const std::string seed = fmt::format(" option.Seed={}", spec.game_seed);
    const std::string engine = shell_quote(
        ctx.engine_description +
        (ctx.engine_in_tree || ctx.driver.transcript().declared_seed_option() ? seed : ""));
    const std::string opponent = shell_quote(ctx.opponent_description + seed);
    return fmt::format(
        "{} play {} --fen {}{} --white {} --black {} --tc {} --margin {}{}{}",
        shell_quote(ctx.options.referee_path), shell_quote(ctx.options.variant),
        shell_quote(start_fen), opening.empty() ? "" : " --opening " + shell_quote(opening),
        engine_side == rules::White ? engine : opponent,
        engine_side == rules::White ? opponent : engine, shell_quote(spec.time_control.describe()),
        spec.time_control.margin_ms / 1000.0,
        spec.max_plies > 0 ? fmt::format(" --max-plies {}", spec.max_plies) : "",
        ctx.options.depth > 0 ? fmt::format(" --depth {}", ctx.options.depth) : "");
}

}  // namespace referee::validate
