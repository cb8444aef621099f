// Helpers for tests of variant-file errors: edit a good file's text, find where the error
// must point, and check that the error names the file, line, column, key and what was wrong.
#pragma once

#include <string>
#include <utility>

#include <gtest/gtest.h>

#include "referee/rules/variant/variant.hpp"

namespace referee::test {

inline std::string replace(std::string text, const std::string& from, const std::string& to) {
    auto at = text.find(from);
    EXPECT_NE(at, std::string::npos) << from;
    if (at != std::string::npos) text.replace(at, from.size(), to);
    return text;
}

// Line and column (1-based) of the first occurrence of `needle`: where the error must point.
inline std::pair<int, int> where(const std::string& text, const std::string& needle) {
    auto at = text.find(needle);
    EXPECT_NE(at, std::string::npos) << needle;
    int line = 1, column = 1;
    for (std::size_t i = 0; i < at; ++i) {
        if (text[i] == '\n')
            ++line, column = 1;
        else
            ++column;
    }
    return {line, column};
}

struct Expected {
    std::string key;
    int line, column;
    std::string mentions;
};

inline void expect_error(const std::string& text, const Expected& e) {
    try {
        referee::rules::parse_variant(text, "test.yaml");
        FAIL() << "accepted:\n" << text;
    } catch (const referee::rules::VariantError& err) {
        const std::string what = err.what();
        EXPECT_EQ(err.file(), "test.yaml");
        EXPECT_EQ(err.key(), e.key) << what;
        EXPECT_EQ(err.line(), e.line) << what;
        EXPECT_EQ(err.column(), e.column) << what;
        // The message carries all of it, for a person reading one line on stderr.
        const std::string prefix =
            "test.yaml:" + std::to_string(e.line) + ":" + std::to_string(e.column) + ":";
        EXPECT_EQ(what.rfind(prefix, 0), 0u) << what;
        if (!e.key.empty()) {
            EXPECT_NE(what.find(e.key), std::string::npos) << what;
        }
        EXPECT_NE(what.find(e.mentions), std::string::npos)
            << "'" << what << "' does not mention " << e.mentions;
    }
}

}  // namespace referee::test
