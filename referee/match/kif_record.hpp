// A game record as KIF (rules/notation/kif.hpp), for variants whose pieces KIF can name: the
// record's termination told in KIF's words.
#pragma once

#include <string>

#include "referee/match/game_record.hpp"
#include "referee/rules/notation/kif.hpp"

namespace referee::match {

// The KIF text of a game; the caller asks rules::can_write_kif first. Throws as write_kif.
std::string to_kif(const rules::Rules& rules, const GameRecord& game);

}  // namespace referee::match
