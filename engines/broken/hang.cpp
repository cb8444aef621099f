// broken-hang: completes the handshake (uciok, readyok; IMCS has none), then never answers a
// move request, nor `stop`. The referee must end the game on time and kill the process.
#include <chrono>
#include <thread>

#include "engines/common/engine_main.hpp"

namespace {

class HangingPlayer : public engines::Player {
  public:
    void new_game(const referee::rules::Rules&, std::uint64_t) override {}
    engines::Reply choose(const engines::Turn&) override {
        // An hour, not forever, so a copy that escaped a broken test does not live on.
        std::this_thread::sleep_for(std::chrono::hours(1));
        return engines::Reply::none();
    }
};

}  // namespace

int main(int argc, char** argv) {
    HangingPlayer player;
    return engines::run_engine(
        argc, argv,
        {"broken-hang", "minichess-referee", "never answers a move request (a broken engine)"},
        player);
}
