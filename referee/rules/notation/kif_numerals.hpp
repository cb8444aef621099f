// KIF's numerals: full-width digits for files and kanji numbers for ranks and counts, each
// at the index of its value (０ and 〇 at 0, 十 at 10). The writer and the reader share them.
#pragma once

#include <array>
#include <string_view>

namespace referee::rules::kif {

inline constexpr std::array<std::string_view, 10> kFullWidthDigits = {"０", "１", "２", "３", "４",
                                                                      "５", "６", "７", "８", "９"};
inline constexpr std::array<std::string_view, 11> kKanjiNumbers = {
    "〇", "一", "二", "三", "四", "五", "六", "七", "八", "九", "十"};

}  // namespace referee::rules::kif
