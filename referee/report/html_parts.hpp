// The pieces of the HTML report, each built on its own (see html.cpp for the page).
#pragma once

#include <string>

#include "referee/report/report.hpp"

namespace referee::report {

// The games as JSON for the page's viewer: per game the names, result, reason, and the board
// placement after every ply, computed here by replaying the moves with the variant's rules so
// the page needs no chess rules of its own. Not yet escaped for a <script> element.
std::string games_json(const ReportInput& in);

// The Elo ratings as an inline SVG: one row per engine, a point and its 95% whisker, an axis.
std::string elo_plot_svg(const ReportInput& in);

// The page's style sheet and script, inlined so the page needs nothing from the network.
const char* report_css();
const char* report_js();

}  // namespace referee::report
