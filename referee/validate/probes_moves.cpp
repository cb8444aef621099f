// The one-move probes: the engine is asked for one move from a position and the game ends
// there (max_plies), so each probe is a small game the match layer judges as it judges a
// tournament game: an illegal move, a late one, a crash or nonsense all end it with a reason.
#include <optional>

#include <fmt/format.h>

#include "referee/validate/probe_context.hpp"
#include "referee/validate/probe_positions.hpp"

namespace referee::validate {

namespace {

double seconds_of(std::int64_t ms) {
    return ms / 1000.0;
}

// The engine plays this many plies into a made-up game to reach a "set-up" position: odd,
// so the engine answers as the side that did not start.
constexpr int kSetUpPlies = 9;
constexpr int kSetUpFormula = 7;
constexpr int kAfterMovesPlies = 6;
constexpr int kAfterMovesFormula = 5;

ProbeResult skipped(const std::string& name, const std::string& title, std::string why) {
    ProbeResult r{name, title};
    r.verdict = Verdict::Skip;
    r.detail = std::move(why);
    return r;
}

// `fault`, when given, is set to how the engine lost when it lost by a fault.
ProbeResult one_move(ProbeContext& ctx, const std::string& name, const std::string& title,
                     match::GameSpec spec, std::optional<match::Termination>* fault = nullptr) {
    std::string cannot;
    if (!can_set_up(ctx, spec.start, spec.opening_moves, &cannot))
        return skipped(name, title, cannot);
    rules::Position at = spec.start;
    for (const auto& m : spec.opening_moves) at.play(at.parse_move(m));
    const rules::Color side = at.side_to_move();
    ProbeResult r{name, title};
    if (auto why = ensure_engine(ctx, side); !why.empty()) {
        r.verdict = Verdict::Fail;
        r.detail = why;
        return r;
    }
    const std::size_t book = spec.opening_moves.size();
    spec.max_plies = static_cast<int>(book) + 1;  // the cap counts the book moves too
    const bool imcs = sends_board(ctx);

    allow_startup(ctx, spec);
    ctx.driver.transcript().clear();
    const auto limit = game_limit(ctx, spec);
    const auto played = ctx.driver.play(spec, side, limit);
    const auto& rec = played.record;
    r.seconds = played.seconds;
    const bool moved = rec.moves.size() > book;
    switch (outcome_for(rec, side)) {
        case GameOutcome::OpponentFault:
            r.verdict = Verdict::Skip;
            r.detail =
                "the referee's own random-engine failed, so this tells nothing: " + rec.reason;
            return r;
        case GameOutcome::Interrupted:
        case GameOutcome::EngineFault:
            r.verdict = Verdict::Fail;
            r.detail = rec.reason;
            r.evidence = evidence_for(ctx, rec, spec, side);
            if (fault) *fault = rec.termination;
            ctx.driver.discard_engine();
            return r;
        case GameOutcome::Completed:
            ctx.last_game_completed = true;
            break;
    }
    if (!moved) {
        r.verdict = Verdict::Fail;
        r.detail =
            rec.termination == match::Termination::Resignation
                ? fmt::format("it resigned, but it had {} legal moves", at.legal_moves().size())
                : "it did not move: " + rec.reason;
        r.evidence = evidence_for(ctx, rec, spec, side);
        return r;
    }
    const auto& entry = rec.moves[book];
    const std::string played_name = imcs ? entry.dash : entry.uci;
    r.verdict = Verdict::Pass;
    r.detail = fmt::format("played {} in {:.3f} s", played_name, seconds_of(entry.elapsed_ms));
    return r;
}

// The position reached by a scripted line, as a fresh start (no history): what an engine
// sees when a game is set up mid-way.
std::optional<rules::Position> set_up_position(const rules::Rules& rules, std::string* why) {
    try {
        rules::Position pos = rules.start();
        for (const auto& m : scripted_line(rules, kSetUpPlies, kSetUpFormula))
            pos.play(pos.parse_move(m));
        return rules.from_fen(pos.fen());
    } catch (const std::exception& e) {
        *why = fmt::format("no set-up position could be made for {}: {}", rules.name(), e.what());
        return std::nullopt;
    }
}

// Whether the engine answers as Black from the start position, White's first move told it
// by the `!` line: a client that keeps its own board does, though it waits silently as Black
// in a game set up mid-way (it expects White's move first).
bool answers_as_black_from_start(ProbeContext& ctx) {
    if (!ensure_engine(ctx, rules::Black).empty()) return false;
    auto spec = make_spec(ctx, ctx.rules.start(), ctx.options.move_tc, 2);
    allow_startup(ctx, spec);
    const auto played = ctx.driver.play(spec, rules::Black, game_limit(ctx, spec));
    const bool answered = outcome_for(played.record, rules::Black) == GameOutcome::Completed &&
                          played.record.moves.size() >= 2;
    if (answered)
        ctx.last_game_completed = true;
    else
        ctx.driver.discard_engine();
    return answered;
}

// What a client that keeps its own board cannot do, in one sentence.
constexpr const char* kOwnBoard =
    "it keeps its own board from the start and ignores the board it is sent, so it cannot play "
    "a game that starts anywhere else (openings, set-up positions); the probes from set-up "
    "positions are skipped: it is probed only from the start position";

}  // namespace

ProbeResult probe_one_move(ProbeContext& ctx, const std::string& name, const std::string& title,
                           match::GameSpec spec) {
    return one_move(ctx, name, title, std::move(spec));
}

ProbeResult probe_start_position(ProbeContext& ctx) {
    return probe_one_move(ctx, "start-position", "answers from the start position",
                          make_spec(ctx, ctx.rules.start(), ctx.options.move_tc, 1));
}

ProbeResult probe_set_up_position(ProbeContext& ctx) {
    const bool imcs = sends_board(ctx);
    const std::string title = imcs ? "answers from a board dump of a game in progress"
                                   : "answers from a FEN of a game in progress";
    std::string why;
    auto pos = set_up_position(ctx.rules, &why);
    if (!pos) return skipped("set-up-position", title, why);
    ctx.set_up_probed = true;
    std::optional<match::Termination> fault;
    auto r = one_move(ctx, "set-up-position", title, make_spec(ctx, *pos, ctx.options.move_tc, 1),
                      &fault);
    if (r.verdict == Verdict::Pass)
        r.detail +=
            fmt::format(" as {} from {}", rules::color_name(pos->side_to_move()), pos->fen());
    // An IMCS client that keeps its own board from the start plays a move of that board, not
    // of the one it was sent: it cannot be set up, which is no fault (the course's server
    // never sets one up). Said once here; later set-up positions are not asked.
    const auto start = engine::dialect_traits(ctx.driver.engine_config().protocol).game_start;
    if (r.verdict != Verdict::Fail || start != engine::GameStart::BoardEachMove) return r;
    // A crash is never a reason to skip: a client that keeps its own board answers a move of
    // it, or waits; one that dies on the board it is sent fails, and is said to.
    if (fault == match::Termination::Crash) {
        r.detail = fmt::format(
            "it died on the board of a game in progress ({}); a client that keeps its own board "
            "ignores that board, it does not die on it",
            r.detail);
        return r;
    }
    if (fault == match::Termination::IllegalMove) {
        ctx.start_position_only = true;
        r.verdict = Verdict::Warn;
        r.detail = fmt::format(
            "it answered the board of a game in progress with a move that is illegal there ({}): "
            "{}",
            r.detail, kOwnBoard);
        return r;
    }
    // As Black to move in a game set up mid-way, such a client waits for White's move (it has
    // not seen one) until its time runs out. If it answers as Black from the start, that is
    // what happened.
    const bool silent =
        fault == match::Termination::TimeForfeit && r.evidence && r.evidence->received.empty();
    if (pos->side_to_move() == rules::Black && silent && answers_as_black_from_start(ctx)) {
        ctx.start_position_only = true;
        r.verdict = Verdict::Warn;
        r.detail = fmt::format(
            "as Black in a game in progress it said nothing ({}), but as Black from the start it "
            "answered: {}",
            r.detail, kOwnBoard);
        r.evidence.reset();
    }
    return r;
}

ProbeResult probe_after_moves(ProbeContext& ctx) {
    const std::string title = "answers after moves played since the start";
    std::vector<std::string> line;
    try {
        line = scripted_line(ctx.rules, kAfterMovesPlies, kAfterMovesFormula);
    } catch (const std::exception& e) {
        return skipped("after-moves", title, e.what());
    }
    auto r = probe_one_move(ctx, "after-moves", title,
                            make_spec(ctx, ctx.rules.start(), ctx.options.move_tc, 1, line));
    if (r.verdict == Verdict::Pass) r.detail += fmt::format(" after {} moves", line.size());
    return r;
}

ProbeResult probe_nearly_empty_clock(ProbeContext& ctx) {
    const std::string name = "nearly-empty-clock";
    const std::string title = fmt::format("moves in time with {:.3f} s left on its clock",
                                          ctx.options.nearly_empty_ms / 1000.0);
    std::string why;
    auto pos = set_up_position(ctx.rules, &why);
    if (!pos) return skipped(name, title, why);
    // The clock is what is probed here: an engine that cannot be set up is asked from the
    // start, and so is an IMCS engine not yet seen to take a set-up board (a client that
    // keeps its own board would answer a move of its own board, or wait).
    const bool untried = engine::dialect_traits(ctx.driver.engine_config().protocol).game_start ==
                             engine::GameStart::BoardEachMove &&
                         !ctx.set_up_probed;
    if (untried || !can_set_up(ctx, *pos, {}, &why)) pos = ctx.rules.start();
    return probe_one_move(
        ctx, name, title,
        make_spec(ctx, *pos, fmt::format("{}", ctx.options.nearly_empty_ms / 1000.0), 1));
}

}  // namespace referee::validate
