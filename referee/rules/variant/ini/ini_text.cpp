#include "referee/rules/variant/ini/ini_text.hpp"

#include <cctype>

#include <fmt/format.h>

#include "referee/rules/text/words.hpp"
#include "referee/rules/variant/variant.hpp"

namespace referee::rules {
namespace {

// The line's text without the spaces at either end, as a string of its own.
std::string trimmed(std::string_view s) {
    return std::string(trim_spaces(s));
}

}  // namespace

std::vector<IniSection> split_ini(const std::string& text, const std::string& file) {
    std::vector<IniSection> sections;
    int number = 0;
    for (std::size_t start = 0; start < text.size();) {
        auto end = text.find('\n', start);
        if (end == std::string::npos) end = text.size();
        const std::string line = trimmed(std::string_view(text).substr(start, end - start));
        start = end + 1;
        ++number;
        if (line.empty() || line[0] == '#' || line[0] == ';') continue;
        if (line[0] == '[') {
            if (line.back() != ']')
                throw VariantError(
                    file, number, 1, "",
                    fmt::format("'{}' opens a section but has no closing ']'", line));
            const std::string inside = line.substr(1, line.size() - 2);
            const auto colon = inside.find(':');
            IniSection s;
            s.name = trimmed(inside.substr(0, colon));
            if (colon != std::string::npos) s.parent = trimmed(inside.substr(colon + 1));
            s.line = number;
            if (s.name.empty() || (colon != std::string::npos && s.parent.empty()))
                throw VariantError(file, number, 1, "",
                                   fmt::format("'{}' is not a section such as [name] or "
                                               "[name:parent]",
                                               line));
            for (const IniSection& other : sections)
                if (other.name == s.name)
                    throw VariantError(file, number, 1, "",
                                       fmt::format("the section [{}] is defined twice (first on "
                                                   "line {})",
                                                   s.name, other.line));
            sections.push_back(std::move(s));
            continue;
        }
        const auto eq = line.find('=');
        if (eq == std::string::npos)
            throw VariantError(file, number, 1, "",
                               fmt::format("'{}' is neither a section, a 'key = value' line nor a "
                                           "comment",
                                           line));
        IniEntry e{trimmed(line.substr(0, eq)), trimmed(line.substr(eq + 1)), number};
        if (e.key.empty())
            throw VariantError(file, number, 1, "", fmt::format("'{}' has no key", line));
        if (sections.empty())
            throw VariantError(file, number, 1, e.key,
                               "a key before any section: start with a section such as [name]");
        IniSection& s = sections.back();
        if (const IniEntry* first = s.find(e.key)) {
            if (first->value != e.value) s.repeated.push_back(std::move(e));
            continue;
        }
        s.entries.push_back(std::move(e));
    }
    return sections;
}

}  // namespace referee::rules
