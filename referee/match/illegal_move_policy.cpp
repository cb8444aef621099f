#include "referee/match/illegal_move_policy.hpp"

namespace referee::match {

std::optional<IllegalMovePolicy> parse_illegal_move_policy(std::string_view text) {
    if (text == "loss") return IllegalMovePolicy::Loss;
    if (text == "ask-again") return IllegalMovePolicy::AskAgain;
    return std::nullopt;
}

}  // namespace referee::match
