// A static evaluation for any variant, computed from the variant's data alone.
//
// Material: a piece is worth its average weighted mobility on an empty board, over every
// square it may stand on. A ride's k-th step counts 0.7^(k-1), standing in for the pieces
// that block long rides on a real board, and a move-only or capture-only target counts half,
// since it is usable only when the square is empty (or enemy-held). With these two weights
// the 8x8 chess pieces come out near their usual values (P 1.1, N 3, B 3.4, R 4.6, Q 8 in
// knights of 3), which is the calibration; nothing else is tuned per game.
//
// Placement: the same weighted mobility from the square the piece stands on, minus its
// average, a quarter weight (knights in corners lose, centralised riders gain). A piece
// that promotes gains, as it advances, up to a third of what promoting would add.
//
// Royal pieces have no material value: losing one ends the game, which the search sees.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "referee/rules/core/board.hpp"
#include "referee/rules/variant/variant.hpp"

namespace engines::alphabeta {

class Evaluation {
  public:
    static constexpr int kCentipawnsPerMobility = 60;

    explicit Evaluation(const referee::rules::Variant& variant);

    // Material only, for move ordering (a royal piece is worth far more than any other).
    int value(int type) const { return value_[type]; }
    int ordering_value(int type) const { return royal_[type] ? 100000 : value_[type]; }
    // Material plus placement of one piece.
    int piece_square(referee::rules::Color c, int type, int sq) const {
        return table_[c][type * nsq_ + sq];
    }

    // From the side to move's point of view.
    template <class BB>
    int evaluate(const referee::rules::Board<BB>& board) const {
        int score = 0;
        for (int c = 0; c < 2; ++c) {
            const auto color = referee::rules::Color(c);
            int side = 0;
            for (int type = 0; type < ntypes_; ++type) {
                BB pieces = board.pieces(color, type);
                while (referee::rules::any(pieces))
                    side += table_[c][type * nsq_ + referee::rules::pop_lsb(pieces)];
            }
            score += c == 0 ? side : -side;
        }
        return board.side_to_move() == referee::rules::White ? score : -score;
    }

  private:
    int ntypes_ = 0;
    int nsq_ = 0;
    std::vector<int> value_;
    std::vector<bool> royal_;
    std::array<std::vector<int>, 2> table_;  // [color][type * nsq + square]
};

// The weighted empty-board mobility of one piece type on one square, for White (Black's is
// the same at the mirrored square). Exposed for tests.
double weighted_mobility(const referee::rules::Variant& variant, int type, int file, int rank);

}  // namespace engines::alphabeta
