// Cylinder chess (variants/cylinder.yaml) against a generator of its own: a brute-force one
// written here square by square from the rules as Fairy-Max states them (every piece's
// moves and captures wrap from the h-file to the a-file and back; castling and en passant as
// in chess), sharing nothing with the rules layer but the FEN it is given. Fairy-Stockfish
// does not play the variant, so the perft counts below are this generator's, and two small
// positions are counted by hand as well.
#include <algorithm>
#include <array>
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

namespace cylinder_brute {

using referee::rules::PerftStop;
using referee::rules::Position;
using referee::test::cached_rules;

struct Node {
    std::array<char, 64> at{};  // rank * 8 + file, a1 = 0, '.' empty
    bool white = true;
    int rights = 0;  // 1 K, 2 Q, 4 k, 8 q
    int ep = -1;     // the square a double step passed
};

struct Step {
    int from, to;
    char promotion = 0;  // lower case
    bool en_passant = false, castle = false, double_step = false;
};

bool is_white(char c) {
    return std::isupper(static_cast<unsigned char>(c)) != 0;
}
bool own(const Node& n, int s, bool white) {
    return n.at[s] != '.' && is_white(n.at[s]) == white;
}
// The square (dx, dy) from s with the files joined; -1 off the top or bottom, or back on s.
int wrap_to(int s, int dx, int dy) {
    const int f = ((s % 8 + dx) % 8 + 8) % 8, r = s / 8 + dy;
    if (r < 0 || r > 7 || r * 8 + f == s) return -1;
    return r * 8 + f;
}

const int kKnight[8][2] = {{1, 2}, {2, 1}, {-1, 2}, {-2, 1}, {1, -2}, {2, -1}, {-1, -2}, {-2, -1}};
const int kKing[8][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {1, -1}, {-1, 1}, {-1, -1}};

// Every square the piece on s reaches (moving or capturing), for pieces but pawns: leaps
// once, rides square by square until the first piece or back on s.
std::vector<int> reach(const Node& n, int s) {
    std::vector<int> out;
    const char p = static_cast<char>(std::toupper(static_cast<unsigned char>(n.at[s])));
    if (p == 'N' || p == 'K') {
        for (const auto& v : p == 'N' ? kKnight : kKing)
            if (const int to = wrap_to(s, v[0], v[1]); to >= 0) out.push_back(to);
        return out;
    }
    for (int i = 0; i < 8; ++i) {
        const bool diagonal = i >= 4;
        if ((p == 'R' && diagonal) || (p == 'B' && !diagonal)) continue;
        for (int at = s;;) {
            at = wrap_to(at, kKing[i][0], kKing[i][1]);
            if (at < 0 || at == s) break;
            out.push_back(at);
            if (n.at[at] != '.') break;
        }
    }
    // On the cylinder a bishop's two diagonals meet again (b1 reaches f5 by c2 and by a2):
    // one move to that square, not two.
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
}

bool attacked(const Node& n, int sq, bool by_white) {
    for (int s = 0; s < 64; ++s) {
        if (!own(n, s, by_white)) continue;
        if (std::toupper(static_cast<unsigned char>(n.at[s])) == 'P') {
            const int dy = by_white ? 1 : -1;
            if (wrap_to(s, 1, dy) == sq || wrap_to(s, -1, dy) == sq) return true;
            continue;
        }
        for (int to : reach(n, s))
            if (to == sq) return true;
    }
    return false;
}

Node after(const Node& n, const Step& m) {
    Node x = n;
    const char piece = x.at[m.from];
    x.at[m.to] = m.promotion
                     ? (n.white ? static_cast<char>(std::toupper(m.promotion)) : m.promotion)
                     : piece;
    x.at[m.from] = '.';
    if (m.en_passant) x.at[m.to + (n.white ? -8 : 8)] = '.';
    if (m.castle) {
        const bool king_side = m.to % 8 == 6;
        const int rank = m.from / 8 * 8;
        x.at[rank + (king_side ? 5 : 3)] = x.at[rank + (king_side ? 7 : 0)];
        x.at[rank + (king_side ? 7 : 0)] = '.';
    }
    for (int s : {m.from, m.to}) {
        if (s == 4) x.rights &= ~3;
        if (s == 60) x.rights &= ~12;
        if (s == 7) x.rights &= ~1;
        if (s == 0) x.rights &= ~2;
        if (s == 63) x.rights &= ~4;
        if (s == 56) x.rights &= ~8;
    }
    x.ep = m.double_step ? (m.from + m.to) / 2 : -1;
    x.white = !n.white;
    return x;
}

std::vector<Step> legal(const Node& n) {
    std::vector<Step> pseudo;
    const bool w = n.white;
    auto add_pawn = [&](int from, int to, bool ep = false) {
        if (to / 8 == (w ? 7 : 0)) {
            for (char q : {'q', 'r', 'b', 'n'}) pseudo.push_back({from, to, q});
        } else {
            Step m{from, to};
            m.en_passant = ep;
            pseudo.push_back(m);
        }
    };
    for (int s = 0; s < 64; ++s) {
        if (!own(n, s, w)) continue;
        if (std::toupper(static_cast<unsigned char>(n.at[s])) == 'P') {
            const int dy = w ? 1 : -1, one = wrap_to(s, 0, dy);
            if (one >= 0 && n.at[one] == '.') {
                add_pawn(s, one);
                const int two = wrap_to(one, 0, dy);
                if (s / 8 == (w ? 1 : 6) && n.at[two] == '.') {
                    Step m{s, two};
                    m.double_step = true;
                    pseudo.push_back(m);
                }
            }
            for (int dx : {-1, 1}) {
                const int to = wrap_to(s, dx, dy);
                if (to < 0) continue;
                if (n.at[to] != '.' && !own(n, to, w)) add_pawn(s, to);
                if (to == n.ep) add_pawn(s, to, true);
            }
            continue;
        }
        for (int to : reach(n, s))
            if (!own(n, to, w)) pseudo.push_back({s, to});
    }
    // Castling as in chess: the squares between empty, the king not in check, not passing
    // or landing on an attacked square.
    const int rank = w ? 0 : 56;
    const int king_bit = w ? 1 : 4, queen_bit = w ? 2 : 8;
    const auto empty = [&](std::initializer_list<int> files) {
        for (int f : files)
            if (n.at[rank + f] != '.') return false;
        return true;
    };
    const auto safe = [&](std::initializer_list<int> files) {
        for (int f : files)
            if (attacked(n, rank + f, !w)) return false;
        return true;
    };
    if ((n.rights & king_bit) && empty({5, 6}) && safe({4, 5, 6})) {
        Step m{rank + 4, rank + 6};
        m.castle = true;
        pseudo.push_back(m);
    }
    if ((n.rights & queen_bit) && empty({1, 2, 3}) && safe({4, 3, 2})) {
        Step m{rank + 4, rank + 2};
        m.castle = true;
        pseudo.push_back(m);
    }
    std::vector<Step> out;
    for (const Step& m : pseudo) {
        const Node x = after(n, m);
        int king = -1;
        for (int s = 0; s < 64; ++s)
            if (x.at[s] == (w ? 'K' : 'k')) king = s;
        if (!attacked(x, king, !w)) out.push_back(m);
    }
    return out;
}

std::uint64_t perft(const Node& n, int depth) {
    return referee::test::brute_perft(n, depth, legal, after);
}

Node from_fen(const std::string& fen) {
    Node n;
    std::istringstream in(fen);
    std::string placement, side, rights, ep;
    in >> placement >> side >> rights >> ep;
    int rank = 7, file = 0;
    for (char c : placement) {
        if (c == '/') {
            --rank, file = 0;
        } else if (std::isdigit(static_cast<unsigned char>(c))) {
            for (int k = 0; k < c - '0'; ++k) n.at[rank * 8 + file++] = '.';
        } else {
            n.at[rank * 8 + file++] = c;
        }
    }
    n.white = side == "w";
    for (char c : rights) n.rights |= c == 'K' ? 1 : c == 'Q' ? 2 : c == 'k' ? 4 : c == 'q' ? 8 : 0;
    if (ep != "-") n.ep = (ep[1] - '1') * 8 + (ep[0] - 'a');
    return n;
}

std::string uci(const Step& m) {
    auto name = [](int s) { return std::string{char('a' + s % 8), char('1' + s / 8)}; };
    return name(m.from) + name(m.to) + (m.promotion ? std::string(1, m.promotion) : "");
}

std::set<std::string> names(const Node& n) {
    std::set<std::string> out;
    for (const Step& m : legal(n)) out.insert(uci(m));
    return out;
}

const char* kStart = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

TEST(CylinderPerft, SmallPositionsCountedByHand) {
    const auto& rules = cached_rules("cylinder");
    // Rook a1: b1-d1, and round the edge h1-f1 (the king on e1 ends both ways); a2-a8: 13.
    // King e1: d1 f1 d2 e2 f2: 5. In chess it would be 15.
    const char* rook = "2k5/8/8/8/8/8/8/R3K3 w - - 0 1";
    EXPECT_EQ(rules.from_fen(rook).perft(1, PerftStop::Immediate), 18u);
    EXPECT_EQ(perft(from_fen(rook), 1), 18u);
    // Knight a1: b3 c2, and round the edge g2 h3; king e1: 5. In chess 7.
    const char* knight = "4k3/8/8/8/8/8/8/N3K3 w - - 0 1";
    EXPECT_EQ(rules.from_fen(knight).perft(1, PerftStop::Immediate), 9u);
    EXPECT_EQ(perft(from_fen(knight), 1), 9u);
}

// The counts are the brute-force generator's above, checked against it once more here.
// Chess from the same start gives 20, 400, 8902, 197281: here 1. c3, c4, g3 or g4 pins a
// black pawn at once (the queen's d1-a4-h5-e8 and the bishop's f1-h3-a4-e8 diagonals run
// round the edge), two replies fewer each, 392.
TEST(CylinderPerft, FromTheStartAsTheBruteForceGeneratorCounts) {
    const Position pos = cached_rules("cylinder").start();
    const Node start = from_fen(kStart);
    const std::uint64_t expected[] = {20, 392, 9162, 211036};
    for (int depth = 1; depth <= 3; ++depth) {
        EXPECT_EQ(pos.perft(depth, PerftStop::Immediate), expected[depth - 1]) << depth;
        EXPECT_EQ(perft(start, depth), expected[depth - 1]) << depth;
    }
    EXPECT_EQ(pos.perft(4, PerftStop::Immediate), expected[3]);
    EXPECT_EQ(perft(start, 4), expected[3]);
}

// Positions where the edges matter, at depth 3, counted by both.
TEST(CylinderPerft, WrappingPositionsAgreeWithTheBruteForceGenerator) {
    for (const char* fen : {
             // Castling past a bishop that sees f1 round the edge; rooks on the open rank.
             "r3k2r/8/8/1b6/8/8/PPPPPP1P/R3K2R w KQkq - 0 1",
             // A pin round the edge (h1 between f1's rook and a1's king), knights by the edge.
             "4k3/8/n7/8/8/7n/8/KB3r1N w - - 0 1",
             // En passant round the edge (h5 takes a6), promotions by the edge.
             "4k3/p5P1/8/7P/8/8/1p6/4K3 b - - 0 1",
             "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
         }) {
        SCOPED_TRACE(fen);
        const Position pos = cached_rules("cylinder").from_fen(fen);
        EXPECT_EQ(pos.perft(3, PerftStop::Immediate), perft(from_fen(fen), 3));
    }
}

// Random games, the legal moves compared position by position: wherever the two disagree
// the test names the position and the moves only one of them has.
TEST(CylinderPerft, RandomGamesHaveTheBruteForceGeneratorsMoves) {
    const auto& rules = cached_rules("cylinder");
    std::mt19937 rng(20240601);
    for (int game = 0; game < 40; ++game) {
        Position pos = rules.start();
        for (int ply = 0; ply < 120 && !pos.outcome(); ++ply) {
            const Node n = from_fen(pos.fen());
            const auto theirs = names(n);
            ASSERT_EQ(referee::test::legal_uci_names(pos), theirs) << pos.fen();
            const auto moves = pos.legal_moves();
            if (moves.empty()) break;
            pos.play(moves[std::uniform_int_distribution<std::size_t>(0, moves.size() - 1)(rng)]);
        }
    }
}

}  // namespace cylinder_brute
