#include "engines/common/random_pick.hpp"

#include <algorithm>
#include <string>
#include <utility>

namespace engines {

using referee::rules::Move;

std::vector<Move> legal_moves_by_name(const referee::rules::Position& position) {
    std::vector<std::pair<std::string, Move>> named;
    for (const Move& m : position.legal_moves()) named.emplace_back(position.move_name(m), m);
    std::sort(named.begin(), named.end(),
              [](const auto& a, const auto& b) { return a.first < b.first; });
    std::vector<Move> out;
    out.reserve(named.size());
    for (auto& [name, m] : named) out.push_back(m);
    return out;
}

std::optional<Move> pick_uniform(const referee::rules::Position& position, std::mt19937_64& rng) {
    const auto moves = legal_moves_by_name(position);
    if (moves.empty()) return std::nullopt;
    return moves[rng() % moves.size()];
}

}  // namespace engines
