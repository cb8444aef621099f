// The reports a person reads after a tournament: Markdown, a self-contained HTML page with
// a crosstable, an Elo plot and every game replayable, and results.json for machines.
#pragma once

#include <functional>
#include <iosfwd>
#include <string>
#include <vector>

#include "referee/match/game_record.hpp"
#include "referee/rules/core/position.hpp"
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
    // Unset: `games` hold every move. Set (a tournament read back from its journal): `games`
    // hold each game without its moves, stderr tails and positions (tournament::drop_moves),
    // enough for the tables, and this hands the games over again,
    // whole, one at a time and in the same order, so a report's memory does not grow with
    // the plies played (see for_each_whole_game).
    std::function<void(const std::function<void(const match::GameRecord&)>&)> whole_games = {};
    tournament::SprtConfig sprt = {};  // a match's SPRT, shown with its statistics
};

// Every game with its moves, in schedule order, through whole_games when it is set.
void for_each_whole_game(const ReportInput& in,
                         const std::function<void(const match::GameRecord&)>& visit);

std::string markdown_report(const ReportInput& in);
std::string html_report(const ReportInput& in);  // the page with every game inside it
std::string results_json(const ReportInput& in);
std::string pgn_file(const ReportInput& in);  // every game, schedule order

// The same, written to a stream as they are made, so no file is held whole in memory.
void write_results_json(std::ostream& out, const ReportInput& in);
void write_pgn_file(std::ostream& out, const ReportInput& in);

// Games past this many go into files beside the page that it loads when a game is opened
// (report-games/games-K.js, kGamesPerFile games each), so the page stays quick to open.
constexpr std::size_t kGamesInPage = 200;
constexpr std::size_t kGamesPerFile = 100;
// Opens the stream for file K of the page's game files.
using GameFileOpener = std::function<std::ostream&(std::size_t file)>;
// Writes the page to `page`; with `game_files`, the games go into those files instead.
void write_html_report(std::ostream& page, const ReportInput& in, const GameFileOpener* game_files);

}  // namespace referee::report
