// When a game is over, and why; perft, which counts only games not yet over.
#include "referee/rules/outcome.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "referee/rules/board.hpp"

namespace referee::rules {

const char* result_string(GameResult r) {
    switch (r) {
        case GameResult::WhiteWins:
            return "1-0";
        case GameResult::BlackWins:
            return "0-1";
        case GameResult::Draw:
            return "1/2-1/2";
    }
    return "*";
}

const char* end_reason_key(EndReason r) {
    switch (r) {
        case EndReason::RoyalCapture:
            return "king-capture";
        case EndReason::Checkmate:
            return "checkmate";
        case EndReason::NoLegalMoves:
            return "no-legal-moves";
        case EndReason::MoveLimit:
            return "move-limit";
        case EndReason::InsufficientMaterial:
            return "insufficient-material";
        case EndReason::Repetition:
            return "repetition";
        case EndReason::NMoveRule:
            return "n-move-rule";
    }
    return "?";
}

namespace {

GameResult result_for(Color side, EndValue v) {
    if (v == EndValue::Draw) return GameResult::Draw;
    const bool white_wins = (side == White) == (v == EndValue::Win);
    return white_wins ? GameResult::WhiteWins : GameResult::BlackWins;
}

}  // namespace

// "KB", as people write it, from the sorted "BK" the comparison uses.
template <class BB>
std::string Board<BB>::royal_first(std::string letters) const {
    return t_->variant->royal_first(std::move(letters));
}

template <class BB>
bool Board<BB>::material_draw(std::string* which) const {
    const auto& draws = t_->variant->end.insufficient_material;
    if (!material_draw_size()) return false;
    std::string sides[2];
    BB all = occupied();
    while (any(all)) {
        const int s = pop_lsb(all);
        sides[color_of(squares_[s])] += t_->variant->pieces[type_of(squares_[s])].letter;
    }
    std::sort(sides[0].begin(), sides[0].end());
    std::sort(sides[1].begin(), sides[1].end());
    for (const auto& d : draws)
        for (int strong = 0; strong < 2; ++strong)
            if (sides[strong] == d.strong && sides[1 - strong] == d.weak &&
                on_one_colour(d.same_square_colour)) {
                if (which)
                    *which =
                        royal_first(d.strong) + " v " + royal_first(d.weak) +
                        (d.same_square_colour
                             ? fmt::format(
                                   ", every {} on one square colour",
                                   t_->variant->pieces[t_->variant->type_of(d.same_square_colour)]
                                       .name)
                             : "");
                return true;
            }
    return false;
}

// Whether every piece with this letter, of either side, stands on squares of one colour
// (true for 0: no condition).
template <class BB>
bool Board<BB>::on_one_colour(char letter) const {
    if (!letter) return true;
    const int type = t_->variant->type_of(letter);
    int seen[2] = {0, 0};
    BB all = occupied();
    while (any(all)) {
        const int s = pop_lsb(all);
        if (type_of(squares_[s]) == type) ++seen[(t_->g.file_of(s) + t_->g.rank_of(s)) & 1];
    }
    return seen[0] == 0 || seen[1] == 0;
}

template <class BB>
std::optional<Outcome> Board<BB>::outcome_without_moves() const {
    const Variant& v = *t_->variant;
    const EndRules& e = v.end;
    if (e.royal_capture) {
        for (Color loser : {stm_, ~stm_})
            if (!has_royal(loser))
                return Outcome{
                    result_for(~loser, *e.royal_capture), EndReason::RoyalCapture,
                    fmt::format("{} captured {}'s {}", color_name(~loser), color_name(loser), [&] {
                        for (const auto& p : v.pieces)
                            if (p.royal) return p.name;
                        return std::string("king");
                    }())};
    }
    if (e.move_limit && fullmove_ > e.move_limit)
        return Outcome{GameResult::Draw, EndReason::MoveLimit,
                       fmt::format("draw: {} moves by each side have been played", e.move_limit)};
    return std::nullopt;
}

template <class BB>
std::optional<Outcome> Board<BB>::no_moves_outcome() {
    const Variant& v = *t_->variant;
    MoveList list;
    generate_legal(list);
    if (!list.empty()) return std::nullopt;
    if (v.check_rules && in_check())
        return Outcome{result_for(stm_, v.end.checkmate), EndReason::Checkmate,
                       fmt::format("{} is checkmated", color_name(stm_))};
    const EndValue verdict = v.end.no_legal_moves;
    return Outcome{result_for(stm_, verdict), EndReason::NoLegalMoves,
                   verdict == EndValue::Draw
                       ? fmt::format("draw: {} has no legal move{}", color_name(stm_),
                                     v.check_rules ? " (stalemate)" : "")
                       : fmt::format("{} has no legal move and {}", color_name(stm_),
                                     verdict == EndValue::Loss ? "loses" : "wins")};
}

// Whether the position now on the board has occurred the variant's repetition count of
// times (this one included).
template <class BB>
bool Board<BB>::repeated() const {
    const int needed = t_->variant->end.repetition;
    if (!needed || halfmove_ < 4) return false;
    int seen = 1;
    const int n = static_cast<int>(history_.size());
    // Only positions since the last irreversible move, with the same side to move, can repeat.
    for (int i = n - 2; i >= 0 && i >= n - halfmove_ && seen < needed; i -= 2)
        if (history_[i].key == key_) ++seen;
    return seen >= needed;
}

// Draws by rule that need no move generation: material, repetition, the n-move rule.
template <class BB>
std::optional<Outcome> Board<BB>::draw_by_rule() const {
    const EndRules& e = t_->variant->end;
    std::string which;
    if (material_draw(&which))
        return Outcome{GameResult::Draw, EndReason::InsufficientMaterial,
                       fmt::format("draw: insufficient material ({})", which)};
    if (repeated())
        return Outcome{GameResult::Draw, EndReason::Repetition,
                       fmt::format("draw: the same position occurred {} times", e.repetition)};
    if (e.n_move_rule && halfmove_ >= 2 * e.n_move_rule) {
        // Named after the variant's own pawns: "pawn" in chess, "carp" in Elephant-Monkey-Carp.
        std::string pawns;
        for (const auto& p : t_->variant->pieces)
            if (p.pawn) pawns += (pawns.empty() ? "" : " or ") + p.name;
        return Outcome{GameResult::Draw, EndReason::NMoveRule,
                       fmt::format("draw: {} moves by each side without a capture{}", e.n_move_rule,
                                   pawns.empty() ? std::string() : " or a " + pawns + " move")};
    }
    return std::nullopt;
}

// Checkmate and having no legal move come before the draws by rule, so that a mate on the
// move that also completes the n-move count still wins.
template <class BB>
std::optional<Outcome> Board<BB>::outcome(bool has_legal_move) {
    if (auto o = outcome_without_moves()) return o;
    if (!has_legal_move)
        if (auto o = no_moves_outcome()) return o;
    return draw_by_rule();
}

// The same ends as outcome_without_moves() and draw_by_rule(), answered without building
// their sentences: perft asks at every node.
// Inlined into perft's loop, with the quick test of the piece count before the call that
// compares the material.
template <class BB>
[[gnu::always_inline]] inline bool Board<BB>::ended_by_rule() const {
    const EndRules& e = t_->variant->end;
    if (e.royal_capture && !(has_royal(White) && has_royal(Black))) return true;
    if (e.move_limit && fullmove_ > e.move_limit) return true;
    if (e.n_move_rule && halfmove_ >= 2 * e.n_move_rule) return true;
    return repeated() || (material_draw_size() && material_draw(nullptr));
}

// Repetition is the one rule that reads the key: without it the tree is walked without
// keeping the key.
template <class BB>
std::uint64_t Board<BB>::perft(int depth) {
    return t_->variant->end.repetition ? perft_walk<true>(depth) : perft_walk<false>(depth);
}

template <class BB>
template <bool kKeyed>
std::uint64_t Board<BB>::perft_walk(int depth) {
    if (depth == 0) return 1;
    if (ended_by_rule()) return 0;
    if (depth == 1) return static_cast<std::uint64_t>(count_legal());
    MoveList list;
    generate_legal(list);
    std::uint64_t nodes = 0;
    if (depth == 2) {
        // The last ply counted here, without a call per move.
        for (const Move& m : list) {
            play<kKeyed>(m);
            if (!ended_by_rule()) nodes += static_cast<std::uint64_t>(count_legal());
            unmake();
        }
        return nodes;
    }
    for (const Move& m : list) {
        play<kKeyed>(m);
        nodes += perft_walk<kKeyed>(depth - 1);
        unmake();
    }
    return nodes;
}

template class Board<Bits64>;
template class Board<Bits256>;

}  // namespace referee::rules
