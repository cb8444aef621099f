// referee perft VARIANT DEPTH [--fen F | --board FILE] [--divide] [--stop any|immediate]
#include <chrono>
#include <iostream>
#include <map>

#include <fmt/format.h>

#include "referee/cli/commands.hpp"
#include "referee/cli/position_args.hpp"

namespace referee::cli {

void add_perft_command(CLI::App& app) {
    struct Args {
        std::string variant;
        int depth = 0;
        bool divide = false;
        rules::PerftStop stop = rules::PerftStop::AnyEnd;
        PositionArgs position;
    };
    auto args = std::make_shared<Args>();
    auto* cmd = app.add_subcommand("perft", "count the leaf positions of the legal-move tree");
    cmd->add_option("VARIANT", args->variant, "variant name, .yaml path or FILE.ini:SECTION")
        ->required();
    cmd->add_option("DEPTH", args->depth, "plies to look ahead")
        ->required()
        ->check(CLI::Range(0, 20));
    cmd->add_flag("--divide", args->divide, "print the count below each legal move");
    cmd->add_option("--stop", args->stop,
                    "where the walk stops: 'any' game end (default), or only 'immediate' ones, "
                    "as Fairy-Stockfish's perft does (draws by rule and move limits walked past)")
        ->transform(CLI::CheckedTransformer(std::map<std::string, rules::PerftStop>{
            {"any", rules::PerftStop::AnyEnd}, {"immediate", rules::PerftStop::Immediate}}));
    args->position.add_to(*cmd);
    cmd->callback([args] {
        auto rules = rules::Rules::load(args->variant);
        auto pos = args->position.load(rules);
        const auto start = std::chrono::steady_clock::now();
        std::uint64_t nodes = 0;
        if (args->divide) {
            for (auto& [move, count] : pos.divide(args->depth, args->stop)) {
                std::cout << fmt::format("{} {}\n", pos.move_name(move), count);
                nodes += count;
            }
        } else {
            nodes = pos.perft(args->depth, args->stop);
        }
        const double seconds =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        std::cout << fmt::format("nodes {}\n", nodes);
        std::cerr << fmt::format("time {:.3f} s, {:.0f} nodes/s\n", seconds,
                                 seconds > 0 ? nodes / seconds : 0.0);
    });
}

}  // namespace referee::cli
