#include "referee/check/text_encoding.hpp"

#include <iconv.h>

#include <cerrno>

namespace referee::check {

bool looks_like_utf8(std::string_view text) {
    for (std::size_t i = 0; i < text.size();) {
        const auto c = static_cast<unsigned char>(text[i]);
        const std::size_t n = c < 0x80           ? 1
                              : (c >> 5) == 0x6  ? 2
                              : (c >> 4) == 0xE  ? 3
                              : (c >> 3) == 0x1E ? 4
                                                 : 0;
        if (n == 0) return false;
        for (std::size_t k = 1; k < n; ++k) {
            if (i + k >= text.size()) return true;  // cut short at the end
            if ((static_cast<unsigned char>(text[i + k]) & 0xC0) != 0x80) return false;
        }
        // Overlong forms and surrogates are not UTF-8 either.
        if (n == 2 && c < 0xC2) return false;
        const auto c1 = static_cast<unsigned char>(text[i + 1 < text.size() ? i + 1 : i]);
        if (n == 3 && ((c == 0xE0 && c1 < 0xA0) || (c == 0xED && c1 >= 0xA0))) return false;
        if (n == 4 && ((c == 0xF0 && c1 < 0x90) || c > 0xF4 || (c == 0xF4 && c1 >= 0x90)))
            return false;
        i += n;
    }
    return true;
}

std::optional<std::string> cp932_to_utf8(std::string_view text, bool partial, std::size_t* bad_at) {
    const iconv_t cd = ::iconv_open("UTF-8", "CP932");
    if (cd == reinterpret_cast<iconv_t>(-1)) {
        if (bad_at) *bad_at = 0;
        return std::nullopt;  // glibc without its CP932 module
    }
    struct Close {
        iconv_t cd;
        ~Close() { ::iconv_close(cd); }
    } close{cd};
    std::string out;
    // glibc's iconv takes char**, not const char**: it reads through the pointer only.
    char* in = const_cast<char*>(text.data());
    std::size_t in_left = text.size();
    char buffer[4096];
    while (in_left > 0) {
        char* to = buffer;
        std::size_t to_left = sizeof buffer;
        const std::size_t r = ::iconv(cd, &in, &in_left, &to, &to_left);
        out.append(buffer, static_cast<std::size_t>(to - buffer));
        if (r != static_cast<std::size_t>(-1)) continue;
        if (errno == E2BIG) continue;
        if (errno == EINVAL && partial) break;  // a character cut short at the end
        if (bad_at) *bad_at = text.size() - in_left;
        return std::nullopt;
    }
    return out;
}

}  // namespace referee::check
