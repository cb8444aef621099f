// broken-fork: plays random legal moves and exits on `quit`, but first forks a child that
// keeps the engine's stdout open and sleeps (an hour). The referee must not wait for the
// pipe to close after the engine exits: killing the engine's process group ends the child.
#include <unistd.h>

#include <chrono>
#include <thread>

#include "engines/common/engine_main.hpp"
#include "engines/common/random_player.hpp"

int main(int argc, char** argv) {
    const pid_t child = ::fork();
    if (child == 0) {
        // Holds stdout (and stderr) open; reads nothing.
        ::close(0);
        std::this_thread::sleep_for(std::chrono::hours(1));
        ::_exit(0);
    }
    engines::RandomPlayer player;
    return engines::run_engine(
        argc, argv,
        {"broken-fork", "minichess-referee", "leaves a child holding stdout (a broken engine)"},
        player);
}
