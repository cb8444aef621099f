// referee status CONFIG: how far a tournament is, from its journals alone (shards running on
// other machines included), without starting anything.
#include <iostream>

#include <fmt/format.h>

#include "referee/cli/commands.hpp"
#include "referee/engine/engine_config.hpp"
#include "referee/tournament/progress.hpp"

namespace referee::cli {
namespace {

std::string age_text(long seconds) {
    if (seconds < 0) return "";
    if (seconds < 120) return fmt::format(", last game {} s ago", seconds);
    if (seconds < 7200) return fmt::format(", last game {} min ago", seconds / 60);
    return fmt::format(", last game {} h ago", seconds / 3600);
}

int show_status(const std::string& path) {
    const auto config = tournament::load_tournament_config(path, engine::executable_dir());
    const auto p = tournament::read_progress(config);
    std::cout << fmt::format("{}: {} games scheduled, output {}\n", config.name, p.scheduled,
                             config.output_dir);
    if (p.journals.empty()) {
        std::cout << "no journal yet: nothing has been played\n";
        return 0;
    }
    bool problems = false;
    for (const auto& j : p.journals) {
        const auto label = j.shard.whole() ? std::string("whole")
                                           : fmt::format("shard {}/{}", j.shard.k, j.shard.n);
        if (!j.problem.empty()) {
            problems = true;
            std::cout << fmt::format("{:<12} {}: {}\n", label, j.path, j.problem);
            continue;
        }
        const char* state = j.done == j.scheduled ? "done"
                            : j.done == 0         ? "started"
                                                  : "running or stopped";
        std::cout << fmt::format("{:<12} {:>6} of {:<6} {:>3.0f}%  {}{}\n", label, j.done,
                                 j.scheduled, j.scheduled ? 100.0 * j.done / j.scheduled : 100.0,
                                 state, age_text(j.seconds_since_write));
    }
    return problems ? 1 : 0;
}

}  // namespace

void add_status_command(CLI::App& app) {
    auto path = std::make_shared<std::string>();
    auto* s = app.add_subcommand(
        "status", "how far a tournament (or each of its shards) is, from its journals");
    s->add_option("CONFIG", *path, "tournament config file")->required();
    s->callback([path] {
        if (const int code = show_status(*path); code != 0) throw CLI::RuntimeError(code);
    });
}

}  // namespace referee::cli
