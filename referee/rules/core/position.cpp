#include "referee/rules/core/position.hpp"

#include <algorithm>
#include <cctype>

#include <fmt/format.h>

namespace referee::rules {

Rules::Rules(Variant v) : variant_(std::make_shared<const Variant>(std::move(v))) {
    if (fits_64(*variant_))
        t64_ = Tables<Bits64>::build(variant_);
    else
        t256_ = Tables<Bits256>::build(variant_);
}

Rules Rules::load(const std::string& name_or_path) {
    return Rules(load_variant(name_or_path));
}

Position Rules::start() const {
    return from_fen(variant_->start_fen);
}
Position Rules::from_fen(std::string_view fen) const {
    return Position(*this, parse_fen(geometry(), fen));
}
Position Rules::from_fields(const PositionFields& fields) const {
    return Position(*this, as_read_back(fields));
}
Position Rules::from_board_dump(std::string_view text) const {
    return Position(*this, parse_board_dump(geometry(), text));
}

namespace {
std::variant<Board<Bits64>, Board<Bits256>> make_board(
    const std::shared_ptr<const Tables<Bits64>>& t64,
    const std::shared_ptr<const Tables<Bits256>>& t256) {
    if (t64) return Board<Bits64>(t64);
    return Board<Bits256>(t256);
}
}  // namespace

Position::Position(Rules rules, const PositionFields& fields)
    : rules_(std::move(rules)), board_(make_board(rules_.t64_, rules_.t256_)) {
    visit([&](auto& b) { b.set(fields); });
}

Color Position::side_to_move() const {
    return visit([](const auto& b) { return b.side_to_move(); });
}
int Position::fullmove_number() const {
    return visit([](const auto& b) { return b.fullmove_number(); });
}
int Position::halfmove_clock() const {
    return visit([](const auto& b) { return b.halfmove_clock(); });
}
int Position::ply_count() const {
    return visit([](const auto& b) { return b.ply_count(); });
}
bool Position::in_check() const {
    return visit([](const auto& b) { return b.in_check(); });
}

std::optional<PieceOn> Position::piece_at(Square s) const {
    const Piece p = visit([s](const auto& b) { return b.at(s); });
    if (!p) return std::nullopt;
    return PieceOn{color_of(p), type_of(p)};
}
int Position::in_hand(Color c, int type) const {
    return visit([&](const auto& b) { return b.in_hand(c, type); });
}
bool Position::is_promoted(Square s) const {
    return visit([s](const auto& b) { return b.is_promoted(s); });
}
int Position::checks_given(Color c) const {
    return visit([c](const auto& b) { return b.checks_given(c); });
}
std::uint64_t Position::key() const {
    return visit([](const auto& b) { return b.key(); });
}

char Position::letter_at(Square s) const {
    Piece p = visit([s](const auto& b) { return b.at(s); });
    if (!p) return '.';
    char c = rules_.variant().pieces[type_of(p)].letter;
    return color_of(p) == White ? c
                                : static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
}

const std::vector<Move>& Position::legal_here() const {
    if (!legal_known_) {
        visit([this](auto& b) {
            MoveList list;
            b.generate_legal(list);
            legal_.assign(list.begin(), list.end());
        });
        legal_known_ = true;
    }
    return legal_;
}

std::vector<Move> Position::legal_moves() const {
    return legal_here();
}

bool Position::is_legal(Move m) const {
    const auto& moves = legal_here();
    return std::find(moves.begin(), moves.end(), m) != moves.end();
}

void Position::play(Move m) {
    visit([m](auto& b) { b.make(m); });
}
void Position::undo() {
    visit([](auto& b) {
        if (b.ply_count() == 0) throw std::logic_error("undo with no move played");
        b.unmake();
    });
}
std::optional<Outcome> Position::outcome() const {
    const bool has_legal_move = !legal_here().empty();
    return visit([has_legal_move](auto& b) { return b.outcome(has_legal_move); });
}

PositionFields Position::fields() const {
    return visit([](const auto& b) { return b.fields(); });
}

int Position::castle_rook_square(Move m) const {
    return visit([m](const auto& b) { return b.castles()[m.castle_index()].rook_from; });
}

std::uint64_t Position::perft(int depth, PerftStop stop) const {
    return visit([depth, stop](auto& b) { return b.perft(depth, stop); });
}

std::vector<std::pair<Move, std::uint64_t>> Position::divide(int depth, PerftStop stop) const {
    std::vector<std::pair<Move, std::uint64_t>> out;
    if (depth < 1) return out;
    visit([&](auto& b) {
        if (b.ends(stop == PerftStop::AnyEnd ? kEndingsWithoutMoves : b.immediate_endings()))
            return;
        MoveList list;
        b.generate_legal(list);
        for (const Move& m : list) {
            b.make(m);
            out.emplace_back(m, b.perft(depth - 1, stop));
            b.unmake();
        }
    });
    return out;
}

}  // namespace referee::rules
