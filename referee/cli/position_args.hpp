// The options every position-taking subcommand shares: --fen F or --board FILE.
#pragma once

#include <string>

#include <CLI/CLI.hpp>

#include "referee/rules/core/position.hpp"

namespace referee::cli {

struct PositionArgs {
    std::string fen;
    std::string board_file;
    CLI::Option* fen_opt = nullptr;  // to tell --fen '' from no --fen

    void add_to(CLI::App& cmd);
    // The start position when neither was given. Throws with the file and what was wrong.
    rules::Position load(const rules::Rules& rules) const;
};

}  // namespace referee::cli
