// The positions the probes ask from. Special positions are written here as FENs, one per
// board size; what the right answers are is never written down: it is computed by the rules
// engine, and each position is checked to have the property its probe is about, so a wrong
// position (or a variant file that changed) shows up as a failed check, not as a verdict
// against a student's engine.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "referee/rules/position.hpp"

namespace referee::validate {

enum class SpecialProbe {
    SideStep,              // every legal move is a move-only step (the MinitChess bishop)
    Promotion,             // every legal move promotes
    PromotionChoice,       // every legal move promotes, with a piece to name
    Castling,              // castling is legal; nothing but the king and its rooks can move
    EnPassant,             // every legal move is an en-passant capture
    KingCapture,           // every legal move captures the enemy king
    KingCaptureToSurvive,  // taking the king is the only move after which ours is not taken
};

inline constexpr SpecialProbe kSpecialProbes[] = {
    SpecialProbe::SideStep,
    SpecialProbe::Promotion,
    SpecialProbe::PromotionChoice,
    SpecialProbe::Castling,
    SpecialProbe::EnPassant,
    SpecialProbe::KingCapture,
    SpecialProbe::KingCaptureToSurvive,
};

const char* probe_name(SpecialProbe probe);   // "side-step", ..., "king-capture-to-survive"
const char* probe_title(SpecialProbe probe);  // what it checks, for the report
const char* property_text(SpecialProbe probe);

struct WrittenPosition {
    int files, ranks;
    const char* fen;
};
// The FENs written for this probe, one per board size.
const std::vector<WrittenPosition>& written_positions(SpecialProbe probe);

// Empty when pos has the probe's property; otherwise a sentence saying what is wrong.
std::string property_failure(const rules::Position& pos, SpecialProbe probe);

struct ProbePosition {
    std::optional<rules::Position> position;  // unset: the probe does not apply
    std::string why_not;                      // then: why (a full sentence)
    std::vector<rules::Move> good_moves;      // the answers that pass
};

// The probe's position for this variant, checked, or the reason there is none: the variant
// has no such moves, no position is written for its board, or the written one lacks the
// property under this variant's rules.
ProbePosition special_position(const rules::Rules& rules, SpecialProbe probe);

// A position from play rather than from a list: `plies` moves from the start chosen by a
// fixed rule (sorted legal moves, index by a formula), skipping any move that ends the game.
// Returns the moves in UCI form; throws std::runtime_error if no such line exists.
std::vector<std::string> scripted_line(const rules::Rules& rules, int plies, int formula);

}  // namespace referee::validate
