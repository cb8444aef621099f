#include "referee/cli/position_args.hpp"

#include <stdexcept>

#include <fmt/format.h>

#include "referee/rules/notation/sfen.hpp"
#include "referee/rules/text/input_file.hpp"

namespace referee::cli {

void PositionArgs::add_to(CLI::App& cmd) {
    fen_opt = cmd.add_option("--fen", fen, "start from this FEN-like position (or an SFEN)");
    auto* board_opt = cmd.add_option("--board", board_file,
                                     "start from a MiniChess board dump in FILE ('-': stdin)");
    fen_opt->excludes(board_opt);
}

rules::Position PositionArgs::load(const rules::Rules& rules) const {
    if (fen_opt && fen_opt->count() && fen.find_first_not_of(" \t") == std::string::npos)
        throw std::runtime_error(
            "--fen '': the FEN is empty (leave out --fen for the start position)");
    if (!fen.empty()) {
        try {
            return rules::looks_like_sfen(fen) ? rules.from_sfen(fen) : rules.from_fen(fen);
        } catch (const rules::PositionError& e) {
            throw std::runtime_error(fmt::format("--fen '{}': {}", fen, e.what()));
        }
    }
    if (!board_file.empty()) {
        std::string text;
        try {
            text = rules::read_input_file(board_file, 1u << 20);  // a board is a few hundred bytes
        } catch (const rules::InputFileError& e) {
            throw std::runtime_error(fmt::format("--board: {}", e.what()));
        }
        try {
            return rules.from_board_dump(text);
        } catch (const rules::PositionError& e) {
            throw std::runtime_error(fmt::format("--board {}: {}", board_file, e.what()));
        }
    }
    return rules.start();
}

}  // namespace referee::cli
