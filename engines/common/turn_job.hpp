// A move request as owned data, and the job that hands it to the player on the worker thread.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engines/common/output.hpp"
#include "engines/common/player.hpp"
#include "engines/common/thinker.hpp"

namespace engines {

struct TurnData {
    // Out of line: GCC 12 warns falsely (maybe-uninitialized) about a Position copied
    // inline into a new object.
    explicit TurnData(const referee::rules::Position& p);

    referee::rules::Position position;
    std::vector<referee::rules::Move> moves;
    bool from_game_start = false;
    std::optional<referee::rules::Move> last_move;
    Limits limits;
};

// How the player's info fields ("depth 3 score cp 20 nodes 900 pv a2a3") go out: dropped,
// as UCI `info` lines, or as xboard thinking lines ("3 20 0 900 a2a3").
enum class InfoLines { None, Uci, Xboard };

// A player that throws answers no move, and the reason goes to stderr.
Thinker::Job make_turn_job(Player& player, std::shared_ptr<const TurnData> data, Output& out,
                           InfoLines info);

// "depth 3 score cp 20 time 15 nodes 900 pv a2a3 b5b4" as xboard writes its thinking:
// "3 20 1 900 a2a3 b5b4" (time in centiseconds; mate N as 100000 + N). Empty without depth.
std::string xboard_thinking(std::string_view uci_fields);

// How a reply is written in a dialect: the move's name in `style`, the raw text of a broken
// engine, or nullopt when there is no move.
std::optional<std::string> reply_text(const Reply& reply, const referee::rules::Position& position,
                                      referee::rules::MoveStyle style);

// True when the game is over or the side to move has no legal move: the framework answers
// for the player then.
bool nothing_to_play(const referee::rules::Position& position);

}  // namespace engines
