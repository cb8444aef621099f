#include "referee/validate/probe_position_memo.hpp"

namespace referee::validate {

std::vector<rules::ProbePosition> ProbePositionMemo::get(
    const std::string& variant, rules::RuleFeature feature, const rules::ProbeSearch& search,
    const std::function<std::vector<rules::ProbePosition>()>& find) {
    const Key key{
        variant,        static_cast<int>(feature), search.seed, search.positions, search.games,
        search.set_ups, search.improve_steps};
    {
        std::lock_guard lock(mutex_);
        if (auto it = found_.find(key); it != found_.end()) return it->second;
    }
    // Searched outside the lock: two threads asking the same key both search, and find the same.
    auto positions = find();
    std::lock_guard lock(mutex_);
    found_.emplace(key, positions);
    return positions;
}

}  // namespace referee::validate
