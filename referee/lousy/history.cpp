#include "referee/lousy/history.hpp"

#include <algorithm>
#include <cctype>

#include <fmt/format.h>

#include "referee/lousy/bot.hpp"
#include "referee/lousy/squares.hpp"

namespace referee::lousy {

bool History::is_promoted(rules::Square s) const {
    return std::find(promoted_queens.begin(), promoted_queens.end(), s) != promoted_queens.end();
}

void check_minitchess(const rules::Position& pos) {
    const rules::Geometry& g = pos.rules().geometry();
    if (pos.rules().name() != "minitchess" || g.width != 5 || g.height != 6)
        throw LousyError(fmt::format(
            "the position is of '{}' ({}x{}); the Lousy Chess bots play only MinitChess (5x6)",
            pos.rules().name(), g.width, g.height));
}

void check_history(const rules::Position& pos, const History& history) {
    const rules::Geometry& g = pos.rules().geometry();
    if (history.last_move) {
        const rules::Move m = *history.last_move;
        const std::string name = dash_name(g, m);
        const rules::Color mover = ~pos.side_to_move();
        const char on_target = pos.letter_at(m.to);  // for the message
        const auto piece = pos.piece_at(m.to);
        const bool movers_piece = piece && piece->color == mover;
        if (!movers_piece)
            throw LousyError(fmt::format(
                "the last move {} cannot be {}'s last move: its target square {} holds {}", name,
                rules::color_name(mover), g.name(m.to),
                on_target == '.' ? std::string("no piece")
                                 : fmt::format("{}'s '{}'", rules::color_name(~mover), on_target)));
        if (pos.piece_at(m.from))
            throw LousyError(fmt::format(
                "the last move {} cannot be {}'s last move: its start square {} is not empty", name,
                rules::color_name(mover), g.name(m.from)));
    }
    for (rules::Square s : history.promoted_queens) {
        const char c = pos.letter_at(s);
        if (std::toupper(static_cast<unsigned char>(c)) != 'Q')
            throw LousyError(
                fmt::format("{} is said to hold a promoted queen, but it holds {}", g.name(s),
                            c == '.' ? std::string("no piece") : fmt::format("'{}'", c)));
    }
}

void play(rules::Position& pos, History& history, rules::Move m) {
    auto& promoted = history.promoted_queens;
    std::erase(promoted, static_cast<rules::Square>(m.to));  // a promoted queen captured
    for (auto& s : promoted)
        if (s == m.from) s = m.to;
    if (m.promotion) promoted.push_back(m.to);
    pos.play(m);
    history.last_move = m;
}

}  // namespace referee::lousy
