// The probes that play several moves against the referee's random-engine: a short clock,
// a whole game, and a second game in the same process.
#include <algorithm>

#include <fmt/format.h>

#include "referee/validate/probe_context.hpp"

namespace referee::validate {

namespace {

ProbeResult game_probe(ProbeContext& ctx, const std::string& name, const std::string& title,
                       match::GameSpec spec, rules::Color side) {
    ProbeResult r{name, title};
    if (auto why = ensure_engine(ctx, side); !why.empty()) {
        r.verdict = Verdict::Fail;
        r.detail = why;
        return r;
    }
    allow_startup(ctx, spec);
    ctx.driver.transcript().clear();
    const auto played = ctx.driver.play(spec, side, game_limit(ctx, spec));
    const auto& rec = played.record;
    r.seconds = played.seconds;
    switch (outcome_for(rec, side)) {
        case GameOutcome::OpponentFault:
            r.verdict = Verdict::Skip;
            r.detail =
                "the referee's own random-engine failed, so this tells nothing: " + rec.reason;
            return r;
        case GameOutcome::Interrupted:
        case GameOutcome::EngineFault:
            r.verdict = Verdict::Fail;
            r.detail = fmt::format("{} (after {} plies)", rec.reason, rec.moves.size());
            r.evidence = evidence_for(ctx, rec, spec, side);
            ctx.driver.discard_engine();
            return r;
        case GameOutcome::Completed:
            ctx.last_game_completed = true;
            break;
    }
    // Its own moves are every other entry, starting with the side that moved first.
    std::int64_t longest = 0;
    const bool white_first = spec.start.side_to_move() == rules::White;
    for (std::size_t i = 0; i < rec.moves.size(); ++i) {
        const bool white_moved = (i % 2 == 0) == white_first;
        if (white_moved == (side == rules::White))
            longest = std::max(longest, rec.moves[i].elapsed_ms);
    }
    r.verdict = Verdict::Pass;
    r.detail =
        fmt::format("{} ({}) after {} plies as {}; its longest move {:.3f} s", rec.result_text(),
                    rec.reason_key, rec.moves.size(), rules::color_name(side), longest / 1000.0);
    return r;
}

}  // namespace

ProbeResult probe_short_clock(ProbeContext& ctx) {
    auto spec = make_spec(ctx, ctx.rules.start(), ctx.options.short_tc, ctx.options.short_plies);
    const std::string title = fmt::format("moves in time for {} plies with {} s for the whole game",
                                          ctx.options.short_plies, spec.time_control.describe());
    return game_probe(ctx, "short-clock", title, std::move(spec), rules::White);
}

ProbeResult probe_full_game(ProbeContext& ctx) {
    auto spec = make_spec(ctx, ctx.rules.start(), ctx.options.game_tc, ctx.options.max_game_plies);
    const std::string title =
        fmt::format("plays a whole game against random ({}), to its end or {} plies",
                    spec.time_control.describe(), ctx.options.max_game_plies);
    return game_probe(ctx, "full-game", title, std::move(spec), rules::White);
}

ProbeResult probe_second_game(ProbeContext& ctx, bool first_game_left_it_running) {
    const std::string name = "second-game";
    const std::string title =
        ctx.driver.engine_config().protocol == engine::Protocol::Uci
            ? "plays a second game in the same process (ucinewgame), as Black"
        : ctx.driver.engine_config().protocol == engine::Protocol::Usi
            ? "plays a second game in the same process (usinewgame), as Black"
        : ctx.driver.engine_config().protocol == engine::Protocol::Xboard
            ? "plays a second game in the same process (new), as Black"
            : "plays a second game in the same process (the next 106), as Black";
    const auto protocol = ctx.driver.engine_config().protocol;
    if (engine::dialect_traits(protocol).one_game) {
        ProbeResult r{name, title};
        r.verdict = Verdict::Skip;
        r.detail = fmt::format(
            "the {} dialect plays one game per process: tournaments start it afresh for each game.",
            engine::protocol_name(protocol));
        return r;
    }
    if (!first_game_left_it_running || !ctx.driver.engine_alive()) {
        ProbeResult r{name, title};
        r.verdict = Verdict::Skip;
        r.detail = "needs the full-game probe to have ended with the engine still running.";
        return r;
    }
    auto spec = make_spec(ctx, ctx.rules.start(), ctx.options.game_tc, ctx.options.max_game_plies);
    auto r = game_probe(ctx, name, title, std::move(spec), rules::Black);
    if (r.verdict == Verdict::Fail && r.detail.find("after 0 plies") != std::string::npos)
        r.detail +=
            "; tournaments play many games in one engine process, so it must wait for the next "
            "game";
    return r;
}

}  // namespace referee::validate
