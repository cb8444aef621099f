// The engine side of xboard (CECP version 2): reads commands until `quit` or end of input.
// It lists its features (ping, setboard, usermove, the variants it can play, the player's
// parameters as options), keeps the game from `new`, `setboard`, `variant` and the moves,
// thinks when it is on move and not in force mode, and answers `move X` with the thinking
// lines when `post` is on. Searches run on a worker thread, so `ping` and `?` are answered
// while thinking.
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

class XboardSession {
  public:
    XboardSession(const EngineIdentity& id, Player& player, Output& out, VariantChoice variants,
                  std::uint64_t seed);
    ~XboardSession();

    void run(LineReader& in);
    // One command; false for `quit`. Public for tests.
    bool handle(const std::string& line);

  private:
    void features();
    void new_game();
    void select_variant(const std::string& name);
    void set_board(const std::string& fen);
    void user_move(const std::string& text);
    void set_level(const std::vector<std::string>& words);
    void set_option(const std::string& assignment);
    void think();           // when on move and not in force mode
    void finish_search();   // waits for a running search (its move is played)
    void abandon_search();  // stops a running search and drops its move
    void error(const std::string& what, const std::string& command);

    const EngineIdentity& id_;
    Player& player_;
    Output& out_;
    VariantChoice variants_;
    std::uint64_t seed_;
    bool need_new_game_ = true;

    std::mutex mutex_;  // guards the game below, shared with the worker's done callback
    std::optional<referee::rules::Position> position_;
    std::vector<referee::rules::Move> moves_;
    bool from_game_start_ = true;
    bool force_ = false;
    referee::rules::Color engine_side_ = referee::rules::Black;
    bool searching_ = false;

    bool post_ = false;
    int moves_per_session_ = 0;
    Milliseconds increment_{0};
    std::optional<Milliseconds> move_time_, time_left_, opponent_time_left_;
    int depth_ = 0;

    Thinker thinker_;
};

}  // namespace engines
