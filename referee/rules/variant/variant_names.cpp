// Names other programs write for a variant, resolved to the shipped file: lichess writes
// "King of the Hill", "Three-check", "Racing Kings" in a PGN's Variant tag, pychess the
// Fairy-Stockfish name ("kingofthehill", "3check"), xboard "king-of-the-hill". Case, spaces,
// hyphens and underscores are ignored, and a variant's `names:` count as its own.
#include <algorithm>
#include <cctype>

#include "referee/rules/variant/variant.hpp"

namespace referee::rules {

namespace {

std::string folded(const std::string& name) {
    std::string out;
    for (unsigned char c : name)
        if (c != ' ' && c != '-' && c != '_') out += static_cast<char>(std::tolower(c));
    return out;
}

}  // namespace

std::string shipped_variant_called(const std::string& name) {
    const std::string want = folded(name);
    if (want.empty()) return "";
    // PGN's own words for the standard game (lichess: "Standard", "From Position").
    if (want == "standard" || want == "fromposition") return "chess";
    std::vector<std::string> shipped;
    try {
        shipped = list_variants();
    } catch (const std::exception&) {
        return "";
    }
    for (const auto& file : shipped)
        if (folded(file) == want) return file;
    for (const auto& file : shipped) {
        try {
            const Variant v = load_variant(file);
            if (std::any_of(v.names.begin(), v.names.end(),
                            [&](const std::string& n) { return folded(n) == want; }))
                return file;
        } catch (const std::exception&) {
        }
    }
    return "";
}

}  // namespace referee::rules
