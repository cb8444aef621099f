// The rules engine's public face: a variant compiled for play (Rules) and a position in it
// (Position). Higher layers use only these; the bitboard width is chosen here, once, and
// hidden. Fast code (perft, search) may reach the underlying Board through visit().
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "referee/rules/base/move_text.hpp"
#include "referee/rules/core/board.hpp"
#include "referee/rules/variant/variant.hpp"

namespace referee::rules {

class Position;

// A piece as the rules read it: its side and its type (an index into Variant::pieces).
struct PieceOn {
    Color color;
    int type;
    friend bool operator==(const PieceOn&, const PieceOn&) = default;
};

class Rules {
  public:
    explicit Rules(Variant v);
    // A shipped variant by name, or a .yaml path. Throws VariantError.
    static Rules load(const std::string& name_or_path);

    const Variant& variant() const { return *variant_; }
    const Geometry& geometry() const { return variant_->geometry; }
    const std::string& name() const { return variant_->name; }

    Position start() const;
    Position from_fen(std::string_view fen) const;  // throws PositionError
    // The position the fields' FEN names, without writing and reading the text (as_read_back).
    Position from_fields(const PositionFields& fields) const;  // throws PositionError
    Position from_board_dump(std::string_view text) const;     // throws PositionError
    Position from_text(std::string_view fen_or_dump) const;    // FEN, dump or SFEN, told apart
    Position from_sfen(std::string_view sfen) const;           // USI's; throws PositionError

  private:
    friend class Position;

    // A piece as the rules read it: its side and its type (an index into Variant::pieces).
    struct PieceOn {
        Color color;
        int type;
        friend bool operator==(const PieceOn&, const PieceOn&) = default;
    };
    std::shared_ptr<const Variant> variant_;
    std::shared_ptr<const Tables<Bits64>> t64_;
    std::shared_ptr<const Tables<Bits256>> t256_;
};

class Position {
  public:
    const Rules& rules() const { return rules_; }
    Color side_to_move() const;
    int fullmove_number() const;
    int halfmove_clock() const;
    int ply_count() const;  // moves played since the position was set up
    bool in_check() const;
    std::optional<PieceOn> piece_at(Square s) const;  // none on an empty square
    int in_hand(Color c, int type) const;             // 0 where the variant has no hands
    bool is_promoted(Square s) const;  // a promoted piece that demotes when captured ('~')
    int checks_given(Color c) const;   // where the variant counts them
    std::uint64_t key() const;         // the position's hash (placement, rights, extras)
    // Text only: '.', upper case White, lower case Black. Code that needs a piece's side or
    // type asks piece_at().
    char letter_at(Square s) const;

    std::vector<Move> legal_moves() const;
    bool is_legal(Move m) const;
    void play(Move m);  // must be legal
    void undo();        // takes back the last play()
    std::optional<Outcome> outcome() const;

    std::string fen() const;
    PositionFields fields() const;   // every field of the FEN, parsed
    std::string board_dump() const;  // "20 B\nk.K..\n..." with a final newline
    std::string sfen() const;        // "rbsgk/4p/5/P4/KGSBR b - 1" (rules/notation/sfen.hpp)

    std::string move_name(Move m, MoveStyle style = MoveStyle::Dash) const;
    // Standard Algebraic Notation (Nf3, exd6, e8=Q+, O-O-O), for PGN. m must be legal.
    std::string san(Move m) const;
    // Reads a move in any accepted form and checks it is legal here; throws MoveError
    // saying why not.
    Move parse_move(std::string_view text) const;
    // Reads a move as PGN writes it: Standard Algebraic Notation as san() writes it and as
    // other tools do (Nf3, exd6, e8=Q, e8Q, O-O, 0-0-0, Nbd7, R1a3, Ng1f3, with or without
    // x, +, #, !, ?), or a coordinate move (a2a3, a2-a3). Checks the move is legal here;
    // throws MoveError saying why not (no such piece move, ambiguous, wrong promotion).
    // Defined in san_parse.cpp.
    Move parse_san(std::string_view text) const;

    // The leaves of the legal-move tree; `stop` says at which endings the walk stops
    // (AnyEnd: the referee's games; Immediate: where Fairy-Stockfish's perft stops).
    std::uint64_t perft(int depth, PerftStop stop = PerftStop::AnyEnd) const;
    std::vector<std::pair<Move, std::uint64_t>> divide(int depth,
                                                       PerftStop stop = PerftStop::AnyEnd) const;

    template <class F>
    decltype(auto) visit(F&& f) const {
        return std::visit(std::forward<F>(f), board_);
    }
    // Mutable access: whatever f does to the board, the kept legal moves are dropped.
    template <class F>
    decltype(auto) visit(F&& f) {
        legal_known_ = false;
        return std::visit(std::forward<F>(f), board_);
    }

  private:
    friend class Rules;
    Position(Rules rules, const PositionFields& fields);

    Rules rules_;
    // mutable: generating legal moves makes and takes back moves on the board, which
    // leaves the position as it was.
    mutable std::variant<Board<Bits64>, Board<Bits256>> board_;
    // The legal moves of the position on the board, generated once and kept until the board
    // changes (play, undo, mutable visit): a referee asks three times a ply (is the game
    // over, is the engine's move legal, how is it written in SAN).
    const std::vector<Move>& legal_here() const;
    std::string check_suffix(Move m) const;  // SAN's "+" or "#"
    Move parse_drop(const MoveText& mt, std::string_view text) const;
    Move parse_gated_san(Move base, std::string_view gate, const std::string& shown) const;
    MoveList gating_matches(const MoveList& matches, const MoveText& mt,
                            std::string_view text) const;
    int castle_rook_square(Move m) const;  // where the castling rook stands
    mutable std::vector<Move> legal_;
    mutable bool legal_known_ = false;
};

}  // namespace referee::rules
