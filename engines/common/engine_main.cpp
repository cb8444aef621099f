#include "engines/common/engine_main.hpp"

#include <cstdio>
#include <exception>
#include <optional>
#include <string>
#include <vector>

#include "engines/common/imcs_session.hpp"
#include "engines/common/line_reader.hpp"
#include "engines/common/output.hpp"
#include "engines/common/uci_session.hpp"
#include "engines/common/variant_choice.hpp"

namespace engines {

int run_engine(int argc, char** argv, const EngineIdentity& id, Player& player) {
    const std::vector<std::string> args(argv + 1, argv + argc);
    const auto parameters = player.parameters();
    CommandLine cl;
    std::optional<VariantChoice> variants;
    try {
        cl = parse_command_line(args, parameters);
        if (cl.help) {
            std::fputs(usage(id, parameters).c_str(), stdout);
            return 0;
        }
        for (const auto& [flag, value] : cl.parameters) player.set_parameter(flag, value);
        variants.emplace(cl.variant);
    } catch (const std::exception& e) {
        std::fprintf(stderr, "%s: %s\n", id.name.c_str(), e.what());
        return 2;
    }

    Output out;
    LineReader in;
    if (cl.dialect == Dialect::Uci) {
        UciSession session(id, player, out, std::move(*variants), cl.seed);
        session.run(in);
    } else {
        ImcsSession session(player, out, variants->rules(), cl.seed);
        session.run(in);
    }
    return 0;
}

}  // namespace engines
