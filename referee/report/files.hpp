// Writes a tournament's report files into its output folder. Each file is written to a
// temporary name and renamed, so a reader never sees half a report; each is written as it is
// made, so no file is held whole in memory.
#pragma once

#include <string>
#include <vector>

#include "referee/report/report.hpp"

namespace referee::report {

// Writes games.pgn, results.json, report.md, for the shogi family kif/ (one .kifu per game,
// kif_files.hpp), and report.html (with report-games/ beside it past kGamesInPage games);
// returns their paths, report.html last.
std::vector<std::string> write_reports(const std::string& dir, const ReportInput& in);

// The same from a tournament journal, `in` giving all but the games and standings: the
// journal is read once for the games without their moves and again, one game at a time in
// schedule order, for each report that shows the moves. Memory stays flat in the number of
// games. The last record of a slot wins, as in tournament::read_journal.
std::vector<std::string> write_reports_from_journal(const std::string& dir, ReportInput in,
                                                    const std::string& journal);

}  // namespace referee::report
