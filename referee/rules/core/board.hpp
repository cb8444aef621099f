// A position of a variant, for one bitboard width: placement, side to move, castling and
// en-passant rights, clocks and the history needed for repetition and take-back. It makes
// and unmakes moves, generates them, tests attacks and decides whether the game is over.
// Everything it knows about the game comes from its Tables.
#pragma once

#include <array>
#include <bit>
#include <memory>
#include <optional>
#include <type_traits>
#include <vector>

#include "referee/rules/base/fen.hpp"
#include "referee/rules/base/move.hpp"
#include "referee/rules/base/outcome.hpp"
#include "referee/rules/core/tables.hpp"

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
    // The pieces of these types (bit per type), of both sides.
    BB of_types(std::uint32_t types) const {
        BB out{};
        for (; types; types &= types - 1) out |= by_type_[std::countr_zero(types)];
        return out;
    }
    int en_passant_square() const { return ep_; }
    int in_hand(Color c, int type) const { return hand_[c][type]; }
    bool is_promoted(int s) const { return test(promoted_, s); }  // '~': demotes when captured
    int checks_given(Color c) const { return checks_[c]; }
    BB gates(Color c) const { return gates_[c]; }  // squares that may still gate (gating.cpp)
    // The counting rule's limit and the plies counted towards it (0, 0: not counting).
    int counting_limit() const { return counting_limit_; }
    int counting_ply() const { return counting_ply_; }

    bool attacked(int sq, Color by) const;
    // Any royal piece of c attacked; under duple check, every one of them.
    bool royal_attacked(Color c) const;
    bool in_check() const { return royal_attacked(stm_); }
    // A royal piece of c sees an enemy royal piece along a file or rank with nothing
    // between (flying_general.cpp): under the flying-general rule, c's move left it so.
    bool royals_face(Color c) const;
    bool has_royal(Color c) const { return any(royals_ & by_color_[c]); }
    // Passing (passing.cpp): whether the side to move may pass now, and the pass itself.
    bool pass_legal() const;
    Move pass_move() const {
        const int royal = lsb(royals_ & by_color_[stm_]);
        return Move::make(royal, royal);
    }
    // The last move made since set() was a pass, and so was the one before it (`both`).
    bool passed(bool both) const;
    const std::vector<typename T::Castle>& castles() const { return castles_->castles; }
    bool has_castling_right(int index) const { return castling_ >> index & 1; }

    void generate_pseudo_legal(MoveList& out) const;
    void generate_legal(MoveList& out);  // uses make/unmake, leaves the position as it was
    void keep_captures_if_any(MoveList& list) const;         // forced capture
    void drop_checking_moves(MoveList& list);                // forbidden checks
    void hold_royal_in_check(MoveList& list) const;          // makpong's king in check
    void drop_unavailable_promotions(MoveList& list) const;  // promotion to lost pieces
    void add_gated_moves(MoveList& list) const;              // gating: each move that may gate
    void add_first_moves(MoveList& list);                    // first_moves.cpp
    void add_promotion_moves(MoveList& list);                // promotion_moves.cpp
    void apply_drop_rules(
        MoveList& list) const;  // must drop, opposite colours, nifu (core/drop_legality.cpp)
    bool mated_by_forbidden_drop() const;  // mated by a no_mate drop (uchifuzume)?
    // The number of legal moves, without storing them where the variant allows.
    int count_legal();

    void make(Move m);
    void unmake();  // takes back the last make()

    // The one judge of game ends (endings/judge.cpp): the first of the variant's endings,
    // in the variant's order, among `which`, that holds here. Having no legal move is only
    // looked at by outcome(), whose caller says whether the side to move has one (Position
    // keeps its legal moves): no move generation unless it has none.
    std::optional<Outcome> outcome(bool has_legal_move);
    std::optional<Outcome> ending(EndingSet which) const;
    bool ends(EndingSet which) const;  // the same question without the sentence
    // The endings that are over at once, whatever anyone claims (Fairy-Stockfish's
    // is_immediate_game_end), having no move aside.
    EndingSet immediate_endings() const { return t_->immediate_endings; }
    std::optional<Outcome> draw_by_rule() const { return ending(kDrawsByRule); }

    std::uint64_t perft(int depth, PerftStop stop = PerftStop::AnyEnd);

  private:
    struct Undo {
        Move move;
        Piece moved, captured;
        int captured_sq;
        std::uint32_t castling;
        std::int16_t ep, ep_last, ep_victim;
        int halfmove;
        std::uint64_t key;
        // Only written in variants with hands, promoted marks or check counts (T::extras).
        std::int8_t to_hand;  // the type the capture put in the mover's hand; -1: none
        bool moved_promoted, captured_promoted;
        std::uint8_t captured_demoted;  // what a promoted captured piece was before
        std::uint8_t checks[2];
        std::uint16_t counting_limit, counting_ply;
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
    // The flying-general test for a run of trials from one position (flying_general.cpp):
    // with one general a side, the squares between them if they share a line. After a
    // move that is not the general's, they face when none of those squares is occupied.
    struct FacingWatch {
        bool single = false;   // one royal piece a side: the watch applies
        bool aligned = false;  // on one file or rank
        BB between{};
        bool bikjang = false;  // the bikjang rule, and they face now: no move may keep it so
    };
    FacingWatch facing_watch(Color c) const;
    // The trial: make, test, unmake. `watch`, taken in the position the move is made from,
    // spares the flying-general test its search along the lines.
    bool leaves_royal_safe(Move m, const FacingWatch* watch = nullptr);

    template <bool kKeyed>
    void play(Move m);  // make(), with or without the key
    // The state beyond the placement (board_extras.cpp): hands, promoted marks, checks given.
    void set_extras(const PositionFields& f);
    template <bool kKeyed>
    void play_extras(Undo& u);
    void unmake_extras(const Undo& u);
    // Gating (gating.cpp): the FEN's castling field split into castling rights (returned)
    // and gating squares (set here); the gating squares written back; a move's gate.
    std::string set_gates(const std::string& rights);
    std::string gate_letters(Color c) const;
    template <bool kKeyed>
    void play_gate(const Undo& u);
    void unmake_gate(const Undo& u);
    // The counting rules (endings/counting.cpp): the count after a move, and the limit a
    // count starting now has.
    void update_counting(bool captured);
    int counting_start_limit() const;
    bool counting_over() const { return counting_limit_ && counting_ply_ >= counting_limit_; }
    template <bool kKeyed>
    void add_to_hand(Color c, int type);
    template <bool kKeyed>
    void take_from_hand(Color c, int type);
    template <bool kKeyed>
    void castling_from_drop(Color c, int square);  // drop_legality.cpp
    // Perft's question at every node, "is the game over here?", with the endings it stops at
    // taken out of the list once: the same conditions (the predicates below) without the
    // walk, so the question costs what it did when each ending was written out there.
    struct Stops {
        bool royal_capture = false, material = false;
        int move_limit = 0, check_count = 0, repetition = 0, n_move_rule = 0;
        EndingSet catalogue = 0;  // bare king, extinction, region: asked out of line
    };
    bool catalogue_stopped(EndingSet which) const;
    Stops stops_for(EndingSet which) const;
    bool stopped(const Stops& s) const;
    template <bool kKeyed>
    std::uint64_t perft_walk(int depth, const Stops& stop);
    // One condition per ending, shared by the judge's walk and perft's stops.
    bool royal_lost(Color* loser) const {
        for (Color c : {stm_, ~stm_})
            if (!has_royal(c)) return *loser = c, true;
        return false;
    }
    bool past_move_limit(int moves) const { return fullmove_ > moves; }
    bool checks_reached(int checks, Color* giver) const {
        for (Color c : {~stm_, stm_})  // the side that has just moved gave the last check
            if (checks_[c] >= checks) return *giver = c, true;
        return false;
    }
    bool n_moves_reached(int moves) const { return halfmove_ >= 2 * moves; }
    template <bool kKeyed = true>
    void put(Piece p, int s);  // with the key
    template <bool kKeyed = true>
    void remove(int s);
    void place(Piece p, int s);  // without the key
    void lift(int s);
    void clear();
    // En passant (en_passant.cpp): the squares the last double step passed, ep_ to ep_last_;
    // whether the side to move could take there (only then is it in the key); the FEN's
    // field, read and written; where the pieces stand that may have just passed exactly
    // these squares (one, or two Berolina pawns that passed one square from either side).
    BB ep_squares() const;
    bool ep_capturable() const;
    void set_en_passant(const std::string& field);
    std::string en_passant_field() const;
    std::vector<int> double_steppers(BB passed) const;
    template <class Sink, class Filter>
    Sink generate(Sink sink, Filter& filter) const;
    template <class Sink>
    Sink generate_checked(Sink sink);
    // The moves of one type of the side to move with rides walked square by square, around
    // the joined edges (cylindrical_moves.hpp) or bent (bent_moves.hpp), out of the
    // generator's loop.
    template <class Sink, class Filter>
    Sink generate_walked(int type, BB mine, Sink sink, Filter& filter) const;
    // What a bent ride of a piece of `c` on `from` captures on, for capture_reach.
    BB walked_capture_reach(const typename T::Ride& ride, int from, BB occ, BB no_screen,
                            Color c) const;
    bool attacked(int sq, Color by, BB occ) const;
    bool attacked(int sq, Color by, BB occ, BB theirs) const;
    bool attacked_along_rays(int sq, Color by, BB occ, BB theirs) const;
    BB attack_map(Color by, BB occ) const;  // 64-square boards
    BB ray_attackers(Color by) const;
    BB capture_reach(Color c, int type, int from, BB occ) const;
    bool gives_check(Move m);  // some royal piece of the other side attacked after m
    bool repeated(int times) const;
    // At a repetition of `times`: the side that gave check with every move since the first
    // occurrence (endings/perpetual_check.cpp); 2: both sides did; -1: neither.
    int perpetual_checker(int times) const;
    // A royal piece of c attacked by one of the pieces `by` (endings/mate_checks.cpp).
    bool royal_attacked_by(Color c, BB by) const;
    // A checkmate of `side` judged by the variant's mate_checks (shatar).
    Outcome mate_checks_outcome(const Ending& e, Color side) const;
    // The judge's two halves: which ending holds (and for which side), and its sentence.
    // With has_legal_move null, having no legal move is not looked at.
    const Ending* find_ending(EndingSet which, const bool* has_legal_move,
                              Color* side = nullptr) const;
    Outcome describe(const Ending& e, Color side) const;  // with material counting
    Outcome describe_rule(const Ending& e, Color side) const;
    bool castle_allowed(const typename T::Castle& k) const;
    // chess960: the castling moves the rights name, from where the king and rooks stand.
    void set_free_castling(const std::string& rights);
    bool material_draw(std::string* which) const;
    bool in_region(Color c) const;          // a piece of the region's kinds stands in c's region
    bool extinct(Color c, int type) const;  // none left (-1: of all), or no more than the count
    int catalogue_ending_side(EndReason reason) const;  // bare king, extinction, region
    const Ending* bared_for_good();  // a bared side that cannot bare back (outcome only)
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
    // The castling moves of this position: the variant's, or (chess960) this position's own.
    const typename T::CastleSet* castles_ = nullptr;
    bool extras_ = false;  // Tables::extras, kept here: make() and unmake() ask it every move
    std::shared_ptr<const typename T::CastleSet> own_castles_;
    std::uint32_t castling_ = 0;  // one bit per castles_->castles entry
    int ep_ = kNoSquare;          // the square a pawn passed over, capturable this move
    int ep_last_ = kNoSquare;     // the last one it passed (ep_ itself but for a triple step)
    int ep_victim_ = kNoSquare;   // where that pawn stands
    int halfmove_ = 0;
    int fullmove_ = 1;
    std::uint64_t key_ = 0;
    std::array<std::array<std::uint8_t, 32>, 2> hand_{};  // [color][type]: pieces in hand
    BB promoted_{};                                       // squares of promoted pieces
    std::array<std::uint8_t, kMaxSquares> demoted_{};     // there: the type it was before
    std::uint8_t checks_[2] = {0, 0};                     // checks given by each side
    int counting_limit_ = 0, counting_ply_ = 0;           // plies
    BB gates_[2]{};                                // gating: squares each side may still gate on
    std::vector<std::array<BB, 2>> gate_history_;  // gates_ before each move (gating only)
    std::vector<Undo> history_;  // also the key before each move made, for repetition
};

// Placing and lifting a piece, without the key: inline, as every move and take-back (and
// every trial of a move) does it several times; on the wide set one word at a time
// (bitboard.hpp's set_square).
template <class BB>
inline void Board<BB>::place(Piece p, int s) {
    if constexpr (std::is_same_v<BB, Bits64>) {
        const BB b = square_bit<BB>(s);
        squares_[s] = p;
        by_color_[color_of(p)] |= b;
        by_type_[type_of(p)] |= b;
        if (t_->royal_types >> type_of(p) & 1) royals_ |= b;
    } else {
        squares_[s] = p;
        set_square(by_color_[color_of(p)], s);
        set_square(by_type_[type_of(p)], s);
        if (t_->royal_types >> type_of(p) & 1) set_square(royals_, s);
    }
}

template <class BB>
inline void Board<BB>::lift(int s) {
    if constexpr (std::is_same_v<BB, Bits64>) {
        const Piece p = squares_[s];
        const BB b = ~square_bit<BB>(s);
        squares_[s] = kNoPiece;
        by_color_[color_of(p)] &= b;
        by_type_[type_of(p)] &= b;
        royals_ &= b;
    } else {
        const Piece p = squares_[s];
        squares_[s] = kNoPiece;
        clear_square(by_color_[color_of(p)], s);
        clear_square(by_type_[type_of(p)], s);
        clear_square(royals_, s);
    }
}

extern template class Board<Bits64>;
extern template class Board<Bits256>;

}  // namespace referee::rules
