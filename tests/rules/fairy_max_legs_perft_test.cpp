// Fairy-Max's variants with moves of several legs (variants/falcon.yaml, bifurcator.yaml,
// team-mate.yaml, super.yaml) against a generator of their own: a brute-force one written
// here square by square from fmax.ini's piece lines as Fairy-Max's move generator reads
// them (the Falcon's multi-path test: a leap (1,3) or (2,3) made as t t u, t u t or u t t, t
// the step it takes twice, as fairymax.c tests its three ways; the bifurcator's slide to the
// first piece, and on from the square before it when that piece is its own; the griffon's
// step and outward diagonal; team-mate's knight leap and one step further), sharing nothing
// with the rules layer but the FEN it is given. Neither Fairy-Stockfish plays these, so the
// perft counts below are this generator's, checked against the rules at each depth.
#include <algorithm>
#include <cctype>
#include <cstdint>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "referee/rules/core/position.hpp"
#include "tests/support/brute_perft.hpp"
#include "tests/support/rules.hpp"

namespace fmax_legs_brute {

using referee::rules::PerftStop;
using referee::rules::Position;
using referee::test::cached_rules;

enum class Game { Falcon, Bifurcator, TeamMate, Super };

struct Castle {
    int bit;                          // 1 K, 2 Q (Black's shifted by 2)
    int king_to, rook_from, rook_to;  // files
};

struct Rules {
    Game game;
    int w = 8, h = 8;
    int king_file = 4;
    std::vector<Castle> castles;
    std::string promotions;  // lower case
};

struct Node {
    const Rules* rules = nullptr;
    std::vector<char> at;  // rank * w + file, '.' empty
    bool white = true;
    int rights = 0;  // 1 K, 2 Q, 4 k, 8 q
    int ep = -1;
};

struct Step {
    int from, to;
    char promotion = 0;
    bool en_passant = false, castle = false, double_step = false;
};

bool is_white(char c) {
    return std::isupper(static_cast<unsigned char>(c)) != 0;
}
bool own(const Node& n, int s, bool white) {
    return n.at[s] != '.' && is_white(n.at[s]) == white;
}
// The square (dx, dy) from s, -1 off the board.
int to_sq(const Node& n, int s, int dx, int dy) {
    const int f = s % n.rules->w + dx, r = s / n.rules->w + dy;
    if (f < 0 || f >= n.rules->w || r < 0 || r >= n.rules->h) return -1;
    return r * n.rules->w + f;
}
bool empty(const Node& n, int s) {
    return n.at[s] == '.';
}

const int kKing[8][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {1, -1}, {-1, 1}, {-1, -1}};
const int kKnight[8][2] = {{1, 2}, {2, 1}, {-1, 2}, {-2, 1}, {1, -2}, {2, -1}, {-1, -2}, {-2, -1}};

void leaps(const Node& n, int s, std::initializer_list<std::pair<int, int>> atoms,
           std::vector<int>& out) {
    for (auto [a, b] : atoms)
        for (int sx : {1, -1})
            for (int sy : {1, -1})
                for (auto [dx, dy] : {std::pair{sx * a, sy * b}, std::pair{sx * b, sy * a}})
                    if (const int to = to_sq(n, s, dx, dy); to >= 0) out.push_back(to);
}

// A slide from s along (dx, dy) in steps of that vector, its first piece included.
void slide(const Node& n, int s, int dx, int dy, std::vector<int>& out) {
    for (int at = to_sq(n, s, dx, dy); at >= 0; at = to_sq(n, at, dx, dy)) {
        out.push_back(at);
        if (!empty(n, at)) break;
    }
}
void slides(const Node& n, int s, bool orthogonal, bool diagonal, std::vector<int>& out) {
    for (int i = orthogonal ? 0 : 4; i < (diagonal ? 8 : 4); ++i)
        slide(n, s, kKing[i][0], kKing[i][1], out);
}

// The Falcon: fmax.ini's sixteen leaps, each with the step t it takes twice and u the other,
// tested as fairymax.c's MULTIPATH block does: t t u, t u t, u t t.
void falcon(const Node& n, int s, std::vector<int>& out) {
    for (int sx : {1, -1})
        for (int sy : {1, -1})
            for (int wide = 0; wide < 2; ++wide)
                for (int across = 1; across <= 2; ++across) {
                    // Three along the long axis, `across` along the other.
                    const int dx = sx * (wide ? 3 : across), dy = sy * (wide ? across : 3);
                    const int to = to_sq(n, s, dx, dy);
                    if (to < 0) continue;
                    // (1,3): t orthogonal along the long axis; (2,3): t diagonal.
                    const int tx = across == 1 ? (wide ? sx : 0) : sx;
                    const int ty = across == 1 ? (wide ? 0 : sy) : sy;
                    const int ux = dx - 2 * tx, uy = dy - 2 * ty;
                    const int t1 = to_sq(n, s, tx, ty), t2 = to_sq(n, s, 2 * tx, 2 * ty);
                    const int u1 = to_sq(n, s, ux, uy), tu = to_sq(n, s, tx + ux, ty + uy);
                    const bool open = (empty(n, t1) && empty(n, t2)) ||
                                      (empty(n, t1) && empty(n, tu)) ||
                                      (empty(n, u1) && empty(n, tu));
                    if (open) out.push_back(to);
                }
}

// A colliding bifurcator: along each line to its first piece; if that is its own, from the
// square before it (its own square when next to it) on along the two lines 45 degrees off.
void bifurcate(const Node& n, int s, bool rook, std::vector<int>& out) {
    const bool white = is_white(n.at[s]);
    for (int i = rook ? 0 : 4; i < (rook ? 4 : 8); ++i) {
        const int dx = kKing[i][0], dy = kKing[i][1];
        int before = s, at = to_sq(n, s, dx, dy);
        while (at >= 0 && empty(n, at)) before = at, at = to_sq(n, at, dx, dy);
        if (at < 0 || !own(n, at, white)) continue;
        if (rook) {  // (1,0) turns to (1,1) and (1,-1)
            slide(n, before, dx + dy, dy + dx, out);
            slide(n, before, dx - dy, dy - dx, out);
        } else {  // (1,1) turns to (1,0) and (0,1)
            slide(n, before, dx, 0, out);
            slide(n, before, 0, dy, out);
        }
    }
}

// Every square the piece on s reaches (moving or capturing), pawns aside.
std::vector<int> reach(const Node& n, int s) {
    std::vector<int> out;
    const char p = static_cast<char>(std::toupper(static_cast<unsigned char>(n.at[s])));
    const Game game = n.rules->game;
    const bool knight_too = game == Game::Super && (p == 'A' || p == 'E' || p == 'S' || p == 'V');
    if (knight_too) leaps(n, s, {{2, 1}}, out);
    if (p == 'K' || (game == Game::Super && p == 'V')) leaps(n, s, {{1, 0}, {1, 1}}, out);
    if (p == 'N') leaps(n, s, {{2, 1}}, out);
    if (p == 'Q' || (game == Game::Super && p == 'A')) slides(n, s, true, true, out);
    if (p == 'R' || (game == Game::Super && p == 'E')) slides(n, s, true, false, out);
    if (p == 'B' || (game == Game::Super && p == 'S')) slides(n, s, false, true, out);
    if (game == Game::Falcon && p == 'F') falcon(n, s, out);
    if (game == Game::Bifurcator && (p == 'R' || p == 'B')) bifurcate(n, s, p == 'R', out);
    if (game == Game::TeamMate) {
        if (p == 'M') leaps(n, s, {{2, 2}, {3, 3}}, out);
        if (p == 'E') leaps(n, s, {{1, 1}, {2, 2}}, out);
        if (p == 'F') leaps(n, s, {{1, 0}, {2, 2}}, out);
        if (p == 'U') leaps(n, s, {{1, 0}, {2, 1}}, out);
        if (p == 'J') {
            slides(n, s, false, true, out);
            for (int i = 0; i < 4; ++i) slide(n, s, 2 * kKing[i][0], 2 * kKing[i][1], out);
        }
        if (p == 'A')  // a step; from it, if empty, on diagonally outward
            for (int i = 0; i < 4; ++i) {
                const int dx = kKing[i][0], dy = kKing[i][1];
                const int step = to_sq(n, s, dx, dy);
                if (step < 0) continue;
                out.push_back(step);
                if (!empty(n, step)) continue;
                slide(n, step, dx + dy, dy + dx, out);
                slide(n, step, dx - dy, dy - dx, out);
            }
        if (p == 'C')  // a knight's leap; from it, if empty, one step along its long side
            for (const auto& v : kKnight) {
                const int leap = to_sq(n, s, v[0], v[1]);
                if (leap < 0) continue;
                out.push_back(leap);
                const bool wide = std::abs(v[0]) == 2;
                const int further = to_sq(n, leap, wide ? v[0] / 2 : 0, wide ? 0 : v[1] / 2);
                if (further >= 0 && empty(n, leap)) out.push_back(further);
            }
    }
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
}

bool attacked(const Node& n, int sq, bool by_white) {
    for (int s = 0; s < static_cast<int>(n.at.size()); ++s) {
        if (!own(n, s, by_white)) continue;
        if (std::toupper(static_cast<unsigned char>(n.at[s])) == 'P') {
            const int dy = by_white ? 1 : -1;
            if (to_sq(n, s, 1, dy) == sq || to_sq(n, s, -1, dy) == sq) return true;
            continue;
        }
        for (int to : reach(n, s))
            if (to == sq) return true;
    }
    return false;
}

Node after(const Node& n, const Step& m) {
    const int w = n.rules->w;
    Node x = n;
    const char piece = x.at[m.from];
    x.at[m.to] = m.promotion
                     ? (n.white ? static_cast<char>(std::toupper(m.promotion)) : m.promotion)
                     : piece;
    x.at[m.from] = '.';
    if (m.en_passant) x.at[m.to + (n.white ? -w : w)] = '.';
    const int home = n.white ? 0 : (n.rules->h - 1) * w;
    if (m.castle)
        for (const Castle& c : n.rules->castles)
            if (m.to == home + c.king_to) {
                x.at[home + c.rook_to] = x.at[home + c.rook_from];
                x.at[home + c.rook_from] = '.';
            }
    for (int s : {m.from, m.to})
        for (int side = 0; side < 2; ++side) {
            const int rank = side == 0 ? 0 : (n.rules->h - 1) * w;
            for (const Castle& c : n.rules->castles)
                if (s == rank + n.rules->king_file || s == rank + c.rook_from)
                    x.rights &= ~(c.bit << (2 * side));
        }
    x.ep = m.double_step ? (m.from + m.to) / 2 : -1;
    x.white = !n.white;
    return x;
}

std::vector<Step> legal(const Node& n) {
    const Rules& rules = *n.rules;
    std::vector<Step> pseudo;
    const bool w = n.white;
    auto add_pawn = [&](int from, int to, bool ep = false) {
        if (to / rules.w == (w ? rules.h - 1 : 0)) {
            for (char q : rules.promotions) pseudo.push_back({from, to, q});
        } else {
            Step m{from, to};
            m.en_passant = ep;
            pseudo.push_back(m);
        }
    };
    for (int s = 0; s < static_cast<int>(n.at.size()); ++s) {
        if (!own(n, s, w)) continue;
        if (std::toupper(static_cast<unsigned char>(n.at[s])) == 'P') {
            const int dy = w ? 1 : -1, one = to_sq(n, s, 0, dy);
            if (one >= 0 && empty(n, one)) {
                add_pawn(s, one);
                const int two = to_sq(n, one, 0, dy);
                if (s / rules.w == (w ? 1 : rules.h - 2) && empty(n, two)) {
                    Step m{s, two};
                    m.double_step = true;
                    pseudo.push_back(m);
                }
            }
            for (int dx : {-1, 1}) {
                const int to = to_sq(n, s, dx, dy);
                if (to < 0) continue;
                if (!empty(n, to) && !own(n, to, w)) add_pawn(s, to);
                if (to == n.ep) add_pawn(s, to, true);
            }
            continue;
        }
        for (int to : reach(n, s))
            if (!own(n, to, w)) pseudo.push_back({s, to});
    }
    // Castling: every square between king and rook empty but theirs and the landing squares,
    // the king not in check, not passing or landing on an attacked square.
    const int home = w ? 0 : (rules.h - 1) * rules.w;
    for (const Castle& c : rules.castles) {
        if (!(n.rights & (c.bit << (w ? 0 : 2)))) continue;
        const int k = rules.king_file;
        bool ok = n.at[home + k] == (w ? 'K' : 'k') && own(n, home + c.rook_from, w);
        const int lo = std::min({k, c.king_to, c.rook_from, c.rook_to});
        const int hi = std::max({k, c.king_to, c.rook_from, c.rook_to});
        for (int f = lo; f <= hi && ok; ++f)
            if (f != k && f != c.rook_from && !empty(n, home + f)) ok = false;
        for (int f = std::min(k, c.king_to); f <= std::max(k, c.king_to) && ok; ++f)
            if (attacked(n, home + f, !w)) ok = false;
        if (!ok) continue;
        Step m{home + k, home + c.king_to};
        m.castle = true;
        pseudo.push_back(m);
    }
    std::vector<Step> out;
    for (const Step& m : pseudo) {
        const Node x = after(n, m);
        int king = -1;
        for (int s = 0; s < static_cast<int>(x.at.size()); ++s)
            if (x.at[s] == (w ? 'K' : 'k')) king = s;
        if (!attacked(x, king, !w)) out.push_back(m);
    }
    return out;
}

std::uint64_t perft(const Node& n, int depth) {
    return referee::test::brute_perft(n, depth, legal, after);
}

Node from_fen(const Rules& rules, const std::string& fen) {
    Node n;
    n.rules = &rules;
    n.at.assign(rules.w * rules.h, '.');
    std::istringstream in(fen);
    std::string placement, side, rights, ep;
    in >> placement >> side >> rights >> ep;
    int rank = rules.h - 1, file = 0;
    for (std::size_t i = 0; i < placement.size(); ++i) {
        const char c = placement[i];
        if (c == '/') {
            --rank, file = 0;
        } else if (std::isdigit(static_cast<unsigned char>(c))) {
            int k = c - '0';
            if (i + 1 < placement.size() &&
                std::isdigit(static_cast<unsigned char>(placement[i + 1])))
                k = k * 10 + (placement[++i] - '0');
            file += k;
        } else {
            n.at[rank * rules.w + file++] = c;
        }
    }
    n.white = side == "w";
    for (char c : rights) n.rights |= c == 'K' ? 1 : c == 'Q' ? 2 : c == 'k' ? 4 : c == 'q' ? 8 : 0;
    if (ep != "-") n.ep = (std::stoi(ep.substr(1)) - 1) * rules.w + (ep[0] - 'a');
    return n;
}

std::string uci(const Rules& rules, const Step& m) {
    auto name = [&](int s) { return char('a' + s % rules.w) + std::to_string(s / rules.w + 1); };
    return name(m.from) + name(m.to) + (m.promotion ? std::string(1, m.promotion) : "");
}

std::set<std::string> names(const Node& n) {
    std::set<std::string> out;
    for (const Step& m : legal(n)) out.insert(uci(*n.rules, m));
    return out;
}

const Rules kFalcon{Game::Falcon, 10, 8, 5, {{1, 8, 9, 7}, {2, 2, 0, 3}}, "qfrbn"};
const Rules kBifurcator{Game::Bifurcator, 8, 8, 4, {{1, 6, 7, 5}, {2, 2, 0, 3}}, "qrbn"};
const Rules kTeamMate{Game::TeamMate, 8, 8, 4, {{1, 6, 7, 5}, {2, 2, 0, 3}}, "cjumefn"};
const Rules kSuper{Game::Super, 8, 8, 4, {{1, 6, 7, 5}, {2, 2, 0, 3}}, "qaesvrbn"};

struct Case {
    const char* variant;
    const Rules* rules;
};
const Case kCases[] = {{"falcon", &kFalcon},
                       {"bifurcator", &kBifurcator},
                       {"team-mate", &kTeamMate},
                       {"super", &kSuper}};

const Rules& brute_rules(const std::string& variant) {
    for (const Case& c : kCases)
        if (variant == c.variant) return *c.rules;
    throw std::logic_error(variant);
}

// From each start, depths 1 to 3 as the brute-force generator counts them, checked against
// it once more here. Falcon's 24 are chess's 20 and its knights' extra squares (every way
// of the falcons is blocked by their own pawns); team-mate's 27: pawns 16, N g3 h3, C g3 and
// g4 (on from g3), U b3, F d3, E a3 e3, M d3 h3 c4. Bifurcator and super start as chess
// does (20, 400, 8902): bifurcator's third ply has 9924, its bishops and rooks turning
// before the pawns that moved; super differs from chess from its ninth ply (promotions).

TEST(FairyMaxLegsPerft, FromTheStartAsTheBruteForceGeneratorCounts) {
    struct Expected {
        const char* variant;
        std::uint64_t counts[3];
    };
    for (const Expected& e :
         {Expected{"falcon", {24, 576, 15766}}, Expected{"bifurcator", {20, 400, 9924}},
          Expected{"team-mate", {27, 729, 20378}}, Expected{"super", {20, 400, 8902}}}) {
        SCOPED_TRACE(e.variant);
        const Position pos = cached_rules(e.variant).start();
        const Node start = from_fen(brute_rules(e.variant), pos.fen());
        for (int depth = 1; depth <= 3; ++depth) {
            EXPECT_EQ(pos.perft(depth, PerftStop::Immediate), e.counts[depth - 1]) << depth;
            EXPECT_EQ(perft(start, depth), e.counts[depth - 1]) << depth;
        }
    }
}

// Positions where the legs matter, at depth 2 or 3, counted by both.
TEST(FairyMaxLegsPerft, PositionsWhereTheLegsMatterAgree) {
    struct Probe {
        const char* variant;
        const char* fen;
        int depth;
    };
    for (const Probe& p : {
             // Falcons in the open and by blockers; a falcon's check through one of three ways.
             Probe{"falcon", "9k/10/2p7/3F6/2pP1f4/10/3N6/5K4 w - - 0 1", 3},
             Probe{"falcon", "r4k3r/1f6f1/10/10/10/10/1F6F1/R4K3R w KQkq - 0 1", 3},
             // Bifurcators turning at their own pieces, captures on the turned line, a
             // bifurcated check, castling past one.
             Probe{"bifurcator", "r3k2r/1b4p1/8/2R1P3/8/1B6/P4N2/R3K2R w KQkq - 0 1", 3},
             Probe{"bifurcator", "4k3/8/3p4/8/1B1N4/8/3R1r2/4K3 b - - 0 1", 3},
             // The griffon and the bent knight in the open, blocked, checking.
             Probe{"team-mate", "4k3/2p5/8/3A4/1p6/4C3/8/4K3 w - - 0 1", 3},
             Probe{"team-mate", "u3k2c/pp3ppp/8/3Pa3/4pc2/2N5/PP3PPP/U3K2C w KQkq - 0 1", 3},
             // Promotions to the Superchess pieces, and their checks.
             Probe{"super", "4k3/P6P/8/8/8/6v1/1a6/4K3 w - - 0 1", 3},
         }) {
        SCOPED_TRACE(std::string(p.variant) + " " + p.fen);
        const Position pos = cached_rules(p.variant).from_fen(p.fen);
        EXPECT_EQ(pos.perft(p.depth, PerftStop::Immediate),
                  perft(from_fen(brute_rules(p.variant), p.fen), p.depth));
    }
}

// Random games, the legal moves compared position by position: wherever the two disagree
// the test names the position and the moves only one of them has.
TEST(FairyMaxLegsPerft, RandomGamesHaveTheBruteForceGeneratorsMoves) {
    std::mt19937 rng(20261129);
    for (const Case& c : kCases) {
        SCOPED_TRACE(c.variant);
        const auto& rules = cached_rules(c.variant);
        for (int game = 0; game < 12; ++game) {
            Position pos = rules.start();
            for (int ply = 0; ply < 120 && !pos.outcome(); ++ply) {
                const auto theirs = names(from_fen(*c.rules, pos.fen()));
                ASSERT_EQ(referee::test::legal_uci_names(pos), theirs) << pos.fen();
                const auto moves = pos.legal_moves();
                if (moves.empty()) break;
                pos.play(
                    moves[std::uniform_int_distribution<std::size_t>(0, moves.size() - 1)(rng)]);
            }
        }
    }
}

}  // namespace fmax_legs_brute
