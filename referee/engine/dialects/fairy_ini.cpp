#include "referee/engine/dialects/fairy_ini.hpp"

#include <algorithm>
#include <cctype>

#include <fmt/format.h>

#include "referee/rules/variant/betza.hpp"

namespace referee::engine {
namespace {

// The pieces Fairy-Stockfish 11.1 has under these names, by how they move. A piece is one of
// them when its parsed moves are the same set, however its Betza was written (mfWcfF and
// fmWfcF, R and WW), and not when only its letter or name matches.
struct FairyPiece {
    const char* name;
    std::vector<rules::MoveRule> moves;
};

const std::vector<FairyPiece>& fairy_pieces() {
    static const std::vector<FairyPiece> pieces = {
        {"king", rules::parse_betza("K")},   {"queen", rules::parse_betza("Q")},
        {"rook", rules::parse_betza("R")},   {"bishop", rules::parse_betza("B")},
        {"knight", rules::parse_betza("N")}, {"pawn", rules::parse_betza("mfWcfF")},
    };
    return pieces;
}

bool same_moves(const std::vector<rules::MoveRule>& a, const std::vector<rules::MoveRule>& b) {
    return a.size() == b.size() && std::is_permutation(a.begin(), a.end(), b.begin());
}

const char* fairy_piece(const rules::PieceType& p) {
    for (const auto& f : fairy_pieces())
        if (same_moves(p.moves, f.moves)) return f.name;
    return nullptr;
}

}  // namespace

std::optional<FairyIni> fairy_ini_for(const rules::Variant& v, std::string* why) {
    auto refuse = [&](const std::string& reason) -> std::optional<FairyIni> {
        if (why) *why = fmt::format("Fairy-Stockfish 11.1 cannot play {}: {}", v.name, reason);
        return std::nullopt;
    };
    const auto& g = v.geometry;
    if (g.width > 8 || g.height > 8)
        return refuse("boards larger than 8x8 need its large-board build");

    std::string pieces_line;
    char pawn_letter = 0;
    int king_count = 0;
    for (const auto& p : v.pieces) {
        const char* name = fairy_piece(p);
        if (!name)
            return refuse(fmt::format("the {} ({}) moves as '{}', which it has no piece for",
                                      p.name, p.letter, p.betza));
        if (std::string(name) == "pawn") {
            pawn_letter = p.letter;
            if (p.letter != 'P') return refuse("its pawn must be written P");
            if (!(p.double_step_ranks.empty() || p.double_step_ranks == std::vector<int>{2}))
                return refuse("a double step from other ranks than the second");
        } else if (p.letter != std::toupper(name[0]) &&
                   !(p.letter == 'N' && std::string(name) == "knight")) {
            return refuse(fmt::format("the {} must be written {}", name,
                                      static_cast<char>(std::toupper(name[0]))));
        }
        if (p.royal) ++king_count;
        if (p.royal && std::string(name) != "king")
            return refuse("its royal piece must be the king");
    }
    if (king_count != 1) return refuse("it needs exactly one royal king");

    std::string section;
    for (char c : v.name)
        if (std::isalnum(static_cast<unsigned char>(c)))
            section += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    section = "referee" + section;  // never collides with a built-in variant

    std::string t = fmt::format("[{}:chess]\n", section);
    t +=
        fmt::format("maxRank = {}\nmaxFile = {}\n", g.height, static_cast<char>('a' + g.width - 1));
    t += fmt::format("startFen = {}\n", v.start_fen);
    bool double_step = false;
    for (const auto& p : v.pieces) {
        if (p.letter != pawn_letter) continue;
        double_step = !p.double_step_ranks.empty();
        std::string promo;
        for (char c : p.promotes_to)
            promo += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        // Traps of 11.1: off 8 ranks pawns promote only with promotionRank set, and the
        // choice defaults to nbrq.
        t += fmt::format("promotionRank = {}\n", p.promotion_rank ? p.promotion_rank : g.height);
        if (!promo.empty()) t += fmt::format("promotionPieceTypes = {}\n", promo);
        if (p.en_passant != double_step)
            return refuse("en passant without a double step, or the reverse");
    }
    t += fmt::format("doubleStep = {}\n", double_step ? "true" : "false");
    if (v.castling.empty()) {
        t += "castling = false\n";
    } else {
        t += "castling = true\n";
        for (const auto& c : v.castling) {
            if (c.only) return refuse("castling that differs between the sides");
            const bool kingside = g.file_of(c.rook_from) > g.file_of(c.king_from);
            const int to_file = g.file_of(c.king_to);
            if (g.rank_of(c.king_from) != 0) return refuse("castling off the first rank");
            if (g.file_of(c.rook_to) != to_file + (kingside ? -1 : 1))
                return refuse("a rook that does not land beside the king");
            t += fmt::format("{} = {}\n",
                             kingside ? "castlingKingsideFile" : "castlingQueensideFile",
                             static_cast<char>('a' + to_file));
        }
    }
    t += fmt::format("checking = {}\n", v.check_rules ? "true" : "false");
    if (v.end.royal_capture && !v.check_rules) {
        t += "king = -\ncommoner = k\nextinctionValue = loss\nextinctionPieceTypes = k\n";
    }
    t += fmt::format("stalemateValue = {}\n", rules::end_value_name(v.end.no_legal_moves));
    if (v.check_rules)
        t += fmt::format("checkmateValue = {}\n", rules::end_value_name(v.end.checkmate));
    // Every ending rule is written, the ones the variant lacks as 0: a section inherits its
    // parent's (chess's fifty moves and threefold repetition), and an engine that expects a
    // draw the referee never awards plays for it. A move limit it has no rule for is
    // adjudicated by the referee.
    t += fmt::format("nMoveRule = {}\n", v.end.n_move_rule);
    t += fmt::format("nFoldRule = {}\n", v.end.repetition);
    if (v.end.repetition)
        t += fmt::format("nFoldValue = {}\n", rules::end_value_name(v.end.repetition_value));
    return FairyIni{section, t};
}

}  // namespace referee::engine
