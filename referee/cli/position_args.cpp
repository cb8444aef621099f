#include "referee/cli/position_args.hpp"

#include <fstream>
#include <sstream>
#include <stdexcept>

#include <fmt/format.h>

namespace referee::cli {

void PositionArgs::add_to(CLI::App& cmd) {
    auto* fen_opt = cmd.add_option("--fen", fen, "start from this FEN-like position");
    auto* board_opt = cmd.add_option("--board", board_file, "start from a MiniChess board dump in FILE ('-': stdin)");
    fen_opt->excludes(board_opt);
}

rules::Position PositionArgs::load(const rules::Rules& rules) const {
    if (!fen.empty()) {
        try {
            return rules.from_fen(fen);
        } catch (const rules::PositionError& e) {
            throw std::runtime_error(fmt::format("--fen '{}': {}", fen, e.what()));
        }
    }
    if (!board_file.empty()) {
        std::stringstream ss;
        if (board_file == "-") {
            ss << std::cin.rdbuf();
        } else {
            std::ifstream in(board_file);
            if (!in) throw std::runtime_error(fmt::format("--board: cannot read '{}'", board_file));
            ss << in.rdbuf();
        }
        try {
            return rules.from_board_dump(ss.str());
        } catch (const rules::PositionError& e) {
            throw std::runtime_error(fmt::format("--board {}: {}", board_file, e.what()));
        }
    }
    return rules.start();
}

}  // namespace referee::cli
