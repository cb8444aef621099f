#include "referee/rules/variant/yaml/first_moves_yaml.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "referee/rules/variant/yaml/yaml_values.hpp"

namespace referee::rules {

void read_first_moves(const YamlReader<VariantError>& r, const YAML::Node& node,
                      const std::string& where, const Geometry& g, PieceType& p) {
    for (MoveRule& m : p.first_moves) m.initial = true;
    for (const MoveRule& m : p.moves)
        if (m.initial) p.first_moves.push_back(m);
    std::erase_if(p.moves, [](const MoveRule& m) { return m.initial; });
    if (p.moves.empty())
        r.fail(node["betza"], where + ".betza",
               fmt::format("piece '{}' ({}) has only first moves ('{}'): once moved it could "
                           "never move again",
                           p.letter, p.name, p.betza));
    // A first move is looked for target by target along its way (first_moves.cpp): a hop
    // has no such way.
    for (const MoveRule& m : p.first_moves)
        if (m.hop != Hop::None)
            r.fail(node[node["first_move"] ? "first_move" : "betza"],
                   where + (node["first_move"] ? ".first_move" : ".betza"),
                   fmt::format("piece '{}' ({}): a first move may not hop", p.letter, p.name));
    if (const auto ranks = node["first_move_ranks"]) {
        const std::string key = where + ".first_move_ranks";
        if (p.first_moves.empty())
            r.fail(ranks, key,
                   fmt::format("piece '{}' ({}) has no first moves (`first_move`, or `i` in its "
                               "betza) to make from these ranks",
                               p.letter, p.name));
        p.first_move_ranks = parse_ranks(r, ranks, key, g.height);
    }
}

}  // namespace referee::rules
