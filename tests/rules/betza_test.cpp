// The Betza parser: each atom, shortcut, rider form, modifier and direction, and an error
// for everything outside the supported subset. Expected vectors are the standard Betza
// meanings (e.g. the XBoard/Fairy-Stockfish documentation), written out by hand.
#include <algorithm>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

#include "referee/rules/variant/betza.hpp"

namespace {

using referee::rules::BetzaError;
using referee::rules::Hop;
using referee::rules::MoveRule;
using referee::rules::parse_betza;

using Vectors = std::set<std::pair<int, int>>;

Vectors vectors_of(const std::vector<MoveRule>& rules) {
    Vectors out;
    for (const auto& r : rules) out.emplace(r.dx, r.dy);
    return out;
}

Vectors vectors(const char* betza) {
    return vectors_of(parse_betza(betza));
}

const Vectors kOrthogonal = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
const Vectors kDiagonal = {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}};
const Vectors kKnight = {{1, 2}, {2, 1}, {-1, 2}, {-2, 1}, {1, -2}, {2, -1}, {-1, -2}, {-2, -1}};

TEST(BetzaAtoms, EachLeaperHasItsEightfoldVectors) {
    EXPECT_EQ(vectors("W"), kOrthogonal);
    EXPECT_EQ(vectors("F"), kDiagonal);
    EXPECT_EQ(vectors("D"), (Vectors{{2, 0}, {-2, 0}, {0, 2}, {0, -2}}));
    EXPECT_EQ(vectors("N"), kKnight);
    EXPECT_EQ(vectors("A"), (Vectors{{2, 2}, {2, -2}, {-2, 2}, {-2, -2}}));
    EXPECT_EQ(vectors("H"), (Vectors{{3, 0}, {-3, 0}, {0, 3}, {0, -3}}));
    EXPECT_EQ(vectors("G"), (Vectors{{3, 3}, {3, -3}, {-3, 3}, {-3, -3}}));
    EXPECT_EQ(vectors("C").size(), 8u);  // camel (3,1)
    EXPECT_EQ(vectors("Z").size(), 8u);  // zebra (3,2)
    EXPECT_TRUE(vectors("C").count({3, 1}) && vectors("C").count({-1, -3}));
    EXPECT_TRUE(vectors("Z").count({2, 3}) && vectors("Z").count({-3, -2}));
    for (const auto& r : parse_betza("WFDNAHCZG")) {
        EXPECT_EQ(r.range, 1) << "a leaper does not ride";
        EXPECT_TRUE(r.can_move && r.can_capture);
        EXPECT_EQ(r.hop, Hop::None);
        EXPECT_FALSE(r.lame);
    }
}

TEST(BetzaShortcuts, KingRookBishopQueen) {
    Vectors king = kOrthogonal;
    king.insert(kDiagonal.begin(), kDiagonal.end());
    EXPECT_EQ(vectors("K"), king);
    for (const auto& r : parse_betza("K")) EXPECT_EQ(r.range, 1);
    EXPECT_EQ(vectors("R"), kOrthogonal);
    EXPECT_EQ(vectors("B"), kDiagonal);
    EXPECT_EQ(vectors("Q"), king);
    for (const char* rider : {"R", "B", "Q"})
        for (const auto& r : parse_betza(rider))
            EXPECT_EQ(r.range, 0) << rider << " rides without limit";
}

TEST(BetzaRiders, DoubledAtomRidesWithoutLimit) {
    for (const auto& r : parse_betza("WW")) EXPECT_EQ(r.range, 0);
    EXPECT_EQ(vectors("WW"), kOrthogonal);
    EXPECT_EQ(vectors("NN"), kKnight);  // the nightrider
    for (const auto& r : parse_betza("NN")) EXPECT_EQ(r.range, 0);
    EXPECT_EQ(parse_betza("WW"), parse_betza("R"));
}

TEST(BetzaRiders, NumberLimitsTheRide) {
    for (const auto& r : parse_betza("W3")) EXPECT_EQ(r.range, 3);
    for (const auto& r : parse_betza("R2")) EXPECT_EQ(r.range, 2);
    for (const auto& r : parse_betza("F0")) EXPECT_EQ(r.range, 0) << "0 means without limit";
    for (const auto& r : parse_betza("N12")) EXPECT_EQ(r.range, 12);
    EXPECT_TRUE(parse_betza("W3")[0].is_rider());
    EXPECT_FALSE(parse_betza("W")[0].is_rider());
}

TEST(BetzaModifiers, MoveOnlyCaptureOnly) {
    for (const auto& r : parse_betza("mW")) EXPECT_TRUE(r.can_move && !r.can_capture);
    for (const auto& r : parse_betza("cF")) EXPECT_TRUE(!r.can_move && r.can_capture);
    // The pawn: steps forward, captures diagonally forward.
    const auto pawn = parse_betza("mfWcfF");
    ASSERT_EQ(pawn.size(), 3u);
    for (const auto& r : pawn) {
        if (r.dx == 0)
            EXPECT_TRUE(r == (MoveRule{0, 1, 1, true, false, Hop::None, false}));
        else
            EXPECT_TRUE(r.dy == 1 && !r.can_move && r.can_capture);
    }
}

TEST(BetzaModifiers, HopperAndLameLeaper) {
    for (const auto& r : parse_betza("pR")) {
        EXPECT_EQ(r.hop, Hop::AnyScreen);
        EXPECT_EQ(r.range, 0);
    }
    // Cannon: rides to move, hops to capture.
    const auto cannon = parse_betza("mRcpR");
    EXPECT_EQ(cannon.size(), 8u);
    for (const auto& r : parse_betza("nN")) EXPECT_TRUE(r.lame && r.range == 1);
    EXPECT_EQ(vectors("nN"), kKnight);
    for (const auto& r : parse_betza("nA")) EXPECT_TRUE(r.lame);
    for (const auto& r : parse_betza("nD")) EXPECT_TRUE(r.lame);
}

TEST(BetzaDirections, SingleLetters) {
    EXPECT_EQ(vectors("fW"), (Vectors{{0, 1}}));
    EXPECT_EQ(vectors("bW"), (Vectors{{0, -1}}));
    EXPECT_EQ(vectors("lW"), (Vectors{{-1, 0}}));
    EXPECT_EQ(vectors("rW"), (Vectors{{1, 0}}));
    EXPECT_EQ(vectors("vW"), (Vectors{{0, 1}, {0, -1}}));
    EXPECT_EQ(vectors("sW"), (Vectors{{1, 0}, {-1, 0}}));
    EXPECT_EQ(vectors("fF"), (Vectors{{1, 1}, {-1, 1}}));
    EXPECT_EQ(vectors("bF"), (Vectors{{1, -1}, {-1, -1}}));
    EXPECT_EQ(vectors("fN"), (Vectors{{1, 2}, {-1, 2}, {2, 1}, {-2, 1}}));
    EXPECT_EQ(vectors("vN"),
              (Vectors{{1, 2}, {-1, 2}, {1, -2}, {-1, -2}}));  // the narrow knight moves
    EXPECT_EQ(vectors("sN"), (Vectors{{2, 1}, {-2, 1}, {2, -1}, {-2, -1}}));  // the wide ones
    EXPECT_EQ(vectors("fbW"), (Vectors{{0, 1}, {0, -1}}));  // two letters that do not pair: a union
}

TEST(BetzaDirections, Pairs) {
    EXPECT_EQ(vectors("flF"), (Vectors{{-1, 1}}));
    EXPECT_EQ(vectors("frF"), (Vectors{{1, 1}}));
    EXPECT_EQ(vectors("brF"), (Vectors{{1, -1}}));
    EXPECT_EQ(vectors("flN"), (Vectors{{-1, 2}, {-2, 1}}));
    EXPECT_EQ(vectors("ffN"), (Vectors{{1, 2}, {-1, 2}}));  // forward and mostly forward
    EXPECT_EQ(vectors("fsN"), (Vectors{{2, 1}, {-2, 1}}));  // forward and mostly sideways
    EXPECT_EQ(vectors("bbN"), (Vectors{{1, -2}, {-1, -2}}));
    EXPECT_EQ(vectors("flNfrF"), (Vectors{{-1, 2}, {-2, 1}, {1, 1}}));
    // On an orthogonal atom no move lies between two axes: the pair is both letters, as
    // Fairy-Stockfish reads its soldier (fsW) and its variants.ini's FsfW and mfrW.
    EXPECT_EQ(vectors("fsW"), (Vectors{{0, 1}, {1, 0}, {-1, 0}}));
    EXPECT_EQ(vectors("sfW"), vectors("fsW"));
    EXPECT_EQ(vectors("frW"), (Vectors{{0, 1}, {1, 0}}));
    EXPECT_EQ(vectors("blR"), (Vectors{{0, -1}, {-1, 0}}));
    EXPECT_EQ(vectors("fsD"), (Vectors{{0, 2}, {2, 0}, {-2, 0}}));
}

// Our documented extension: t (with p) asks that the screen stand on the first square of
// the line. The Elephant-Monkey-Carp Monkey: moves as a rook, captures by hopping an
// adjacent piece.
TEST(BetzaExtension, MonkeyMovesAsARookAndHopsAnAdjacentScreenToCapture) {
    const auto monkey = parse_betza("mRcptR");
    ASSERT_EQ(monkey.size(), 8u);
    Vectors moving, capturing;
    for (const auto& r : monkey) {
        EXPECT_EQ(r.range, 0);
        if (r.can_move) {
            EXPECT_FALSE(r.can_capture);
            EXPECT_EQ(r.hop, Hop::None);
            moving.emplace(r.dx, r.dy);
        } else {
            EXPECT_TRUE(r.can_capture);
            EXPECT_EQ(r.hop, Hop::AdjacentScreen);
            capturing.emplace(r.dx, r.dy);
        }
    }
    EXPECT_EQ(moving, kOrthogonal);
    EXPECT_EQ(capturing, kOrthogonal);
}

struct BadBetza {
    const char* text;
    std::size_t position;  // 0-based
    const char* part;
    const char* message_mentions;
};

class BetzaErrors : public ::testing::TestWithParam<BadBetza> {};

TEST_P(BetzaErrors, NameTheUnsupportedPartAndWhere) {
    const BadBetza& c = GetParam();
    try {
        parse_betza(c.text);
        FAIL() << "'" << c.text << "' was accepted";
    } catch (const BetzaError& e) {
        EXPECT_EQ(e.position(), c.position) << c.text << ": " << e.what();
        EXPECT_EQ(e.part(), c.part) << c.text << ": " << e.what();
        EXPECT_NE(std::string(e.what()).find(c.message_mentions), std::string::npos)
            << c.text << ": '" << e.what() << "' does not mention " << c.message_mentions;
    }
}

INSTANTIATE_TEST_SUITE_P(
    Unsupported, BetzaErrors,
    ::testing::Values(BadBetza{"", 0, "", "empty"},
                      BadBetza{"mRxR", 2, "x", "'x' at position 3"},  // unknown modifier
                      BadBetza{"Wa", 1, "a", "'a' at position 2"},
                      BadBetza{"KJ", 1, "J", "'J' at position 2"},  // unknown atom
                      BadBetza{"O", 0, "O", "'O' at position 1"},
                      BadBetza{"W(F)", 1, "(", "'(' at position 2"},  // grouping is not supported
                      BadBetza{"Wfm", 1, "fm", "not followed by an atom"},
                      BadBetza{"FmcW", 1, "mcW", "both move-only"},
                      BadBetza{"tR", 0, "tR", "needs p"}, BadBetza{"pW", 0, "pW", "leaper"},
                      BadBetza{"nR", 0, "nR", "lame"},
                      BadBetza{"WnC", 2, "C", "'C'"},  // lame camel: no path defined
                      BadBetza{"W33", 1, "33", "range 33 at position 2"},
                      BadBetza{"W4294967295", 1, "4294967295",
                               "range 4294967295 at position 2"},  // once wrapped
                      BadBetza{"W99999999999999999999", 1, "99999999999999999999", "at most 32"}));

}  // namespace
