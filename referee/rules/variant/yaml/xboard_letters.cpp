#include "referee/rules/variant/yaml/xboard_letters.hpp"

#include <algorithm>
#include <cctype>

#include <fmt/format.h>

namespace referee::rules {
namespace {

// `from` to `to` by the pairs, matching either case and keeping it.
char mapped(const std::vector<std::pair<char, char>>& pairs, char c, bool forward) {
    const bool lower = std::islower(static_cast<unsigned char>(c)) != 0;
    const char upper = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    for (const auto& [ours, theirs] : pairs)
        if ((forward ? ours : theirs) == upper) {
            const char out = forward ? theirs : ours;
            return lower ? static_cast<char>(std::tolower(static_cast<unsigned char>(out))) : out;
        }
    return c;
}

}  // namespace

void read_xboard_letters(const YamlReader<VariantError>& r, const YAML::Node& node, Variant& v) {
    if (!node.IsMap())
        r.fail(node, "xboard_letters",
               "xboard_letters must map piece letters to letters, as {J: A}");
    v.xboard_letters.clear();
    for (const auto& item : node) {
        const std::string key = r.get<std::string>(item.first, "xboard_letters", "a piece letter");
        const std::string where = "xboard_letters." + key;
        const std::string value = r.get<std::string>(item.second, where, "one letter");
        if (key.size() != 1 || v.type_of(key[0]) < 0)
            r.fail(item.first, where,
                   fmt::format("'{}' is not a piece letter of this variant", key));
        if (value.size() != 1 || !std::isupper(static_cast<unsigned char>(value[0])))
            r.fail(item.second, where,
                   fmt::format("'{}' must be one upper-case letter, as A", value));
        for (const auto& [ours, theirs] : v.xboard_letters)
            if (theirs == value[0])
                r.fail(item.second, where,
                       fmt::format("'{}' is already the engines' letter for {}", value, ours));
        v.xboard_letters.emplace_back(key[0], value[0]);
    }
    // An engines' letter that is another piece's own letter would name two pieces, unless
    // that piece is renamed too.
    for (const auto& pair : v.xboard_letters) {
        // Named copies: a lambda may not capture a structured binding before C++20 (clang).
        const char ours = pair.first, theirs = pair.second;
        const bool renamed = std::any_of(v.xboard_letters.begin(), v.xboard_letters.end(),
                                         [&](const auto& p) { return p.first == theirs; });
        if (theirs != ours && v.type_of(theirs) >= 0 && !renamed)
            r.fail(node, "xboard_letters",
                   fmt::format("{} for {} is also another piece's letter: give that piece an "
                               "engines' letter too",
                               theirs, ours));
    }
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

char xboard_letter(const Variant& v, char referee_letter) {
    return mapped(v.xboard_letters, referee_letter, true);
}

char referee_letter(const Variant& v, char xboard_letter) {
    return mapped(v.xboard_letters, xboard_letter, false);
}

}  // namespace referee::rules
