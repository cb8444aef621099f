#include "referee/rules/variant/drop_zone.hpp"

#include <algorithm>

#include <fmt/format.h>

namespace referee::rules {

bool may_drop_on_rank(const Variant& v, int type, int relative_rank) {
    const DropRules& d = v.drop_rules;
    auto has = [&](const std::vector<int>& ranks) {
        return std::find(ranks.begin(), ranks.end(), relative_rank) != ranks.end();
    };
    if (!d.ranks.empty() && !has(d.ranks)) return false;
    for (const auto& [letter, ranks] : d.forbidden_ranks)
        if (v.type_of(letter) == type && has(ranks)) return false;
    return true;
}

std::string drop_rules_summary(const Variant& v) {
    const DropRules& d = v.drop_rules;
    auto ranks = [](const std::vector<int>& list) {
        std::string out;
        for (int r : list) out += (out.empty() ? "" : ", ") + std::to_string(r);
        return out;
    };
    std::string out;
    if (!d.ranks.empty()) out += fmt::format("drops only on the side's rank {}\n", ranks(d.ranks));
    for (const auto& [letter, list] : d.forbidden_ranks)
        if (!list.empty())
            out += fmt::format("a {} may not be dropped on the side's rank {}\n",
                               v.pieces[v.type_of(letter)].name, ranks(list));
    if (d.must_drop && d.must_drop_piece)
        out += fmt::format("while a side holds a {} in hand it must drop it\n",
                           v.pieces[v.type_of(d.must_drop_piece)].name);
    else if (d.must_drop)
        out += "while a side holds pieces in hand it must drop one\n";
    if (d.opposite_colours)
        out += fmt::format("{}s are dropped on squares of opposite colours\n",
                           v.pieces[v.type_of(d.opposite_colours)].name);
    if (d.castling)
        out += "dropping the king and a rook on their castling squares gives the right\n";
    if (d.no_doubled)
        out += fmt::format("a {} may not be dropped on a file where the side has one\n",
                           v.pieces[v.type_of(d.no_doubled)].name);
    if (d.no_mate)
        out += fmt::format("checkmate by dropping a {} loses for the side that drops it\n",
                           v.pieces[v.type_of(d.no_mate)].name);
    if (d.keep_promoted) out += "a captured promoted piece goes to the hand as it is\n";
    if (d.promoted) out += "a piece in hand may be dropped as its promoted form too\n";
    if (d.no_check) out += "a drop may not give check\n";
    return out;
}

}  // namespace referee::rules
