// Writes a tournament's report files into its output folder. Each file is written to a
// temporary name and renamed, so a reader never sees half a report.
#pragma once

#include <string>
#include <vector>

#include "referee/report/report.hpp"

namespace referee::report {

// Writes games.pgn, results.json, report.md and report.html; returns their paths.
std::vector<std::string> write_reports(const std::string& dir, const ReportInput& in);

}  // namespace referee::report
