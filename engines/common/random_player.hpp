// The "play a legal move" player: a uniform choice among the legal moves (pick_uniform),
// seeded, so that the same seed replays the same game in either dialect. random-engine is
// this player; the broken and hostile engines derive from it and add their one fault.
#pragma once

#include <random>

#include "engines/common/player.hpp"

namespace engines {

class RandomPlayer : public Player {
  public:
    void new_game(const referee::rules::Rules& rules, std::uint64_t seed) override;
    Reply choose(const Turn& turn) override;

  private:
    std::mt19937_64 rng_;
};

}  // namespace engines
