// Adjudication by the engines' own scores, as cutechess-cli's -resign and -draw do it: a game
// both engines agree is lost (or dead even) is ended early. Fed the score each UCI engine gave
// with its move (the last info before bestmove, from the mover's point of view); pure, so it
// is tested without engines.
#pragma once

#include <optional>
#include <string>

#include "referee/engine/dialects/uci_info.hpp"
#include "referee/rules/base/geometry.hpp"
#include "referee/rules/base/outcome.hpp"

namespace referee::match {

struct ResignRule {
    int move_count = 0;      // > 0: on; consecutive moves the score must stay that bad
    int score_cp = 0;        // the loser's score is at most -score_cp
    bool two_sided = false;  // the winner's engine must also score at least +score_cp
};

struct DrawRule {
    int move_number = 0;  // only moves after this full move count
    int move_count = 0;   // > 0: on; consecutive moves of each side within the bound
    int score_cp = 0;     // |score| at most this
};

struct ScoreAdjudication {
    ResignRule resign;
    DrawRule draw;
    bool enabled() const { return resign.move_count > 0 || draw.move_count > 0; }
    // "resign=3,600,1 draw=40,8,10": for a tournament's fingerprint; empty when off.
    std::string describe() const;
};

// A mate score as centipawns beyond any real evaluation, so it passes every bound.
int score_centipawns(const engine::SearchInfo& info);

struct AdjudicationVerdict {
    rules::GameResult result = rules::GameResult::Draw;
    std::string reason_key;  // "resign-adjudication" or "draw-adjudication"
    std::string reason;      // a sentence
};

class ScoreAdjudicator {
  public:
    // `who` names the sides in reasons: "White (A)", "Black (B)".
    ScoreAdjudicator(ScoreAdjudication rules, std::string white_who, std::string black_who);
    // After each move of `mover` with what its engine reported (empty for a book move or an
    // engine that gave no score: the run of moves starts again). `plies_before` counts the
    // plies of the game before this one, book moves included.
    std::optional<AdjudicationVerdict> after_move(rules::Color mover,
                                                  const engine::SearchInfo& info, int plies_before);

  private:
    ScoreAdjudication rules_;
    std::string who_[2];
    int losing_[2] = {0, 0};   // consecutive moves whose score is <= -resign.score_cp
    int winning_[2] = {0, 0};  // consecutive moves whose score is >= +resign.score_cp
    int level_[2] = {0, 0};    // consecutive moves within the draw bound
};

}  // namespace referee::match
