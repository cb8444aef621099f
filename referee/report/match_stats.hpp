// The statistics engine developers read for every pairing that played (pentanomial counts,
// Elo and normalised Elo with intervals, LOS, draw ratio) and the SPRT, as one Markdown
// section, one HTML section and one JSON value; the report files only place them.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "referee/report/report.hpp"

namespace referee::report {

std::string markdown_match_stats(const ReportInput& in);
std::string html_match_stats(const ReportInput& in);
nlohmann::ordered_json json_match_stats(const ReportInput& in);

}  // namespace referee::report
