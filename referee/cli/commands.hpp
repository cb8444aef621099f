// Each subcommand registers itself on the CLI11 app; main() only dispatches and turns
// exceptions into one clear line and an exit code.
#pragma once

#include <CLI/CLI.hpp>

namespace referee::cli {

void add_perft_command(CLI::App& app);
void add_moves_command(CLI::App& app);
void add_variants_command(CLI::App& app);
void add_play_command(CLI::App& app);
void add_tournament_commands(CLI::App& app);
void add_lousy_command(CLI::App& app);
void add_validate_command(CLI::App& app);
void add_status_command(CLI::App& app);
void add_match_command(CLI::App& app);
void add_check_command(CLI::App& app);
void add_serve_command(CLI::App& app);
void add_watch_command(CLI::App& app);

}  // namespace referee::cli
