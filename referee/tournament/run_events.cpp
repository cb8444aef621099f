#include "referee/tournament/run_events.hpp"

namespace referee::tournament {

bool RunEvents::wants_moves() const {
    for (const auto* o : observers_)
        if (o->wants_moves()) return true;
    return false;
}

void RunEvents::game_started(const GameStarted& e) const {
    for (auto* o : observers_) o->game_started(e);
}

void RunEvents::move_played(const MovePlayed& e) const {
    for (auto* o : observers_) o->move_played(e);
}

void RunEvents::game_finished(const GameSlot& slot, const match::GameRecord& record) const {
    for (auto* o : observers_) o->game_finished(slot, record);
}

void RunEvents::run_finished(bool failed) const {
    for (auto* o : observers_) o->run_finished(failed);
}

}  // namespace referee::tournament
