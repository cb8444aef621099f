#include "referee/check/check_game.hpp"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "referee/rules/notation/kif_read.hpp"
#include "referee/rules/text/printable.hpp"

namespace referee::check {
namespace {

using rules::Color;
using rules::GameResult;

// "a2-a4 is not a legal move for White: why" reads, after "ply 3, White:", as "a2-a4 is not legal:
// why".
std::string move_error_words(const std::string& what, Color mover) {
    const std::string long_form =
        fmt::format(" is not a legal move for {}: ", rules::color_name(mover));
    std::string out = what;
    if (auto at = out.find(long_form); at != std::string::npos)
        out.replace(at, long_form.size(), " is not legal: ");
    return out;
}

// Board dumps compared line by line, ignoring blank lines, spaces and CR.
std::string normal_board(const std::string& dump) {
    std::string out, line;
    for (char c : dump + "\n") {
        if (c == '\n') {
            if (!line.empty()) out += line + '\n';
            line.clear();
        } else if (c != '\r' && c != ' ' && c != '\t') {
            line += c;
        }
    }
    return out;
}

std::string one_line(std::string s) {
    for (char& c : s)
        if (c == '\n') c = '/';
    if (!s.empty() && s.back() == '/') s.pop_back();
    return s;
}

// The first four FEN fields: placement, side, castling, en passant (the counters may differ
// between tools without the position differing).
std::string fen_position(const std::string& fen) {
    std::size_t at = 0;
    for (int field = 0; field < 4 && at != std::string::npos; ++field) at = fen.find(' ', at + 1);
    return at == std::string::npos ? fen : fen.substr(0, at);
}

// "Black ran out of time (time-forfeit)": a stop in words, with the record's own if it has them.
std::string stop_words(const RecordedGame& g) {
    const std::string who = g.at_fault ? rules::color_name(*g.at_fault) : "";
    const std::string& key = g.reason_key;
    std::string words;
    if (!who.empty()) {
        if (key == "time-forfeit")
            words = who + " ran out of time";
        else if (key == "resignation")
            words = who + " resigned";
        else if (key == "disconnect")
            words = who + " disconnected";
        else if (key == "illegal-move")
            words = who + " made an illegal move";
        else if (key == "crash")
            words = who + " crashed";
        else if (key == "abandoned")
            words = who + " abandoned the game";
        else if (key == "start-failure")
            words = who + " failed to start";
        else if (key == "protocol-fault" || key == "unparsable-move" || key == "output-flood" ||
                 key == "line-too-long" || key == "rules-disagreement" || key == "false-claim")
            words = who + " broke the protocol";
        else if (key == "unsupported-variant")
            words = who + " could not play the variant";
        else
            words = who + " lost";  // the key follows in brackets
    } else {
        words = key == "move-cap" || key == "adjudication" ? "adjudicated"
                : key.empty()                              ? "stopped"
                                                           : key;
    }
    if (!g.reason.empty() && g.reason != key)
        words += fmt::format(" ({}; the record says '{}')", key.empty() ? "no reason key" : key,
                             g.reason);
    else if (!key.empty())
        words += " (" + key + ")";
    return words;
}

}  // namespace

const char* status_key(Status s) {
    switch (s) {
        case Status::Ok:
            return "ok";
        case Status::Stopped:
            return "stopped";
        case Status::Wrong:
            return "wrong";
    }
    return "?";
}

const char* problem_key(Problem p) {
    switch (p) {
        case Problem::None:
            return "";
        case Problem::Unreadable:
            return "unreadable";
        case Problem::Truncated:
            return "truncated";
        case Problem::BadStart:
            return "bad-start";
        case Problem::IllegalMove:
            return "illegal-move";
        case Problem::MoveAfterEnd:
            return "move-after-end";
        case Problem::BoardMismatch:
            return "board-mismatch";
        case Problem::WrongResult:
            return "wrong-result";
        case Problem::WrongReason:
            return "wrong-reason";
    }
    return "?";
}

Verdict check_game(const RecordedGame& g, const rules::Rules& rules) {
    Verdict v;
    v.source = g.source;
    v.line = g.line;
    v.label = g.label;
    v.players = g.players;
    v.variant = rules.name();
    v.recorded_result = g.result                         ? rules::result_string(*g.result)
                        : g.ending == Ending::Unfinished ? "*"
                                                         : "";
    auto wrong = [&](Problem p, int ply, std::string message) {
        v.status = Status::Wrong;
        v.problem = p;
        v.ply = ply;
        v.message = std::move(message);
        return v;
    };

    std::optional<rules::Position> start;
    try {
        start = g.start_fen.empty() ? rules.start() : rules.from_fen(g.start_fen);
    } catch (const std::exception& e) {
        return wrong(
            Problem::BadStart, 0,
            fmt::format("the start position is not valid in {}: {}", rules.name(), e.what()));
    }
    rules::Position& pos = *start;
    std::size_t refused = 0;
    auto check_refused = [&](int played) {
        // The recorder refused these as illegal; the rules should agree.
        for (; refused < g.refused.size() && g.refused[refused].before_ply <= played; ++refused) {
            const RefusedMove& r = g.refused[refused];
            if (!r.called_illegal) continue;
            try {
                pos.parse_san(r.text);
                v.notes.push_back(fmt::format(
                    "before ply {}, the recorder refused {} as illegal, but the rules allow it",
                    played + 1, r.text));
            } catch (const rules::MoveError&) {
            }
        }
    };
    std::optional<rules::Square> last_to;  // KIF's 同
    for (std::size_t i = 0; i < g.moves.size(); ++i) {
        const RecordedMove& rm = g.moves[i];
        const int ply = static_cast<int>(i) + 1;
        const Color mover = pos.side_to_move();
        check_refused(ply - 1);
        if (!rm.board_before.empty() &&
            normal_board(rm.board_before) != normal_board(pos.board_dump()))
            return wrong(Problem::BoardMismatch, ply,
                         fmt::format("ply {}, {}: the board recorded before {} ({}) is not the one "
                                     "the moves lead to ({})",
                                     ply, rules::color_name(mover), rm.text,
                                     one_line(normal_board(rm.board_before)),
                                     one_line(normal_board(pos.board_dump()))));
        if (auto over = pos.outcome())
            return wrong(
                Problem::MoveAfterEnd, ply,
                fmt::format("ply {}, {}: {} comes after the game ended with ply {}: {}", ply,
                            rules::color_name(mover), rm.text, ply - 1, over->description));
        try {
            const rules::Move m =
                g.kif_moves ? rules::parse_kif_move(pos, rm.text, last_to) : pos.parse_san(rm.text);
            last_to = m.to;
            pos.play(m);
        } catch (const rules::MoveError& e) {
            // A KIF record is one move a line: the line finds it.
            const std::string where =
                g.kif_moves && rm.line > 0 ? fmt::format(" (line {})", rm.line) : "";
            return wrong(Problem::IllegalMove, ply,
                         fmt::format("ply {}{}, {}: {}", ply, where, rules::color_name(mover),
                                     move_error_words(e.what(), mover)));
        }
        v.plies = ply;
    }
    const int plies = v.plies;
    check_refused(plies);
    const Color to_move = pos.side_to_move();
    if (!g.final_board.empty() && normal_board(g.final_board) != normal_board(pos.board_dump()))
        return wrong(
            Problem::BoardMismatch, 0,
            fmt::format("the final board recorded ({}) is not the one the moves lead to ({})",
                        one_line(normal_board(g.final_board)),
                        one_line(normal_board(pos.board_dump()))));
    if (!g.final_fen.empty() && fen_position(g.final_fen) != fen_position(pos.fen()))
        return wrong(
            Problem::BoardMismatch, 0,
            fmt::format("the final position recorded ({}) is not the one the moves lead to ({})",
                        g.final_fen, pos.fen()));
    if (!g.problem.empty()) return wrong(Problem::Unreadable, 0, g.problem);

    const auto end = pos.outcome();
    if (end) {
        v.rules_result = rules::result_string(end->result);
        v.rules_reason = rules::end_reason_key(end->reason);
    }
    const std::string rules_words =
        end ? fmt::format("{} after ply {} ({})", v.rules_result, plies, end->description)
            : std::string();
    const std::string stated = g.reason_key.empty() ? std::string("no reason") : g.reason_key;
    const std::string stated_words =
        g.reason.empty() ? stated : fmt::format("{}: {}", stated, g.reason);

    if (g.ending == Ending::Missing)
        return wrong(
            Problem::Truncated, 0,
            fmt::format("the record ends after ply {} without a result (cut short?){}", plies,
                        end ? "; the rules had ended the game: " + rules_words : std::string()));
    if (end) {
        if (g.ending == Ending::Unfinished)
            return wrong(
                Problem::WrongResult, 0,
                fmt::format("the record gives no result (*), but the rules ended the game: {}",
                            rules_words));
        if (*g.result != end->result)
            return wrong(Problem::WrongResult, 0,
                         fmt::format("the rules give {}, the record says {}", rules_words,
                                     v.recorded_result));
        if (g.ending == Ending::Stopped) {
            // A recorder without the no-legal-move rule lets the stuck side's clock run out:
            // the same result, reached another way.
            if (end->reason == rules::EndReason::NoLegalMoves &&
                !g.recorder_knows_no_legal_move_rule && g.reason_key == "time-forfeit" &&
                g.at_fault == to_move) {
                v.notes.push_back(
                    fmt::format("the recorder has no rule for a side with no legal move: after ply "
                                "{} {} had none, which {} "
                                "scores as {}; the recorder waited for {}'s clock to run out, with "
                                "the same result",
                                plies, rules::color_name(to_move), rules.name(), v.rules_result,
                                rules::color_name(to_move)));
                v.message = fmt::format("ok: {}", rules_words);
                return v;
            }
            return wrong(
                Problem::WrongReason, 0,
                fmt::format(
                    "the rules ended the game by {}: {}; the record says it was stopped ({})",
                    v.rules_reason, rules_words, stated_words));
        }
        if (g.ending == Ending::Rules && !g.reason_key.empty() && g.reason_key != v.rules_reason)
            return wrong(Problem::WrongReason, 0,
                         fmt::format("the rules give {}, but by {}, not by {} as the record says",
                                     v.rules_result, rules_words, stated_words));
        v.message = fmt::format("ok: {}", rules_words);
        return v;
    }

    // The rules had not ended the game.
    if (g.ending == Ending::Unfinished) {
        v.status = Status::Stopped;
        v.message = fmt::format(
            "unfinished: no result (*) after ply {}, and the rules had not ended the game", plies);
        return v;
    }
    if (g.ending == Ending::Rules)
        return wrong(Problem::WrongReason, 0,
                     fmt::format("the record says the rules ended the game ({}, {}), but after ply "
                                 "{} it is not over",
                                 v.recorded_result, stated_words, plies));
    // Stopped by something outside the rules: is the result the one that stop gives?
    if (g.at_fault) {
        const GameResult expected =
            *g.at_fault == rules::White ? GameResult::BlackWins : GameResult::WhiteWins;
        if (*g.result != expected)
            return wrong(
                Problem::WrongResult, 0,
                fmt::format("the record blames {} ({}), so the result should be {}, but it says {}",
                            rules::color_name(*g.at_fault), stated_words,
                            rules::result_string(expected), v.recorded_result));
        if (g.reason_key == "time-forfeit" && *g.at_fault != to_move)
            return wrong(
                Problem::WrongReason, 0,
                fmt::format("the record says {} lost on time, but after ply {} it was {}'s turn",
                            rules::color_name(*g.at_fault), plies, rules::color_name(to_move)));
    }
    v.status = Status::Stopped;
    if (g.ending == Ending::Unspecified)
        v.message = fmt::format(
            "plausible, not rules-given: {} (termination '{}'), but after ply {} the rules had not "
            "ended the game "
            "(a resignation or an agreed result?)",
            v.recorded_result, g.reason_key.empty() ? "none" : g.reason_key, plies);
    else
        v.message = fmt::format(
            "plausible, not rules-given: {} after ply {}, {}; the rules had not ended the game",
            v.recorded_result, plies, stop_words(g));
    return v;
}

// A verdict's words come partly from the record (names, tokens, tags): they pass
// printable_text on the way out, so that no record can write a terminal's control sequences
// or make the JSON writer throw on bytes that are not UTF-8.
std::string format_verdict(const Verdict& v) {
    std::string where = v.line > 0 ? fmt::format("{}:{}", v.source, v.line) : v.source;
    std::string who = v.players.empty() ? std::string() : fmt::format(" ({})", v.players);
    std::string out = fmt::format("{} {}{} [{}]: ", where, v.label, who, v.variant);
    out += v.status == Status::Wrong
               ? fmt::format("WRONG ({}): {}", problem_key(v.problem), v.message)
               : v.message;
    for (const auto& note : v.notes) out += fmt::format("; note: {}", note);
    return rules::printable_text(out);
}

nlohmann::json to_json(const Verdict& v) {
    const auto t = [](const std::string& s) { return rules::printable_text(s); };
    nlohmann::json notes = nlohmann::json::array();
    for (const auto& note : v.notes) notes.push_back(t(note));
    nlohmann::json j = {
        {"source", t(v.source)},
        {"line", v.line},
        {"label", t(v.label)},
        {"players", t(v.players)},
        {"variant", t(v.variant)},
        {"status", status_key(v.status)},
        {"problem", problem_key(v.problem)},
        {"ply", v.ply},
        {"plies", v.plies},
        {"recorded_result", t(v.recorded_result)},
        {"rules_result", v.rules_result},
        {"rules_reason", v.rules_reason},
        {"message", t(v.message)},
        {"notes", notes},
    };
    return j;
}

}  // namespace referee::check
