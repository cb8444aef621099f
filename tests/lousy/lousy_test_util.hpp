// Shared helpers for the Lousy Chess tests: MinitChess positions from FEN and a bot's choice.
#pragma once

#include <algorithm>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "referee/lousy/bot.hpp"
#include "referee/lousy/choose.hpp"
#include "referee/lousy/history.hpp"
#include "referee/rules/core/position.hpp"

namespace lousy_test {

// Expects a LousyError whose message contains `part`.
template <class F>
void expect_error(F f, const std::string& part) {
    try {
        f();
        ADD_FAILURE() << "no referee::lousy::LousyError; expected one mentioning '" << part << "'";
    } catch (const referee::lousy::LousyError& e) {
        EXPECT_NE(std::string(e.what()).find(part), std::string::npos) << e.what();
    }
}

inline const referee::rules::Rules& minitchess() {
    static const referee::rules::Rules rules = referee::rules::Rules::load("minitchess");
    return rules;
}

inline referee::rules::Position fen(const std::string& text) {
    return minitchess().from_fen(text);
}

inline referee::rules::Move named_move(const std::string& text) {
    const auto mt = referee::rules::parse_move_text(minitchess().geometry(), text);
    return referee::rules::Move::make(mt.from, mt.to);
}

inline referee::lousy::History after(const std::string& last_move) {
    referee::lousy::History h;
    h.last_move = named_move(last_move);
    return h;
}

inline referee::lousy::Choice choose(const referee::lousy::Bot& bot,
                                     const referee::rules::Position& pos,
                                     const referee::lousy::History& history = {}) {
    auto c = referee::lousy::choose_move(bot, pos, history);
    if (!c) throw std::runtime_error("the bot had no legal move");
    return *c;
}

inline std::vector<std::string> sorted(std::vector<std::string> v) {
    std::sort(v.begin(), v.end());
    return v;
}

}  // namespace lousy_test
