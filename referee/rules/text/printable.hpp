// Text from outside (an engine's reply, its stderr, its id) made safe to store and show:
// valid UTF-8 passes, every other byte and every control character but tab and newline
// becomes "\xNN". A JSON writer never throws on it and a C string never stops early in it.
#pragma once

#include <string>
#include <string_view>

namespace referee::rules {

std::string printable_text(std::string_view text);

// printable_text of the start of `text`: one longer than `max_bytes` is cut at a character
// boundary and says how long it was ("abc... (2000000 bytes)"), so that a message quoting a
// record's token or an engine's line stays a line.
std::string printable_excerpt(std::string_view text, std::size_t max_bytes = 120);

}  // namespace referee::rules
