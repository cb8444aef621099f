#include "referee/rules/variant/yaml/drop_rules_yaml.hpp"

#include <algorithm>
#include <cctype>

#include <fmt/format.h>

namespace referee::rules {
namespace {

using Reader = YamlReader<VariantError>;

std::vector<int> read_ranks(const Reader& r, const YAML::Node& node, const std::string& key,
                            int height) {
    std::vector<int> out;
    auto add = [&](const YAML::Node& n) {
        const int rank = r.get<int>(n, key, "a rank number");
        if (rank < 1 || rank > height)
            r.fail(n, key, fmt::format("rank {} is not on a board of {} ranks", rank, height));
        out.push_back(rank);
    };
    if (node.IsSequence())
        for (const auto& n : node) add(n);
    else
        add(node);
    return out;
}

char read_piece_letter(const Reader& r, const YAML::Node& node, const std::string& key,
                       const Variant& v) {
    const auto text = r.get<std::string>(node, key, "a piece letter");
    if (text.size() != 1 || v.type_of(text[0]) < 0)
        r.fail(node, key, fmt::format("'{}' is not the letter of a piece of this variant", text));
    return static_cast<char>(std::toupper(static_cast<unsigned char>(text[0])));
}

bool read_bool(const Reader& r, const YAML::Node& node, const std::string& key) {
    return r.get<bool>(node, key, "true or false");
}

}  // namespace

void read_drop_rules(const Reader& r, const YAML::Node& node, Variant& v) {
    if (!node.IsMap()) {
        v.drops = read_bool(r, node, "drops");
        return;
    }
    r.only_keys(node, "drops",
                {"forbidden_ranks", "ranks", "must_drop", "opposite_colours", "castling",
                 "keep_promoted", "no_doubled", "no_mate", "promoted", "no_check"});
    v.drops = true;
    DropRules& d = v.drop_rules;
    const int height = v.geometry.height;
    if (const auto f = node["forbidden_ranks"]) {
        if (!f.IsMap())
            r.fail(f, "drops.forbidden_ranks",
                   "must be a mapping from piece letters to ranks, such as {P: [1]}");
        for (auto it = f.begin(); it != f.end(); ++it) {
            const std::string key = "drops.forbidden_ranks." + it->first.Scalar();
            const char letter = read_piece_letter(r, it->first, key, v);
            d.forbidden_ranks.emplace_back(letter, read_ranks(r, it->second, key, height));
        }
    }
    if (const auto ranks = node["ranks"]) d.ranks = read_ranks(r, ranks, "drops.ranks", height);
    if (const auto m = node["must_drop"]) {
        // true, or the letter of the one piece that must be dropped (koedem's king)
        if (m.IsScalar() && m.Scalar() != "true" && m.Scalar() != "false") {
            d.must_drop_piece = read_piece_letter(r, m, "drops.must_drop", v);
            d.must_drop = true;
        } else {
            d.must_drop = read_bool(r, m, "drops.must_drop");
        }
    }
    if (const auto o = node["opposite_colours"])
        d.opposite_colours = read_piece_letter(r, o, "drops.opposite_colours", v);
    if (const auto n = node["no_doubled"])
        d.no_doubled = read_piece_letter(r, n, "drops.no_doubled", v);
    if (const auto n = node["no_mate"]) d.no_mate = read_piece_letter(r, n, "drops.no_mate", v);
    if (const auto c = node["castling"]) d.castling = read_bool(r, c, "drops.castling");
    if (const auto c = node["no_check"]) d.no_check = read_bool(r, c, "drops.no_check");
    if (const auto p = node["promoted"]) {
        d.promoted = read_bool(r, p, "drops.promoted");
        const bool forms = std::any_of(v.pieces.begin(), v.pieces.end(),
                                       [](const PieceType& t) { return t.promoted_form_of != 0; });
        if (d.promoted && !forms)
            r.fail(p, "drops.promoted",
                   "dropping a piece as its promoted form needs promoted forms (a piece with "
                   "fen: \"+P\")");
    }
    if (const auto k = node["keep_promoted"]) {
        d.keep_promoted = read_bool(r, k, "drops.keep_promoted");
        if (d.keep_promoted && !v.captures_to_hand)
            r.fail(k, "drops.keep_promoted",
                   "keep_promoted says what a capture puts in the hand; it needs "
                   "'captures_to_hand: true'");
    }
}

}  // namespace referee::rules
