// What the `referee check` fuzz targets share: the rules of a variant a record names, loaded
// only when it is one of the target's shipped variants (never a path from the fuzzer's
// input), and a game judged and its verdict printed both ways, as `check` prints it.
#pragma once

#include <initializer_list>
#include <map>
#include <string>

#include <nlohmann/json.hpp>

#include "referee/check/check_game.hpp"

namespace fuzz {

inline const referee::rules::Rules* rules_among(const std::string& name,
                                                std::initializer_list<const char*> shipped) {
    static std::map<std::string, referee::rules::Rules> loaded;
    for (const char* s : shipped)
        if (name == s) {
            auto it = loaded.find(name);
            if (it == loaded.end())
                it = loaded.emplace(name, referee::rules::Rules::load(name)).first;
            return &it->second;
        }
    return nullptr;  // a path or an unknown name: not loaded from the fuzzer's input
}

// The verdict in words and as JSON (whose writer throws on bytes that are not UTF-8).
inline void check_and_print(const referee::check::RecordedGame& game,
                            const referee::rules::Rules& rules) {
    const auto verdict = referee::check::check_game(game, rules);
    (void)referee::check::format_verdict(verdict);
    (void)referee::check::to_json(verdict).dump();
}

}  // namespace fuzz
