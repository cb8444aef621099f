// alphabeta-engine: an alpha-beta searcher for any variant the rules engine loads.
#include "engines/alphabeta/alphabeta_player.hpp"
#include "engines/common/engine_main.hpp"

int main(int argc, char** argv) {
    engines::alphabeta::AlphaBetaPlayer player;
    const engines::EngineIdentity id{"alphabeta-engine", "minichess-referee",
                                     "iterative-deepening alpha-beta search for any variant file"};
    return engines::run_engine(argc, argv, id, player);
}
