#include "referee/rules/variant/yaml/promotion_move_yaml.hpp"

#include <cctype>

#include <fmt/format.h>

namespace referee::rules {

void read_promotion_move(const YamlReader<VariantError>& r, const YAML::Node& node,
                         const std::string& where, const Geometry& g, PieceType& p) {
    const auto n = node["promotion_move"];
    if (!n) return;
    const std::string key = where + ".promotion_move";
    if (!n.IsMap())
        r.fail(n, key, "must be a mapping such as {to: F, squares: [e5, f6], limit: 1}");
    r.only_keys(n, key, {"to", "squares", "last_anywhere", "limit", "no_check", "no_attack"});
    PromotionMove pm;
    if (!n["to"]) r.fail(n, key + ".to", "a promotion move needs the piece it makes ('to')");
    const auto to = r.get<std::string>(n["to"], key + ".to", "a piece letter");
    if (to.size() != 1 || !std::isalpha(static_cast<unsigned char>(to[0])))
        r.fail(n["to"], key + ".to", fmt::format("'{}' is not a single piece letter", to));
    pm.to = static_cast<char>(std::toupper(static_cast<unsigned char>(to[0])));
    if (const auto squares = n["squares"]) {
        if (!squares.IsSequence())
            r.fail(squares, key + ".squares", "must be a list of squares such as [e5, f6]");
        for (std::size_t i = 0; i < squares.size(); ++i) {
            const std::string k = fmt::format("{}.squares[{}]", key, i);
            const auto text = r.get<std::string>(squares[i], k, "a square such as e5");
            const auto sq = g.parse(text);
            if (!sq)
                r.fail(squares[i], k,
                       fmt::format("'{}' is not a square of the {}x{} board", text, g.width,
                                   g.height));
            pm.squares.push_back(*sq);
        }
    }
    if (const auto b = n["last_anywhere"])
        pm.last_anywhere = r.get<bool>(b, key + ".last_anywhere", "true or false");
    if (pm.squares.empty() && !pm.last_anywhere)
        r.fail(n, key + ".squares",
               "a promotion move needs the squares it may be made from (or last_anywhere)");
    if (const auto l = n["limit"]) {
        pm.limit = r.get<int>(l, key + ".limit", "a number of pieces");
        if (pm.limit < 0)
            r.fail(l, key + ".limit", fmt::format("the limit {} is below 0", pm.limit));
    }
    if (const auto c = n["no_check"])
        pm.no_check = r.get<bool>(c, key + ".no_check", "true or false");
    if (const auto a = n["no_attack"])
        pm.no_attack = r.get<bool>(a, key + ".no_attack", "true or false");
    p.promotion_move = std::move(pm);
}

void check_promotion_move(const YamlReader<VariantError>& r, const YAML::Node& node,
                          const std::string& where, const Variant& v, const PieceType& p) {
    if (!p.promotion_move) return;
    const auto n = node["promotion_move"]["to"];
    const std::string key = where + ".promotion_move.to";
    const int to = v.type_of(p.promotion_move->to);
    if (to < 0)
        r.fail(n, key,
               fmt::format("piece '{}' promotes to '{}', which is not a piece of this variant",
                           p.letter, p.promotion_move->to));
    const PieceType& made = v.pieces[to];
    if (made.royal || &made == &p)
        r.fail(n, key,
               fmt::format("piece '{}' may not promote by a move of its own to '{}' (a royal "
                           "piece or itself)",
                           p.letter, made.letter));
    for (const MoveRule& m : made.moves)
        if (m.is_rider() || m.hop != Hop::None || m.lame || m.bent)
            r.fail(n, key,
                   fmt::format("piece '{}' ({}, '{}') rides, hops or leaps lame; a promotion "
                               "move goes by plain leaps only (such as F, W, N)",
                               made.letter, made.name, made.betza));
}

}  // namespace referee::rules
