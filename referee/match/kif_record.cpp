#include "referee/match/kif_record.hpp"

namespace referee::match {
namespace {

// KIF has words for some endings; the others are told by the result line and the comment.
rules::KifEnding kif_ending(const GameRecord& g) {
    switch (g.termination) {
        case Termination::Rules:
            if (g.reason_key == "checkmate") return rules::KifEnding::Checkmate;
            if (g.reason_key == "repetition") return rules::KifEnding::Repetition;
            return rules::KifEnding::None;
        case Termination::Resignation:
            return rules::KifEnding::Resignation;
        case Termination::TimeForfeit:
            return rules::KifEnding::TimeForfeit;
        case Termination::IllegalMove:
        case Termination::ProtocolFault:
            return rules::KifEnding::Foul;
        case Termination::Interrupted:
            return rules::KifEnding::Interrupted;
        default:
            return rules::KifEnding::None;
    }
}

}  // namespace

std::string to_kif(const rules::Rules& rules, const GameRecord& g) {
    rules::KifGame k;
    k.sente = g.white;
    k.gote = g.black;
    k.date = g.date;
    k.event = g.event;
    k.start_fen = g.start_fen;
    for (const MoveEntry& m : g.moves) {
        k.moves.push_back(m.uci.empty() ? m.dash : m.uci);
        k.move_ms.push_back(m.elapsed_ms);
    }
    k.ending = kif_ending(g);
    k.finished = g.termination != Termination::Interrupted;
    if (g.result == rules::GameResult::WhiteWins) k.winner = rules::White;
    if (g.result == rules::GameResult::BlackWins) k.winner = rules::Black;
    k.comment = g.reason;
    return rules::write_kif(rules, k);
}

}  // namespace referee::match
