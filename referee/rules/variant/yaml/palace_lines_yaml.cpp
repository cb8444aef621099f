#include "referee/rules/variant/yaml/palace_lines_yaml.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "referee/rules/variant/yaml/yaml_values.hpp"

namespace referee::rules {

using Reader = YamlReader<VariantError>;

void read_palace_moves(const Reader& r, const YAML::Node& node, const std::string& where,
                       PieceType& p) {
    if (const auto m = node["palace_moves"]) {
        const std::string key = where + ".palace_moves";
        p.palace_betza = r.get<std::string>(m, key, "a Betza string such as F or B");
        try {
            p.palace_moves = parse_betza(p.palace_betza);
        } catch (const BetzaError& e) {
            r.fail_at(m, key, static_cast<int>(e.position()),
                      fmt::format("piece '{}' ({}): {} in '{}' (unsupported part: '{}')", p.letter,
                                  p.name, e.what(), p.palace_betza, e.part()));
        }
        for (const MoveRule& rule : p.palace_moves)
            if (rule.lame || rule.initial || rule.wrap || rule.bent ||
                rule.hop == Hop::AdjacentScreen)
                r.fail(m, key,
                       fmt::format("piece '{}' ({}): palace moves are steps, rides and hops "
                                   "along the lines (such as F, fF, B, pB), not '{}'",
                                   p.letter, p.name, p.palace_betza));
    }
    if (const auto s = node["screens_not"]) {
        p.screens_not = parse_letters(r, s, where + ".screens_not");
        const auto hops = [](const std::vector<MoveRule>& moves) {
            return std::any_of(moves.begin(), moves.end(),
                               [](const MoveRule& m) { return m.hop != Hop::None; });
        };
        if (!hops(p.moves) && !hops(p.palace_moves))
            r.fail(s, where + ".screens_not",
                   fmt::format("piece '{}' ({}) does not hop: it has no screen to refuse", p.letter,
                               p.name));
    }
    if (const auto c = node["captures_not"])
        p.captures_not = parse_letters(r, c, where + ".captures_not");
}

void read_palace_lines(const Reader& r, const YAML::Node& root, const YAML::Node& pieces,
                       const std::function<std::string(std::size_t)>& where, Variant& v) {
    if (const auto lines = root["palace_lines"]) {
        if (!lines.IsSequence() || lines.size() == 0)
            r.fail(lines, "palace_lines", "must be a list of points such as [d1, f1, e2, d3, f3]");
        for (std::size_t i = 0; i < lines.size(); ++i) {
            const Square s =
                parse_square(r, v.geometry, lines[i], fmt::format("palace_lines[{}]", i));
            if (std::find(v.palace_lines.begin(), v.palace_lines.end(), s) != v.palace_lines.end())
                r.fail(lines[i], fmt::format("palace_lines[{}]", i),
                       fmt::format("{} is listed twice", v.geometry.name(s)));
            v.palace_lines.push_back(s);
        }
    }
    for (std::size_t i = 0; i < v.pieces.size(); ++i) {
        const PieceType& p = v.pieces[i];
        const YAML::Node node = pieces[i];
        if (!p.palace_moves.empty() && v.palace_lines.empty())
            r.fail(node["palace_moves"], where(i) + ".palace_moves",
                   fmt::format("piece '{}' ({}) has palace moves, but the variant has no "
                               "'palace_lines' to make them on",
                               p.letter, p.name));
        for (const char* key : {"screens_not", "captures_not"})
            for (char letter : key[0] == 's' ? p.screens_not : p.captures_not) {
                const int type = v.type_of(letter);
                if (type < 0)
                    r.fail(node[key], where(i) + "." + key,
                           fmt::format("piece '{}' ({}): '{}' is not a piece of this variant",
                                       p.letter, p.name, letter));
                if (key[0] == 'c' && v.pieces[type].royal)
                    r.fail(node[key], where(i) + "." + key,
                           fmt::format("piece '{}' ({}): a royal piece ('{}') may always be "
                                       "captured, or check would mean nothing",
                                       p.letter, p.name, letter));
            }
    }
}

}  // namespace referee::rules
