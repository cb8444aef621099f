// broken-crash: plays --after N legal moves of a game (default 3), then dies of SIGSEGV when
// asked for the next one (--signal abort: SIGABRT instead). With --when set-up it plays every
// game from the start and dies at once when asked from any other position (a set-up board).
// The referee must report the crash with the signal, as a loss for this engine, and carry on.
#include <signal.h>

#include <stdexcept>

#include "engines/common/engine_main.hpp"
#include "engines/common/random_player.hpp"

namespace {

class CrashingPlayer : public engines::RandomPlayer {
  public:
    std::vector<engines::Parameter> parameters() const override {
        return {
            {"after", "After", engines::Parameter::Kind::Spin, "3", 0, 1000,
             "legal moves per game before the crash"},
            {"signal", "Signal", engines::Parameter::Kind::String, "segv", 0, 0, "segv or abort"},
            {"when", "When", engines::Parameter::Kind::String, "moves", 0, 0,
             "moves (after --after moves) or set-up (asked from a set-up position)"}};
    }
    void set_parameter(const std::string& flag, const std::string& value) override {
        if (flag == "after") after_ = std::stoi(value);
        if (flag == "signal") {
            if (value != "segv" && value != "abort")
                throw std::invalid_argument("The signal must be segv or abort, not '" + value +
                                            "'.");
            signal_ = value == "abort" ? SIGABRT : SIGSEGV;
        }
        if (flag == "when") {
            if (value != "moves" && value != "set-up")
                throw std::invalid_argument("--when must be moves or set-up, not '" + value + "'.");
            on_set_up_ = value == "set-up";
        }
    }
    void new_game(const referee::rules::Rules& rules, std::uint64_t seed) override {
        RandomPlayer::new_game(rules, seed);
        played_ = 0;
    }
    engines::Reply choose(const engines::Turn& turn) override {
        if (on_set_up_ ? !turn.from_game_start : played_ >= after_) {
            // Back to the default action first: a sanitizer's handler would turn the signal
            // into an ordinary exit.
            ::signal(signal_, SIG_DFL);
            ::raise(signal_);
        }
        ++played_;
        return RandomPlayer::choose(turn);
    }

  private:
    int after_ = 3;
    int signal_ = SIGSEGV;
    int played_ = 0;
    bool on_set_up_ = false;
};

}  // namespace

int main(int argc, char** argv) {
    CrashingPlayer player;
    return engines::run_engine(
        argc, argv, {"broken-crash", "minichess-referee", "crashes mid-game (a broken engine)"},
        player);
}
