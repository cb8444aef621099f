#include "referee/tournament/game_tally.hpp"

#include <algorithm>

namespace referee::tournament {
namespace {

std::int16_t index_of(const std::string& name, const std::vector<std::string>& names) {
    const auto it = std::find(names.begin(), names.end(), name);
    return it == names.end() ? std::int16_t{-1} : static_cast<std::int16_t>(it - names.begin());
}

}  // namespace

GameTally tally_of(const match::GameRecord& game, const std::vector<std::string>& names) {
    GameTally t;
    t.round = game.round;
    t.white = index_of(game.white, names);
    t.black = index_of(game.black, names);
    t.result = game.result;
    t.termination = game.termination;
    t.at_fault = game.at_fault;
    return t;
}

std::vector<GameTally> tallies_of(const std::vector<match::GameRecord>& games,
                                  const std::vector<std::string>& names) {
    std::vector<GameTally> out;
    out.reserve(games.size());
    for (const auto& g : games) out.push_back(tally_of(g, names));
    return out;
}

void SlotTallies::add(int slot, const match::GameRecord& game) {
    if (slot < 0) return;
    const auto at = static_cast<std::size_t>(slot);
    if (at >= where_.size()) where_.resize(at + 1, -1);
    if (where_[at] >= 0) {
        games_[static_cast<std::size_t>(where_[at])] = tally_of(game, names_);
        return;
    }
    where_[at] = static_cast<std::int32_t>(games_.size());
    games_.push_back(tally_of(game, names_));
}

bool SlotTallies::has(int slot) const {
    return slot >= 0 && static_cast<std::size_t>(slot) < where_.size() &&
           where_[static_cast<std::size_t>(slot)] >= 0;
}

}  // namespace referee::tournament
