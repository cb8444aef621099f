#include "referee/rules/variant/ending.hpp"

#include "referee/rules/variant/variant.hpp"

namespace referee::rules {

std::vector<Ending> list_endings(const EndRules& e) {
    std::vector<Ending> out;
    auto add = [&](EndReason reason, bool immediate, EndValue value, int count = 0) {
        Ending ending;
        ending.reason = reason;
        ending.immediate = immediate;
        ending.value = value;
        ending.count = count;
        out.push_back(ending);
        return &out.back();
    };
    if (e.royal_capture) add(EndReason::RoyalCapture, true, *e.royal_capture);
    // Fairy-Stockfish's is_immediate_game_end, in its order: bare king, extinction, region.
    if (e.bare_king) add(EndReason::BareKing, true, *e.bare_king);
    if (e.extinction) add(EndReason::Extinction, true, *e.extinction);
    if (e.region) add(EndReason::Region, true, EndValue::Win);
    if (e.move_limit) add(EndReason::MoveLimit, false, EndValue::Draw, e.move_limit);
    if (e.check_count) add(EndReason::CheckCount, true, EndValue::Win, e.check_count);
    // Fairy-Stockfish's is_immediate_game_end asks these before any move is generated.
    if (e.bikjang) add(EndReason::Bikjang, true, EndValue::Draw);
    if (e.double_pass) add(EndReason::DoublePass, true, EndValue::Draw);
    add(EndReason::NoLegalMoves, true, e.no_legal_moves)->value_in_check = e.checkmate;
    if (!e.insufficient_material.empty())
        add(EndReason::InsufficientMaterial, false, EndValue::Draw);
    if (e.repetition) add(EndReason::Repetition, false, e.repetition_value, e.repetition);
    if (e.n_move_rule) add(EndReason::NMoveRule, false, EndValue::Draw, e.n_move_rule);
    // After the n-move rule and repetition, as Fairy-Stockfish asks them.
    if (e.counting != CountingRule::None) add(EndReason::Counting, false, EndValue::Draw);
    return out;
}

}  // namespace referee::rules
