#include "referee/rules/variant/armies.hpp"

#include <cctype>

#include "referee/rules/base/fen.hpp"

namespace referee::rules {

std::array<std::vector<bool>, 2> armies(const Variant& v) {
    std::array<std::vector<bool>, 2> army;
    const std::size_t n = v.pieces.size();
    if (v.captures_to_hand) {
        for (Color c : {White, Black}) army[c].assign(n, true);
        return army;
    }
    for (Color c : {White, Black}) army[c].assign(n, false);
    auto add = [&](char letter) {
        const auto l = static_cast<unsigned char>(letter);
        const int t = v.type_of(static_cast<char>(std::toupper(l)));
        if (t >= 0 && std::isalpha(l)) army[std::isupper(l) ? White : Black][t] = true;
    };
    const PositionFields start = parse_fen(v.geometry, v.start_fen);
    for (char x : start.placement) add(x);
    for (char x : start.hand) add(x);
    for (Color c : {White, Black})
        for (bool grew = true; grew;) {  // what its pieces promote to, and theirs
            grew = false;
            for (std::size_t t = 0; t < n; ++t) {
                if (!army[c][t]) continue;
                for (char to : v.pieces[t].promotions(c))
                    if (const int u = v.type_of(to); u >= 0 && !army[c][u])
                        army[c][u] = grew = true;
            }
        }
    if (army[White] == army[Black])
        for (Color c : {White, Black}) army[c].assign(n, true);
    return army;
}

}  // namespace referee::rules
