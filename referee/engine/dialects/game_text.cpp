#include "referee/engine/dialects/game_text.hpp"

#include <algorithm>

namespace referee::engine {

void GameText::reset() {
    start_ = nullptr;
    start_fen_.clear();
    replay_.reset();
    moves_.clear();
    texts_.clear();
}

rules::Position GameText::position_before(std::size_t ply) const {
    rules::Position p = replay_->rules().from_fen(start_fen_);
    for (std::size_t i = 0; i < ply && i < moves_.size(); ++i) p.play(moves_[i]);
    return p;
}

const std::vector<std::string>& GameText::update(const MoveRequest& r) {
    // The start is the match layer's for the whole game, so its address tells games apart
    // within one (new_game resets); a prefix that differs means another line of play.
    const bool same_start = start_ == r.start && replay_;
    const bool prefix = same_start && moves_.size() <= r.moves.size() &&
                        std::equal(moves_.begin(), moves_.end(), r.moves.begin());
    if (!prefix) {
        reset();
        if (!r.start) return texts_;
        start_ = r.start;
        start_fen_ = r.start->fen();
        replay_.emplace(*r.start);
    }
    for (std::size_t i = moves_.size(); i < r.moves.size(); ++i) {
        const rules::Move m = r.moves[i];
        texts_.push_back(replay_->move_name(m, style_));
        replay_->play(m);
        moves_.push_back(m);
    }
    return texts_;
}

}  // namespace referee::engine
