// random-engine: plays a uniformly random legal move (see random_player.hpp).
#include "engines/common/engine_main.hpp"
#include "engines/common/random_player.hpp"

int main(int argc, char** argv) {
    engines::RandomPlayer player;
    const engines::EngineIdentity id{"random-engine", "minichess-referee",
                                     "plays a uniformly random legal move, seeded by --seed"};
    return engines::run_engine(argc, argv, id, player);
}
