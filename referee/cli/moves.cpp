// referee moves VARIANT [--fen F | --board FILE]: the sorted legal moves, one a line.
#include <algorithm>
#include <iostream>

#include <fmt/format.h>

#include "referee/cli/commands.hpp"
#include "referee/cli/position_args.hpp"

namespace referee::cli {

void add_moves_command(CLI::App& app) {
    struct Args {
        std::string variant;
        bool uci = false;
        PositionArgs position;
    };
    auto args = std::make_shared<Args>();
    auto* cmd = app.add_subcommand("moves", "list the legal moves of the side to move");
    cmd->add_option("VARIANT", args->variant, "variant name, .yaml path or FILE.ini:SECTION")
        ->required();
    cmd->add_flag("--uci", args->uci, "write moves as a2a3 rather than a2-a3");
    args->position.add_to(*cmd);
    cmd->callback([args] {
        auto rules = rules::Rules::load(args->variant);
        auto pos = args->position.load(rules);
        // A game ended by a draw rule still lists its moves (the course's cases expect it);
        // the end is reported on stderr so the list stays clean.
        if (auto o = pos.outcome())
            std::cerr << fmt::format("referee: the game is already over: {} ({})\n", o->description,
                                     rules::result_string(o->result));
        std::vector<std::string> names;
        for (const auto& m : pos.legal_moves())
            names.push_back(
                pos.move_name(m, args->uci ? rules::MoveStyle::Uci : rules::MoveStyle::Dash));
        std::sort(names.begin(), names.end());
        for (const auto& n : names) std::cout << n << '\n';
    });
}

}  // namespace referee::cli
