// broken-ignore_quit: plays random legal moves, but ignores `quit`, the end of its input and
// SIGTERM (also SIGINT and SIGHUP), and keeps running. The referee must kill it (SIGKILL to
// its process group) after a grace period and not wait for it.
#include <signal.h>

#include <chrono>
#include <thread>

#include "engines/common/engine_main.hpp"
#include "engines/common/random_player.hpp"

int main(int argc, char** argv) {
    for (int sig : {SIGTERM, SIGINT, SIGHUP}) ::signal(sig, SIG_IGN);
    engines::RandomPlayer player;
    const int code = engines::run_engine(
        argc, argv, {"broken-ignore_quit", "minichess-referee", "will not quit (a broken engine)"},
        player);
    if (code != 0) return code;  // a bad command line still fails at once
    // An hour, not forever, so a copy that escaped a broken test does not live on.
    std::this_thread::sleep_for(std::chrono::hours(1));
    return 0;
}
