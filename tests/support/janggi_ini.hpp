// Sections of a variants.ini that play janggi through Fairy-Stockfish 11.1's janggi keys:
// janggi written out in full with no parent, and children of the shipped janggi family. Read
// by the referee (tests/rules/ini_janggi_test.cpp) and by Fairy-Stockfish itself
// (tests/rules/fairy_stockfish_ini_janggi_test.cpp). `newerpass` uses `pass`, the key's name
// after 11.1, which 11.1 ignores.
#pragma once

namespace referee::test {

// Janggi with no parent, as Fairy-Stockfish 11.1 builds its own (variant.cpp: xiangqi's
// board and general, janggi's pieces), and each built-in of the family as a child of another.
inline constexpr const char* kJanggiIni = R"([janggifull]
maxRank = 10
maxFile = i
rook = r
horse = n
janggiElephant = b
wazir = a
janggiCannon = c
soldier = p
king = k
kingType = a
startFen = rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR w - - 0 1
mobilityRegionWhiteKing = d1 e1 f1 d2 e2 f2 d3 e3 f3
mobilityRegionBlackKing = d8 e8 f8 d9 e9 f9 d10 e10 f10
mobilityRegionWhiteWazir = d1 e1 f1 d2 e2 f2 d3 e3 f3
mobilityRegionBlackWazir = d8 e8 f8 d9 e9 f9 d10 e10 f10
soldierPromotionRank = 1
doubleStep = false
castling = false
stalemateValue = loss
perpetualCheckIllegal = true
diagonalLines = d1 f1 e2 d3 f3 d8 f8 e9 d10 f10
kingPass = true
bikjangRule = true
materialCounting = janggi

[myjanggi:janggi]
diagonalLines = d1 f1 e2 d3 f3 d8 f8 e9 d10 f10
kingPass = true
bikjangRule = true
materialCounting = janggi

[mytraditional:janggi]
materialCounting = none

[mymodern:janggi]
bikjangRule = false

[mycasual:janggifull]
bikjangRule = false
materialCounting = none

[upfromcasual:janggicasual]
bikjangRule = true
materialCounting = janggi

[nopass:janggi]
kingPass = false

[casualnopass:janggicasual]
kingPass = false

[newerpass:casualnopass]
pass = true

[nolines:janggi]
diagonalLines = -

[kingmoves:janggi]
kingType = k

[renamed:janggi]
janggiCannon = x
rook = t
startFen = tnba1abnt/4k4/1x5x1/p1p1p1p1p/9/9/P1P1P1P1P/1X5X1/4K4/TNBA1ABNT w - - 0 1
)";

}  // namespace referee::test
