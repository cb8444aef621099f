// The rule probes: for one rule feature of the variant, the positions the rules layer found
// where an engine lacking the rule goes wrong, each asked as a one-move game. The card says
// how many positions were asked, which failed, and why the move played is illegal.
#include <algorithm>
#include <optional>

#include <fmt/format.h>

#include "referee/rules/probes/explain.hpp"
#include "referee/rules/probes/probe_moves.hpp"
#include "referee/validate/probe_context.hpp"

namespace referee::validate {

namespace {

// The move the engine wrote, from its last answer ("bestmove e1c1", "! e1-c1", "e1-c1").
std::string move_written(ProbeContext& ctx, const match::GameRecord& rec) {
    const auto exchange = ctx.driver.transcript().last_exchange();
    for (auto it = exchange.received.rbegin(); it != exchange.received.rend(); ++it) {
        const std::string& line = *it;
        if (line.rfind("bestmove ", 0) == 0) {
            const auto word = line.substr(9);
            return word.substr(0, word.find(' '));
        }
        if (line.rfind("! ", 0) == 0) return line.substr(2);
    }
    const auto at = rec.reason.find("illegal move: ");
    if (at == std::string::npos) return {};
    const auto word = rec.reason.substr(at + 14);
    return word.substr(0, word.find(' '));
}

std::string names(const rules::Position& pos, const std::vector<rules::Move>& moves,
                  rules::MoveStyle style) {
    std::vector<std::string> out;
    for (auto m : moves) out.push_back(pos.move_name(m, style));
    std::sort(out.begin(), out.end());
    std::string text;
    for (const auto& n : out) text += (text.empty() ? "" : " ") + n;
    return text;
}

}  // namespace

ProbeResult probe_rule(ProbeContext& ctx, const std::string& name, rules::RuleFeature feature) {
    ProbeResult r{name, fmt::format("obeys the rule: {}", rules::feature_rule(feature))};
    std::string why_not;
    if (!rules::variant_has_feature(ctx.rules.variant(), feature, &why_not)) {
        r.detail = why_not;
        return r;
    }
    rules::ProbeSearch search;
    search.positions = ctx.options.rule_positions;
    search.seed = ctx.options.seed;
    auto find = [&] { return rules::find_probe_positions(ctx.rules, feature, search); };
    auto found = ctx.options.positions_memo
                     ? ctx.options.positions_memo->get(ctx.options.variant, feature, search, find)
                     : find();
    const bool imcs = sends_board(ctx);
    if (imcs) {
        const auto before = found.size();
        std::erase_if(found, [](const rules::ProbePosition& p) { return p.needs_fen; });
        if (found.empty() && before > 0) {
            r.detail =
                "every probe position needs castling rights or an en-passant square, which an IMCS "
                "board dump cannot say";
            return r;
        }
    }
    // An engine whose handshake narrows the positions it can be given (xboard without
    // setboard: no en-passant square, castling rights from the pieces) is asked only those.
    if (!imcs && !found.empty() && ensure_engine(ctx, std::nullopt).empty()) {
        std::string cannot;
        std::erase_if(found, [&](const rules::ProbePosition& p) {
            auto why = ctx.driver.cannot_start_at(ctx.rules.from_fen(p.fen));
            if (why.empty()) return false;
            if (cannot.empty()) cannot = std::move(why);
            return true;
        });
        if (found.empty()) {
            r.detail = "no probe position can be set up for this engine: " + cannot;
            return r;
        }
    }
    if (found.empty()) {
        r.detail = fmt::format(
            "no position was found where an engine without this rule goes wrong (seed {})",
            ctx.options.seed);
        return r;
    }
    // Every probe position is a set-up position: a dialect that cannot start a game there
    // skips the probe (said once, for all its positions), which is no fault of the engine.
    if (std::string cannot;
        !can_set_up(ctx, ctx.rules.from_fen(found.front().fen), found.front().opening, &cannot)) {
        r.detail = cannot;
        return r;
    }
    const auto style = imcs ? rules::MoveStyle::Dash : rules::MoveStyle::Uci;
    // An ending's move wins at once or, where the ending waits for a reply, whatever it is.
    const char* wins_text = rules::winning_ending(feature) ? "wins" : "wins at once";
    int failed = 0, warned = 0;
    std::vector<std::string> lines, warnings;
    std::vector<std::string> resigned;  // resignations the rule is not in question for
    std::string missed_words;           // what an engine that missed the win may not know
    bool evidence_of_warning = false;
    for (std::size_t i = 0; i < found.size(); ++i) {
        const auto& probe = found[i];
        const rules::Position at = rules::probe_position(ctx.rules, probe);
        if (auto why = ensure_engine(ctx, at.side_to_move()); !why.empty()) {
            r.verdict = Verdict::Fail;
            r.detail = why;
            return r;
        }
        auto spec =
            make_spec(ctx, ctx.rules.from_fen(probe.fen), ctx.options.move_tc, 1, probe.opening);
        spec.max_plies = static_cast<int>(probe.opening.size()) + 1;
        const rules::Color side = at.side_to_move();
        allow_startup(ctx, spec);
        ctx.driver.transcript().clear();
        const auto played = ctx.driver.play(spec, side, game_limit(ctx, spec));
        const auto& rec = played.record;
        r.seconds += played.seconds;
        const auto outcome = outcome_for(rec, side);
        if (outcome == GameOutcome::OpponentFault) continue;  // tells nothing about the engine
        const bool moved = rec.moves.size() > probe.opening.size();
        // Where the feature's move wins (castling, the variant's ending), another legal move
        // is a warning: the engine may not know the rule, but it breaks none.
        std::string missed_win;
        if (outcome == GameOutcome::Completed && moved) {
            ctx.last_game_completed = true;
            const std::string& played = rec.moves[probe.opening.size()].uci;
            const auto played_move = [&]() -> std::optional<rules::Move> {
                try {
                    return at.parse_move(played);
                } catch (const std::exception&) {
                    return std::nullopt;
                }
            }();
            const bool loses = std::any_of(
                probe.losing.begin(), probe.losing.end(),
                [&](rules::Move m) { return at.move_name(m, rules::MoveStyle::Uci) == played; });
            const std::size_t others = probe.legal.size() - probe.losing.size();
            const bool wins =
                probe.winning.empty() ||
                std::any_of(probe.winning.begin(), probe.winning.end(), [&](rules::Move m) {
                    return at.move_name(m, rules::MoveStyle::Uci) == played;
                });
            if (loses) {
                // The move that looked like a win (uchifuzume's pawn-drop mate): a correct
                // engine plays any other one.
                missed_win = fmt::format(
                    "it played {}, a mate by a drop the rule makes a loss, which loses at once, "
                    "though {} other move{} {} legal",
                    rec.moves[probe.opening.size()].dash, others, others == 1 ? "" : "s",
                    others == 1 ? "was" : "were");
            } else if (wins) {
                continue;
            } else {
                // Another legal move where the feature's move wins: a missed win breaks no
                // rule and forfeits no game, so it is a warning, saying what the engine may
                // not know (castling, or the variant's ending).
                std::string text =
                    fmt::format("it played {}, a legal move, but only {} {} here",
                                rec.moves[probe.opening.size()].dash,
                                names(at, probe.winning, rules::MoveStyle::Dash), wins_text);
                if (rules::winning_ending(feature) && played_move &&
                    !rules::keeps_forced_win(at, *played_move))
                    text += ", and after it the win is no longer forced";
                ++warned;
                if (warnings.empty())
                    missed_words = rules::missed_win_words(ctx.rules.variant(), feature, side);
                warnings.push_back(fmt::format("position {}: {}", i + 1, text));
                if (!r.evidence) {
                    evidence_of_warning = true;
                    auto e = evidence_for(ctx, rec, spec, side);
                    e.fen = at.fen();
                    if (imcs) e.board_dump = at.board_dump();
                    e.hint = missed_words + "; " + warnings.back();
                    r.evidence = std::move(e);
                }
                continue;
            }
        }
        // A resignation where an engine without the rule would still have moved (it knows
        // moves that are legal, or takes others for legal) tells nothing about the rule: the
        // engine gave up a set-up it judged lost (Fairy-Max does). Where the engine without
        // the rule has nothing to play, resigning is that engine's answer, and fails.
        if (!moved && rec.termination == match::Termination::Resignation &&
            (probe.flawed_legal > 0 || !probe.flawed_only.empty())) {
            ctx.last_game_completed = false;
            resigned.push_back(fmt::format("position {}: it resigned ({})", i + 1, rec.reason));
            continue;
        }
        ++failed;
        r.positions_failed.push_back(static_cast<int>(i) + 1);
        std::string why;
        if (!missed_win.empty()) {
            why = missed_win;
        } else if (outcome == GameOutcome::Completed ||
                   (!moved && rec.termination == match::Termination::Resignation)) {
            ctx.last_game_completed = outcome == GameOutcome::Completed;
            why =
                fmt::format("it made no move ({}), but {} {} legal here", rec.reason,
                            names(at, probe.legal, style), probe.legal.size() == 1 ? "is" : "are");
        } else {
            const std::string written = move_written(ctx, rec);
            const std::string explained =
                written.empty() ? std::string() : rules::explain_illegal(at, written);
            why = explained.empty() ? rec.reason
                                    : fmt::format("it played {}: {}", written, explained);
            ctx.driver.discard_engine();
        }
        // Where the flaw is in reading the opening (a promotion in the zone), say what it did.
        if (!probe.note.empty()) why = probe.note + ", " + why;
        lines.push_back(fmt::format("position {}: {}", i + 1, why));
        if (!r.evidence || evidence_of_warning) {  // a failure's card before a warning's
            evidence_of_warning = false;
            auto e = evidence_for(ctx, rec, spec, side);
            e.fen = at.fen();
            if (imcs) e.board_dump = at.board_dump();
            e.hint = why;
            r.evidence = std::move(e);
        }
    }
    const int asked = static_cast<int>(found.size());
    r.positions_asked = asked;
    if (failed == 0 && warned > 0) {
        r.verdict = Verdict::Warn;
        if (feature == rules::RuleFeature::CastlingMove && warned < asked)
            missed_words = fmt::format(
                "your engine did not castle in {} of the {} positions where castling wins at once",
                warned, asked);
        r.detail = fmt::format(
            "{}: {} of {} positions answered with another legal move than the one "
            "that {}; {}",
            missed_words, warned, asked, wins_text, warnings.front());
        for (std::size_t i = 1; i < warnings.size(); ++i) r.detail += "; " + warnings[i];
        for (const auto& line : resigned) r.detail += "; " + line;
        return r;
    }
    if (failed == 0 && !resigned.empty()) {
        r.verdict = Verdict::Warn;
        r.detail = fmt::format(
            "it resigned in {} of {} positions where an engine without the rule would still "
            "have moved, so those tell nothing about the rule",
            resigned.size(), asked);
        for (const auto& line : resigned) r.detail += "; " + line;
        return r;
    }
    if (failed == 0) {
        r.verdict = Verdict::Pass;
        r.detail =
            fmt::format("{} position{} asked, every answer legal", asked, asked == 1 ? "" : "s");
        return r;
    }
    r.verdict = Verdict::Fail;
    r.detail = fmt::format("{} of {} positions failed; {}", failed, asked, lines.front());
    for (std::size_t i = 1; i < lines.size(); ++i) r.detail += "; " + lines[i];
    return r;
}

}  // namespace referee::validate
