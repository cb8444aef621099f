// Which rule features a variant has, and the move sets of engines that lack one of them.
#include "referee/rules/probes/probes.hpp"

#include <algorithm>
#include <cctype>
#include <cstdlib>

#include <fmt/format.h>

#include "referee/rules/base/move_set.hpp"
#include "referee/rules/probes/probe_board_rules.hpp"
#include "referee/rules/probes/probe_move_kinds.hpp"
#include "referee/rules/probes/probe_moves.hpp"

namespace referee::rules {

namespace {

struct FeatureText {
    RuleFeature feature;
    const char* key;
    const char* rule;
};

// The table of rule features: adding one is a row here, its presence test and its flawed
// move set below (and a row in the validate layer's probe table).
constexpr FeatureText kFeatures[] = {
    {RuleFeature::MovesIntoCheck, "moves-into-check",
     "the king may not move to an attacked square"},
    {RuleFeature::Pins, "pins",
     "a pinned piece may not leave the line between its king and the attacker"},
    {RuleFeature::CheckEvasion, "check-evasion", "in check, every move must end the check"},
    {RuleFeature::DiscoveredCheck, "discovered-check",
     "a check by a piece that did not move (uncovered by the one that did) must be answered too"},
    {RuleFeature::EnPassantExposesKing, "en-passant-exposes-king",
     "en passant may not leave the king attacked, also along the rank the two pawns leave "
     "(the captured pawn is gone too)"},
    {RuleFeature::EnPassant, "en-passant",
     "a double step may be captured en passant on the next move"},
    {RuleFeature::CastlingRights, "castling-rights",
     "castling needs the right: neither king nor that rook has moved"},
    {RuleFeature::CastlingPathEmpty, "castling-path",
     "castling needs every square between king and rook empty"},
    {RuleFeature::CastlingOutOfCheck, "castling-in-check",
     "castling is not allowed while the king is in check"},
    {RuleFeature::CastlingThroughAttack, "castling-through-attack",
     "the castling king may not pass through or land on an attacked square"},
    {RuleFeature::DoubleStep, "double-step",
     "a pawn on its starting rank may step two squares forward"},
    {RuleFeature::DoubleStepRank, "double-step-rank",
     "the double step is made only from the pawn's starting rank"},
    {RuleFeature::Promotion, "promotion", "a pawn that reaches the promotion zone promotes"},
    {RuleFeature::PromotionChoice, "promotion-choice",
     "a pawn promotes only to one of the pieces the variant lists"},
    {RuleFeature::SideStep, "side-step",
     "a move-only one-square step stays on the board: it does not wrap around the edge"},
    {RuleFeature::EdgeWrap, "board-edges", "no leap or ride wraps around the board's edge"},
    {RuleFeature::KingCapture, "king-capture",
     "the enemy king may be captured (and taking it wins)"},
    {RuleFeature::NoLegalMove, "no-legal-move",
     "there are no check rules: a move that leaves the king attacked is legal, so it is not 'no "
     "legal move'"},
    {RuleFeature::ForcedCapture, "forced-capture",
     "a side that can capture must: while a capture is there, a move that captures nothing is "
     "illegal"},
    {RuleFeature::ChecksForbidden, "no-checks", "a move may not give check"},
    {RuleFeature::PromotionCapturedOnly, "promotion-captured-only",
     "a pawn promotes only to a piece its side has lost (no more of a kind than the start "
     "position gives)"},
    {RuleFeature::DropRank, "drop-rank",
     "a piece in hand may not be dropped on a rank the variant forbids it, nor where it could "
     "never move again (shogi's pawn, lance and knight on the last ranks)"},
    {RuleFeature::Nifu, "nifu",
     "nifu: a pawn may not be dropped on a file where its side has an unpromoted pawn already"},
    {RuleFeature::FlyingGeneral, "flying-general",
     "the flying general: a move may not leave the two generals facing each other on a line "
     "with nothing between"},
    {RuleFeature::LameLeap, "lame-leap",
     "a lame leaper (Betza's n: the xiangqi horse and elephant) is stopped by a piece on its "
     "way"},
    {RuleFeature::Confinement, "confinement",
     "a confined piece keeps to its region (the palace; the elephant's own side of the river)"},
    {RuleFeature::Bikjang, "bikjang",
     "bikjang: while the two generals face each other with nothing between, a move must break "
     "the facing (or pass)"},
    {RuleFeature::HopLimits, "hop-limits",
     "a hopper may not hop over, nor capture, the pieces its variant forbids it (the janggi "
     "cannon: no cannon)"},
    {RuleFeature::Uchifuzume, "uchifuzume",
     "uchifuzume: a checkmate given by dropping a pawn loses for the side that drops it; here "
     "that drop is the mate in view, and another move is legal"},
    {RuleFeature::SideStepMove, "side-step-move",
     "a move-only one-square step (the side-step) is a move like any other: here the only legal "
     "one"},
    {RuleFeature::CastlingMove, "castling-move",
     "castling is a move, written as the king's move to its castling square (not as the king "
     "taking its rook): here the only move that wins at once"},
    {RuleFeature::CastlingOnlyMove, "castling-only-move",
     "castling is a move like any other, written as the king's move to its castling square: here "
     "the only legal one"},
    {RuleFeature::DropMove, "drop-move",
     "a piece in hand may be dropped onto the board: here every legal move is a drop"},
    {RuleFeature::GatingMove, "gating-move",
     "a piece in hand may be gated in, onto the square a back-rank piece leaves on its first move "
     "(its letter after the move: b1c3h): here the only move that wins at once"},
    {RuleFeature::PromotionMove, "promotion-move",
     "a piece may promote as a move of its own, where it stands or by a step (sittuyin's pawn: "
     "e5e5f): here the only legal move"},
    {RuleFeature::FirstMove, "first-move",
     "a piece that has not moved yet may make its first-move leap (cambodian's king a knight's "
     "leap, its met two squares ahead): here the only legal move"},
    {RuleFeature::PassMove, "pass-move",
     "a side may pass where the variant allows it, written as its general's move to its own "
     "square (e2e2): here the only legal move"},
    {RuleFeature::PromotionZone, "promotion-zone",
     "a piece promotes where the variant's promotion zone begins (makruk's pawn on its 6th rank), "
     "not only on the last rank: here the other side has just promoted there, and the engine "
     "reads that move"},
    {RuleFeature::RegionWin, "region",
     "a piece reaching its side's region (the variant's `end: region`) wins (where the other "
     "side gets a reply, once that reply cannot reach its own): here the only winning move"},
    {RuleFeature::CheckCountWin, "check-count",
     "the side that gives the variant's number of checks wins, counting the checks the FEN says "
     "were given: here the check that completes the count is the only move that wins at once"},
    {RuleFeature::ExtinctionWin, "extinction",
     "a side that loses every piece of a listed kind loses (the variant's `end: extinction`): "
     "here taking the last one is the only move that wins at once"},
    {RuleFeature::BareKingWin, "bare-king",
     "a side left with nothing but its king loses (the variant's `end: bare_king`; with a "
     "reply, unless it bares the other king back at once): here baring it is the only winning "
     "move"},
};

const FeatureText& text_of(RuleFeature f) {
    for (const auto& t : kFeatures)
        if (t.feature == f) return t;
    return kFeatures[0];
}

bool has_royal(const Variant& v) {
    return std::any_of(v.pieces.begin(), v.pieces.end(),
                       [](const PieceType& p) { return p.royal; });
}

bool has_double_step(const Variant& v) {
    return std::any_of(v.pieces.begin(), v.pieces.end(),
                       [](const PieceType& p) { return !p.double_step_ranks.empty(); });
}

bool has_en_passant(const Variant& v) {
    return std::any_of(v.pieces.begin(), v.pieces.end(), [](const PieceType& p) {
        return p.en_passant && !p.double_step_ranks.empty();
    });
}

// Pieces a promotion could wrongly name: not royal, not the promoting piece, not listed.
bool has_wrong_promotion(const Variant& v) {
    for (const auto& p : v.pieces) {
        if (p.promotes_to.empty()) continue;
        for (const auto& q : v.pieces)
            if (!q.royal && q.letter != p.letter &&
                std::find(p.promotes_to.begin(), p.promotes_to.end(), q.letter) ==
                    p.promotes_to.end())
                return true;
    }
    return false;
}

// A piece that rides along a rank square by square, capturing: what lines up with a king
// past the two pawns of an en passant (team-mate's dabbaba rider skips every other square,
// so a king beside the pawns is seen past them by no piece at all).
bool rides_a_rank(const Variant& v) {
    for (const auto& p : v.pieces)
        for (const auto& r : p.moves)
            if (r.dy == 0 && std::abs(r.dx) == 1 && r.is_rider() && r.can_capture &&
                r.hop == Hop::None && !r.bent)
                return true;
    return false;
}

bool has_wrapping_rule(const Variant& v, bool side_steps) {
    for (const auto& p : v.pieces)
        for (const auto& r : p.moves)
            if (r.dx != 0 && wraps_as(p, r) && is_side_step(p, r) == side_steps) return true;
    return false;
}

}  // namespace

bool wins_at_once_feature(RuleFeature f) {
    return f == RuleFeature::CastlingMove || f == RuleFeature::GatingMove ||
           winning_ending(f).has_value();
}

bool only_warns(const Variant&, RuleFeature f) {
    return wins_at_once_feature(f);
}

std::optional<EndReason> winning_ending(RuleFeature f) {
    switch (f) {
        case RuleFeature::RegionWin:
            return EndReason::Region;
        case RuleFeature::CheckCountWin:
            return EndReason::CheckCount;
        case RuleFeature::ExtinctionWin:
            return EndReason::Extinction;
        case RuleFeature::BareKingWin:
            return EndReason::BareKing;
        default:
            return std::nullopt;
    }
}

const std::vector<RuleFeature>& all_rule_features() {
    static const std::vector<RuleFeature> all = [] {
        std::vector<RuleFeature> out;
        for (const auto& t : kFeatures) out.push_back(t.feature);
        return out;
    }();
    return all;
}

const char* feature_key(RuleFeature f) {
    return text_of(f).key;
}
const char* feature_rule(RuleFeature f) {
    return text_of(f).rule;
}

namespace {

// "a, b or c"
std::string listed(const std::vector<std::string>& items, const char* last_joint) {
    std::string out;
    for (std::size_t i = 0; i < items.size(); ++i) {
        if (i > 0) out += i + 1 == items.size() ? last_joint : ", ";
        out += items[i];
    }
    return out;
}

std::string piece_called(const Variant& v, char letter) {
    for (const auto& p : v.pieces)
        if (p.letter == letter) return p.name.empty() ? std::string(1, letter) : p.name;
    return std::string(1, letter);
}

}  // namespace

std::string missed_win_words(const Variant& v, RuleFeature f, Color side) {
    const auto& end = v.end;
    switch (f) {
        case RuleFeature::CastlingMove:
            return "your engine never castled where castling wins at once: it may not know "
                   "castling, or how to write it (the king's move to its castling square)";
        case RuleFeature::RegionWin: {
            if (!end.region) break;
            std::vector<std::string> squares;
            for (Square s : end.region->squares[side]) squares.push_back(v.geometry.name(s));
            std::sort(squares.begin(), squares.end());
            return fmt::format("your engine may not know that a {} on {} wins",
                               end.region->piece ? piece_called(v, end.region->piece) : "piece",
                               listed(squares, " or "));
        }
        case RuleFeature::CheckCountWin:
            return fmt::format("your engine may not know that giving {} checks wins",
                               end.check_count);
        case RuleFeature::ExtinctionWin: {
            if (end.extinction_pieces.empty())
                return "your engine may not know that taking the other side's last piece wins";
            std::vector<std::string> kinds;
            for (char c : end.extinction_pieces) kinds.push_back(piece_called(v, c));
            return fmt::format(
                "your engine may not know that taking the other side's last {} "
                "wins",
                listed(kinds, " or "));
        }
        case RuleFeature::BareKingWin:
            return "your engine may not know that leaving the other side nothing but its king "
                   "wins";
        case RuleFeature::GatingMove:
            return missed_move_kind_words(v, f);
        default:
            break;
    }
    return fmt::format("your engine may not know the rule: {}", feature_rule(f));
}

std::optional<RuleFeature> feature_from_key(const std::string& key) {
    for (const auto& t : kFeatures)
        if (key == t.key) return t.feature;
    return std::nullopt;
}

bool variant_has_feature(const Variant& v, RuleFeature f, std::string* why_not) {
    auto no = [&](std::string why) {
        if (why_not) *why_not = std::move(why);
        return false;
    };
    const bool royal = has_royal(v);
    switch (f) {
        case RuleFeature::DropRank:
        case RuleFeature::Nifu:
        case RuleFeature::FlyingGeneral:
        case RuleFeature::LameLeap:
        case RuleFeature::Confinement:
        case RuleFeature::Bikjang:
        case RuleFeature::HopLimits:
        case RuleFeature::Uchifuzume:
            return variant_has_board_rule(v, f, why_not);
        case RuleFeature::CastlingOnlyMove:
        case RuleFeature::DropMove:
        case RuleFeature::GatingMove:
        case RuleFeature::PromotionMove:
        case RuleFeature::FirstMove:
        case RuleFeature::PassMove:
        case RuleFeature::PromotionZone:
            return variant_has_move_kind(v, f, why_not);
        case RuleFeature::MovesIntoCheck:
        case RuleFeature::Pins:
        case RuleFeature::CheckEvasion:
        case RuleFeature::DiscoveredCheck:
            if (!v.check_rules)
                return no(
                    fmt::format("{} has no check rules: moving into check is legal.", v.name));
            if (!royal) return no(fmt::format("{} has no royal piece.", v.name));
            return true;
        case RuleFeature::EnPassantExposesKing:
            if (!has_en_passant(v)) return no(fmt::format("{} has no en passant.", v.name));
            if (!v.check_rules) return no(fmt::format("{} has no check rules.", v.name));
            if (!rides_a_rank(v))
                return no(fmt::format("{} has no piece that rides along a rank.", v.name));
            return true;
        case RuleFeature::EnPassant:
            if (!has_en_passant(v)) return no(fmt::format("{} has no en passant.", v.name));
            return true;
        case RuleFeature::CastlingRights:
        case RuleFeature::CastlingPathEmpty:
        case RuleFeature::CastlingMove:
            if (v.castling.empty()) return no(fmt::format("{} has no castling.", v.name));
            return true;
        case RuleFeature::CastlingOutOfCheck:
        case RuleFeature::CastlingThroughAttack:
            if (v.castling.empty()) return no(fmt::format("{} has no castling.", v.name));
            if (!v.check_rules)
                return no(
                    fmt::format("{} has no check rules, so attacks do not stop castling.", v.name));
            return true;
        case RuleFeature::DoubleStep:
        case RuleFeature::DoubleStepRank:
            if (!has_double_step(v)) return no(fmt::format("{} has no double step.", v.name));
            return true;
        case RuleFeature::Promotion:
            if (std::none_of(v.pieces.begin(), v.pieces.end(),
                             [](const PieceType& p) { return !p.promotes_to.empty(); }))
                return no(fmt::format("{} has no promotion.", v.name));
            return true;
        case RuleFeature::PromotionChoice:
            if (!has_wrong_promotion(v))
                return no(fmt::format(
                    "{} has no promotion, or every piece a promotion could name is allowed.",
                    v.name));
            return true;
        case RuleFeature::SideStepMove:
            if (std::none_of(v.pieces.begin(), v.pieces.end(), [](const PieceType& p) {
                    return std::any_of(p.moves.begin(), p.moves.end(),
                                       [&](const MoveRule& r) { return is_side_step(p, r); });
                }))
                return no(fmt::format("{} has no piece with a move-only step.", v.name));
            return true;
        case RuleFeature::SideStep:
            if (!has_wrapping_rule(v, true))
                return no(fmt::format("{} has no piece with a move-only sideways step.", v.name));
            return true;
        case RuleFeature::EdgeWrap:
            if (!has_wrapping_rule(v, false))
                return no(fmt::format("{} has no piece that moves sideways.", v.name));
            return true;
        case RuleFeature::KingCapture:
            if (!v.end.royal_capture || !royal)
                return no(fmt::format("{} does not allow capturing the king.", v.name));
            // Under check rules no legal move leaves a king en prise, so no game reaches a
            // position where one could be taken.
            if (v.check_rules)
                return no(fmt::format(
                    "{} has check rules, so a king is never left to be captured in play.", v.name));
            return true;
        case RuleFeature::ForcedCapture:
            if (!v.must_capture) return no(fmt::format("{} has no forced capture.", v.name));
            return true;
        case RuleFeature::ChecksForbidden:
            if (!v.checks_forbidden)
                return no(fmt::format("{} allows moves that give check.", v.name));
            if (!royal) return no(fmt::format("{} has no royal piece to check.", v.name));
            return true;
        case RuleFeature::PromotionCapturedOnly:
            if (std::none_of(v.pieces.begin(), v.pieces.end(), [](const PieceType& p) {
                    return p.promotion_captured_only && !p.promotes_to.empty();
                }))
                return no(fmt::format("{} does not limit promotion to lost pieces.", v.name));
            return true;
        case RuleFeature::RegionWin:
            if (!v.end.region) return no(fmt::format("{} has no region to reach.", v.name));
            return true;
        case RuleFeature::CheckCountWin:
            if (v.end.check_count <= 0) return no(fmt::format("{} does not count checks.", v.name));
            if (!royal) return no(fmt::format("{} has no royal piece to check.", v.name));
            return true;
        case RuleFeature::ExtinctionWin:
            // Only a loss for the side that dies out is a win for the side that takes the
            // last piece (antichess's extinction is a win for the side left without pieces).
            if (v.end.extinction != EndValue::Loss)
                return no(fmt::format(
                    "{} has no extinction rule under which taking the last piece wins.", v.name));
            return true;
        case RuleFeature::BareKingWin:
            if (v.end.bare_king != EndValue::Loss)
                return no(fmt::format("{} has no bare-king rule under which baring wins.", v.name));
            if (!royal) return no(fmt::format("{} has no king to bare.", v.name));
            return true;
        case RuleFeature::NoLegalMove:
            if (v.check_rules || !royal)
                return no(fmt::format(
                    "{} has check rules (or no king): a side whose every move leaves its king "
                    "attacked has no legal move there.",
                    v.name));
            return true;
    }
    return no("unknown feature");
}

std::optional<Variant> ablated_variant(const Variant& v, RuleFeature f) {
    Variant out = v;
    if (is_board_rule(f)) {
        ablate_board_rule(out, f);
        return out;
    }
    if (f == RuleFeature::PromotionZone) {
        ablate_move_kind(out, f);
        return out;
    }
    switch (f) {
        case RuleFeature::MovesIntoCheck:
        case RuleFeature::Pins:
        case RuleFeature::CheckEvasion:
        case RuleFeature::DiscoveredCheck:
        case RuleFeature::EnPassantExposesKing:
            out.check_rules = false;
            return out;
        case RuleFeature::NoLegalMove:
            out.check_rules = true;
            return out;
        case RuleFeature::EnPassant:
            for (auto& p : out.pieces) p.en_passant = false;
            return out;
        case RuleFeature::DoubleStep:
            for (auto& p : out.pieces) p.double_step_ranks.clear();
            return out;
        case RuleFeature::DoubleStepRank:
            // The commonest slip: "on or before the rank after its own" (a pawn already moved
            // once).
            for (auto& p : out.pieces) {
                const auto ranks = p.double_step_ranks;
                for (int r : ranks)
                    if (r + 1 < v.geometry.height &&
                        std::find(ranks.begin(), ranks.end(), r + 1) == ranks.end())
                        p.double_step_ranks.push_back(r + 1);
            }
            return out;
        case RuleFeature::ForcedCapture:
            out.must_capture = false;
            return out;
        case RuleFeature::ChecksForbidden:
            out.checks_forbidden = false;
            return out;
        case RuleFeature::PromotionCapturedOnly:
            for (auto& p : out.pieces) p.promotion_captured_only = false;
            return out;
        case RuleFeature::PromotionChoice:
            for (auto& p : out.pieces) {
                if (p.promotes_to.empty()) continue;
                for (const auto& q : v.pieces)
                    if (!q.royal && q.letter != p.letter &&
                        std::find(p.promotes_to.begin(), p.promotes_to.end(), q.letter) ==
                            p.promotes_to.end())
                        p.promotes_to.push_back(q.letter);
            }
            return out;
        default:
            return std::nullopt;
    }
}

FlawedMoves::FlawedMoves(const Rules& rules, RuleFeature f) : rules_(rules), feature_(f) {
    // Missing moves are taken out of the true legal moves directly: the changed rules would
    // not even read a position with an en-passant square.
    const bool missing = f == RuleFeature::EnPassant || f == RuleFeature::DoubleStep;
    if (auto v = ablated_variant(rules.variant(), f); v && !missing)
        ablated_.emplace(std::move(*v));
}

std::vector<Move> FlawedMoves::believed_wins(const Position& pos) const {
    if (feature_ != RuleFeature::Uchifuzume) return {};
    return forbidden_drop_mates(pos);
}

bool FlawedMoves::reads(const Position& before, Move m) const {
    if (feature_ != RuleFeature::PromotionZone || !ablated_) return true;
    try {
        ablated_->from_fields(before.fields()).parse_move(before.move_name(m, MoveStyle::Uci));
        return true;
    } catch (const std::exception&) {
        return false;
    }
}

std::optional<Position> FlawedMoves::misread_position(const Position& pos,
                                                      std::span<const Move> moves) const {
    if (feature_ != RuleFeature::PromotionZone) return std::nullopt;
    Position at = pos;
    for (std::size_t i = 0; i < moves.size(); ++i) at.undo();
    for (Move m : moves) {
        if (!reads(at, m)) return at;
        at.play(m);
    }
    return std::nullopt;
}

std::vector<Move> FlawedMoves::moves(const Position& pos) const {
    std::vector<Move> legal = pos.legal_moves();
    std::vector<Move> ablated;
    if (ablated_) {
        try {
            ablated = ablated_->from_fields(pos.fields()).legal_moves();
        } catch (const std::exception&) {
            return legal;  // the changed rules cannot even read the position: no flaw shows here
        }
    }
    const MoveSet legal_set(legal);
    auto in_legal = [&](Move m) { return legal_set.contains(m); };
    auto add_extras = [&](auto keep) {
        std::vector<Move> out = legal;
        for (Move m : ablated)
            if (!in_legal(m) && keep(m)) out.push_back(m);
        return out;
    };
    auto without = [&](auto drop) {
        std::vector<Move> out;
        for (Move m : legal)
            if (!drop(m)) out.push_back(m);
        return out;
    };
    const bool check = pos.in_check();
    switch (feature_) {
        case RuleFeature::DropRank:
        case RuleFeature::Nifu:
        case RuleFeature::FlyingGeneral:
        case RuleFeature::LameLeap:
        case RuleFeature::Confinement:
        case RuleFeature::Bikjang:
        case RuleFeature::HopLimits:
            return add_extras([&](Move m) { return board_rule_move(feature_, m); });
        case RuleFeature::Uchifuzume:
            return legal;  // it knows every legal move, only not what one of them does
        case RuleFeature::MovesIntoCheck:
            return add_extras([&](Move m) { return moves_royal(pos, m); });
        case RuleFeature::Pins:
            return add_extras([&](Move m) {
                return !check && !moves_royal(pos, m) && m.kind() != MoveKind::EnPassant;
            });
        case RuleFeature::CheckEvasion:
        case RuleFeature::DiscoveredCheck:
            return add_extras([&](Move m) {
                return check && !moves_royal(pos, m) && m.kind() != MoveKind::Castle;
            });
        case RuleFeature::EnPassantExposesKing:
            // The engine tests for check with the captured pawn still on the board: it misses
            // only what needs both pawns gone, the check along their rank (the perft trap).
            return add_extras([&](Move m) {
                return m.kind() == MoveKind::EnPassant &&
                       !attacked_with_captured_pawn_left(pos, m, *ablated_);
            });
        case RuleFeature::DoubleStepRank:
            return add_extras([&](Move m) { return m.kind() == MoveKind::DoubleStep; });
        case RuleFeature::PromotionChoice:
        case RuleFeature::PromotionCapturedOnly:
            return add_extras([&](Move m) { return m.promotion != 0; });
        case RuleFeature::ForcedCapture:
        case RuleFeature::ChecksForbidden:
            return add_extras([](Move) { return true; });
        case RuleFeature::RegionWin:
        case RuleFeature::CheckCountWin:
        case RuleFeature::ExtinctionWin:
        case RuleFeature::BareKingWin:
            // The engine that does not know the ending never takes the move for a win; the
            // probe shows it by the move it plays instead, so to it the move is not there.
            return without([&](Move m) { return wins_by(pos, m, *winning_ending(feature_)); });
        case RuleFeature::EnPassant:
            return without([](Move m) { return m.kind() == MoveKind::EnPassant; });
        case RuleFeature::DoubleStep:
            return without([](Move m) { return m.kind() == MoveKind::DoubleStep; });
        case RuleFeature::Promotion:
            return without([](Move m) { return m.promotion != 0; });
        case RuleFeature::KingCapture:
            return without([&](Move m) { return captures_enemy_royal(pos, m); });
        case RuleFeature::SideStepMove:
            return without([&](Move m) { return is_side_step_move(pos, m); });
        case RuleFeature::CastlingMove:
            return without([](Move m) { return m.kind() == MoveKind::Castle; });
        case RuleFeature::CastlingOnlyMove:
        case RuleFeature::DropMove:
        case RuleFeature::GatingMove:
        case RuleFeature::PromotionMove:
        case RuleFeature::FirstMove:
        case RuleFeature::PassMove:
            return without([&](Move m) { return is_move_of_kind(pos, feature_, m); });
        case RuleFeature::PromotionZone: {
            // Its own moves on the board (promotions only on the last rank), the true drops
            // (its drop rules change with the zone too, but that is drop-rank's flaw).
            std::vector<Move> out;
            for (Move m : legal)
                if (m.is_drop()) out.push_back(m);
            for (Move m : ablated)
                if (!m.is_drop()) out.push_back(m);
            return out;
        }
        case RuleFeature::NoLegalMove:
            return ablated;
        case RuleFeature::CastlingRights:
        case RuleFeature::CastlingPathEmpty:
        case RuleFeature::CastlingOutOfCheck:
        case RuleFeature::CastlingThroughAttack: {
            std::vector<Move> out = legal;
            for (Move m : castles_ignoring(pos, feature_))
                if (!in_legal(m)) out.push_back(m);
            return out;
        }
        case RuleFeature::SideStep:
        case RuleFeature::EdgeWrap: {
            std::vector<Move> out = legal;
            for (Move m : wrapped_moves(pos, feature_ == RuleFeature::SideStep))
                if (std::none_of(legal.begin(), legal.end(),
                                 [&](Move l) { return l.from == m.from && l.to == m.to; }))
                    out.push_back(m);
            return out;
        }
    }
    return legal;
}

}  // namespace referee::rules
