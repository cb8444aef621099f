// referee variants [show NAME]: what variants exist and what their rules are.
#include <iostream>

#include <fmt/format.h>

#include "referee/cli/commands.hpp"
#include "referee/rules/variant/variant.hpp"

namespace referee::cli {

void add_variants_command(CLI::App& app) {
    auto* cmd = app.add_subcommand("variants", "list the shipped variants, or show one");
    auto* show = cmd->add_subcommand("show", "print a variant's rules");
    auto name = std::make_shared<std::string>();
    show->add_option("NAME", *name, "variant name or .yaml path")->required();
    cmd->callback([cmd, show, name] {
        if (show->parsed()) {
            std::cout << rules::load_variant(*name).summary();
            return;
        }
        (void)cmd;
        for (const auto& n : rules::list_variants()) {
            try {
                auto v = rules::load_variant(n);
                std::cout << fmt::format("{:<22} {}x{}  {}\n", n, v.geometry.width,
                                         v.geometry.height, v.description);
            } catch (const std::exception& e) {
                std::cout << fmt::format("{:<22} (broken: {})\n", n, e.what());
            }
        }
    });
}

}  // namespace referee::cli
