#include "engines/common/engine_main.hpp"

#include <cstdio>
#include <exception>
#include <optional>
#include <string>
#include <vector>

#include "engines/common/imcs_client.hpp"
#include "engines/common/imcs_session.hpp"
#include "engines/common/line_reader.hpp"
#include "engines/common/output.hpp"
#include "engines/common/plain_session.hpp"
#include "engines/common/uci_session.hpp"
#include "engines/common/variant_choice.hpp"
#include "engines/common/xboard_session.hpp"

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

    if (cl.dialect == Dialect::ImcsTcp) return run_imcs_client(cl, player, variants->rules());
    Output out;
    LineReader in;
    switch (cl.dialect) {
        case Dialect::Uci:
        case Dialect::Usi: {
            UciSession session(id, player, out, std::move(*variants), cl.seed,
                               cl.dialect == Dialect::Usi ? UciWords::usi() : UciWords::uci());
            session.run(in);
            return 0;
        }
        case Dialect::Imcs: {
            ImcsSession session(player, out, variants->rules(), cl.seed, cl.own_board);
            session.run(in);
            return 0;
        }
        case Dialect::Plain: {
            PlainSession session(player, out, variants->rules(), cl.seed,
                                 cl.color == 'B' ? referee::rules::Black : referee::rules::White,
                                 std::chrono::seconds(cl.clock_seconds), {});
            return session.run(in);
        }
        case Dialect::Xboard: {
            XboardSession session(id, player, out, std::move(*variants), cl.seed);
            session.run(in);
            return 0;
        }
        case Dialect::ImcsTcp:
            break;
    }
    return 0;
}

}  // namespace engines
