#include "referee/rules/variant/yaml/xboard_letters.hpp"

#include <algorithm>
#include <cctype>

#include <fmt/format.h>

#include "referee/rules/variant/armies.hpp"

namespace referee::rules {
namespace {

// `c` (either case, kept) from this file's letter to the engines' (forward) or back, by the
// letters that apply to `side`.
char mapped(const Variant& v, char c, Color side, bool forward) {
    const bool lower = std::islower(static_cast<unsigned char>(c)) != 0;
    const char upper = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    for (const auto& l : v.xboard_letters) {
        if (!l.applies(side) || (forward ? l.ours : l.theirs) != upper) continue;
        const char out = forward ? l.theirs : l.ours;
        return lower ? static_cast<char>(std::tolower(static_cast<unsigned char>(out))) : out;
    }
    return c;
}

// One mapping of piece letters to the engines' letters, for `side` (unset: both).
void read_pairs(const YamlReader<VariantError>& r, const YAML::Node& node, const std::string& path,
                std::optional<Color> side, Variant& v) {
    for (const auto& item : node) {
        const std::string key = r.get<std::string>(item.first, path, "a piece letter");
        const std::string where = path + "." + key;
        if (!side && (key == "white" || key == "black")) {
            if (!item.second.IsMap())
                r.fail(item.second, where,
                       fmt::format("{}'s letters must be a mapping, as {{O: C}}", key));
            read_pairs(r, item.second, where, key == "white" ? White : Black, v);
            continue;
        }
        const std::string value = r.get<std::string>(item.second, where, "one letter");
        if (key.size() != 1 || v.type_of(key[0]) < 0)
            r.fail(
                item.first, where,
                fmt::format("'{}' is not a piece letter of this variant (or white, black)", key));
        if (value.size() != 1 || !std::isupper(static_cast<unsigned char>(value[0])))
            r.fail(item.second, where,
                   fmt::format("'{}' must be one upper-case letter, as A", value));
        for (const auto& l : v.xboard_letters)
            if (l.ours == key[0] && (!side || !l.side || l.side == side))
                r.fail(item.first, where, fmt::format("{} has an engines' letter already", key));
        v.xboard_letters.push_back({key[0], value[0], side});
    }
}

// The engines' letters for one side, read back, must each name one piece: no two pieces
// given one letter, and no letter of theirs another piece's own one unless that piece is
// renamed for that side too, or is one the side never has (armies.hpp: Black's colonel may
// be the engines' C in clobberers-nutters, where only White has the fad, C).
void check_side(const YamlReader<VariantError>& r, const YAML::Node& node, const Variant& v,
                Color side) {
    const char* const side_name = color_name(side);
    const std::vector<bool> army = armies(v)[side];
    for (const auto& a : v.xboard_letters) {
        if (!a.applies(side)) continue;
        for (const auto& b : v.xboard_letters)
            if (&a != &b && b.applies(side) && a.theirs == b.theirs)
                r.fail(node, "xboard_letters",
                       fmt::format("'{}' is the engines' letter for both {} and {} ({})", a.theirs,
                                   a.ours, b.ours, side_name));
        const bool renamed = std::any_of(
            v.xboard_letters.begin(), v.xboard_letters.end(),
            [&](const Variant::XboardLetter& l) { return l.applies(side) && l.ours == a.theirs; });
        const int other = v.type_of(a.theirs);
        if (a.theirs != a.ours && other >= 0 && army[static_cast<std::size_t>(other)] && !renamed)
            r.fail(node, "xboard_letters",
                   fmt::format("{} for {} is also another piece's letter ({}): give that piece an "
                               "engines' letter too",
                               a.theirs, a.ours, side_name));
    }
}

}  // namespace

void read_xboard_letters(const YamlReader<VariantError>& r, const YAML::Node& node, Variant& v) {
    if (!node.IsMap())
        r.fail(node, "xboard_letters",
               "xboard_letters must map piece letters to letters, as {J: A}, or each side's, as "
               "{black: {O: C}}");
    v.xboard_letters.clear();
    read_pairs(r, node, "xboard_letters", std::nullopt, v);
    check_side(r, node, v, White);
    check_side(r, node, v, Black);
}

void read_xboard_variant(const YamlReader<VariantError>& r, const YAML::Node& node, Variant& v) {
    if (!node.IsMap())
        r.fail(node, "xboard_variant",
               "xboard_variant must be a mapping such as {name: fairy, options: {NAME: VALUE}}");
    r.only_keys(node, "xboard_variant", {"name", "options"});
    if (!node["name"]) r.fail(node, "xboard_variant.name", "xboard_variant needs a 'name'");
    auto& out = v.xboard_variant;
    out.name = r.get<std::string>(node["name"], "xboard_variant.name", "a name");
    // One word: the engine reads it after `variant`.
    const bool word =
        !out.name.empty() && std::none_of(out.name.begin(), out.name.end(), [](char c) {
            return std::isspace(static_cast<unsigned char>(c)) ||
                   !std::isprint(static_cast<unsigned char>(c));
        });
    if (!word)
        r.fail(node["name"], "xboard_variant.name",
               fmt::format("'{}' is not one word, as xboard's `variant NAME` needs", out.name));
    out.options.clear();
    if (const auto options = node["options"]) {
        if (!options.IsMap())
            r.fail(options, "xboard_variant.options",
                   "options must map option names to values, as {Variant fairy selects: "
                   "FIDE-Nutters}");
        for (const auto& item : options) {
            const auto name = r.get<std::string>(item.first, "xboard_variant.options", "a name");
            const std::string where = "xboard_variant.options." + name;
            const auto value = r.get<std::string>(item.second, where, "a value");
            // `option NAME=VALUE` on one line: neither may break it.
            for (const std::string& text : {name, value})
                if (text.empty() || text.find('=') != std::string::npos ||
                    std::any_of(text.begin(), text.end(), [](char c) {
                        return !std::isprint(static_cast<unsigned char>(c));
                    }))
                    r.fail(item.first, where,
                           fmt::format("'{}' cannot be sent as `option NAME=VALUE` (empty, an "
                                       "'=' or an unprintable character)",
                                       text));
            out.options.emplace_back(name, value);
        }
    }
}

char xboard_letter(const Variant& v, char referee_letter, Color side) {
    return mapped(v, referee_letter, side, true);
}

char referee_letter(const Variant& v, char xboard_letter, Color side) {
    return mapped(v, xboard_letter, side, false);
}

}  // namespace referee::rules
