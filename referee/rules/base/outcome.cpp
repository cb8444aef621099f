// How a game ended, as words: results and reason keys. Which ending holds is the judge's
// (endings/judge.cpp).
#include "referee/rules/base/outcome.hpp"

namespace referee::rules {

const char* result_string(GameResult r) {
    switch (r) {
        case GameResult::WhiteWins:
            return "1-0";
        case GameResult::BlackWins:
            return "0-1";
        case GameResult::Draw:
            return "1/2-1/2";
    }
    return "*";
}

const char* end_reason_key(EndReason r) {
    switch (r) {
        case EndReason::RoyalCapture:
            return "king-capture";
        case EndReason::Checkmate:
            return "checkmate";
        case EndReason::NoLegalMoves:
            return "no-legal-moves";
        case EndReason::MoveLimit:
            return "move-limit";
        case EndReason::InsufficientMaterial:
            return "insufficient-material";
        case EndReason::Repetition:
            return "repetition";
        case EndReason::NMoveRule:
            return "n-move-rule";
        case EndReason::CheckCount:
            return "check-count";
        case EndReason::Region:
            return "region";
        case EndReason::BareKing:
            return "bare-king";
        case EndReason::Extinction:
            return "extinction";
        case EndReason::Counting:
            return "counting";
        case EndReason::PerpetualCheck:
            return "perpetual-check";
        case EndReason::Bikjang:
            return "bikjang";
        case EndReason::DoublePass:
            return "double-pass";
    }
    return "?";
}

}  // namespace referee::rules
