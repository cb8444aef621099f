// Which checks make a checkmate count (shatar, Fairy-Stockfish's shatarMateRule): a mate
// given by pieces of `alone_loses` alone (the knight) loses for the side that gave it; any
// other mate counts only if some check of the unbroken series the mated side has been
// under, this one included, came from a piece of `series_by` (rook, knight, bers: a
// "shak"); if none did, the game is drawn. The series is walked back two plies at a time
// while the mated side stood in check, as far as the game's moves go back (a position set
// up from a FEN starts its own series), as Fairy-Stockfish walks its states.
//
// Judged only once the game is over (the judge's describe()), so nothing is recorded while
// moves are made: a copy of the position is taken back.
#include <fmt/format.h>

#include "referee/rules/core/board.hpp"

namespace referee::rules {
namespace {

GameResult win_for(Color c) {
    return c == White ? GameResult::WhiteWins : GameResult::BlackWins;
}

}  // namespace

// Whether a royal piece of c is attacked by a piece of `by` (pieces of c's opponent).
template <class BB>
bool Board<BB>::royal_attacked_by(Color c, BB by) const {
    BB royals = royals_ & by_color_[c];
    while (any(royals))
        if (attacked(pop_lsb(royals), ~c, occupied(), by)) return true;
    return false;
}

template <class BB>
Outcome Board<BB>::mate_checks_outcome(const Ending& e, Color side) const {
    const Variant& v = *t_->variant;
    const MateChecks& rule = *v.end.mate_checks;
    auto kinds = [&](const Board& b, const std::vector<char>& letters) {
        BB out{};
        for (char c : letters) out |= b.by_type_[v.type_of(c)];
        return out;
    };
    const BB theirs = by_color_[~side];
    if (!rule.alone_loses.empty() &&
        !royal_attacked_by(side, theirs & ~kinds(*this, rule.alone_loses)))
        return Outcome{
            win_for(side), EndReason::Checkmate,
            fmt::format("{} is checkmated by a {} alone, which loses for {}", color_name(side),
                        v.piece_names(rule.alone_loses), color_name(~side))};
    Board back = *this;
    for (;;) {
        if (back.royal_attacked_by(side, back.by_color_[~side] & kinds(back, rule.series_by)))
            return Outcome{e.value_in_check == EndValue::Draw   ? GameResult::Draw
                           : e.value_in_check == EndValue::Loss ? win_for(~side)
                                                                : win_for(side),
                           EndReason::Checkmate, fmt::format("{} is checkmated", color_name(side))};
        if (back.history_.size() < 2) break;
        back.unmake();
        back.unmake();
        if (!back.in_check()) break;
    }
    return Outcome{GameResult::Draw, EndReason::Checkmate,
                   fmt::format("draw: {} is checkmated, but no check of the series that led to it "
                               "came from a {}",
                               color_name(side), v.piece_names(rule.series_by))};
}

template class Board<Bits64>;
template class Board<Bits256>;

}  // namespace referee::rules
