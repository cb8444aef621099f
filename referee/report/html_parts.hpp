// The pieces of the HTML report, each built on its own (see html.cpp for the page).
#pragma once

#include <iosfwd>
#include <string>

#include "referee/report/report.hpp"

namespace referee::report {

// The games as JSON for the page's viewer: per game the names, result, reason, and the board
// placement after every ply, computed here by replaying the moves with the variant's rules so
// the page needs no chess rules of its own. Not yet escaped for a <script> element.
std::string games_json(const ReportInput& in);
void write_games_json(std::ostream& out, const ReportInput& in);

// The folder, beside the page, of the game files a page with many games loads on demand.
inline constexpr const char* kGameFolder = "report-games";

// The games-data script's text: the games themselves (escaped for a <script> element), or,
// with `files`, the board and the number of games, the games going into the files.
void write_games_data(std::ostream& page, const ReportInput& in, const GameFileOpener* files);

// The Elo ratings as an inline SVG: one row per engine, a point and its 95% whisker, an axis.
std::string elo_plot_svg(const ReportInput& in);

// The page's style sheet and script, inlined so the page needs nothing from the network.
const char* report_css();
const char* report_js();
// The replay's four buttons (Start, Back, Forward, End: ids to-start, back, forward, to-end),
// the same in the report and the live page, in characters Debian's default fonts (DejaVu) have.
const char* replay_controls_html();
// The board drawing both the report and the live page use (window.refereeBoard).
const char* board_js();

}  // namespace referee::report
