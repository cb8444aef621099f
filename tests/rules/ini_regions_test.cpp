// variants.ini keys read as Fairy-Stockfish reads them, where the referee once read them
// otherwise (issue #37's yardstick, bench/ini_yardstick.js, found each): a key repeated in
// one section, each side's promotion and double-step regions kept as absolute ranks when a
// child changes maxRank, double steps from several ranks, the pawn-drop rules that come
// with drops, drop regions, a king dropped where it stands attacked, a start FEN without
// its castling and en-passant fields, promoted types added to a parent's, castling rights
// of one side only, dropNoDoubledCount, and a hop's range.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "referee/rules/core/position.hpp"
#include "referee/rules/variant/variant.hpp"
#include "tests/support/rules.hpp"

namespace {

using namespace referee::rules;
using referee::test::ini_error;

const PieceType& piece(const Variant& v, char letter) {
    return v.pieces.at(static_cast<std::size_t>(v.type_of(letter)));
}

std::vector<int> forbidden_ranks(const Variant& v, char letter) {
    for (const auto& [l, ranks] : v.drop_rules.forbidden_ranks)
        if (l == letter) return ranks;
    return {};
}

bool has_move(const Position& pos, const std::string& uci) {
    const auto moves = pos.legal_moves();
    return std::any_of(moves.begin(), moves.end(),
                       [&](const Move& m) { return pos.move_name(m, MoveStyle::Uci) == uci; });
}

TEST(IniRegions, AKeyGivenTwiceRefusesItsOwnSectionOnly) {
    const std::string ini =
        "[twice:chess]\nnMoveRule = 1\nnMoveRule = 2\n"
        "[again:chess]\nnMoveRule = 40\nnMoveRule = 40\n";
    const std::string err = ini_error(ini, "twice");
    EXPECT_EQ(err.find("my.ini:3:1: nMoveRule: "), 0u) << err;
    EXPECT_NE(err.find("'1' on line 2"), std::string::npos) << err;
    // Another section of the file loads, and the same value twice changes nothing.
    EXPECT_EQ(parse_ini_variant(ini, "my.ini", "again").end.n_move_rule, 40);
}

TEST(IniRegions, ChangingMaxRankKeepsEachSidesRegionsAsAbsoluteRanks) {
    // Chess's zones are White's rank 8 and Black's rank 1: on 6 ranks White would never
    // promote and Black's pawns never step two (rank 7), as Fairy-Stockfish plays it.
    const std::string ini =
        "[six:chess]\nmaxRank = 6\nstartFen = rnbqkbnr/pppppppp/8/8/PPPPPPPP/RNBQKBNR w - - 0 1\n"
        "castling = false\n"
        "[sixfixed:six]\npromotionRegionWhite = *6\npromotionRegionBlack = *1\n"
        "doubleStepRegionBlack = *5\n"
        "[sixnodouble:six]\npromotionRegionWhite = *6\ndoubleStep = false\n";
    const std::string err = ini_error(ini, "six");
    EXPECT_EQ(err.find("my.ini:2:1: maxRank: "), 0u) << err;
    EXPECT_NE(err.find("not mirror images"), std::string::npos) << err;
    const Variant fixed = parse_ini_variant(ini, "my.ini", "sixfixed");
    EXPECT_EQ(piece(fixed, 'P').promotion_rank, 6);
    EXPECT_EQ(piece(fixed, 'P').double_step_ranks, std::vector<int>{2});
    const Variant nodouble = parse_ini_variant(ini, "my.ini", "sixnodouble");
    EXPECT_TRUE(piece(nodouble, 'P').double_step_ranks.empty());
}

TEST(IniRegions, DoubleStepsFromSeveralRanks) {
    const Variant v = parse_ini_variant(
        "[torpedo:chess]\ndoubleStepRegionWhite = *2 *3\ndoubleStepRegionBlack = *7 *6\n", "my.ini",
        "torpedo");
    EXPECT_EQ(piece(v, 'P').double_step_ranks, (std::vector<int>{2, 3}));
    const Position pos = Rules(v).from_fen("4k3/8/8/8/8/P7/8/4K3 w - - 0 1");
    EXPECT_TRUE(has_move(pos, "a3a5"));
    // White's ranks 2 and 3, Black's (its default) 7 alone: not one rule.
    EXPECT_NE(ini_error("[lopsided:chess]\ndoubleStepRegionWhite = *2 *3\n", "lopsided")
                  .find("doubleStepRegionWhite: "),
              std::string::npos);
}

TEST(IniRegions, DropsBringFairyStockfishsPawnDropRules) {
    // No pawn on its own first rank, nor in its promotion zone, unless the keys allow it.
    const std::string ini =
        "[capadrops:capablanca]\npieceDrops = true\ncapturesToHand = true\n"
        "startFen = rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR[] w KQkq - 0 1\n"
        "[granddrops:grand]\npieceDrops = true\ncapturesToHand = true\n"
        "startFen = r8r/1nbqkcabn1/pppppppppp/10/10/10/10/PPPPPPPPPP/1NBQKCABN1/R8R[] w - - 0 1\n"
        "[firstrank:granddrops]\nfirstRankPawnDrops = true\n";
    EXPECT_EQ(forbidden_ranks(parse_ini_variant(ini, "my.ini", "capadrops"), 'P'),
              (std::vector<int>{1, 8}));
    EXPECT_EQ(forbidden_ranks(parse_ini_variant(ini, "my.ini", "granddrops"), 'P'),
              (std::vector<int>{1, 8, 9, 10}));
    EXPECT_EQ(forbidden_ranks(parse_ini_variant(ini, "my.ini", "firstrank"), 'P'),
              (std::vector<int>{8, 9, 10}));
    const Position pos = Rules(parse_ini_variant(ini, "my.ini", "granddrops"))
                             .from_fen(
                                 "r8r/1nbqkcabn1/10/10/10/10/10/10/1NBQKCABN1/R8R[Pp] w - - "
                                 "0 1");
    EXPECT_TRUE(has_move(pos, "P@e7"));
    EXPECT_FALSE(has_move(pos, "P@e8"));
    EXPECT_FALSE(has_move(pos, "P@a1"));
}

TEST(IniRegions, DropRegionsMirrorOrOneSideNeverDrops) {
    const std::string ini =
        "[both:placement]\nwhiteDropRegion = *1 *2\nblackDropRegion = *8 *7\n"
        "[lopsided:placement]\nwhiteDropRegion = *1 *2\nblackDropRegion = *8\n"
        "[whiteonly:placement]\nwhiteDropRegion = *1 *2\n"
        "startFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/8[KQRRBBNN] w - - 0 1\n"
        "[whiteonlyhand:crazyhouse]\nwhiteDropRegion = *1 *2\n";
    EXPECT_EQ(parse_ini_variant(ini, "my.ini", "both").drop_rules.ranks, (std::vector<int>{1, 2}));
    EXPECT_EQ(ini_error(ini, "lopsided").find("my.ini:6:1: blackDropRegion: "), 0u)
        << ini_error(ini, "lopsided");
    // Black has nothing to drop and captures go to no hand: White's region is the rule.
    EXPECT_EQ(parse_ini_variant(ini, "my.ini", "whiteonly").drop_rules.ranks,
              (std::vector<int>{1, 2}));
    EXPECT_NE(ini_error(ini, "whiteonlyhand").find("give blackDropRegion too"), std::string::npos)
        << ini_error(ini, "whiteonlyhand");
}

TEST(IniRegions, AKingInHandIsNotDroppedWhereItStandsAttacked) {
    const Variant v = parse_ini_variant(
        "[kingdrops:placement]\nwhiteDropRegion = *1 *2 *3 *4\nblackDropRegion = *8 *7 *6 *5\n",
        "my.ini", "kingdrops");
    const Position pos = Rules(v).from_fen("8/8/8/p7/8/8/P7/8[Kk] w - - 0 1");
    EXPECT_FALSE(has_move(pos, "K@b4"));  // the pawn on a5 takes it there
    EXPECT_TRUE(has_move(pos, "K@c4"));
}

TEST(IniRegions, AStartFenIsReadFieldByFieldAsFairyStockfishReadsIt) {
    // "w 0 1": no castling "0", no en-passant square "1"; "w - 0 1": a half-move clock of 1.
    const std::string ini =
        "[short:breakthrough]\nmaxFile = 5\nmaxRank = 5\n"
        "startFen = ppppp/ppppp/5/PPPPP/PPPPP w 0 1\nflagRegionWhite = *5\nflagRegionBlack = *1\n"
        "[clock:chess]\nmaxRank = 6\nmaxFile = 5\nstartFen = qkbnr/ppppp/5/5/PPPPP/QKBNR w - 0 1\n"
        "castling = false\ndoubleStep = false\npromotionRegionWhite = *6\n";
    EXPECT_EQ(Rules(parse_ini_variant(ini, "my.ini", "short")).start().fen(),
              "ppppp/ppppp/5/PPPPP/PPPPP w - - 0 1");
    EXPECT_EQ(Rules(parse_ini_variant(ini, "my.ini", "clock")).start().fen(),
              "qkbnr/ppppp/5/5/PPPPP/QKBNR w - - 1 1");
    // "[-]": an empty hand (cannonshogi).
    const Variant hand = parse_ini_variant(
        "[emptyhand:crazyhouse]\nstartFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[-] w KQkq "
        "- 0 1\n",
        "my.ini", "emptyhand");
    EXPECT_EQ(Rules(hand).start().key(), Rules::load("crazyhouse").start().key());
}

TEST(IniRegions, AHopsRangeCountsTheWholeMoveScreenIncluded) {
    // pR2: over a screen beside it to the square beyond, no further (Fairy-Stockfish's
    // cannonshogi has pB2 and pR2 among its promoted cannons' moves).
    const Rules rules(
        parse_ini_variant("[hop:chess]\ncustomPiece1 = a:pR2\n"
                          "startFen = 4k3/8/8/8/8/8/8/A3K3 w - - 0 1\n",
                          "my.ini", "hop"));
    EXPECT_TRUE(has_move(rules.from_fen("4k3/8/8/8/p7/8/P7/A3K3 w - - 0 1"), "a1a3"));
    EXPECT_FALSE(has_move(rules.from_fen("4k3/8/8/8/p7/8/P7/A3K3 w - - 0 1"), "a1a4"));
    EXPECT_FALSE(has_move(rules.from_fen("4k3/8/8/8/p7/P7/8/A3K3 w - - 0 1"), "a1a4"));
}

TEST(IniRegions, PromotedTypesAreAddedToTheParentsOwn) {
    // gorogoro's pawn and silver still promote when a child gives the lance's and knight's.
    const Variant v = parse_ini_variant(
        "[plus:gorogoro]\nstartFen = sgkgs/5/1ppp1/1PPP1/5/SGKGS[LNln] w 0 1\nlance = l\n"
        "shogiKnight = n\npromotedPieceType = l:g n:g\n",
        "my.ini", "plus");
    for (char letter : {'P', 'S', 'L', 'N'})
        EXPECT_FALSE(piece(v, letter).promotes_to.empty()) << letter;
}

TEST(IniRegions, CastlingRightsOfOneSideAreReadOnThatSide) {
    // White has no rooks, Black keeps its own and the right to castle with them.
    const Variant v = parse_ini_variant(
        "[blackonly:chess]\nstartFen = r3k2r/pppppppp/8/8/8/8/PPPPPPPP/4K3 w kq - 0 1\n", "my.ini",
        "blackonly");
    EXPECT_EQ(v.castling.size(), 2u);
    const Position pos = Rules(v).from_fen("r3k2r/pppppppp/8/8/8/8/PPPPPPPP/4K3 b kq - 0 1");
    EXPECT_TRUE(has_move(pos, "e8g8"));
    EXPECT_TRUE(has_move(pos, "e8c8"));
}

TEST(IniRegions, DropNoDoubledCountZeroDropsThatPieceNowhere) {
    const std::string ini =
        "[nopawns:crazyhouse]\ndropNoDoubled = p\ndropNoDoubledCount = 0\n"
        "[twice:crazyhouse]\ndropNoDoubled = p\ndropNoDoubledCount = 2\n";
    const Variant v = parse_ini_variant(ini, "my.ini", "nopawns");
    EXPECT_EQ(forbidden_ranks(v, 'P'), (std::vector<int>{1, 2, 3, 4, 5, 6, 7, 8}));
    EXPECT_EQ(v.drop_rules.no_doubled, 0);
    EXPECT_EQ(ini_error(ini, "twice").find("my.ini:6:1: dropNoDoubledCount: "), 0u)
        << ini_error(ini, "twice");
}

}  // namespace

namespace {

// Fairy-Stockfish turns Black's moves half round: a piece that steps forward and to its right
// (bajr's mfrW) goes down and towards the a-file for Black, its own right. Mirrored front to
// back only, Black's right would be White's, and bajr's Black could not move.
TEST(IniRegions, BlacksLeftAndRightAreItsOwnAsFairyStockfishTurnsThem) {
    const std::string ini =
        "[rightward]\nmaxRank = 4\nmaxFile = d\ncustomPiece1 = p:mfrW\n"
        "startFen = 4/2p1/4/1P2 w - - 0 1\nstalemateValue = loss\n";
    const Rules rules(parse_ini_variant(ini, "my.ini", "rightward"));
    const Position white = rules.start();
    EXPECT_EQ(white.legal_moves().size(), 2u);
    EXPECT_TRUE(has_move(white, "b1b2"));
    EXPECT_TRUE(has_move(white, "b1c1"));  // White's right: towards the last file
    const Position black = rules.from_fen("4/2p1/4/1P2 b - - 0 1");
    EXPECT_EQ(black.legal_moves().size(), 2u);
    EXPECT_TRUE(has_move(black, "c3c2"));
    EXPECT_TRUE(has_move(black, "c3b3"));  // Black's right: towards the a-file
}

}  // namespace
