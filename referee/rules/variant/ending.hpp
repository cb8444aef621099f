// The ways a game ends, as data: one ordered list per variant, read from its file, which
// the one judge (Board::judge_endings, endings/judge.cpp) walks for `outcome`, perft,
// `divide`, `check` and validate's probes alike. A new ending is a reason here, a key in
// variant_yaml.cpp that puts it in the list, and a case in the judge.
#pragma once

#include <cstdint>
#include <vector>

#include "referee/rules/base/outcome.hpp"

namespace referee::rules {

// What an ending is worth to the side it happens to (Fairy-Stockfish's "values":
// stalemateValue, checkmateValue). Not validate::Verdict, a probe's pass or fail.
enum class EndValue { Win, Loss, Draw };
const char* end_value_name(EndValue v);

struct Ending {
    EndReason reason = EndReason::NoLegalMoves;
    // Over at once, before anyone could claim or adjudicate anything (Fairy-Stockfish's
    // is_immediate_game_end): a royal piece taken, the checks given. The others (the move
    // limit, draws by rule) end a game the referee plays, but Fairy-Stockfish's perft walks
    // past them.
    bool immediate = false;
    // Whom it favours: RoyalCapture for the capturer, CheckCount for the side that gave the
    // checks, NoLegalMoves (not in check) for the side without a move; the draws are draws.
    EndValue value = EndValue::Draw;
    EndValue value_in_check = EndValue::Loss;  // NoLegalMoves under check rules: checkmate
    int count = 0;  // MoveLimit and NMoveRule: moves each; CheckCount: checks; Repetition: times
};

// A set of reasons, to ask the judge about some endings only.
using EndingSet = std::uint32_t;
constexpr EndingSet ending_bit(EndReason r) {
    return EndingSet{1} << static_cast<int>(r);
}
inline constexpr EndingSet kEveryEnding = ~EndingSet{0};
// Everything the position alone decides: every ending but having no legal move, which
// takes move generation (perft finds it by counting no moves).
inline constexpr EndingSet kEndingsWithoutMoves = ~ending_bit(EndReason::NoLegalMoves);
// The draws a search engine scores as draws inside its tree.
inline constexpr EndingSet kDrawsByRule =
    ending_bit(EndReason::InsufficientMaterial) | ending_bit(EndReason::Repetition) |
    ending_bit(EndReason::NMoveRule) | ending_bit(EndReason::Counting);

// Where perft stops walking. AnyEnd: at every ending the position decides (the referee's
// count of games still going). Immediate: only where Fairy-Stockfish's perft stops, so that
// the two counts can be compared.
enum class PerftStop { AnyEnd, Immediate };

struct EndRules;
// The list a variant file's `end:` keys make, in the order that settles ties: a royal
// capture, a bare king, extinction, a region reached, the move limit, the checks given, no legal
// move (checkmate or stalemate), then the draws by rule (material, repetition, the n-move rule,
// the counting rule).
std::vector<Ending> list_endings(const EndRules& end);

}  // namespace referee::rules
