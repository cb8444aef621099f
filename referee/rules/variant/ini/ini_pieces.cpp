// The piece keys of a variants.ini section: Fairy-Stockfish's named piece types (`knight =
// n`), its custom pieces (`customPiece1 = a:mfWcfF`, Betza read by rules/variant/betza.cpp)
// and the king (`king = k` or `king = k:KN`); `-` removes a type. And the other way: a
// shipped variant's pieces typed by how they move, so that a section can extend it.
#include <algorithm>
#include <cctype>

#include <fmt/format.h>

#include "referee/rules/base/fen.hpp"
#include "referee/rules/variant/ini/ini_draft.hpp"

namespace referee::rules {
namespace {

struct FairyType {
    const char* name;
    const char* betza;  // in the referee's Betza; "" where the referee has no such piece
    const char* why;    // for "": why not
};

// Fairy-Stockfish's piece types in its own order (the order it reads their keys in). Facts
// from its documentation of each type's moves.
const FairyType kTypes[] = {
    {"pawn", "mfWcfF", ""},
    {"knight", "N", ""},
    {"bishop", "B", ""},
    {"rook", "R", ""},
    {"queen", "Q", ""},
    {"fers", "F", ""},
    {"alfil", "A", ""},
    {"fersAlfil", "FA", ""},
    {"silver", "FfW", ""},
    {"aiwok", "RNF", ""},
    {"bers", "RF", ""},
    {"archbishop", "BN", ""},
    {"chancellor", "RN", ""},
    {"amazon", "QN", ""},
    {"knibis", "mNcB", ""},
    {"biskni", "mBcN", ""},
    {"kniroo", "mNcR", ""},
    {"rookni", "mRcN", ""},
    {"shogiPawn", "fW", ""},
    {"lance", "fR", ""},
    {"shogiKnight", "ffN", ""},
    {"euroshogiKnight", "ffNsW", ""},
    {"gold", "WfF", ""},
    {"dragonHorse", "BW", ""},
    {"clobber", "cW", ""},
    {"breakthrough", "fmWfF", ""},
    {"immobile", "", "a piece without moves has no Betza here"},
    {"cannon", "mRcpR", ""},
    // Janggi's cannon: hops to move and to capture; its limits (it neither hops over nor
    // takes a janggi cannon) and its palace moves are written in ini_resolve.cpp.
    {"janggiCannon", "pR", ""},
    {"soldier", "fsW", ""},
    {"horse", "nN", ""},
    {"elephant", "nA", ""},
    {"janggiElephant", "nZ", ""},
    {"banner", "RcpRnN", ""},
    {"wazir", "W", ""},
    {"commoner", "K", ""},
    {"centaur", "KN", ""},
};
constexpr int kCustomPieces = 25;

bool same_moves(const std::vector<MoveRule>& a, const std::vector<MoveRule>& b) {
    return a.size() == b.size() && std::is_permutation(a.begin(), a.end(), b.begin());
}

std::vector<MoveRule> moves_of(const char* betza) {
    try {
        return parse_betza(betza);
    } catch (const BetzaError&) {
        return {};
    }
}

std::string display_name(const std::string& type) {
    if (type.rfind("customPiece", 0) == 0) return "custom piece " + type.substr(11);
    std::string out;
    for (char c : type) {
        if (std::isupper(static_cast<unsigned char>(c))) out += ' ';
        out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    }
    return out;
}

// Every place a variant names a piece by its letter, for a piece that changes its letter.
void reletter(Variant& v, char from, char to) {
    auto swap = [&](char& c) {
        if (c == from) c = to;
    };
    for (PieceType& p : v.pieces) {
        for (char& c : p.promotes_to) swap(c);
        swap(p.promoted_form_of);
        if (p.promotion_move) swap(p.promotion_move->to);
    }
    for (CastlingRule& c : v.castling) {
        swap(c.king_piece);
        swap(c.rook_piece);
    }
    if (v.end.region) swap(v.end.region->piece);
    for (char& c : v.end.extinction_pieces) swap(c);
    for (PieceType& p : v.pieces) {
        for (char& c : p.screens_not) swap(c);
        for (char& c : p.captures_not) swap(c);
    }
    if (v.end.material_count)
        for (auto& [letter, points] : v.end.material_count->points) swap(letter);
    if (v.end.mate_checks) {
        for (char& c : v.end.mate_checks->series_by) swap(c);
        for (char& c : v.end.mate_checks->alone_loses) swap(c);
    }
    for (auto& [letter, ranks] : v.drop_rules.forbidden_ranks) swap(letter);
    swap(v.drop_rules.no_doubled);
    swap(v.drop_rules.no_mate);
    swap(v.drop_rules.opposite_colours);
}

// A piece leaves the variant: so do the rules that name it.
void forget(Variant& v, char letter) {
    for (PieceType& p : v.pieces) {
        std::erase(p.promotes_to, letter);
        if (p.promotion_move && p.promotion_move->to == letter) p.promotion_move.reset();
    }
    std::erase(v.end.extinction_pieces, letter);
    for (PieceType& p : v.pieces) {
        std::erase(p.screens_not, letter);
        std::erase(p.captures_not, letter);
    }
    if (v.end.material_count)
        std::erase_if(v.end.material_count->points,
                      [&](const auto& entry) { return entry.first == letter; });
    if (v.end.mate_checks) {
        std::erase(v.end.mate_checks->series_by, letter);
        std::erase(v.end.mate_checks->alone_loses, letter);
    }
    std::erase_if(v.drop_rules.forbidden_ranks, [&](const auto& f) { return f.first == letter; });
    std::erase_if(v.end.insufficient_material, [&](const MaterialDraw& m) {
        return m.strong.find(letter) != std::string::npos ||
               m.weak.find(letter) != std::string::npos;
    });
}

void remove_piece(IniDraft& d, std::size_t i) {
    const char letter = d.v.pieces[i].letter;
    d.v.pieces.erase(d.v.pieces.begin() + static_cast<long>(i));
    d.types.erase(d.types.begin() + static_cast<long>(i));
    forget(d.v, letter);
}

// `type = l` or `type = l:betza`: the type (re)defined with that letter and these moves.
void define(const IniPlace& at, const IniEntry& e, IniDraft& d, const std::string& type,
            std::string betza, bool royal) {
    const char letter = static_cast<char>(std::toupper(static_cast<unsigned char>(e.value[0])));
    PieceType p;
    p.letter = letter;
    p.name = display_name(type);
    p.royal = royal;
    p.pawn = type == "pawn";
    p.betza = std::move(betza);
    try {
        p.moves = parse_betza(p.betza);
    } catch (const BetzaError& err) {
        at.fail(e, fmt::format("the Betza '{}' cannot be read here: {} (unsupported part: '{}')",
                               p.betza, err.what(), err.part()));
    }
    // Fairy-Stockfish's boards have edges: a move that wraps around them (o) it cannot play.
    // Nor does its Betza have moves of several legs (nn, X-Y), which are Fairy-Max's.
    for (const MoveRule& m : p.moves) {
        if (m.wrap)
            at.fail(e, fmt::format("the Betza '{}' cannot be read here: Fairy-Stockfish has no "
                                   "cylindrical moves (o)",
                                   p.betza));
        if (m.any_way || m.bent)
            at.fail(e, fmt::format("the Betza '{}' cannot be read here: Fairy-Stockfish has no "
                                   "moves of several legs (nn, X-Y)",
                                   p.betza));
    }
    // Fairy-Stockfish gives a letter to one type: a type that had it before loses it. But a
    // promoted form has no letter there ("+S"), only here (shogi's promoted silver is I): it
    // takes another and stays (cannonshogi's customPiece3 = i had taken the silver's
    // promotion away).
    if (const int other = d.v.type_of(letter); other >= 0 && d.types[other] != type) {
        if (d.v.pieces[static_cast<std::size_t>(other)].promoted_form_of) {
            const char moved = free_letter(d.v, letter);
            if (!moved) at.fail(e, "no letter is left for the promoted piece that had it");
            d.v.pieces[static_cast<std::size_t>(other)].letter = moved;
            reletter(d.v, letter, moved);
        } else {
            remove_piece(d, static_cast<std::size_t>(other));
        }
    }
    if (const int same = d.piece_of_type(type); same >= 0) {
        const char old = d.v.pieces[static_cast<std::size_t>(same)].letter;
        // Fairy-Stockfish keeps a type's mobility region whatever its letter.
        p.confined = d.v.pieces[static_cast<std::size_t>(same)].confined;
        // Its other fields (promotion, double step...) are the settings', written later.
        d.v.pieces[static_cast<std::size_t>(same)] = std::move(p);
        if (old != letter) reletter(d.v, old, letter);
    } else {
        d.v.pieces.push_back(std::move(p));
        d.types.push_back(type);
    }
}

void apply_piece_key(const IniPlace& at, const IniEntry& e, IniDraft& d, const std::string& type,
                     const char* fixed_betza, bool custom) {
    if (e.value.empty()) at.fail(e, "needs a piece letter, or '-' to remove the piece");
    const char c = e.value[0];
    if (!std::isalpha(static_cast<unsigned char>(c))) {
        if (c != '-') at.fail(e, fmt::format("'{}' is not a piece letter nor '-'", e.value));
        if (const int i = d.piece_of_type(type); i >= 0)
            remove_piece(d, static_cast<std::size_t>(i));
        d.touched_promotion = d.touched_castling = d.touched_double_step = d.touched_types = true;
        return;
    }
    const bool royal = type == "king";
    std::string betza;
    if (custom || (royal && e.value.size() > 1)) {
        if (e.value.size() < 3 || e.value[1] != ':')
            at.fail(e, fmt::format("'{}' is not a letter and its Betza moves, such as 'a:mfWcfF'",
                                   e.value));
        betza = e.value.substr(2);
    } else {
        if (e.value.size() > 1)
            at.fail(e, fmt::format("'{}' is more than a letter; only custom pieces and the king "
                                   "take Betza moves",
                                   e.value));
        betza = fixed_betza;
    }
    define(at, e, d, type, std::move(betza), royal);
    d.touched_types = true;
    // `king = k` keeps the kingType (a child of xiangqi renaming its general still has it
    // move as a wazir); `king = k:Betza` gives the king moves of its own.
    if (royal && e.value.size() > 1) d.king_type = "";
    if (type == "pawn") d.touched_promotion = d.touched_double_step = d.touched_drops = true;
    if (royal || d.castling_rooks.count(type)) d.touched_castling = true;
    d.touched_promotion = true;  // its letter may be among the promotion choices
    if (type == "soldier") d.touched_soldier = true;
}

}  // namespace

std::string fairy_piece_betza(const std::string& type) {
    for (const FairyType& t : kTypes)
        if (type == t.name) return t.betza;
    return type == "king" ? "K" : "";
}

void apply_piece_keys(const IniPlace& at, IniDraft& d, std::set<std::string>& used) {
    for (const FairyType& t : kTypes) {
        const IniEntry* e = at.section.find(t.name);
        if (!e) continue;
        used.insert(e->key);
        if (!*t.betza && !e->value.empty() && e->value[0] != '-')
            at.fail(*e,
                    fmt::format("the referee cannot play Fairy-Stockfish's {}: {}", t.name, t.why));
        apply_piece_key(at, *e, d, t.name, t.betza, false);
    }
    for (int n = 1; n <= kCustomPieces; ++n) {
        const std::string key = fmt::format("customPiece{}", n);
        if (const IniEntry* e = at.section.find(key)) {
            used.insert(key);
            apply_piece_key(at, *e, d, key, "", true);
        }
    }
    if (const IniEntry* e = at.section.find("king")) {
        used.insert("king");
        apply_piece_key(at, *e, d, "king", "K", false);
    }
}

IniDraft draft_from_variant(const Variant& v) {
    IniDraft d;
    d.v = v;
    const Geometry& g = v.geometry;
    for (const PieceType& p : v.pieces) {
        std::string type;
        // The king, and the type it moves as (xiangqi's and janggi's general: a wazir).
        if (p.royal && d.piece_of_type("king") < 0) {
            if (same_moves(p.moves, moves_of("K"))) type = "king";
            for (const FairyType& t : kTypes)
                if (type.empty() && *t.betza && same_moves(p.moves, moves_of(t.betza)))
                    type = t.name;
            if (!type.empty()) {
                d.king_type = type;
                type = "king";
            }
        }
        for (const FairyType& t : kTypes)
            if (type.empty() && *t.betza && d.piece_of_type(t.name) < 0 && !p.promoted_form_of &&
                !p.royal && same_moves(p.moves, moves_of(t.betza)))
                type = t.name;
        if (type == "fsW" || (type == "shogiPawn" && p.extra_moves)) type = "soldier";
        d.types.push_back(type.empty() || d.piece_of_type(type) >= 0 ? fmt::format("#{}", p.letter)
                                                                     : type);
    }
    // Its settings, read back from its pieces, for a section that changes only some of them.
    d.castling = !v.castling.empty();
    for (const CastlingRule& c : v.castling) {
        const bool kingside = g.file_of(c.rook_from) > g.file_of(c.king_from);
        (kingside ? d.kingside_file : d.queenside_file) = g.file_of(c.king_to);
        d.castling_rank = g.rank_of(c.king_from) + 1;
    }
    // The castling rooks: the pieces the rules name, or those on their squares at the start.
    try {
        const PositionFields start = parse_fen(g, v.start_fen);
        if (!v.castling.empty()) d.castling_rooks.clear();
        for (const CastlingRule& c : v.castling) {
            const int rook = v.type_of(c.rook_piece ? c.rook_piece : start.placement[c.rook_from]);
            if (rook >= 0) d.castling_rooks.insert(d.types[static_cast<std::size_t>(rook)]);
        }
    } catch (const PositionError&) {
    }
    for (std::size_t i = 0; i < v.pieces.size(); ++i) {
        const PieceType& p = v.pieces[i];
        if (p.royal) d.castling_king = d.types[i];
        if (!p.promotes_to.empty() && p.promoted_form_of) d.piece_demotion = true;
        if (!p.promotes_to.empty() && !p.promoted_form_of) {
            // Turning over with every move: Fairy-Stockfish's zone of the whole board.
            const int zone = p.promotion_every_move ? 1
                             : p.promotion_rank     ? p.promotion_rank
                                                    : g.height;
            d.promotion_ranks[White].clear();
            d.promotion_ranks[Black].clear();
            for (int rank = zone; rank <= g.height; ++rank) {
                d.promotion_ranks[White].push_back(rank);
                d.promotion_ranks[Black].insert(d.promotion_ranks[Black].begin(),
                                                g.height + 1 - rank);
            }
            if (d.types[i] == "pawn") {
                d.promotion_types.clear();
                for (char c : p.promotes_to) d.promotion_types.push_back(d.type_of_letter(c));
                d.mandatory_pawn_promotion = !p.promotion_optional;
            } else {
                for (char c : p.promotes_to)
                    d.promoted_types.emplace_back(d.types[i], d.type_of_letter(c));
                d.mandatory_piece_promotion = !p.promotion_optional || p.promotion_every_move;
                d.piece_promotion_on_capture = p.promotion_on_capture;
                d.immobility_illegal = p.forced_promotion_rank > 0;
            }
        }
        if (d.types[i] == "pawn") {
            d.double_step = !p.double_step_ranks.empty();
            if (d.double_step) {
                d.double_step_ranks[White] = p.double_step_ranks;
                d.double_step_ranks[Black].clear();
                for (int rank : p.double_step_ranks)
                    d.double_step_ranks[Black].push_back(g.height + 1 - rank);
                std::sort(d.double_step_ranks[Black].begin(), d.double_step_ranks[Black].end());
            }
            // Its drops: on its first rank, in the promotion zone.
            for (const auto& [letter, ranks] : v.drop_rules.forbidden_ranks)
                if (letter == p.letter) {
                    d.first_rank_pawn_drops =
                        std::find(ranks.begin(), ranks.end(), 1) == ranks.end();
                    d.promotion_zone_pawn_drops =
                        !p.promotes_to.empty() &&
                        std::find(ranks.begin(), ranks.end(),
                                  p.promotion_rank ? p.promotion_rank : g.height) == ranks.end() &&
                        p.promotion_optional;
                }
        }
        if (d.types[i] == "soldier" && p.extra_moves)
            d.soldier_promotion_rank = p.extra_moves->region.rank_lo;
    }
    // Its material counting, where it is Fairy-Stockfish's by type: a child's pieces count by
    // their types again.
    if (const auto& m = v.end.material_count)
        for (const char* rule : {"janggi", "unweighted"})
            if (const auto c = fairy_material_count(d, rule);
                c && c->black_bonus == m->black_bonus &&
                std::is_permutation(c->points.begin(), c->points.end(), m->points.begin(),
                                    m->points.end()) &&
                !d.material_counting)
                d.material_counting = rule;
    d.v.uci_default = false;  // the section is another game than its parent
    d.v.names.clear();
    d.v.xboard_start_fen.clear();
    d.v.xboard_letters.clear();
    return d;
}

}  // namespace referee::rules
