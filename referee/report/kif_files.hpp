// A tournament's games as KIF records, one file each, for variants KIF can write (the shogi
// family: rules::can_write_kif): what a shogi player opens in Kifu for Windows or ShogiGUI,
// beside games.pgn, which holds the same games.
#pragma once

#include <filesystem>

#include "referee/report/report.hpp"

namespace referee::report {

// The folder beside the reports: kif/game-0001.kifu, ... in schedule order (games.pgn's).
inline constexpr const char* kKifFolder = "kif";

// Writes the folder into `dir` when the variant can be written as KIF, through a temporary
// folder renamed into place (so it never mixes two runs' games); returns whether it wrote it.
bool write_kif_records(const std::filesystem::path& dir, const ReportInput& in);

}  // namespace referee::report
