// Records from Japanese programs come in Shift-JIS as often as in UTF-8: Kifu for Windows
// writes its `.kif` in Shift-JIS (Microsoft's code page 932) and only its `.kifu` in UTF-8.
// These tell the two apart and turn the first into the second, with glibc's iconv.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace referee::check {

// Valid UTF-8 throughout, but for a character cut short at the very end (`text` may be the
// first bytes of a file).
bool looks_like_utf8(std::string_view text);

// `text` in code page 932 (Shift-JIS as Windows writes it), in UTF-8; nullopt when a byte is
// not CP932, with its offset in `bad_at`. `partial`: the text may end mid-character (the
// first bytes of a file), which is then left out.
std::optional<std::string> cp932_to_utf8(std::string_view text, bool partial,
                                         std::size_t* bad_at = nullptr);

}  // namespace referee::check
