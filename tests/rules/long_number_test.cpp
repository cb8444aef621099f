// Numbers too long for an int, found by the fuzz targets: a FEN digit run (which once wrapped
// negative and indexed outside the board) and a Betza range are refused with an error.
#include <gtest/gtest.h>

#include "referee/rules/base/fen.hpp"
#include "referee/rules/variant/betza.hpp"

using namespace referee::rules;

TEST(LongNumbers, AFenDigitRunTooLongForAnIntIsRefused) {
    const Geometry g{5, 6};
    EXPECT_THROW(parse_fen(g, "99999999999/5/5/5/5/5 w - - 0 1"), PositionError);
    EXPECT_THROW(parse_fen(g, "4294967301/5/5/5/5/5 w - - 0 1"), PositionError);
    EXPECT_NO_THROW(parse_fen(g, "5/5/5/5/5/5 w - - 0 1"));
}

TEST(LongNumbers, ABetzaRangeTooLongForAnIntIsRefused) {
    EXPECT_THROW(parse_betza("W2222222222"), BetzaError);
    EXPECT_NO_THROW(parse_betza("W2"));
}
