// A promotion that is a move of its own (sittuyin, Fairy-Stockfish's sittuyinPromotion):
// instead of moving on, the piece turns into another one where it stands or by one of that
// piece's non-capturing leaps. Read from a piece's `promotion_move:` key
// (promotion_move_yaml.cpp), generated in promotion_moves.cpp.
#pragma once

#include <vector>

#include "referee/rules/base/geometry.hpp"

namespace referee::rules {

struct PromotionMove {
    char to = 0;  // upper-case letter of the piece it becomes; a leaper
    // White's squares it may promote from; Black's are these with the ranks mirrored.
    std::vector<Square> squares;
    // The side's last piece of this kind may promote from any square (sittuyin's last pawn).
    bool last_anywhere = false;
    // No promotion while the side has this many pieces of `to` on the board (0: no limit).
    int limit = 0;
    // The promotion may not give check, directly or by discovery.
    bool no_check = false;
    // The new piece may not attack an enemy piece where it lands (Fairy-Stockfish 11.1's
    // sittuyin: a met that would attack anything is not made).
    bool no_attack = false;
};

}  // namespace referee::rules
