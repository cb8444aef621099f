// Text from outside (an engine's reply, its stderr, its id) made safe to store and show:
// valid UTF-8 passes, every other byte and every control character but tab and newline
// becomes "\xNN". A JSON writer never throws on it and a C string never stops early in it.
#pragma once

#include <string>
#include <string_view>

namespace referee::rules {

std::string printable_text(std::string_view text);

}  // namespace referee::rules
