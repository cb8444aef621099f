// A report of one game played from the moves given (in any notation the rules read), for the
// tests that look at the report's or the page's drawing of a game in a browser. Header-only:
// only the test binaries that link the report layer include it.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "referee/report/report.hpp"
#include "referee/tournament/standings.hpp"

namespace referee::test {

struct OneGame {
    std::string white = "white-engine", black = "black-engine";
    std::int64_t clock_ms = -1;  // each move's clock left; -1: none recorded
    rules::GameResult result = rules::GameResult::Draw;
    match::Termination termination = match::Termination::Interrupted;
};

inline report::ReportInput one_game_report(const rules::Rules& rules, const std::string& start_fen,
                                           const std::vector<std::string>& moves,
                                           const OneGame& how = {}) {
    match::GameRecord g;
    g.variant = rules.name();
    g.white = how.white;
    g.black = how.black;
    rules::Position pos = start_fen.empty() ? rules.start() : rules.from_fen(start_fen);
    g.start_fen = pos.fen();
    for (const std::string& text : moves) {
        const rules::Move m = pos.parse_move(text);
        g.moves.push_back({pos.move_name(m), pos.move_name(m, rules::MoveStyle::Uci), pos.san(m),
                           100, how.clock_ms, false});
        pos.play(m);
    }
    g.result = how.result;
    g.termination = how.termination;
    g.final_fen = pos.fen();
    const std::vector<std::string> engines = {g.white, g.black};
    const std::vector<match::GameRecord> games = {g};
    return report::ReportInput{rules.name(),
                               "round-robin",
                               "",
                               rules,
                               engines,
                               games,
                               tournament::compute_standings(engines, games),
                               1};
}

}  // namespace referee::test
