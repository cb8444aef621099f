// Three readings of variants.ini keys that bench/ini_yardstick.js found wrong on
// Fairy-Stockfish's own src/variants.ini (issue #37 part 3): dropChecks = false (a drop may
// not give check) had been taken for the rule switched off; a piece confined to a region
// (xiangqi's advisor) could be dropped outside it; and a section giving a custom piece the
// letter the referee had used for a parent's promoted form (shogi's promoted silver, I)
// removed that form, so the silver no longer promoted. The sections are written for these
// tests; ffish_ini_perft_test.cpp counts two like them against ffish.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "referee/rules/core/position.hpp"
#include "referee/rules/variant/variant.hpp"
#include "tests/support/rules.hpp"

namespace {

using namespace referee::rules;
using referee::test::ini_error;

bool offers_move(const Position& pos, const std::string& uci) {
    const auto moves = pos.legal_moves();
    return std::any_of(moves.begin(), moves.end(),
                       [&](const Move& m) { return pos.move_name(m, MoveStyle::Uci) == uci; });
}

// Both sides hold an advisor and a cannon; Black's e-pawn screens its general from e5.
const char* kDropsIni = R"([palacedrops:xiangqi]
startFen = rnb1kabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNB1KABNR[ACac] w - - 0 1
pieceDrops = true
capturesToHand = true
dropChecks = false

[palacechecks:palacedrops]
dropChecks = true
)";

TEST(IniDropsLetters, DropChecksFalseTakesOutDropsThatGiveCheck) {
    const Variant v = parse_ini_variant(kDropsIni, "my.ini", "palacedrops");
    EXPECT_TRUE(v.drop_rules.no_check);
    EXPECT_FALSE(parse_ini_variant(kDropsIni, "my.ini", "palacechecks").drop_rules.no_check);

    const Rules rules = Rules(v);
    const Position start = rules.start();
    // A cannon on e5 would check over the pawn on e7; on d5 it does not.
    EXPECT_FALSE(offers_move(start, "C@e5"));
    EXPECT_TRUE(offers_move(start, "C@d5"));
    // Only drops: the chariot's move to a10 gives check and stays; a cannon dropped on e5 or
    // e8 would check over the pawn on e9.
    const Position open = rules.from_fen("4k4/4p4/9/9/9/9/9/9/9/R2K5[C] w - - 0 1");
    EXPECT_TRUE(offers_move(open, "a1a10"));
    EXPECT_FALSE(offers_move(open, "C@e5"));
    EXPECT_FALSE(offers_move(open, "C@e8"));
    EXPECT_TRUE(offers_move(open, "C@d5"));

    const Rules plain = Rules(parse_ini_variant(kDropsIni, "my.ini", "palacechecks"));
    EXPECT_TRUE(offers_move(plain.start(), "C@e5"));
}

TEST(IniDropsLetters, AConfinedPieceIsDroppedOnlyInItsRegion) {
    const Rules rules = Rules(parse_ini_variant(kDropsIni, "my.ini", "palacedrops"));
    const Position start = rules.start();
    for (const char* inside : {"A@d1", "A@e2", "A@f3"})
        EXPECT_TRUE(offers_move(start, inside)) << inside;
    for (const char* outside : {"A@a1", "A@e4", "A@e5", "A@c2"})
        EXPECT_FALSE(offers_move(start, outside)) << outside;
    // The cannon is confined to nothing: it drops outside the palace.
    EXPECT_TRUE(offers_move(start, "C@a2"));
}

TEST(IniDropsLetters, ALetterTakenFromAPromotedFormMovesTheFormAside) {
    // The referee's shogi writes its promoted silver with the letter I; Fairy-Stockfish gives
    // it none ("+S"), so a section may give I to a piece of its own.
    const std::string ini =
        "[lettershogi:shogi]\ncustomPiece1 = i:pB\n"
        "startFen = lnsgkgsnl/1r5b1/ppppppppp/2S6/9/9/PPPPPPPPP/1B5R1/"
        "LN1GKGSNL[I] w - - 0 1\n";
    const Variant v = parse_ini_variant(ini, "my.ini", "lettershogi");
    const PieceType& custom = v.pieces.at(static_cast<std::size_t>(v.type_of('I')));
    EXPECT_EQ(custom.betza, "pB");
    EXPECT_EQ(custom.promoted_form_of, 0);
    const PieceType& silver = v.pieces.at(static_cast<std::size_t>(v.type_of('S')));
    ASSERT_EQ(silver.promotes_to.size(), 1u);
    EXPECT_NE(silver.promotes_to[0], 'I');
    const int form = v.type_of(silver.promotes_to[0]);
    ASSERT_GE(form, 0);
    EXPECT_EQ(v.pieces[static_cast<std::size_t>(form)].promoted_form_of, 'S');

    const Position start = Rules(v).start();
    EXPECT_TRUE(offers_move(start, "c6c7+"));
    EXPECT_TRUE(offers_move(start, "I@e5"));
}

TEST(IniDropsLetters, RefusalsOfPromotionSettingsNameTheirKey) {
    // Pawn drops into a zone where pawns must promote: refused at the key that allows them.
    const std::string zone = ini_error(
        "[zonedrops:makruk]\npieceDrops = true\ncapturesToHand = true\n"
        "promotionZonePawnDrops = true\n",
        "zonedrops");
    EXPECT_EQ(zone.find("my.ini:4:1: promotionZonePawnDrops: "), 0u) << zone;
    EXPECT_NE(zone.find("must promote"), std::string::npos) << zone;

    // 20 pieces and a king, and 7 promoted forms that each need a letter: 28 letters.
    std::string many = "[crowded]\nking = k\ncastling = false\n";
    const std::string letters = "abcdefghijlmnopqrstu";
    for (std::size_t i = 0; i < letters.size(); ++i)
        many += "customPiece" + std::to_string(i + 1) + " = " + letters[i] + ":W\n";
    many +=
        "startFen = k7/8/8/8/8/8/8/K7 w - - 0 1\n"
        "promotedPieceType = a:b c:d e:f g:h i:j l:m n:o\n";
    const std::string letters_err = ini_error(many, "crowded");
    EXPECT_EQ(letters_err.find("my.ini:25:1: promotedPieceType: "), 0u) << letters_err;
    EXPECT_NE(letters_err.find("no letter is left"), std::string::npos) << letters_err;
}

TEST(IniDropsLetters, AGoalNamingAPromotedTypeIsRefused) {
    // A queen promotes to an amazon: Fairy-Stockfish's promoted queen is an amazon, which
    // reaches the flag region or keeps the type alive; the referee's "+Q" is not one.
    const std::string base = "[promoq:chess]\namazon = a\npromotedPieceType = q:a\n";
    const std::string flag = ini_error(base +
                                           "[flagq:promoq]\nflagPiece = a\n"
                                           "flagRegionWhite = *8\nflagRegionBlack = *1\n",
                                       "flagq");
    EXPECT_EQ(flag.find("my.ini:5:1: flagPiece: "), 0u) << flag;
    EXPECT_NE(flag.find("promoted queen as its promoted type (amazon)"), std::string::npos) << flag;
    const std::string extinct = ini_error(
        base + "[extinctq:promoq]\nextinctionValue = loss\nextinctionPieceTypes = a\n", "extinctq");
    EXPECT_EQ(extinct.find("my.ini:6:1: extinctionPieceTypes: "), 0u) << extinct;
    // Without the promotion, the same goal loads.
    EXPECT_EQ(ini_error("[plainq:chess]\namazon = a\nflagPiece = a\nflagRegionWhite = *8\n"
                        "flagRegionBlack = *1\n",
                        "plainq"),
              "");
}

}  // namespace
