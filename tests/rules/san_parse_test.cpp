// Reading SAN back: every SAN the referee writes names the same move again, in every
// shipped variant; the forms other tools write are read too; wrong text says why.
#include <algorithm>
#include <random>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "referee/rules/core/position.hpp"

namespace {

using referee::rules::list_variants;
using referee::rules::Move;
using referee::rules::MoveError;
using referee::rules::MoveKind;
using referee::rules::Position;
using referee::rules::Rules;

void expect_error(const Position& pos, const std::string& text, MoveError::Kind kind,
                  const std::string& mentions) {
    try {
        const Move m = pos.parse_san(text);
        FAIL() << "accepted '" << text << "' as " << pos.move_name(m);
    } catch (const MoveError& e) {
        EXPECT_EQ(e.kind(), kind) << "'" << text << "': " << e.what();
        EXPECT_NE(std::string(e.what()).find(mentions), std::string::npos)
            << "'" << e.what() << "' does not mention " << mentions;
    }
}

// Every legal move of every position of random games, in every shipped variant: the SAN
// written for it reads back as that move, and only that move.
TEST(SlowSanParse, EverySanTheRefereeWritesReadsBackAsTheSameMove) {
    const auto names = list_variants();
    ASSERT_GE(names.size(), 5u);
    for (const auto& name : names) {
        const Rules rules = Rules::load(name);
        std::mt19937 rng(20261123);
        int checked = 0, castles = 0, promotions = 0;
        const auto& pieces = rules.variant().pieces;
        const bool promotes =
            std::any_of(pieces.begin(), pieces.end(),
                        [](const referee::rules::PieceType& p) { return !p.promotes_to.empty(); });
        // Four games a variant (54 variants: the default suite's time), more where none has
        // promoted or castled yet (shako's pawns have seven ranks to go).
        const bool castles_expected =
            !rules.variant().castling.empty() && !rules.variant().drop_rules.castling;
        for (int game = 0; game < 4 || (promotes && promotions == 0 && game < 48) ||
                           (castles_expected && castles == 0 && game < 24);
             ++game) {
            Position pos = rules.start();
            for (int ply = 0; ply < 160 && !pos.outcome(); ++ply) {
                const auto moves = pos.legal_moves();
                for (const Move& m : moves) {
                    const std::string san = pos.san(m);
                    Move back;
                    ASSERT_NO_THROW(back = pos.parse_san(san))
                        << name << " " << pos.fen() << " " << san;
                    ASSERT_EQ(back, m) << name << " " << pos.fen() << ": '" << san
                                       << "' read back as " << pos.move_name(back);
                    ++checked;
                    castles += m.kind() == MoveKind::Castle;
                    promotions += m.promotion != 0;
                }
                pos.play(
                    moves[std::uniform_int_distribution<std::size_t>(0, moves.size() - 1)(rng)]);
            }
        }
        EXPECT_GT(checked, 1000) << name;
        if (promotes) {
            EXPECT_GT(promotions, 0)
                << name << ": no promotion came up; the games are too short to test it";
        }
        // Placement castles only where random drops happen to put king and rook at home
        // (tests/rules/drop_rules_test.cpp castles there on purpose).
        if (castles_expected) {
            EXPECT_GT(castles, 0) << name;
        }
    }
}

// Ranks of two digits: targets (a10), rank disambiguation (R11a5) and coordinates (a10a11).
TEST(SanParse, TwoDigitRanksReadBack) {
    const Rules rules(referee::rules::parse_variant(R"(name: tall
board: {files: 10, ranks: 12}
start: "rn6nk/pppppppppp/10/10/10/10/10/10/10/10/PPPPPPPPPP/RN6NK w - - 0 1"
pieces:
  - {letter: K, name: king, betza: K, royal: true}
  - {letter: R, name: rook, betza: R}
  - {letter: N, name: knight, betza: N}
  - {letter: P, name: pawn, betza: mfWcfF, pawn: true, promotion: [R, N]}
end: {royal_capture: win}
)",
                                                    "tall.yaml"));
    std::mt19937 rng(5);
    int checked = 0;
    for (int game = 0; game < 6; ++game) {
        Position pos = rules.start();
        for (int ply = 0; ply < 200 && !pos.outcome(); ++ply) {
            const auto moves = pos.legal_moves();
            for (const Move& m : moves) {
                ASSERT_EQ(pos.parse_san(pos.san(m)), m) << pos.fen() << " " << pos.san(m);
                ++checked;
            }
            pos.play(moves[std::uniform_int_distribution<std::size_t>(0, moves.size() - 1)(rng)]);
        }
    }
    EXPECT_GT(checked, 1000);
    const Position twins = rules.from_fen("k9/10/R9/10/10/10/10/10/10/10/10/R8K w - - 0 1");
    EXPECT_EQ(twins.parse_san("R10a5"), twins.parse_move("a10a5"));
    EXPECT_EQ(twins.parse_san("R1a5"), twins.parse_move("a1-a5"));
    EXPECT_EQ(twins.san(twins.parse_move("a10a5")), "R10a5");
    EXPECT_EQ(twins.parse_san("Ra11"), twins.parse_move("a10a11"));
}

TEST(SanParse, ReadsTheFormsOtherToolsWrite) {
    const Rules chess = Rules::load("chess");
    const Position start = chess.start();
    const Move nf3 = start.parse_move("g1f3");
    for (const char* text :
         {"Nf3", "Ngf3", "N1f3", "Ng1f3", "Ng1-f3", "Nf3!?", "Nf3!", "g1f3", "g1-f3", " Nf3 "})
        EXPECT_EQ(start.parse_san(text), nf3) << text;
    EXPECT_EQ(start.parse_san("e4"), start.parse_move("e2e4"));
    EXPECT_EQ(start.parse_move("e2e4").kind(), MoveKind::DoubleStep);

    // Promotion with and without '=', with a check mark; capture and en passant.
    const Position promo = chess.from_fen("1r2k3/P7/8/3pP3/8/8/8/4K3 w - d6 0 1");
    EXPECT_EQ(promo.parse_san("a8=Q"), promo.parse_move("a7a8q"));
    EXPECT_EQ(promo.parse_san("a8N"), promo.parse_move("a7a8n"));
    EXPECT_EQ(promo.parse_san("axb8=R+"), promo.parse_move("a7b8r"));
    EXPECT_EQ(promo.parse_san("a7b8q"), promo.parse_move("a7b8q"));
    EXPECT_EQ(promo.parse_san("exd6"), promo.parse_move("e5d6"));
    EXPECT_EQ(promo.parse_san("exd6").kind(), MoveKind::EnPassant);

    // Castling both ways, O and zero.
    const Position castle = chess.from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    EXPECT_EQ(castle.parse_san("O-O"), castle.parse_move("e1g1"));
    EXPECT_EQ(castle.parse_san("0-0-0"), castle.parse_move("e1c1"));
    EXPECT_EQ(castle.parse_san("O-O-O+"), castle.parse_move("e1c1"));

    // Disambiguation by file, by rank, by both.
    const Position twins = chess.from_fen("8/5k2/8/8/Q6Q/8/8/Q3K3 w - - 0 1");
    EXPECT_EQ(twins.parse_san("Qa4d1"), twins.parse_move("a4d1"));
    EXPECT_EQ(twins.parse_san("Qhd4"), twins.parse_move("h4d4"));
    EXPECT_EQ(twins.parse_san("Q1b2"), twins.parse_move("a1b2"));
}

// Chess960: a castling is named by its rook's side, also where the king stays on its
// castling square (g8, the rook h8-f8) or steps towards the other side (b1-c1, castling
// long). Both were written by the king's step, O-O-O and O-O.
TEST(SanParse, Chess960CastlingIsNamedByItsRooksSide) {
    const Rules frc = Rules::load("fischerandom");
    const Position stays = frc.from_fen("6kr/4Q2p/7p/B4B1B/8/7P/5K2/8 b k - 0 1");
    ASSERT_EQ(stays.legal_moves().size(), 1u);
    const Move short_castle = stays.legal_moves().front();
    EXPECT_EQ(short_castle.kind(), MoveKind::Castle);
    EXPECT_EQ(stays.san(short_castle), "O-O");
    EXPECT_EQ(stays.parse_san("O-O"), short_castle);
    const Position steps = frc.from_fen("4k3/8/8/8/8/8/8/RK6 w Q - 0 1");
    const Move long_castle = steps.parse_move("b1a1");
    EXPECT_EQ(long_castle.kind(), MoveKind::Castle);
    EXPECT_EQ(steps.san(long_castle), "O-O-O");
    EXPECT_EQ(steps.parse_san("O-O-O"), long_castle);
}

TEST(SanParse, MiniChessAndGardnerForms) {
    const Rules minichess = Rules::load("minichess");
    const Position start = minichess.start();
    EXPECT_EQ(start.parse_san("Nc3"), start.parse_move("b1-c3"));
    EXPECT_EQ(start.parse_san("a3"), start.parse_move("a2-a3"));
    const Position promote = minichess.from_fen("k4/P4/5/5/5/4K w - - 0 1");
    expect_error(promote, "a6", MoveError::Kind::Illegal, "no pawn of White can move to a6");
    const Position queen = minichess.from_fen("1k3/P4/5/5/5/4K w - - 0 1");
    EXPECT_EQ(queen.parse_san("a6"),
              queen.parse_move("a5-a6"));  // one promotion piece: the letter may go
    EXPECT_EQ(queen.parse_san("a6=Q"), queen.parse_move("a5-a6"));

    const Rules gardner = Rules::load("gardner-castling");
    const Position g = gardner.from_fen("r3k/5/5/5/R3K w Qq - 0 1");
    EXPECT_EQ(g.parse_san("O-O-O"), g.parse_move("e1-c1"));
    expect_error(g, "O-O", MoveError::Kind::Illegal, "may not castle on the king's side");
    expect_error(start, "O-O", MoveError::Kind::Illegal, "minichess has no castling");
}

// In the shogi family a coordinate move's '+' is its promotion (the record's b3-d1+), while a
// SAN's '+' is a check mark; both readings are kept apart.
TEST(SanParse, ACoordinateMovesPlusIsAPromotionWhereThePieceMayPromote) {
    const Rules minishogi = Rules::load("minishogi");
    const Position pos = minishogi.from_fen("rbs1k/4p/1B3/P4/K1SGR[G] w - - 0 1");
    const Move promote = pos.parse_move("b3d5+");
    ASSERT_EQ(promote.kind(), MoveKind::Promotion);
    EXPECT_EQ(pos.parse_san("b3d5+"), promote);
    EXPECT_EQ(pos.parse_san("b3-d5+"), promote);
    EXPECT_NE(pos.parse_san("b3-d5"), promote);
    EXPECT_EQ(pos.parse_san("b3-d5"), pos.parse_move("b3d5"));

    // Where no promotion is legal the '+' is a check mark, as before.
    const Rules chess = Rules::load("chess");
    const Position mate = chess.from_fen("4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
    EXPECT_EQ(mate.parse_san("a1a8+"), mate.parse_move("a1a8"));
    EXPECT_EQ(mate.parse_san("a1-a8+"), mate.parse_move("a1a8"));
}

TEST(SanParse, WrongTextSaysWhy) {
    const Rules chess = Rules::load("chess");
    const Position start = chess.start();
    using K = MoveError::Kind;
    expect_error(start, "", K::Unparsable, "empty");
    expect_error(start, "Zf3", K::Unparsable, "'Z' is not a piece of chess");
    expect_error(start, "Nf9", K::Unparsable, "f9 is not a square of the 8x8 board");
    expect_error(start, "N", K::Unparsable, "does not end with a square");
    expect_error(start, "Nf4", K::Illegal, "no knight of White can move to f4");
    expect_error(start, "Nxf3", K::Illegal, "written as a capture, but f3 is empty");
    expect_error(start, "e5", K::Illegal, "no pawn of White can move to e5");
    expect_error(start, "e2e5", K::Illegal, "pawn on e2 cannot move to e5");
    expect_error(start, "e4=Q", K::Illegal, "does not promote");
    const Position twins = chess.from_fen("8/5k2/8/8/Q6Q/8/8/Q3K3 w - - 0 1");
    expect_error(twins, "Qe4", K::Illegal, "ambiguous: the queens on");
    expect_error(twins, "Qad1", K::Illegal, "ambiguous");
    const Position promo = chess.from_fen("4k3/P7/8/8/8/8/8/4K3 w - - 0 1");
    expect_error(promo, "a8", K::Illegal, "needs a promotion letter (one of QRBN)");
    expect_error(promo, "a8=K", K::Illegal, "cannot promote to 'K'");
    // After a king capture nothing is legal.
    const Rules minichess = Rules::load("minichess");
    const Position over = minichess.from_fen("5/5/5/5/5/4K w - - 0 1");
    expect_error(over, "Kd1", K::Illegal, "the game is over");
}

}  // namespace
