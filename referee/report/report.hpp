// The reports a person reads after a tournament: Markdown, a self-contained HTML page with
// a crosstable, an Elo plot and every game replayable, and results.json for machines.
#pragma once

#include <string>
#include <vector>

#include "referee/match/game_record.hpp"
#include "referee/rules/position.hpp"
#include "referee/tournament/sprt.hpp"
#include "referee/tournament/standings.hpp"

namespace referee::report {

struct ReportInput {
    std::string title;         // tournament name
    std::string format;        // "round-robin", "gauntlet"
    std::string time_control;  // as the user wrote it
    rules::Rules rules;        // the variant, to replay games into boards
    std::vector<std::string> engines;
    std::vector<match::GameRecord> games;  // schedule order
    tournament::Standings standings;
    int scheduled_games = 0;  // games the schedule holds (more than games while unfinished)
    tournament::SprtConfig sprt = {};  // a match's SPRT, shown with its statistics
};

std::string markdown_report(const ReportInput& in);
std::string html_report(const ReportInput& in);
std::string results_json(const ReportInput& in);
std::string pgn_file(const ReportInput& in);  // every game, schedule order

}  // namespace referee::report
