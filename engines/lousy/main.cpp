// lousy-engine: a Lousy Chess bot as an engine, in either dialect (see lousy_player.hpp).
#include "engines/common/engine_main.hpp"
#include "engines/lousy/lousy_player.hpp"

int main(int argc, char** argv) {
    engines::LousyPlayer player;
    const engines::EngineIdentity id{
        "lousy-engine", "minichess-referee",
        "a Lousy Chess bot: --ruleset draft --goals LIST --digit N, or --ruleset module --letter L "
        "--digit N --serial SERIAL"};
    return engines::run_engine(argc, argv, id, player);
}
