// Plays one game between two engine configs on a private io_context and returns its record
// after every process of both engines is gone, with the process groups used, so tests can
// check nothing was left behind.
#pragma once

#include <sys/types.h>

#include <optional>
#include <string>
#include <vector>

#include "referee/engine/engine_config.hpp"
#include "referee/match/game.hpp"

namespace referee::test {

struct Played {
    match::GameRecord record;
    std::vector<pid_t> groups;    // process groups of the engines that ran
    double seconds = 0;           // wall time of the whole game, shutdown included
    long peak_rss_growth_kb = 0;  // the referee's own peak RSS growth during the game
    // How each engine (White, Black) ended after the game, when it ended after being asked
    // to quit: what `referee play` reports with exit_problems.
    std::optional<engine::ExitInfo> exits[2];
};

engine::EngineConfig in_tree(const std::string& binary, engine::Protocol protocol,
                             std::vector<std::string> args = {});
engine::EngineConfig fairy_stockfish(std::vector<std::pair<std::string, std::string>> options = {});

Played play(const std::string& variant, engine::EngineConfig white, engine::EngineConfig black,
            match::GameSpec spec);
match::GameSpec spec_for(const std::string& variant, const std::string& time_control);

// True when no live (non-zombie) process is in the group.
bool group_gone(pid_t pgid);

}  // namespace referee::test
