#include <exception>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "referee/report/html_parts.hpp"
#include "referee/tournament/standings.hpp"

namespace referee::report {
namespace {

using Json = nlohmann::ordered_json;

std::string placement(const rules::Position& pos) {
    const std::string fen = pos.fen();
    return fen.substr(0, fen.find(' '));
}

Json game_json(const ReportInput& in, int number, const match::GameRecord& g) {
    Json plies = Json::array();
    Json j = {
        {"n", number},
        {"round", g.round},
        {"white", g.white},
        {"black", g.black},
        {"result", g.result_text()},
        {"termination", match::termination_key(g.termination)},
        {"reason", g.reason},
    };
    // A record is data from a journal: a move the rules refuse (a hand-edited file, another
    // variant) ends the replay there, with a note, instead of ending the report.
    std::size_t ply = 0;
    try {
        rules::Position pos =
            g.start_fen.empty() ? in.rules.start() : in.rules.from_fen(g.start_fen);
        j["start"] = placement(pos);
        j["white_to_move"] = pos.side_to_move() == rules::White;
        j["fullmove"] = pos.fullmove_number();
        for (; ply < g.moves.size(); ++ply) {
            const auto& m = g.moves[ply];
            const rules::Move move = pos.parse_move(m.dash.empty() ? m.uci : m.dash);
            const std::string san = m.san.empty() ? pos.san(move) : m.san;
            pos.play(move);
            plies.push_back({{"san", san},
                             {"from", move.from},
                             {"to", move.to},
                             {"fen", placement(pos)},
                             {"ms", m.elapsed_ms},
                             {"clock", m.clock_after_ms},
                             {"book", m.book}});
        }
    } catch (const std::exception& e) {
        if (!j.contains("start")) j["start"] = "";
        j["error"] = fmt::format("The replay stops at ply {}: {}", ply + 1, e.what());
    }
    j["plies"] = plies;
    // The stderr tail says why an engine broke the rules; it is kept for those games only.
    if (tournament::is_fault(g.termination)) {
        if (!g.white_stderr_tail.empty()) j["white_stderr"] = g.white_stderr_tail;
        if (!g.black_stderr_tail.empty()) j["black_stderr"] = g.black_stderr_tail;
    }
    return j;
}

}  // namespace

std::string games_json(const ReportInput& in) {
    Json pieces = Json::object();
    for (const auto& p : in.rules.variant().pieces) pieces[std::string(1, p.letter)] = p.name;
    Json games = Json::array();
    for (std::size_t i = 0; i < in.games.size(); ++i)
        games.push_back(game_json(in, static_cast<int>(i + 1), in.games[i]));
    const Json data = {
        {"files", in.rules.geometry().width},
        {"ranks", in.rules.geometry().height},
        {"pieces", pieces},
        {"games", games},
    };
    return data.dump(-1, ' ', false, Json::error_handler_t::replace);
}

}  // namespace referee::report
