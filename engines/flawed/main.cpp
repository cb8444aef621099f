// flawed-engine: a random player with one rule wrong (see flawed_player.hpp), for testing
// that `referee validate` catches each flaw on the probe about it.
#include "engines/common/engine_main.hpp"
#include "engines/flawed/flawed_player.hpp"

int main(int argc, char** argv) {
    engines::FlawedPlayer player;
    const engines::EngineIdentity id{
        "flawed-engine", "minichess-referee",
        "plays random moves with one rule wrong (--flaw KEY), to test referee validate"};
    return engines::run_engine(argc, argv, id, player);
}
