// The building blocks of rule probes and of the explanations of illegal moves: who attacks a
// square, the conditions of each castling move, and the moves an engine whose steps wrap
// around the board's edge would make. Pure functions of a position.
#pragma once

#include <string>
#include <vector>

#include "referee/rules/core/position.hpp"
#include "referee/rules/probes/probes.hpp"

namespace referee::rules {

// The kind of the piece on s as its letter names it (nullptr: an empty square).
const PieceType* type_at(const Position& pos, Square s);

// Whether m moves a royal piece / captures a royal piece of the side not to move.
bool moves_royal(const Position& pos, Move m);
bool captures_enemy_royal(const Position& pos, Move m);

// Whether a rule can be walked square by square (no hop, not lame), and whether it is a
// "side-step": a move-only one-square step of a piece that captures some other way.
bool wraps_as(const PieceType& p, const MoveRule& r);
bool is_side_step(const PieceType& p, const MoveRule& r);
// Whether m is made by a side-step rule of its piece (and by no other rule of it).
bool is_side_step_move(const Position& pos, Move m);

// Squares from which pieces of `by` attack `target` (occupied or not) in pos.
std::vector<Square> attackers_of(const Position& pos, Square target, Color by);
// The same variant with check rules switched off: the moves each piece has, whatever they
// leave attacked. Kept per thread for the last variant asked about.
const Rules& without_check_rules(const Rules& rules);
// "the rook on h5"; "the pieces on h5 and b2" style lists are built from it.
std::string piece_phrase(const Position& pos, Square s);
std::string attackers_phrase(const Position& pos, const std::vector<Square>& squares);

// One castling move of the side to move, with each of its conditions judged.
struct CastlingCheck {
    int index = 0;  // the castling index a Move carries
    char right = 'Q';
    Square king_from = kNoSquare, king_to = kNoSquare, rook_from = kNoSquare, rook_to = kNoSquare;
    bool home = false;  // king and rook stand on their squares
    bool has_right = false;
    Square blocker = kNoSquare;  // a piece between king and rook, if any
    bool in_check = false;       // (under check rules) the king is attacked at home
    Square attacked =
        kNoSquare;  // (under check rules) the first square passed or landed on that is attacked
    Move move() const { return Move::make(king_from, king_to, MoveKind::Castle, -1, index); }
};
std::vector<CastlingCheck> castling_checks(const Position& pos);

// Castling moves that break exactly the condition `f` is about (one of the castling
// features) and meet every other: what an engine that forgets that condition plays.
std::vector<Move> castles_ignoring(const Position& pos, RuleFeature f);

// Moves of the side to move that wrap around the left or right edge (file counted modulo
// the width, as an engine whose board has no border does): only side-steps, or every other
// walkable rule.
std::vector<Move> wrapped_moves(const Position& pos, bool side_steps);

// Whether the side to move wins at once by playing m (mate, the king taken, ...).
bool wins_at_once(const Position& pos, Move m);
// Whether m wins by the ending `reason` (a region reached, the last check): at once, or,
// where that ending waits for the other side's reply (Racing Kings' region, shatranj's bare
// king), whatever the reply.
bool wins_by(const Position& pos, Move m, EndReason reason);
// Whether m wins at once, or by an ending that waits for the reply, whatever the reply: what
// an engine that looks at its move and the answers to it sees as won.
bool wins_for_sure(const Position& pos, Move m);

// Whether after m the side to move still wins whatever the reply: m wins for sure, or every
// reply leaves it a move that does (a win in two of its moves). Playing such a move where
// another wins at once is a free choice; any other move gives the win away.
bool keeps_forced_win(const Position& pos, Move m);

// Whether m leaves the mover's royal piece attacked, judged without check rules.
bool leaves_royal_attacked(const Position& pos, Move m);

// For an en passant m: whether the mover's royal piece is attacked after it when the captured
// pawn is (wrongly) left on the board, as an engine that forgets to lift it before its check
// test sees it. `unchecked` is the variant without check rules.
bool attacked_with_captured_pawn_left(const Position& pos, Move m, const Rules& unchecked);

}  // namespace referee::rules
