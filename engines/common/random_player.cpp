#include "engines/common/random_player.hpp"

#include "engines/common/random_pick.hpp"

namespace engines {

void RandomPlayer::new_game(const referee::rules::Rules&, std::uint64_t seed) {
    rng_.seed(seed);
}

Reply RandomPlayer::choose(const Turn& turn) {
    if (auto m = pick_uniform(turn.position, rng_)) return Reply::of(*m);
    return Reply::none();
}

}  // namespace engines
