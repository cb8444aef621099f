// How a game ended: a result, a machine-readable reason, and a sentence for people.
#pragma once

#include <string>

namespace referee::rules {

enum class GameResult { WhiteWins, BlackWins, Draw };
enum class EndReason {
    RoyalCapture,
    Checkmate,
    NoLegalMoves,
    MoveLimit,
    InsufficientMaterial,
    Repetition,
    NMoveRule,
    CheckCount,      // a side has given the variant's number of checks (3check)
    Region,          // a piece reached its side's region (King of the Hill, Racing Kings)
    BareKing,        // a side has nothing left but its royal pieces (shatranj, losers)
    Extinction,      // a side has lost every piece of a listed kind (horde, antichess)
    Counting,        // the counting rule's moves are up (makruk)
    PerpetualCheck,  // a repetition where one side gave check with every move (xiangqi)
    Bikjang,         // a side passed while the generals faced each other (janggi)
    DoublePass,      // both sides passed, one after the other (janggi)
};

struct Outcome {
    GameResult result;
    EndReason reason;
    std::string description;
};

const char* result_string(GameResult r);  // "1-0", "0-1", "1/2-1/2"
const char* end_reason_key(EndReason r);  // "king-capture", "checkmate", ...

}  // namespace referee::rules
