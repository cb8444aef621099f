// What the standings and a match's statistics read of one finished game: both engines (as
// indices into the tournament's names), the result, how it ended, whose fault, the round.
// 20 bytes, where a game's record without its moves takes about 600 with its strings: a run
// keeps one for every game it has finished, so its memory stays flat in the games played.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "referee/match/game_record.hpp"

namespace referee::tournament {

struct GameTally {
    std::int32_t round = 1;
    std::int16_t white = -1, black = -1;  // index in the names; -1: none of them
    rules::GameResult result = rules::GameResult::Draw;
    match::Termination termination = match::Termination::Rules;
    std::optional<rules::Color> at_fault;
};

// The engines are looked up by name in `names` (the first of equal names).
GameTally tally_of(const match::GameRecord& game, const std::vector<std::string>& names);
std::vector<GameTally> tallies_of(const std::vector<match::GameRecord>& games,
                                  const std::vector<std::string>& names);

// A run's finished games, one tally a slot: a slot finished again replaces its tally.
class SlotTallies {
  public:
    explicit SlotTallies(std::vector<std::string> names) : names_(std::move(names)) {}
    void add(int slot, const match::GameRecord& game);
    bool has(int slot) const;
    std::size_t size() const { return games_.size(); }
    const std::vector<std::string>& names() const { return names_; }
    const std::vector<GameTally>& games() const { return games_; }  // in the order finished

  private:
    std::vector<std::string> names_;
    std::vector<GameTally> games_;
    std::vector<std::int32_t> where_;  // by slot: the index in games_, -1 for none
};

}  // namespace referee::tournament
