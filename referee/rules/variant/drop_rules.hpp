// What a variant says about drops beyond "pieces in hand may be dropped on empty squares":
// where each kind may go, what a drop may not do, and what dropping does to the rest of the
// position. Read from the mapping form of the file's `drops:` key (drop_rules_yaml.cpp);
// judged in drop_zone.cpp (where a drop may go at all) and drop_legality.cpp (the rules that
// look at the whole position). A variant with `drops: true` has the defaults below.
#pragma once

#include <utility>
#include <vector>

namespace referee::rules {

struct DropRules {
    // Per piece letter (upper case), the ranks (relative: 1 is the dropping side's own back
    // rank) it may not be dropped on: crazyhouse's pawns on the first rank.
    std::vector<std::pair<char, std::vector<int>>> forbidden_ranks;
    // The relative ranks every drop is confined to (placement's back rank); empty: any rank.
    std::vector<int> ranks;
    // While the side to move holds pieces in hand, a drop is its only move, if it has a legal
    // one (placement's setup phase).
    bool must_drop = false;
    // With must_drop: only while the side holds a piece of this letter, and then only drops
    // of it (koedem's king, Fairy-Stockfish's mustDropType). 0: any piece.
    char must_drop_piece = 0;
    // Pieces of this letter are dropped only on a square colour the side has none of yet,
    // and other drops may not leave too few squares of each colour for those still in hand
    // (placement's bishops). 0: no such rule.
    char opposite_colours = 0;
    // Dropping the king and a rook on the squares a castling rule starts from gives that
    // castling right (placement).
    bool castling = false;
    // A captured promoted piece goes to the hand as it is, not as what it promoted from
    // (loop and chessgi: Fairy-Stockfish's dropLoop); promoted pieces are then not marked.
    bool keep_promoted = false;
    // Nifu (shogi): a piece of this letter may not be dropped on a file where the side has
    // one already (its promoted form is another piece). 0: no such rule.
    char no_doubled = 0;
    // Uchifuzume (shogi): checkmate given by dropping a piece of this letter loses for the
    // side that dropped it, as Fairy-Stockfish judges it (the drop is a move, the game
    // ends there). 0: no such rule.
    char no_mate = 0;
    // A piece in hand may also be dropped as its promoted form, "+B@a1" (micro shogi,
    // Fairy-Stockfish's dropPromoted).
    bool promoted = false;
    // A drop may not give check (Fairy-Stockfish's dropChecks = false: xiangqihouse); moves
    // on the board still may.
    bool no_check = false;

    bool filters_moves() const {
        return must_drop || opposite_colours != 0 || no_doubled != 0 || no_check;
    }
};

}  // namespace referee::rules
