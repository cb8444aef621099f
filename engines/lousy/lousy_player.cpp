#include "engines/lousy/lousy_player.hpp"

#include <stdexcept>

#include "referee/lousy/choose.hpp"
#include "referee/lousy/history.hpp"

namespace engines {

using referee::lousy::Bot;
using referee::lousy::LousyError;

std::vector<Parameter> LousyPlayer::parameters() const {
    return {
        {"ruleset", "Ruleset", Parameter::Kind::String, "module", 0, 0,
         "draft (the draft rules as written) or module (the published module)"},
        {"goals", "Goals", Parameter::Kind::String, "king-must-die", 0, 0,
         "draft: the bot's goals in order, e.g. king-must-die,mirror-mirror"},
        {"letter", "Letter", Parameter::Kind::String, "K", 0, 0,
         "module: the bot's letter, one of D K L M S"},
        {"digit", "Digit", Parameter::Kind::Spin, "0", 0, 9, "the bot's seed digit, 0 to 9"},
        {"serial", "Serial", Parameter::Kind::String, "CH3SS5", 0, 0,
         "module: the bomb's serial number, six letters or digits"},
    };
}

void LousyPlayer::set_parameter(const std::string& flag, const std::string& value) {
    const LousyPlayer before = *this;
    if (flag == "ruleset")
        ruleset_ = value;
    else if (flag == "goals")
        goals_ = value;
    else if (flag == "letter")
        letter_ = value;
    else if (flag == "digit")
        digit_ = std::stoi(value);
    else if (flag == "serial")
        serial_ = value;
    // The settings are checked together at once, so a bad one is refused where it was given.
    try {
        (void)bot();
    } catch (const LousyError& e) {
        *this = before;
        throw std::invalid_argument(e.what());
    }
}

Bot LousyPlayer::bot() const {
    if (referee::lousy::parse_ruleset(ruleset_) == referee::lousy::Ruleset::Draft)
        return Bot::draft(referee::lousy::parse_goal_list(goals_), digit_);
    if (letter_.size() != 1)
        throw LousyError("the letter '" + letter_ + "' must be one of D K L M S");
    return Bot::module(letter_[0], digit_, serial_);
}

void LousyPlayer::new_game(const referee::rules::Rules& rules, std::uint64_t) {
    rules_ = &rules;
}

Reply LousyPlayer::choose(const Turn& turn) {
    try {
        referee::lousy::History history;
        if (turn.from_game_start && rules_) {
            // The whole game is known: replaying it also tells which queens were pawns.
            auto pos = rules_->start();
            for (const auto& m : turn.moves) referee::lousy::play(pos, history, m);
        } else {
            history.last_move = turn.last_move;
        }
        auto choice = referee::lousy::choose_move(bot(), turn.position, history);
        if (!choice) return Reply::none();
        turn.report("string " + choice->rule);
        return Reply::of(choice->move);
    } catch (const LousyError& e) {
        // Not MinitChess, or a history that does not fit: say why and give up the move.
        turn.report(std::string("string ") + e.what());
        return Reply::none();
    }
}

}  // namespace engines
