// What the Markdown and HTML reports both say, worked out once: the games lost by a fault,
// how games ended, the rank order, and the one-line summary of what was played.
#pragma once

#include <string>
#include <vector>

#include "referee/report/report.hpp"

namespace referee::report {

struct NumberedGame {
    int number;  // 1-based position in ReportInput::games; the HTML page's #game=N
    const match::GameRecord* game;
};

// Games lost by breaking the rules (illegal move, time, crash, protocol, start), in order.
std::vector<NumberedGame> rule_breaking_games(const ReportInput& in);

struct EndingCount {
    std::string termination;  // "rules", "time-forfeit", ...
    std::string reason_key;   // "king-capture", "unparsable-move", ...
    int games = 0;
};
// Every game's ending, counted; most frequent first.
std::vector<EndingCount> ending_counts(const ReportInput& in);

// Indices into in.standings.names, in the order of the standings table.
std::vector<int> rank_order(const ReportInput& in);

// Counted games of scheduled: "10 of 12" (+ " (1 more interrupted and not counted)").
std::string games_played_text(const ReportInput& in);

// The fault columns of the standings table, in order, with how the games they count were lost
// ("running out of time").
struct FaultColumn {
    const char* header;
    const char* meaning;
    int tournament::EngineStanding::*count;
};
const std::vector<FaultColumn>& fault_columns();

// Table cells: "3.5/5" for a crosstable cell, "" when the engines never met; "98%" (or "<1%",
// ">99%") for a likelihood of superiority.
std::string cross_cell(const tournament::PairScore& p);
std::string los_cell(double los);

// The name of the engine at fault in a game lost by a fault ("" if none can be told).
std::string culprit_name(const match::GameRecord& g);

}  // namespace referee::report
