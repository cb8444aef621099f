// The engine side of the IMCS game messages over stdin/stdout (see engines/common/README.md):
//   105 W <my-time> <opp-time> game starts | 106 B ...   a game starts, we play White | Black
//   <blank>, "<n> <W|B>", the ranks top down, "? <mine> <theirs>"   our turn: answer "! a2-a3"
//   ! a2-a3                                               the opponent's move
//   - illegal move ... | - invalid move ...              ours was refused; a `?` follows
//   = W wins | = B wins | = draw, then 23x ...            the game is over
//   quit, or end of input                                 exit
// The board dump is the truth; between dumps the session follows both sides' moves itself,
// so the player also learns the moves since the start and the opponent's last move.
#pragma once

#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "engines/common/line_reader.hpp"
#include "engines/common/output.hpp"
#include "engines/common/thinker.hpp"
#include "engines/common/turn_job.hpp"

namespace engines {

class ImcsSession {
  public:
    // own_board: ignore the board dumps and follow the game from its start by the `!` lines,
    // answering only when that game has us to move (a client that keeps its own board).
    ImcsSession(Player& player, Output& out, const referee::rules::Rules& rules, std::uint64_t seed,
                bool own_board = false);

    void run(LineReader& in);              // returns at `quit` or end of input
    bool handle(const std::string& line);  // false for `quit`; public for tests

  private:
    void start_game(const std::vector<std::string>& words);
    void end_game();
    void board_complete();
    void opponent_moved(const std::string& text);
    void asked(const std::vector<std::string>& words);
    void commit_own_move();
    void forget_game();

    Player& player_;
    Output& out_;
    const referee::rules::Rules& rules_;
    std::uint64_t seed_;
    bool own_board_ = false;
    bool white_ = true;  // the colour the game start line gave us
    bool need_new_game_ = true;
    Limits clocks_;  // from the game start line, until a `?` line gives fresher ones

    std::optional<referee::rules::Position> tracked_;  // the game as followed, with its moves
    std::vector<referee::rules::Move> moves_;
    bool from_game_start_ = false;
    std::optional<referee::rules::Move> last_move_;
    bool opponent_announced_ = false;  // a `!` line came since we were last asked

    std::string board_text_;  // a board dump being read
    int board_lines_left_ = 0;

    Thinker thinker_;
    std::mutex mutex_;                             // shared with the worker's done callback
    std::optional<referee::rules::Move> pending_;  // our last answer, until accepted
};

}  // namespace engines
