// The engine side of the plain stdio dialect of older course engines (docs/protocols.md):
// we know our colour from the command line and play one game from the start position. White
// moves first without being asked; every move goes out as "! a2-a3"; the opponent's moves
// come in as "! b5-b4"; a line starting with "=" ends the game, as does the end of input.
// Nothing else is read. A chatty engine (like many students' engines) also prints a banner,
// its board and its thinking between moves; the referee must skip all of that.
#pragma once

#include <chrono>
#include <cstdint>

#include "engines/common/line_reader.hpp"
#include "engines/common/output.hpp"
#include "engines/common/player.hpp"

namespace engines {

class PlainSession {
  public:
    struct Style {
        bool chatty = false;  // banner, board before each of our moves, a "thinking" line
        // Time spent before each own move whatever the clock says, as course engines searched
        // for a fixed few seconds: it cannot be interrupted (input is read only after it).
        std::chrono::milliseconds think{0};
    };
    PlainSession(Player& player, Output& out, const referee::rules::Rules& rules,
                 std::uint64_t seed, referee::rules::Color own, std::chrono::milliseconds clock,
                 Style style);

    // Plays the one game; returns the exit code: 0 after "=" or the end of input, 1 when the
    // opponent's move cannot be followed.
    int run(LineReader& in);

  private:
    bool play_own_move();  // false when there is nothing to play (the game is over for us)
    void show_board();

    Player& player_;
    Output& out_;
    referee::rules::Position position_;
    std::vector<referee::rules::Move> moves_;
    std::optional<referee::rules::Move> last_move_;
    referee::rules::Color own_;
    std::chrono::milliseconds clock_;
    Style style_;
};

}  // namespace engines
