// broken-slow: plays legal moves, but each only after its clock has run out: it sleeps for
// the time it has left (or the movetime) plus 500 ms, ignoring `stop`. The referee must
// declare the loss on time when the clock runs out, not when the late move arrives, and
// must not take the late move for the next question.
#include <chrono>
#include <thread>

#include "engines/common/engine_main.hpp"
#include "engines/common/random_player.hpp"

namespace {

class SlowPlayer : public engines::RandomPlayer {
  public:
    engines::Reply choose(const engines::Turn& turn) override {
        const auto& l = turn.limits;
        const engines::Milliseconds given =
            l.move_time ? *l.move_time : l.time_left.value_or(engines::Milliseconds(0));
        std::this_thread::sleep_until(l.received + given + std::chrono::milliseconds(500));
        return RandomPlayer::choose(turn);
    }
};

}  // namespace

int main(int argc, char** argv) {
    SlowPlayer player;
    return engines::run_engine(argc, argv,
                               {"broken-slow", "minichess-referee",
                                "answers only after its clock ran out (a broken engine)"},
                               player);
}
