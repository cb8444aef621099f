// results.json: everything in the reports, for programs (grade sheets, plots, merges).
#include <ostream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "referee/report/match_stats.hpp"
#include "referee/report/report.hpp"

namespace referee::report {

namespace {

using Json = nlohmann::ordered_json;  // keys in the order written, for people reading it

// A reason may quote bytes an engine wrote that are not UTF-8; they are replaced rather than
// failing the whole report.
std::string dump_indented(const Json& j) {
    return j.dump(2, ' ', false, Json::error_handler_t::replace);
}

Json game_entry(int number, const match::GameRecord& g) {
    return {
        {"number", number},
        {"round", g.round},
        {"white", g.white},
        {"black", g.black},
        {"result", g.result_text()},
        {"termination", match::termination_key(g.termination)},
        {"reason_key", g.reason_key},
        {"reason", g.reason},
        {"at_fault",
         g.at_fault ? Json(*g.at_fault == rules::White ? "white" : "black") : Json(nullptr)},
        {"plies", g.moves.size()},
    };
}

// Writes `text` with every line after the first indented by `indent` spaces: a value dumped
// on its own, placed at that depth of the document.
void write_indented(std::ostream& out, const std::string& text, const std::string& indent) {
    std::size_t from = 0;
    for (auto nl = text.find('\n'); nl != std::string::npos; nl = text.find('\n', from)) {
        out.write(text.data() + from, static_cast<std::streamsize>(nl + 1 - from));
        out << indent;
        from = nl + 1;
    }
    out.write(text.data() + from, static_cast<std::streamsize>(text.size() - from));
}

}  // namespace

void write_results_json(std::ostream& os, const ReportInput& in) {
    const auto& s = in.standings;

    Json standings = Json::array();
    int rank = 0;
    for (const auto& r : s.table) {
        standings.push_back({
            {"rank", ++rank},
            {"engine", r.name},
            {"games", r.games},
            {"points", r.points},
            {"score", r.score()},
            {"wins", r.wins},
            {"draws", r.draws},
            {"losses", r.losses},
            {"elo", r.elo},
            {"elo_error_95", r.elo_error},
            {"elo_minus_95", r.elo_minus},
            {"elo_plus_95", r.elo_plus},
            {"time_losses", r.time_losses},
            {"illegal_moves", r.illegal_moves},
            {"crashes", r.crashes},
            {"protocol_faults", r.protocol_faults},
            {"start_failures", r.start_failures},
        });
    }

    // Matrices are indexed like "engines": cell [i][j] is engines[i] against engines[j].
    Json cross = Json::array(), los = Json::array();
    for (std::size_t i = 0; i < s.names.size(); ++i) {
        Json cross_row = Json::array(), los_row = Json::array();
        for (std::size_t j = 0; j < s.names.size(); ++j) {
            const auto& p = s.cross[i][j];
            cross_row.push_back({{"wins", p.wins},
                                 {"draws", p.draws},
                                 {"losses", p.losses},
                                 {"points", p.points()}});
            los_row.push_back(i == j ? Json(nullptr) : Json(s.los[i][j]));
        }
        cross.push_back(cross_row);
        los.push_back(los_row);
    }

    const Json out = {
        {"tournament",
         {{"title", in.title},
          {"variant", in.rules.name()},
          {"format", in.format},
          {"time_control", in.time_control},
          {"scheduled_games", in.scheduled_games},
          {"counted_games", s.games},
          {"interrupted_games", s.interrupted}}},
        {"engines", s.names},
        {"standings", standings},
        {"crosstable", cross},
        {"los", los},
        {"match_statistics", json_match_stats(in)},
        {"games", Json::array()},
    };
    // The games are the last key: the document is written up to its empty array, then the
    // games one at a time as nlohmann would have laid them out, so they are never all held.
    std::string text = dump_indented(out);
    const std::string empty_games = "\"games\": []\n}";
    text.resize(text.size() - empty_games.size());
    os << text << "\"games\": [";
    int number = 0;
    for_each_whole_game(in, [&](const match::GameRecord& g) {
        os << (number == 0 ? "\n    " : ",\n    ");
        write_indented(os, dump_indented(game_entry(++number, g)), "    ");
    });
    os << (number == 0 ? "]\n}\n" : "\n  ]\n}\n");
}

std::string results_json(const ReportInput& in) {
    std::ostringstream out;
    write_results_json(out, in);
    return out.str();
}

}  // namespace referee::report
