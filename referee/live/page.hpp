// The live page: one self-contained HTML file (its style and script inline, nothing from the
// network but its own server's /state.json, /events and /games/N.json). It draws boards with
// the report's board (report::board_js) and the report's style sheet.
#pragma once

#include <string>

namespace referee::live {

std::string live_page();

}  // namespace referee::live
