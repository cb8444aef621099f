// lousy-engine's player: one Lousy Chess bot (the draft goals, or one of the
// published module's lettered bots), choosing exactly as `referee lousy replay` does, so a
// game of two lousy-engines under the referee is the replay of the same bots.
#pragma once

#include "engines/common/player.hpp"
#include "referee/lousy/bot.hpp"

namespace engines {

class LousyPlayer : public Player {
  public:
    std::vector<Parameter> parameters() const override;
    void set_parameter(const std::string& flag, const std::string& value) override;
    void new_game(const referee::rules::Rules& rules, std::uint64_t seed) override;
    Reply choose(const Turn& turn) override;

  private:
    referee::lousy::Bot bot() const;  // from the current settings; throws LousyError

    std::string ruleset_ = "module";
    std::string goals_ = "king-must-die";
    std::string letter_ = "K";
    int digit_ = 0;
    std::string serial_ = "CH3SS5";
    const referee::rules::Rules* rules_ = nullptr;
};

}  // namespace engines
