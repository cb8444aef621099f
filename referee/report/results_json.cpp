// results.json: everything in the reports, for programs (grade sheets, plots, merges).
#include <nlohmann/json.hpp>

#include "referee/report/match_stats.hpp"
#include "referee/report/report.hpp"

namespace referee::report {

std::string results_json(const ReportInput& in) {
    using Json = nlohmann::ordered_json;  // keys in the order written, for people reading it
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

    Json games = Json::array();
    int number = 0;
    for (const auto& g : in.games) {
        games.push_back({
            {"number", ++number},
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
        });
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
        {"games", games},
    };
    // A reason may quote bytes an engine wrote that are not UTF-8; they are replaced
    // rather than failing the whole report.
    return out.dump(2, ' ', false, Json::error_handler_t::replace) + "\n";
}

}  // namespace referee::report
