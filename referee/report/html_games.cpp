#include <exception>
#include <ostream>
#include <sstream>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "referee/report/board_marks.hpp"
#include "referee/report/game_json.hpp"
#include "referee/report/html_parts.hpp"
#include "referee/report/text.hpp"
#include "referee/tournament/standings.hpp"

namespace referee::report {

using Json = nlohmann::ordered_json;

std::string placement_of(const rules::Position& pos) {
    const std::string fen = pos.fen();
    return fen.substr(0, fen.find(' '));
}

Json viewer_game_json(const rules::Rules& rules, int number, const match::GameRecord& g) {
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
        rules::Position pos = g.start_fen.empty() ? rules.start() : rules.from_fen(g.start_fen);
        j["start"] = placement_of(pos);
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
                             {"fen", placement_of(pos)},
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

namespace {

// The viewer's name of a drawing (board_js in html_assets.cpp).
const char* drawing_name(rules::Drawing d) {
    switch (d) {
        case rules::Drawing::Points:
            return "points";
        case rules::Drawing::Tiles:
            return "tiles";
        case rules::Drawing::Squares:
            break;
    }
    return "squares";
}

}  // namespace

Json viewer_board_json(const rules::Rules& rules) {
    Json pieces = Json::object();
    for (const auto& p : rules.variant().pieces) {
        pieces[std::string(1, p.letter)] = p.name;
        // The FEN writes a promoted form as '+' and the piece it was: "+P" names the tokin.
        if (p.promoted_form_of) pieces[std::string("+") + p.promoted_form_of] = p.name;
    }
    Json j = {
        {"files", rules.geometry().width},
        {"ranks", rules.geometry().height},
        {"pieces", pieces},
        {"hands", rules.variant().has_hands()},
        {"drawing", drawing_name(rules.variant().drawing)},
    };
    j.update(board_marks_json(rules.variant()));
    return j;
}

namespace {

Json game_json(const ReportInput& in, int number, const match::GameRecord& g) {
    return viewer_game_json(in.rules, number, g);
}

Json board_json(const ReportInput& in) {
    return viewer_board_json(in.rules);
}

std::string dump_compact(const Json& j) {
    return j.dump(-1, ' ', false, Json::error_handler_t::replace);
}

// `json` without its closing brace, to be continued with more keys.
std::string open_object(const Json& j) {
    std::string text = dump_compact(j);
    text.pop_back();
    return text;
}

// The compact dump of {"files", "ranks", "pieces", "games": [...]}, one game at a time, each
// piece of text passed through `shown` on its way out.
template <class Shown>
void write_games_object(std::ostream& out, const ReportInput& in, Shown shown) {
    out << shown(open_object(board_json(in))) << ",\"games\":[";
    int number = 0;
    for_each_whole_game(in, [&](const match::GameRecord& g) {
        if (number > 0) out << ',';
        out << shown(dump_compact(game_json(in, ++number, g)));
    });
    out << "]}";
}

}  // namespace

void write_games_json(std::ostream& out, const ReportInput& in) {
    write_games_object(out, in, [](std::string text) { return text; });
}

std::string games_json(const ReportInput& in) {
    std::ostringstream out;
    write_games_json(out, in);
    return out.str();
}

void write_games_data(std::ostream& page, const ReportInput& in, const GameFileOpener* files) {
    if (!files) {
        // Into the page a game at a time (the escapes are of single characters, the same
        // whether the text is escaped whole or in pieces): the whole text, and its escaped
        // copy, would be the report's peak memory (0.8 MB at 100 games of 26 plies).
        write_games_object(page, in, [](const std::string& text) { return json_for_script(text); });
        return;
    }
    Json head = board_json(in);
    head["count"] = in.games.size();
    head["per_file"] = kGamesPerFile;
    head["folder"] = kGameFolder;
    page << json_for_script(dump_compact(head));
    std::size_t index = 0;
    std::ostream* file = nullptr;
    for_each_whole_game(in, [&](const match::GameRecord& g) {
        const std::size_t k = index / kGamesPerFile;
        if (index % kGamesPerFile == 0) {
            if (file) *file << "]);\n";
            file = &(*files)(k);
            *file << "refereeGameFile(" << k << ", [";
        } else {
            *file << ',';
        }
        ++index;
        *file << json_for_script(dump_compact(game_json(in, static_cast<int>(index), g)));
    });
    if (file) *file << "]);\n";
}

}  // namespace referee::report
