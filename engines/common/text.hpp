// Small text helpers the two dialects share.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engines/common/player.hpp"
#include "referee/rules/text/words.hpp"

namespace engines {

std::string_view trim(std::string_view text);
bool equals_ignoring_case(std::string_view a, std::string_view b);
std::string lower_case(std::string_view text);

// A whole decimal number, or nullopt (signs, spaces or trailing text included).
std::optional<long long> parse_integer(std::string_view text);

// An IMCS clock: "mm:ss.sss", "m:ss", "h:mm:ss" or plain seconds ("300", "12.5"). A leading
// '-' (a clock already run out) reads as zero. nullopt when malformed.
std::optional<Milliseconds> parse_clock(std::string_view text);

}  // namespace engines
