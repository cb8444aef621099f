// USI's move text (7g7f, P*5e, 8h2b+) written and read as Fairy-Stockfish 11.1 does in USI
// mode: the texts here are the ones it wrote as bestmove in these positions (run by hand:
// `usi`, `setoption name UCI_Variant value minishogi`, `position ...`, `go depth 6`).
#include <random>
#include <string>

#include <gtest/gtest.h>

#include "referee/rules/core/position.hpp"
#include "referee/rules/notation/usi_notation.hpp"
#include "tests/support/rules.hpp"

namespace {

using namespace referee::rules;
using referee::test::cached_rules;

std::string usi_of(const Position& pos, const char* uci) {
    return pos.move_name(pos.parse_move(uci), MoveStyle::Usi);
}
std::string uci_of(const Position& pos, const char* usi) {
    return pos.move_name(parse_usi_move(pos, usi), MoveStyle::Uci);
}

TEST(UsiNotation, SquaresCountFilesFromTheRightAndRanksFromTheTop) {
    const Geometry shogi{9, 9}, mini{5, 5};
    EXPECT_EQ(usi_square(shogi, *shogi.parse("c3")), "7g");
    EXPECT_EQ(usi_square(shogi, *shogi.parse("a1")), "9i");
    EXPECT_EQ(usi_square(shogi, *shogi.parse("i9")), "1a");
    EXPECT_EQ(usi_square(mini, *mini.parse("a1")), "5e");
    EXPECT_EQ(usi_square(mini, *mini.parse("e5")), "1a");
    const Geometry wide{10, 8};  // more than nine files: the file in decimal
    EXPECT_EQ(usi_square(wide, *wide.parse("a1")), "10h");
}

TEST(UsiNotation, ShogiMovesPromotionsAndDropsAsFairyStockfishWritesThem) {
    const Rules& rules = cached_rules("shogi");
    Position pos = rules.start();
    EXPECT_EQ(usi_of(pos, "c3c4"), "7g7f");
    EXPECT_EQ(uci_of(pos, "7g7f"), "c3c4");
    pos.play(parse_usi_move(pos, "7g7f"));
    pos.play(parse_usi_move(pos, "3c3d"));
    EXPECT_EQ(usi_of(pos, "b2h8+"), "8h2b+");  // the bishop takes and promotes
    pos.play(parse_usi_move(pos, "8h2b+"));
    pos.play(parse_usi_move(pos, "3a2b"));
    // Fairy-Stockfish's reply here, with a bishop in each hand: a drop, its letter upper case.
    EXPECT_EQ(uci_of(pos, "B*9f"), "B@a4");
    EXPECT_EQ(uci_of(pos, "b*9f"), "B@a4");
    EXPECT_EQ(usi_of(pos, "B@a4"), "B*9f");
    pos.play(parse_usi_move(pos, "B*9f"));
    // Black (gote) drops with the same upper-case letter.
    EXPECT_EQ(usi_of(pos, "B@e5"), "B*5e");
    EXPECT_EQ(pos.sfen(), "lnsgkg1nl/1r5s1/pppppp1pp/6p2/9/B1P6/PP1PPPPPP/7R1/LNSGKGSNL w b 6");
}

TEST(UsiNotation, MinishogiFirstMovesAndAnOptionalPromotionDeclined) {
    const Rules& rules = cached_rules("minishogi");
    Position pos = rules.start();
    EXPECT_EQ(uci_of(pos, "2e3d"), "d1c2");  // Fairy-Stockfish's first move at depth 6
    pos.play(parse_usi_move(pos, "2e3d"));
    pos.play(parse_usi_move(pos, "4a3b"));
    EXPECT_EQ(pos.sfen(), "r1sgk/2b1p/5/P1B2/KGS1R b - 3");  // its `d` after these moves
    // "=" after a move that may promote: not promoting, as Fairy-Stockfish reads it.
    const Position p = rules.from_sfen("4k/B4/5/5/K4 b - 1");
    EXPECT_EQ(uci_of(p, "5b4a="), "a4b5");
    EXPECT_EQ(uci_of(p, "5b4a+"), "a4b5+");
}

// Every legal move of positions reached by random play reads back from its USI text.
TEST(UsiNotation, EveryMoveRoundTripsInRandomGames) {
    for (const char* variant : {"shogi", "minishogi", "euroshogi", "dobutsu", "micro"}) {
        const Rules& rules = cached_rules(variant);
        std::mt19937 rng(27);
        int checked = 0;
        for (int game = 0; game < 4; ++game) {
            Position pos = rules.start();
            for (int ply = 0; ply < 80 && !pos.outcome(); ++ply) {
                const auto moves = pos.legal_moves();
                for (const Move& m : moves) {
                    const std::string text = pos.move_name(m, MoveStyle::Usi);
                    EXPECT_EQ(parse_usi_move(pos, text), m)
                        << variant << " " << pos.sfen() << " " << text;
                    ++checked;
                }
                pos.play(moves[rng() % moves.size()]);
            }
        }
        EXPECT_GT(checked, 1000) << variant;
    }
}

// Micro shogi drops a piece either side up: Fairy-Stockfish writes the promoted side "+B*2d".
TEST(UsiNotation, ADropOfAPromotedFormReadsAndWritesWithItsPlus) {
    const Position pos = cached_rules("micro").from_fen("kb+r+l/p3/4/3P/+L+R1K[B] w - - 0 1");
    const Move up = parse_usi_move(pos, "+B*2d");
    EXPECT_TRUE(up.is_drop());
    EXPECT_EQ(pos.move_name(up, MoveStyle::Uci), "+B@c2");
    EXPECT_EQ(pos.move_name(up, MoveStyle::Usi), "+B*2d");
    EXPECT_EQ(pos.move_name(parse_usi_move(pos, "B*2d"), MoveStyle::Usi), "B*2d");
}

TEST(UsiNotation, MistakesNameTheTextAsWritten) {
    const Position pos = cached_rules("minishogi").start();
    auto error_of = [&](const char* text) {
        try {
            parse_usi_move(pos, text);
        } catch (const MoveError& e) {
            return std::pair{e.kind(), std::string(e.what())};
        }
        return std::pair{MoveError::Kind::Illegal, std::string("(read)")};
    };
    const auto [kind, why] = error_of("a1a2");  // UCI text is not USI
    EXPECT_EQ(kind, MoveError::Kind::Unparsable);
    EXPECT_NE(why.find("'a1a2' is not a USI move of the 5x5 board"), std::string::npos) << why;
    EXPECT_EQ(error_of("6a5a").first, MoveError::Kind::Unparsable);  // no sixth file
    const auto [illegal, said] = error_of("1a1b");  // Black's king, on White's move
    EXPECT_EQ(illegal, MoveError::Kind::Illegal);
    EXPECT_NE(said.find("1a1b (e5e4)"), std::string::npos) << said;
}

}  // namespace
