// The live page as text: what it is built from.
#include <gtest/gtest.h>

#include <cstdio>
#include <set>

#include <fmt/format.h>

#include "referee/live/page.hpp"
#include "referee/report/html_parts.hpp"

namespace referee::live {
namespace {

// The code points above ASCII in UTF-8 `text`.
std::set<char32_t> non_ascii(const std::string& text) {
    std::set<char32_t> out;
    for (std::size_t i = 0; i < text.size();) {
        const auto c = static_cast<unsigned char>(text[i]);
        const int n = c < 0x80 ? 1 : c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4;
        char32_t cp = n == 1 ? c : c & (0x7F >> n);
        for (int k = 1; k < n && i + k < text.size(); ++k)
            cp = (cp << 6) | (static_cast<unsigned char>(text[i + k]) & 0x3F);
        if (n > 1) out.insert(cp);
        i += n;
    }
    return out;
}

// The font families fontconfig has that draw `cp` (fc-list, with Chromium's fontconfig).
std::string families_with(char32_t cp) {
    const std::string command =
        fmt::format("fc-list ':charset={:x}' family 2>/dev/null", static_cast<unsigned>(cp));
    std::string out;
    if (FILE* pipe = ::popen(command.c_str(), "r")) {
        char buffer[256];
        while (std::fgets(buffer, sizeof buffer, pipe)) out += buffer;
        ::pclose(pipe);
    }
    return out;
}

// The page's replay buttons are the report's, drawn in characters DejaVu (Debian's default
// fonts, what Chromium draws with there) has: no empty boxes where ⏮ and ⏭ were.
TEST(LivePage, ReplayButtonsAreTheReportsInCharactersDebiansFontsHave) {
    const std::string page = live_page();
    const std::string controls = report::replay_controls_html();
    EXPECT_NE(page.find(controls), std::string::npos);
    const auto start = page.find("<div class=\"controls\">");
    ASSERT_NE(start, std::string::npos);
    const std::string buttons = page.substr(start, page.find("</div>", start) - start);
    ASSERT_FALSE(non_ascii(buttons).empty());
    for (const char32_t cp : non_ascii(buttons))
        EXPECT_NE(families_with(cp).find("DejaVu"), std::string::npos) << fmt::format(
            "U+{:04X} is in no DejaVu font (is fontconfig installed?)", static_cast<unsigned>(cp));
}

}  // namespace
}  // namespace referee::live
