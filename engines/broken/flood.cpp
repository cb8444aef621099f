// broken-flood: completes the handshake, then, asked for a move, writes an endless stream of
// long `info string` lines (--line-bytes each, default 1000) as fast as the pipe takes them
// and never answers. The referee must keep its memory bounded (drop or cap what it buffers),
// end the game on time and kill the process.
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <string>
#include <thread>

#include "engines/common/engine_main.hpp"

namespace {

class FloodingPlayer : public engines::Player {
  public:
    std::vector<engines::Parameter> parameters() const override {
        return {{"line-bytes", "LineBytes", engines::Parameter::Kind::Spin, "1000", 16, 4000,
                 "bytes per line, newline included"}};
    }
    void set_parameter(const std::string& flag, const std::string& value) override {
        if (flag == "line-bytes") line_bytes_ = std::stoul(value);
    }
    void new_game(const referee::rules::Rules&, std::uint64_t) override {}
    engines::Reply choose(const engines::Turn&) override {
        std::string line = "info string flood ";
        line.resize(line_bytes_ - 1, 'x');
        line += '\n';
        // Straight to the pipe: lines under PIPE_BUF bytes are written whole even if the
        // protocol thread answers `isready` meanwhile.
        for (;;) {
            if (::write(1, line.data(), line.size()) < 0 && errno != EINTR) {
                // Nobody reads any more; wait to be killed without spinning.
                std::this_thread::sleep_for(std::chrono::hours(1));
                return engines::Reply::none();
            }
        }
    }

  private:
    std::size_t line_bytes_ = 1000;
};

}  // namespace

int main(int argc, char** argv) {
    FloodingPlayer player;
    return engines::run_engine(argc, argv,
                               {"broken-flood", "minichess-referee",
                                "floods stdout instead of answering (a broken engine)"},
                               player);
}
