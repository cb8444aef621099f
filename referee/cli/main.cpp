// referee: the command line. Each subcommand lives in its own file; this one dispatches
// and turns any error into one line on stderr.
#include <iostream>

#include <fmt/format.h>

#include "referee/cli/commands.hpp"

int main(int argc, char** argv) {
    CLI::App app{
        "minichess-referee: rules, perft, engine matches and tournaments for small chess variants"};
    app.set_version_flag("--version", std::string("referee ") + REFEREE_VERSION);
    app.require_subcommand(1);
    referee::cli::add_variants_command(app);
    referee::cli::add_perft_command(app);
    referee::cli::add_moves_command(app);
    referee::cli::add_play_command(app);
    referee::cli::add_tournament_commands(app);
    referee::cli::add_lousy_command(app);
    referee::cli::add_validate_command(app);
    referee::cli::add_status_command(app);
    referee::cli::add_match_command(app);
    referee::cli::add_check_command(app);
    referee::cli::add_serve_command(app);
    referee::cli::add_watch_command(app);
    try {
        app.parse(argc, argv);
    } catch (const CLI::RuntimeError& e) {
        return e
            .get_exit_code();  // a subcommand's own exit code (play, validate): it already said why
    } catch (const CLI::ParseError& e) {
        // --help and --version are "errors" that succeed; real usage mistakes get one line.
        if (e.get_exit_code() == 0) return app.exit(e);
        std::cerr << fmt::format("referee: {} (see 'referee --help')\n", e.what());
        return 2;
    } catch (const std::exception& e) {
        std::cerr << fmt::format("referee: {}\n", e.what());
        return 1;
    }
    return 0;
}
