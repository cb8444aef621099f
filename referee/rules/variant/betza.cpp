#include "referee/rules/variant/betza.hpp"

#include <algorithm>
#include <cctype>
#include <climits>
#include <cstdlib>
#include <utility>

#include <fmt/format.h>

namespace referee::rules {
namespace {

struct Atom {
    int a, b;  // the leap (a, b) with a >= b, in all eight symmetric orientations
};

bool atom_of(char c, Atom& out) {
    switch (c) {
        case 'W':
            out = {1, 0};
            return true;
        case 'F':
            out = {1, 1};
            return true;
        case 'D':
            out = {2, 0};
            return true;
        case 'N':
            out = {2, 1};
            return true;
        case 'A':
            out = {2, 2};
            return true;
        case 'H':
            out = {3, 0};
            return true;
        case 'C':
            out = {3, 1};
            return true;
        case 'Z':
            out = {3, 2};
            return true;
        case 'G':
            out = {3, 3};
            return true;
        default:
            return false;
    }
}

std::vector<std::pair<int, int>> orientations(Atom atom) {
    std::vector<std::pair<int, int>> out;
    auto add = [&](int dx, int dy) {
        for (auto& v : out)
            if (v.first == dx && v.second == dy) return;
        out.emplace_back(dx, dy);
    };
    for (int sx : {1, -1})
        for (int sy : {1, -1}) {
            add(sx * atom.a, sy * atom.b);
            add(sx * atom.b, sy * atom.a);
        }
    return out;
}

// A direction token is one letter, or a pair read as the intersection of its letters (on an
// orthogonal atom: the union); a doubled letter (ff, ss) narrows to the vectors mostly along
// that axis.
bool single_matches(char d, int dx, int dy) {
    switch (d) {
        case 'f':
            return dy > 0;
        case 'b':
            return dy < 0;
        case 'l':
            return dx < 0;
        case 'r':
            return dx > 0;
        // v and s are f+b and l+r; on an oblique atom they select its narrow or wide moves.
        case 'v':
            return std::abs(dy) > std::abs(dx) || (std::abs(dx) == std::abs(dy) && dy != 0);
        case 's':
            return std::abs(dx) > std::abs(dy) || (std::abs(dx) == std::abs(dy) && dx != 0);
        default:
            return false;
    }
}

// On an orthogonal atom (W, D, H, R) no move lies along two axes, so a pair of two axes
// (fs, fr, sb) selects each letter's moves, as Fairy-Stockfish reads its soldier's fsW.
bool token_matches(const std::string& token, int dx, int dy, bool orthogonal) {
    if (token.size() == 1) return single_matches(token[0], dx, dy);
    char x = token[0], y = token[1];
    if (x == y) {
        char axis = (x == 'f' || x == 'b' || x == 'v') ? 'v' : 's';
        return single_matches(x, dx, dy) && single_matches(axis, dx, dy);
    }
    if (orthogonal) return single_matches(x, dx, dy) || single_matches(y, dx, dy);
    return single_matches(x, dx, dy) && single_matches(y, dx, dy);
}

bool is_direction(char c) {
    return c == 'f' || c == 'b' || c == 'l' || c == 'r' || c == 'v' || c == 's';
}

std::vector<std::string> direction_tokens(const std::string& dirs) {
    std::vector<std::string> tokens;
    for (std::size_t i = 0; i < dirs.size();) {
        char c = dirs[i];
        bool vertical = c == 'f' || c == 'b';
        if (i + 1 < dirs.size()) {
            char n = dirs[i + 1];
            bool pair = n == c || (vertical && (n == 'l' || n == 'r' || n == 's')) ||
                        ((c == 'l' || c == 'r') && (n == 'f' || n == 'b' || n == 'v')) ||
                        (c == 'v' && (n == 'l' || n == 'r')) ||
                        (c == 's' && (n == 'f' || n == 'b'));
            if (pair) {
                tokens.push_back(dirs.substr(i, 2));
                i += 2;
                continue;
            }
        }
        tokens.push_back(std::string(1, c));
        ++i;
    }
    return tokens;
}

}  // namespace

std::vector<MoveRule> parse_betza(std::string_view text) {
    if (text.empty()) throw BetzaError(0, "", "the Betza string is empty");
    std::vector<MoveRule> rules;
    std::size_t i = 0;
    while (i < text.size()) {
        const std::size_t group_start = i;
        bool move_only = false, capture_only = false, lame = false, initial = false, wrap = false;
        bool any_way = false, collide = false;
        Hop hop = Hop::None;
        bool touching = false;
        std::string dirs;
        // Modifiers and directions, in any order, up to the atom.
        for (; i < text.size() && std::islower(static_cast<unsigned char>(text[i])); ++i) {
            char c = text[i];
            if (c == 'm')
                move_only = true;
            else if (c == 'c')
                capture_only = true;
            else if (c == 'p')
                hop = Hop::AnyScreen;
            else if (c == 'n' && lame)
                any_way = true;  // nn
            else if (c == 'n')
                lame = true;
            else if (c == 'k')
                collide = true;
            else if (c == 'i')
                initial = true;
            else if (c == 'o')
                wrap = true;
            else if (c == 't')
                touching = true;
            else if (is_direction(c))
                dirs += c;
            else
                throw BetzaError(
                    i, std::string(1, c),
                    fmt::format("unsupported Betza modifier '{}' at position {}", c, i + 1));
        }
        if (i >= text.size())
            throw BetzaError(group_start, std::string(text.substr(group_start)),
                             fmt::format("modifiers '{}' at the end are not followed by an atom",
                                         text.substr(group_start)));
        const char letter = text[i];
        const std::size_t atom_pos = i;
        ++i;

        // Shortcuts expand to their atoms; R, B and Q are riders by themselves.
        std::vector<Atom> atoms;
        int range = 1;
        Atom a{};
        if (letter == 'K')
            atoms = {{1, 0}, {1, 1}};
        else if (letter == 'R')
            atoms = {{1, 0}}, range = 0;
        else if (letter == 'B')
            atoms = {{1, 1}}, range = 0;
        else if (letter == 'Q')
            atoms = {{1, 0}, {1, 1}}, range = 0;
        else if (atom_of(letter, a))
            atoms = {a};
        else
            throw BetzaError(
                atom_pos, std::string(1, letter),
                fmt::format("unsupported Betza atom '{}' at position {}", letter, atom_pos + 1));

        // A doubled atom rides; a number limits the ride (0: no limit).
        if (i < text.size() && text[i] == letter && letter != 'R' && letter != 'B' &&
            letter != 'Q') {
            range = 0;
            ++i;
        }
        if (i < text.size() && std::isdigit(static_cast<unsigned char>(text[i]))) {
            int n = 0;
            std::size_t digits = i;
            // Saturate while reading so that a long digit run cannot wrap past the check.
            while (i < text.size() && std::isdigit(static_cast<unsigned char>(text[i])))
                n = std::min(n * 10 + (text[i++] - '0'), 1000);
            if (n > 32)
                throw BetzaError(
                    digits, std::string(text.substr(digits, i - digits)),
                    fmt::format("range {} at position {} is larger than any board (at most 32)",
                                text.substr(digits, i - digits), digits + 1));
            range = n;
        }
        // X-Y: the second leg's atom, its range as a first leg's is written.
        bool bent = false;
        Atom second{};
        int range2 = 1;
        if (i < text.size() && text[i] == '-') {
            const std::size_t second_pos = ++i;
            const char y = i < text.size() ? text[i] : '\0';
            if (y == 'R' || y == 'B')
                second = {1, y == 'B' ? 1 : 0}, range2 = 0;
            else if (!atom_of(y, second))
                throw BetzaError(second_pos, std::string(1, y),
                                 fmt::format("a bent move's second leg at position {} is not one "
                                             "atom (W F D N A H C Z G, or R, B)",
                                             second_pos + 1));
            ++i;
            if (i < text.size() && text[i] == y && y != 'R' && y != 'B') range2 = 0, ++i;
            if (i < text.size() && std::isdigit(static_cast<unsigned char>(text[i]))) {
                range2 = text[i++] - '0';
                if (i < text.size() && std::isdigit(static_cast<unsigned char>(text[i])))
                    range2 = range2 * 10 + (text[i++] - '0');
            }
            bent = true;
        }
        const std::string group(text.substr(group_start, i - group_start));
        if (bent && (hop != Hop::None || lame || initial || wrap))
            throw BetzaError(group_start, group,
                             fmt::format("'{}': a bent move (X-Y) takes m, c, k and directions, "
                                         "not n, p, i or o",
                                         group));
        if (collide && !bent)
            throw BetzaError(group_start, group,
                             fmt::format("'{}': k (turn before its own piece) needs a bent move "
                                         "(X-Y)",
                                         group));
        if (any_way && (range != 1 || initial))
            throw BetzaError(group_start, group,
                             "nn (lame by any way) applies to leapers, not to first moves (i)");
        if (move_only && capture_only)
            throw BetzaError(group_start, std::string(text.substr(group_start, i - group_start)),
                             fmt::format("'{}' is both move-only (m) and capture-only (c)",
                                         text.substr(group_start, i - group_start)));
        if (touching && hop == Hop::None)
            throw BetzaError(group_start, std::string(text.substr(group_start, i - group_start)),
                             "the extension t (screen on the first square) needs p");
        if (touching) hop = Hop::AdjacentScreen;
        if (hop != Hop::None && range == 1)
            throw BetzaError(
                group_start, std::string(text.substr(group_start, i - group_start)),
                fmt::format("p (hop) on the leaper '{}' is not supported; use it on a rider",
                            text.substr(group_start, i - group_start)));
        // A first move is looked for target by target along a straight way
        // (rules/core/first_moves.cpp), which knows no joined edges.
        if (wrap && initial)
            throw BetzaError(group_start, std::string(text.substr(group_start, i - group_start)),
                             "o (cylindrical) is not supported on a first move (i)");
        if (lame && range != 1)
            throw BetzaError(group_start, std::string(text.substr(group_start, i - group_start)),
                             "n (lame) applies to leapers; riders are always blocked");

        auto tokens = direction_tokens(dirs);
        std::size_t before = rules.size();
        for (const Atom& atom : atoms) {
            // Lines, and the oblique leaps one square longer than wide (N, Z): one orthogonal
            // step, then diagonal ones (the xiangqi horse, the janggi elephant).
            if (lame && !any_way && !(atom.b == 0 || atom.a == atom.b || atom.a == atom.b + 1))
                throw BetzaError(atom_pos, std::string(1, letter),
                                 fmt::format("n (lame) is not defined for the atom '{}'", letter));
            for (auto [dx, dy] : orientations(atom)) {
                bool selected = tokens.empty();
                for (const auto& t : tokens)
                    selected = selected || token_matches(t, dx, dy, atom.b == 0);
                if (!selected) continue;
                MoveRule rule;
                rule.dx = dx;
                rule.dy = dy;
                rule.range = range;
                rule.can_move = !capture_only;
                rule.can_capture = !move_only;
                rule.hop = hop;
                rule.lame = lame;
                rule.initial = initial;
                rule.wrap = wrap;
                rule.any_way = any_way;
                if (!bent) {
                    rules.push_back(rule);
                    continue;
                }
                // The second leg's directions nearest to the first's, not along its line: the
                // largest dot product, its orientations being all of one length.
                rule.bent = true;
                rule.collide = collide;
                rule.range2 = range2;
                const auto seconds = orientations(second);
                int best = INT_MIN;
                for (auto [x, y] : seconds)
                    if (dx * y - dy * x != 0) best = std::max(best, dx * x + dy * y);
                for (auto [x, y] : seconds) {
                    if (dx * y - dy * x == 0 || dx * x + dy * y != best) continue;
                    rule.dx2 = x;
                    rule.dy2 = y;
                    rules.push_back(rule);
                }
            }
        }
        if (rules.size() == before)
            throw BetzaError(group_start, std::string(text.substr(group_start, i - group_start)),
                             fmt::format("the directions '{}' select no move of '{}'", dirs,
                                         text.substr(group_start, i - group_start)));
    }
    return rules;
}

}  // namespace referee::rules
