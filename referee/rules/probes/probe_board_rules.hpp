// The rule probes of drops and the Eastern games' board rules: a drop on a forbidden rank,
// nifu, the flying general, the lame leap, confinement to a region. Each
// is variant data, so an engine without the rule is the variant with that data changed.
#pragma once

#include <string>

#include "referee/rules/core/position.hpp"
#include "referee/rules/probes/probes.hpp"

namespace referee::rules {

// Whether f is one of these features.
bool is_board_rule(RuleFeature f);
// Whether the variant has the rule; when not, *why_not says why, as a sentence.
bool variant_has_board_rule(const Variant& v, RuleFeature f, std::string* why_not);
// The variant with the rule switched off (v unchanged for the other features).
void ablate_board_rule(Variant& v, RuleFeature f);
// Whether a move the changed rules allow belongs to the flaw: drops for the drop rules, moves
// on the board for the others (the changed drop rules allow moves on the board that no
// longer promote where they must: not this flaw).
bool board_rule_move(RuleFeature f, Move m);
// The legal drops that mate but lose for the side that drops (uchifuzume's pawn drop).
std::vector<Move> forbidden_drop_mates(const Position& pos);
// For the search towards such a drop: the fewest replies the other side has to a check
// given by dropping a piece of the forbidden kind (0: a drop mates), or -1 when there is
// no such check.
int replies_to_forbidden_drop_checks(const Position& pos);

// The relative rank from which the piece must promote (height + 1: never).
int forced_promotion_from(const Variant& v, const PieceType& p);
// Whether a game can reach pos under these rules: every confined piece in its region, the
// royal pieces not facing where they may not, the side to move not already in its goal region.
// Set-ups that break them are no probe positions.
bool board_rules_reachable(const Position& pos);

}  // namespace referee::rules
