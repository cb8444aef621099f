// The one-move probes: the engine is asked for one move from a position and the game ends
// there (max_plies), so each probe is a small game the match layer judges as it judges a
// tournament game: an illegal move, a late one, a crash or nonsense all end it with a reason.
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

ProbeResult one_move(ProbeContext& ctx, const std::string& name, const std::string& title,
                     match::GameSpec spec, const std::vector<rules::Move>* good, bool advisory) {
    ProbeResult r{name, title, advisory};
    if (auto why = ensure_engine(ctx); !why.empty()) {
        r.verdict = Verdict::Fail;
        r.detail = why;
        return r;
    }
    rules::Position at = spec.start;
    for (const auto& m : spec.opening_moves) at.play(at.parse_move(m));
    const rules::Color side = at.side_to_move();
    const std::string fen = at.fen();
    const std::size_t book = spec.opening_moves.size();
    spec.max_plies = static_cast<int>(book) + 1;  // the cap counts the book moves too
    const bool imcs = ctx.driver.engine_config().protocol == engine::Protocol::Imcs;

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
    if (good) {
        bool is_good = false;
        for (auto m : *good) is_good |= at.move_name(m, rules::MoveStyle::Uci) == entry.uci;
        if (!is_good) {
            r.verdict = advisory ? Verdict::Warn : Verdict::Fail;
            r.detail = fmt::format(
                "it played {}, a legal move, but not one of the moves this probe asks for",
                played_name);
            auto e = evidence_for(ctx, rec, spec, side, good);
            e.fen = fen;
            if (imcs) e.board_dump = at.board_dump();
            r.evidence = std::move(e);
            return r;
        }
    }
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

ProbeResult skipped(const std::string& name, const std::string& title, std::string why,
                    bool advisory = false) {
    ProbeResult r{name, title, advisory};
    r.verdict = Verdict::Skip;
    r.detail = std::move(why);
    return r;
}

}  // namespace

ProbeResult probe_one_move(ProbeContext& ctx, const std::string& name, const std::string& title,
                           match::GameSpec spec) {
    return one_move(ctx, name, title, std::move(spec), nullptr, false);
}

ProbeResult probe_start_position(ProbeContext& ctx) {
    return probe_one_move(ctx, "start-position", "answers from the start position",
                          make_spec(ctx, ctx.rules.start(), ctx.options.move_tc, 1));
}

ProbeResult probe_set_up_position(ProbeContext& ctx) {
    const bool imcs = ctx.driver.engine_config().protocol == engine::Protocol::Imcs;
    const std::string title = imcs ? "answers from a board dump of a game in progress"
                                   : "answers from a FEN of a game in progress";
    std::string why;
    auto pos = set_up_position(ctx.rules, &why);
    if (!pos) return skipped("set-up-position", title, why);
    auto r =
        probe_one_move(ctx, "set-up-position", title, make_spec(ctx, *pos, ctx.options.move_tc, 1));
    if (r.verdict == Verdict::Pass)
        r.detail +=
            fmt::format(" as {} from {}", rules::color_name(pos->side_to_move()), pos->fen());
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

ProbeResult probe_special(ProbeContext& ctx, int special_index) {
    const SpecialProbe probe = kSpecialProbes[special_index];
    const std::string name = probe_name(probe), title = probe_title(probe);
    const bool advisory = probe == SpecialProbe::KingCaptureToSurvive;
    auto chosen = special_position(ctx.rules, probe);
    if (!chosen.position) return skipped(name, title, chosen.why_not, advisory);
    if (probe == SpecialProbe::EnPassant &&
        ctx.driver.engine_config().protocol == engine::Protocol::Imcs)
        return skipped(name, title,
                       "an IMCS board dump cannot say that en passant is allowed, so an IMCS "
                       "engine cannot be asked this.",
                       advisory);
    auto spec = make_spec(ctx, *chosen.position, ctx.options.move_tc, 1);
    auto r = one_move(ctx, name, title, std::move(spec), advisory ? &chosen.good_moves : nullptr,
                      advisory);
    return r;
}

ProbeResult probe_nearly_empty_clock(ProbeContext& ctx) {
    const std::string name = "nearly-empty-clock";
    const std::string title = fmt::format("moves in time with {:.3f} s left on its clock",
                                          ctx.options.nearly_empty_ms / 1000.0);
    std::string why;
    auto pos = set_up_position(ctx.rules, &why);
    if (!pos) return skipped(name, title, why);
    return probe_one_move(
        ctx, name, title,
        make_spec(ctx, *pos, fmt::format("{}", ctx.options.nearly_empty_ms / 1000.0), 1));
}

}  // namespace referee::validate
