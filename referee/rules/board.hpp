// A position of a variant, for one bitboard width: placement, side to move, castling and
// en-passant rights, clocks and the history needed for repetition and take-back. It makes
// and unmakes moves, generates them, tests attacks and decides whether the game is over.
// Everything it knows about the game comes from its Tables.
#pragma once

#include <array>
#include <memory>
#include <optional>
#include <vector>

#include "referee/rules/fen.hpp"
#include "referee/rules/move.hpp"
#include "referee/rules/outcome.hpp"
#include "referee/rules/tables.hpp"

namespace referee::rules {

template <class BB>
class Board {
  public:
    using T = Tables<BB>;

    explicit Board(std::shared_ptr<const T> tables);

    // Sets the position from parsed fields, checking what the rules can check (unknown
    // letters, impossible castling or en-passant rights). Throws PositionError.
    void set(const PositionFields& fields);
    void check_placement() const;  // refuses what no game reaches; PositionError
    PositionFields fields() const;

    const T& tables() const { return *t_; }
    Color side_to_move() const { return stm_; }
    Piece at(int s) const { return squares_[s]; }
    int fullmove_number() const { return fullmove_; }
    int halfmove_clock() const { return halfmove_; }
    int ply_count() const { return static_cast<int>(history_.size()); }  // moves made since set()
    std::uint64_t key() const { return key_; }
    BB pieces(Color c) const { return by_color_[c]; }
    BB pieces(Color c, int type) const { return by_color_[c] & by_type_[type]; }
    BB occupied() const { return by_color_[White] | by_color_[Black]; }
    int en_passant_square() const { return ep_; }

    bool attacked(int sq, Color by) const;
    bool royal_attacked(Color c) const;  // any royal piece of c attacked
    bool in_check() const { return royal_attacked(stm_); }
    bool has_royal(Color c) const { return any(royals_ & by_color_[c]); }

    void generate_pseudo_legal(MoveList& out) const;
    void generate_legal(MoveList& out);  // uses make/unmake, leaves the position as it was
    // The number of legal moves, without storing them where the variant allows.
    int count_legal();

    void make(Move m);
    void unmake();  // takes back the last make()

    // Ends decided before anyone moves again: a royal piece captured, the move limit.
    std::optional<Outcome> outcome_without_moves() const;
    // Every end, in the order that settles ties: the two above, checkmate or no legal
    // move, then the draws by rule (material, repetition, n-move rule). The caller says
    // whether the side to move has a legal move (Position keeps its legal moves): no move
    // generation unless it has none.
    std::optional<Outcome> outcome(bool has_legal_move);
    std::optional<Outcome> draw_by_rule() const;

    std::uint64_t perft(int depth);

  private:
    struct Undo {
        Move move;
        Piece moved, captured;
        int captured_sq;
        std::uint32_t castling;
        int ep, ep_victim;
        int halfmove;
        std::uint64_t key;
    };

    using PerPiece = typename T::PerPiece;

    // How the side to move's moves are judged under check rules. Exact: from the checkers
    // and pins found along the attack rays, so that only the royal piece's moves, moves of
    // pieces that may be pinned, en passant and castling need looking at one by one.
    // Trial: every move is made, tested and taken back (several royals, or enemy hoppers
    // and lame leapers, whose attacks a move can open or close in other ways).
    enum class LegalMode { AllLegal, Exact, Trial };
    struct Legality {
        int royal = kNoSquare;  // the one royal piece of the side to move
        BB pinned{};            // pieces between it and an enemy rider: their moves are tried
        BB evasions{};          // where any other non-royal piece may go
        BB tried{};             // targets always tried: an enemy royal, when taking it wins
        // 64-square boards: per pinned piece, the squares it may go to and still shield the
        // royal piece (the line up to its pinner, the pinner included). Only read for
        // squares in `pinned`.
        std::array<BB, kBits<BB>> pin_line;
    };
    LegalMode legality(Legality& out) const;
    bool leaves_royal_safe(Move m);  // the trial: make, test, unmake

    template <bool kKeyed>
    void play(Move m);  // make(), with or without the key
    template <bool kKeyed>
    std::uint64_t perft_walk(int depth);
    template <bool kKeyed = true>
    void put(Piece p, int s);  // with the key
    template <bool kKeyed = true>
    void remove(int s);
    void place(Piece p, int s);  // without the key
    void lift(int s);
    void clear();
    bool ep_capturable() const;
    template <class Sink, class Filter>
    Sink generate(Sink sink, Filter& filter) const;
    template <class Sink>
    Sink generate_checked(Sink sink);
    bool attacked(int sq, Color by, BB occ) const;
    bool attacked(int sq, Color by, BB occ, BB theirs) const;
    bool attacked_along_rays(int sq, Color by, BB occ, BB theirs) const;
    BB attack_map(Color by, BB occ) const;  // 64-square boards
    BB ray_attackers(Color by) const;
    BB capture_reach(Color c, int type, int from, BB occ) const;
    bool repeated() const;
    bool ended_by_rule() const;  // outcome_without_moves() || draw_by_rule(), without sentences
    bool castle_allowed(const typename T::Castle& k) const;
    std::optional<Outcome> no_moves_outcome();
    bool material_draw(std::string* which) const;
    // Whether as many pieces stand on the board as in some material draw.
    bool material_draw_size() const {
        const int total = popcount(occupied());
        return total < 64 && (t_->material_draw_sizes >> total & 1);
    }
    std::string royal_first(std::string letters) const;
    bool on_one_colour(char letter) const;

    std::shared_ptr<const T> t_;
    std::array<Piece, kMaxSquares> squares_{};
    BB by_color_[2]{};
    std::array<BB, 32> by_type_{};
    BB royals_{};
    Color stm_ = White;
    std::uint32_t castling_ = 0;  // one bit per Tables::castles entry
    int ep_ = kNoSquare;          // the square a pawn passed over, capturable this move
    int ep_victim_ = kNoSquare;   // where that pawn stands
    int halfmove_ = 0;
    int fullmove_ = 1;
    std::uint64_t key_ = 0;
    std::vector<Undo> history_;  // also the key before each move made, for repetition
};

extern template class Board<Bits64>;
extern template class Board<Bits256>;

}  // namespace referee::rules
