#include "referee/lousy/replay.hpp"

#include <stdexcept>

#include <fmt/format.h>

#include "referee/lousy/squares.hpp"

namespace referee::lousy {

Replay replay(const Bot& white, const Bot& black, rules::Position pos, History history) {
    if (white.ruleset != black.ruleset)
        throw LousyError(fmt::format(
            "White's bot follows the {} ruleset and Black's the {}; both must follow the same",
            ruleset_name(white.ruleset), ruleset_name(black.ruleset)));
    check_minitchess(pos);
    check_history(pos, history);

    Replay out;
    // MinitChess ends after Black's 40th move, so 80 plies bound every game; the guard only
    // turns a broken move limit into an error instead of an endless loop.
    constexpr int kPlyGuard = 200;
    while (true) {
        if (auto o = pos.outcome()) {
            out.outcome = *o;
            return out;
        }
        if (static_cast<int>(out.moves.size()) >= kPlyGuard)
            throw std::logic_error(
                "a Lousy Chess replay went past 200 plies without the game ending");
        const rules::Color side = pos.side_to_move();
        auto choice = choose_move(side == rules::White ? white : black, pos, history);
        if (!choice)
            throw std::logic_error("the side to move has no legal move, yet the game is not over");
        ReplayedMove rm{pos.fullmove_number(), side, choice->move,
                        dash_name(pos.rules().geometry(), choice->move), std::move(*choice)};
        play(pos, history, rm.move);
        out.moves.push_back(std::move(rm));
    }
}

}  // namespace referee::lousy
