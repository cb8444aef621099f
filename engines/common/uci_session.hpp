// The engine side of UCI, and of USI, which differs from it only in its words: reads commands
// until `quit` or end of input, answering each. Searches run on a worker thread so `stop` and
// `isready` are answered while thinking.
#pragma once

#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "engines/common/command_line.hpp"
#include "engines/common/line_reader.hpp"
#include "engines/common/output.hpp"
#include "engines/common/thinker.hpp"
#include "engines/common/turn_job.hpp"
#include "engines/common/variant_choice.hpp"

namespace engines {

// Where USI's words differ from UCI's: the greeting and its answer, the new game, the
// position text (an SFEN, moves in USI's text) and the clocks: USI's btime is the clock of the
// side that moves first ("b", sente), White here, where UCI's btime is Black's.
struct UciWords {
    const char* hello;          // "uci"
    const char* hello_ok;       // "uciok"
    const char* new_game;       // "ucinewgame"
    const char* position_text;  // "fen"
    const char* no_move;        // bestmove's word where there is none: "(none)"
    referee::rules::MoveStyle move_style;
    bool btime_moves_first;  // btime/binc are the first player's
    static UciWords uci();
    static UciWords usi();
};

class UciSession {
  public:
    UciSession(const EngineIdentity& id, Player& player, Output& out, VariantChoice variants,
               std::uint64_t seed, UciWords words = UciWords::uci());
    ~UciSession();

    // Returns at `quit` or end of input, once the search (if any) has ended. A search that
    // does not end within a grace period after being told to stop is left behind: the
    // process then exits from here at once.
    void run(LineReader& in);
    // One command; false for `quit`. Public for tests.
    bool handle(const std::string& line);

  private:
    void identify();
    void set_option(const std::vector<std::string>& words);
    void set_position(const std::vector<std::string>& words);
    void go(const std::vector<std::string>& words);
    void stop();
    void finish_search();  // implicit stop before a command that changes state
    void quit_search();    // at quit / end of input
    void print_best(const std::optional<std::string>& text);
    void info_string(const std::string& text);

    const EngineIdentity& id_;
    UciWords words_;
    Player& player_;
    Output& out_;
    VariantChoice variants_;
    std::uint64_t seed_;
    std::map<std::string, std::string> values_;  // player parameter flag -> current value
    bool need_new_game_ = true;

    std::optional<referee::rules::Position> position_;
    std::vector<referee::rules::Move> moves_;
    bool from_game_start_ = false;

    Thinker thinker_;
    std::mutex mutex_;  // guards the fields below, shared with the worker's done callback
    bool searching_ = false;
    bool infinite_ = false;
    bool stop_requested_ = false;
    std::optional<std::optional<std::string>> held_;  // an infinite search's answer, until `stop`
};

}  // namespace engines
