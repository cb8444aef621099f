// For tests that play positions: rules loaded once per test binary, moves played from
// text, and the end of a game checked. Header-only: only binaries that link the rules
// layer include it (every layer's tests do).
#pragma once

#include <initializer_list>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "referee/rules/core/position.hpp"
#include "referee/rules/variant/variant.hpp"

namespace referee::test {

// A shipped variant's name or a .yaml path, loaded on first use and kept: loading parses
// YAML and builds tables, too slow to repeat in every test.
inline const rules::Rules& cached_rules(const std::string& name_or_path) {
    static std::mutex mutex;
    static std::map<std::string, std::unique_ptr<const rules::Rules>> cache;
    const std::lock_guard lock(mutex);
    auto& slot = cache[name_or_path];
    if (!slot) slot = std::make_unique<const rules::Rules>(rules::Rules::load(name_or_path));
    return *slot;
}

// The position's legal moves by their UCI names, to compare with another generator's.
inline std::set<std::string> legal_uci_names(const rules::Position& pos) {
    std::set<std::string> out;
    for (auto m : pos.legal_moves()) out.insert(pos.move_name(m, rules::MoveStyle::Uci));
    return out;
}

// The same names as a sorted list.
inline std::vector<std::string> sorted_uci_names(const rules::Position& pos) {
    const auto names = legal_uci_names(pos);
    return {names.begin(), names.end()};
}

// Plays moves written in any form parse_move reads ("a2a3", "a2-a3").
inline void play(rules::Position& pos, std::initializer_list<const char*> moves) {
    for (const char* m : moves) pos.play(pos.parse_move(m));
}

inline void expect_end(const rules::Position& pos, rules::GameResult result,
                       rules::EndReason reason, const std::string& sentence) {
    const auto o = pos.outcome();
    ASSERT_TRUE(o.has_value()) << pos.fen();
    EXPECT_EQ(o->result, result) << pos.fen();
    EXPECT_EQ(o->reason, reason) << pos.fen();
    EXPECT_EQ(o->description, sentence) << pos.fen();
}

// The error a section of a variants.ini text (read as the file "my.ini") gives, or "" when
// it loads.
inline std::string ini_error(const std::string& text, const std::string& section) {
    try {
        rules::parse_ini_variant(text, "my.ini", section);
    } catch (const rules::VariantError& e) {
        return e.what();
    }
    return "";
}

inline void expect_not_over(const rules::Position& pos) {
    const auto o = pos.outcome();
    EXPECT_FALSE(o.has_value()) << pos.fen() << ": " << o->description;
}

}  // namespace referee::test
