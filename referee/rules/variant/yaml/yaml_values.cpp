#include "referee/rules/variant/yaml/yaml_values.hpp"

#include <fmt/format.h>
#include <yaml-cpp/yaml.h>

namespace referee::rules {

using Reader = YamlReader<VariantError>;

Square parse_square(const Reader& r, const Geometry& g, const YAML::Node& node,
                    const std::string& key) {
    auto text = r.get<std::string>(node, key, "a square such as e1");
    auto sq = g.parse(text);
    if (!sq)
        r.fail(node, key,
               fmt::format("'{}' is not a square of the {}x{} board", text, g.width, g.height));
    return *sq;
}

std::vector<char> parse_letters(const Reader& r, const YAML::Node& node, const std::string& key) {
    std::vector<char> out;
    auto add = [&](const YAML::Node& n) {
        auto text = r.get<std::string>(n, key, "a piece letter");
        if (text.size() != 1 || !std::isalpha(static_cast<unsigned char>(text[0])))
            r.fail(n, key, fmt::format("'{}' is not a single piece letter", text));
        out.push_back(static_cast<char>(std::toupper(static_cast<unsigned char>(text[0]))));
    };
    if (node.IsSequence())
        for (const auto& n : node) add(n);
    else
        add(node);
    return out;
}

std::vector<int> parse_ranks(const YamlReader<VariantError>& r, const YAML::Node& node,
                             const std::string& key, int height) {
    std::vector<int> out;
    auto add = [&](const YAML::Node& n) {
        int v = r.get<int>(n, key, "a rank number");
        if (v < 1 || v > height)
            r.fail(n, key, fmt::format("rank {} is not on a board of {} ranks", v, height));
        out.push_back(v);
    };
    if (node.IsSequence())
        for (const auto& n : node) add(n);
    else
        add(node);
    return out;
}

}  // namespace referee::rules
