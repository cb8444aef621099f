// random-engine's player: a uniform choice among the legal moves, seeded, so that the same
// seed replays the same game in either dialect.
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
