#include "referee/validate/probe_positions.hpp"

#include <algorithm>
#include <stdexcept>

#include <fmt/format.h>

#include "referee/validate/move_kinds.hpp"

namespace referee::validate {

using rules::Move;
using rules::Position;

const char* probe_name(SpecialProbe probe) {
    switch (probe) {
        case SpecialProbe::SideStep:
            return "side-step";
        case SpecialProbe::Promotion:
            return "promotion";
        case SpecialProbe::PromotionChoice:
            return "promotion-choice";
        case SpecialProbe::Castling:
            return "castling";
        case SpecialProbe::EnPassant:
            return "en-passant";
        case SpecialProbe::KingCapture:
            return "king-capture";
        case SpecialProbe::KingCaptureToSurvive:
            return "king-capture-to-survive";
    }
    return "?";
}

const char* probe_title(SpecialProbe probe) {
    switch (probe) {
        case SpecialProbe::SideStep:
            return "a legal move when only side-steps are legal";
        case SpecialProbe::Promotion:
            return "a legal move when only promotions are legal";
        case SpecialProbe::PromotionChoice:
            return "names the piece when only promotions with a choice are legal";
        case SpecialProbe::Castling:
            return "a legal move in a position with castling rights";
        case SpecialProbe::EnPassant:
            return "a legal move when only en passant is legal";
        case SpecialProbe::KingCapture:
            return "a legal move when only king captures are legal";
        case SpecialProbe::KingCaptureToSurvive:
            return "takes the king when every other move loses it";
    }
    return "?";
}

const char* property_text(SpecialProbe probe) {
    switch (probe) {
        case SpecialProbe::SideStep:
            return "every legal move is a move-only one-square step";
        case SpecialProbe::Promotion:
            return "every legal move is a promotion";
        case SpecialProbe::PromotionChoice:
            return "every legal move is a promotion with more than one piece to choose";
        case SpecialProbe::Castling:
            return "castling is legal, and every other legal move is a move of the king or of a "
                   "castling rook";
        case SpecialProbe::EnPassant:
            return "every legal move is an en-passant capture";
        case SpecialProbe::KingCapture:
            return "every legal move captures the enemy king";
        case SpecialProbe::KingCaptureToSurvive:
            return "a king capture is legal, and after any other move the opponent can capture our "
                   "king";
    }
    return "?";
}

// Why each position has its property, square by square, is written in
// tests/validate/probe_positions_test.cpp next to the moves it expects.
const std::vector<WrittenPosition>& written_positions(SpecialProbe probe) {
    static const std::vector<WrittenPosition> side_step = {
        // Every White piece is walled in by its own pieces; the one empty square next to
        // the bishops (b5, c1) can be reached only by their orthogonal steps.
        {5, 6, "kBRBB/P1PPP/PBPPP/PPP2/PPP2/KB3 w - - 0 1"},
    };
    static const std::vector<WrittenPosition> promotion = {
        {5, 6, "1NBBk/PPPRP/PPPPP/KP3/PP3/5 w - - 0 1"},
        {5, 5, "kr3/4P/p4/P4/K4 w - - 0 1"},
        {8, 8, "r5r1/1P6/8/8/8/2k5/r7/7K w - - 0 1"},
    };
    static const std::vector<WrittenPosition> promotion_choice = {
        {8, 8, "6r1/P7/8/8/8/2k5/r7/7K w - - 0 1"},
    };
    static const std::vector<WrittenPosition> castling = {
        {5, 5, "k4/5/p1p1p/P1P1P/R3K w Q - 0 1"},
        {8, 8, "4k3/8/8/8/8/p1p1p1p1/P1P1P1P1/R3K2R w KQ - 0 1"},
    };
    static const std::vector<WrittenPosition> en_passant = {
        {8, 8, "k5r1/8/4p3/3pP3/8/8/r7/7K w - d6 0 2"},
    };
    static const std::vector<WrittenPosition> king_capture = {
        {5, 6, "BNBBB/PPPRP/PPPPP/KPk2/PP3/5 w - - 0 1"},
    };
    static const std::vector<WrittenPosition> king_capture_to_survive = {
        {5, 6, "rr3/4k/5/3N1/5/K4 w - - 0 1"},
    };
    switch (probe) {
        case SpecialProbe::SideStep:
            return side_step;
        case SpecialProbe::Promotion:
            return promotion;
        case SpecialProbe::PromotionChoice:
            return promotion_choice;
        case SpecialProbe::Castling:
            return castling;
        case SpecialProbe::EnPassant:
            return en_passant;
        case SpecialProbe::KingCapture:
            return king_capture;
        case SpecialProbe::KingCaptureToSurvive:
            return king_capture_to_survive;
    }
    static const std::vector<WrittenPosition> none;
    return none;
}

namespace {

SpecialKind kind_of(SpecialProbe probe) {
    switch (probe) {
        case SpecialProbe::SideStep:
            return SpecialKind::SideStep;
        case SpecialProbe::Promotion:
            return SpecialKind::Promotion;
        case SpecialProbe::PromotionChoice:
            return SpecialKind::PromotionChoice;
        case SpecialProbe::Castling:
            return SpecialKind::Castling;
        case SpecialProbe::EnPassant:
            return SpecialKind::EnPassant;
        case SpecialProbe::KingCapture:
        case SpecialProbe::KingCaptureToSurvive:
            return SpecialKind::KingCapture;
    }
    return SpecialKind::Promotion;
}

// The squares the side to move's castling rooks start on.
std::vector<rules::Square> castling_rook_squares(const Position& pos) {
    std::vector<rules::Square> out;
    for (const auto& rule : pos.rules().variant().castling)
        out.push_back(pos.side_to_move() == rules::White
                          ? rule.rook_from
                          : pos.rules().geometry().mirror_rank(rule.rook_from));
    return out;
}

bool moves_royal(const Position& pos, Move m) {
    const char letter = pos.letter_at(m.from);
    const int type = pos.rules().variant().type_of(letter);
    return type >= 0 && pos.rules().variant().pieces[type].royal;
}

// After m, can the opponent capture one of our royal pieces?
bool loses_king_after(Position pos, Move m) {
    pos.play(m);
    if (pos.outcome()) return false;
    for (Move reply : pos.legal_moves())
        if (captures_royal(pos, reply)) return true;
    return false;
}

std::string first_offender(const Position& pos, const std::vector<Move>& moves) {
    return moves.empty() ? std::string() : pos.move_name(moves.front());
}

}  // namespace

std::string property_failure(const Position& pos, SpecialProbe probe) {
    if (auto end = pos.outcome())
        return fmt::format("the game is already over there ({})", end->description);
    const auto legal = pos.legal_moves();
    if (legal.empty()) return "the side to move has no legal move";
    const SpecialKind kind = kind_of(probe);
    std::vector<Move> special, other;
    for (Move m : legal) (is_special(pos, m, kind) ? special : other).push_back(m);
    if (special.empty()) return fmt::format("no legal move there is a {}", special_kind_name(kind));
    switch (probe) {
        case SpecialProbe::Castling: {
            const auto rooks = castling_rook_squares(pos);
            for (Move m : other)
                if (!moves_royal(pos, m) &&
                    std::find(rooks.begin(), rooks.end(), m.from) == rooks.end())
                    return fmt::format(
                        "{} is legal there and moves neither the king nor a castling rook",
                        pos.move_name(m));
            return {};
        }
        case SpecialProbe::KingCaptureToSurvive: {
            if (other.empty())
                return "every legal move captures the king, so the probe tells nothing";
            for (Move m : other)
                if (!loses_king_after(pos, m))
                    return fmt::format("after {} the opponent cannot capture our king",
                                       pos.move_name(m));
            return {};
        }
        default:
            if (!other.empty())
                return fmt::format("{} is legal there and is not a {}", first_offender(pos, other),
                                   special_kind_name(kind));
            return {};
    }
}

ProbePosition special_position(const rules::Rules& rules, SpecialProbe probe) {
    ProbePosition out;
    if (!variant_has(rules.variant(), kind_of(probe), &out.why_not)) return out;
    const auto& g = rules.geometry();
    std::string failures;
    for (const auto& written : written_positions(probe)) {
        if (written.files != g.width || written.ranks != g.height) continue;
        std::optional<Position> pos;
        try {
            pos = rules.from_fen(written.fen);
        } catch (const std::exception& e) {
            failures +=
                fmt::format(" '{}' is not a {} position: {}.", written.fen, rules.name(), e.what());
            continue;
        }
        if (auto why = property_failure(*pos, probe); !why.empty()) {
            failures += fmt::format(" '{}' does not have it under {}'s rules: {}.", written.fen,
                                    rules.name(), why);
            continue;
        }
        for (Move m : pos->legal_moves())
            if (probe != SpecialProbe::KingCaptureToSurvive || captures_royal(*pos, m))
                out.good_moves.push_back(m);
        out.position = std::move(pos);
        return out;
    }
    if (failures.empty())
        out.why_not =
            fmt::format("no probe position is written for a {}x{} board.", g.width, g.height);
    else
        out.why_not = fmt::format("no written {}x{} position has the property ({}):{}", g.width,
                                  g.height, property_text(probe), failures);
    return out;
}

std::vector<std::string> scripted_line(const rules::Rules& rules, int plies, int formula) {
    Position pos = rules.start();
    std::vector<std::string> line;
    for (int ply = 0; ply < plies; ++ply) {
        auto moves = pos.legal_moves();
        std::sort(moves.begin(), moves.end(),
                  [&](Move a, Move b) { return pos.move_name(a) < pos.move_name(b); });
        bool played = false;
        const std::size_t n = moves.size();
        for (std::size_t tried = 0; tried < n && !played; ++tried) {
            const Move m = moves[(static_cast<std::size_t>(ply) * formula + 3 + tried) % n];
            const std::string name = pos.move_name(m, rules::MoveStyle::Uci);
            pos.play(m);
            if (!pos.outcome() && !pos.legal_moves().empty()) {
                line.push_back(name);
                played = true;
            } else {
                pos.undo();
            }
        }
        if (!played)
            throw std::runtime_error(
                fmt::format("no move after ply {} of {} keeps the game going", ply, rules.name()));
    }
    return line;
}

}  // namespace referee::validate
