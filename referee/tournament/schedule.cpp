#include "referee/tournament/schedule.hpp"

#include <set>
#include <stdexcept>

#include <fmt/format.h>

namespace referee::tournament {

std::vector<GameSlot> make_schedule(const TournamentConfig& c) {
    std::vector<std::pair<int, int>> pairings;
    const int n = static_cast<int>(c.engines.size());
    if (c.format == Format::RoundRobin) {
        for (int i = 0; i < n; ++i)
            for (int j = i + 1; j < n; ++j) pairings.emplace_back(i, j);
    } else {
        for (const auto& seed : c.seeds) {
            const int s = c.engine_index(seed);
            for (int j = 0; j < n; ++j) {
                bool other_seed = false;
                for (const auto& t : c.seeds) other_seed |= c.engine_index(t) == j;
                if (!other_seed) pairings.emplace_back(s, j);
            }
        }
    }
    const int openings = static_cast<int>(c.openings.list.size());
    const int pair_rounds = (c.games_per_pairing + 1) / 2;
    const int pairing_count = static_cast<int>(pairings.size());
    std::vector<GameSlot> out;
    // Round by round rather than pairing by pairing: a tournament cut short still has
    // every pairing represented.
    for (int g = 0; g < c.games_per_pairing; ++g)
        for (int p = 0; p < pairing_count; ++p) {
            const auto [a, b] = pairings[p];
            GameSlot s;
            s.index = static_cast<int>(out.size());
            s.round = g + 1;
            s.white = g % 2 == 0 ? a : b;
            s.black = g % 2 == 0 ? b : a;
            // Pairing p plays openings p R, p R + 1, ..., p R + R - 1 (R its game pairs, modulo
            // the book): a new opening for each of its pairs while the book lasts, and over
            // all pairings every opening as long as the schedule has as many pairs.
            s.opening = openings ? (p * pair_rounds + g / 2) % openings : -1;
            out.push_back(s);
        }
    return out;
}

int openings_played(const std::vector<GameSlot>& schedule) {
    std::set<int> seen;
    for (const auto& s : schedule)
        if (s.opening >= 0) seen.insert(s.opening);
    return static_cast<int>(seen.size());
}

std::string Shard::name() const {
    return fmt::format("{}-of-{}", k, n);
}

Shard parse_shard(std::string_view text) {
    auto slash = text.find('/');
    auto bad = [&] {
        return std::invalid_argument(
            fmt::format("--shard '{}': expected K/N with 1 <= K <= N, e.g. 2/3", text));
    };
    if (slash == std::string_view::npos) throw bad();
    Shard s;
    try {
        std::size_t used = 0;
        std::string k(text.substr(0, slash)), n(text.substr(slash + 1));
        s.k = std::stoi(k, &used);
        if (used != k.size()) throw bad();
        s.n = std::stoi(n, &used);
        if (used != n.size()) throw bad();
    } catch (const std::logic_error&) {
        throw bad();
    }
    if (s.n < 1 || s.k < 1 || s.k > s.n) throw bad();
    return s;
}

std::vector<GameSlot> take_shard(const std::vector<GameSlot>& all, Shard shard) {
    std::vector<GameSlot> out;
    for (const auto& s : all)
        if (s.index % shard.n == shard.k - 1) out.push_back(s);
    return out;
}

}  // namespace referee::tournament
