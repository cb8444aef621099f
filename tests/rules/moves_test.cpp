// Move text (read and written), special moves, and play/undo restoring the position.
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "referee/rules/core/position.hpp"
#include "tests/support/rules.hpp"

namespace {

using referee::test::cached_rules;

const std::string kPawnRules = std::string(REFEREE_TEST_DATA_DIR) + "/rules/pawn-rules.yaml";
using referee::rules::Move;
using referee::rules::MoveError;
using referee::rules::MoveStyle;
using referee::rules::Position;
using referee::rules::Rules;

void expect_move_error(const Position& pos, const std::string& text, MoveError::Kind kind,
                       const std::string& mentions) {
    try {
        pos.parse_move(text);
        FAIL() << "accepted '" << text << "'";
    } catch (const MoveError& e) {
        EXPECT_EQ(e.kind(), kind) << "'" << text << "': " << e.what();
        EXPECT_NE(std::string(e.what()).find(mentions), std::string::npos)
            << "'" << e.what() << "' does not mention " << mentions;
    }
}

std::uint64_t key_of(const Position& pos) {
    return pos.visit([](const auto& board) { return board.key(); });
}

TEST(MoveText, AllAcceptedFormsNameTheSameMove) {
    const auto pos = cached_rules("minichess").start();
    const Move m = pos.parse_move("a2-a3");
    for (const char* text : {"a2a3", "a2 a3", "  a2-a3 ", "a2-a3\r"})
        EXPECT_EQ(pos.parse_move(text), m) << text;
    EXPECT_EQ(pos.move_name(m), "a2-a3");
    EXPECT_EQ(pos.move_name(m, MoveStyle::Uci), "a2a3");
    EXPECT_EQ(pos.move_name(pos.parse_move("b1xc3")), "b1-c3");
}

TEST(MoveText, UnparsableIsToldApartFromIllegal) {
    const auto pos = cached_rules("minichess").start();
    using K = MoveError::Kind;
    expect_move_error(pos, "", K::Unparsable, "empty");
    expect_move_error(pos, "hello", K::Unparsable, "'hello' is not a move");
    expect_move_error(pos, "a2-", K::Unparsable, "no target square");
    expect_move_error(pos, "a2-a3xy", K::Unparsable, "'xy'");
    expect_move_error(pos, "f2-f3", K::Unparsable, "5x6");  // file f is off the board
    expect_move_error(pos, "a2-a7", K::Unparsable, "target square");
    expect_move_error(pos, "a2-a4", K::Illegal, "pawn on a2 cannot move to a4");
    expect_move_error(pos, "a3-a4", K::Illegal, "no piece on a3");
    expect_move_error(pos, "a5-a4", K::Illegal, "Black's");
    expect_move_error(pos, "e1-e2", K::Illegal, "king on e1 cannot move to e2");
    expect_move_error(pos, "b1-d2", K::Illegal, "knight");
    // Every illegal message names the move and the side.
    try {
        pos.parse_move("a2-a4");
    } catch (const MoveError& e) {
        EXPECT_EQ(std::string(e.what()).rfind("a2-a4 is not a legal move for White", 0), 0u)
            << e.what();
    }
}

TEST(MoveText, NoMoveAfterTheKingIsTaken) {
    auto pos = cached_rules("minichess").from_fen("k4/1p3/5/5/3P1/Q3K w - - 0 1");
    pos.play(pos.parse_move("a1-a6"));
    // b5-b3 is no pawn move; the message says why nothing can be played any more.
    expect_move_error(pos, "b5-b3", MoveError::Kind::Illegal,
                      "the game is over: White captured Black's king");
}

TEST(Promotion, SinglePieceLetterIsOptional) {
    const auto pos = cached_rules("minichess").from_fen("1k3/P4/5/5/5/4K w - - 0 1");
    const Move plain = pos.parse_move("a5-a6");
    EXPECT_NE(plain.promotion, 0);
    EXPECT_EQ(pos.parse_move("a5-a6q"), plain);
    EXPECT_EQ(pos.parse_move("a5a6Q"), plain);
    EXPECT_EQ(pos.parse_move("a5-a6=Q"), plain);
    EXPECT_EQ(pos.move_name(plain), "a5-a6") << "IMCS writes no letter where there is no choice";
    EXPECT_EQ(pos.move_name(plain, MoveStyle::Uci), "a5a6q");
    expect_move_error(pos, "a5-a6n", MoveError::Kind::Illegal, "cannot promote to 'N'");
    expect_move_error(pos, "e1-d1q", MoveError::Kind::Illegal, "does not promote");
    expect_move_error(pos, "a5-a6qq", MoveError::Kind::Unparsable, "'qq'");
    auto after = pos;
    after.play(plain);
    EXPECT_EQ(after.fen(), "Qk3/5/5/5/5/4K b - - 0 1");
}

TEST(Promotion, ChoiceNeedsALetter) {
    const auto pos = cached_rules(kPawnRules).from_fen("1k3/P4/5/5/5/4K w - - 0 1");
    expect_move_error(pos, "a5-a6", MoveError::Kind::Illegal, "one of qn");
    const Move knight = pos.parse_move("a5-a6n");
    EXPECT_EQ(pos.move_name(knight), "a5-a6N");
    EXPECT_EQ(pos.move_name(knight, MoveStyle::Uci), "a5a6n");
    EXPECT_NE(pos.parse_move("a5-a6q"), knight);
    expect_move_error(pos, "a5-a6k", MoveError::Kind::Illegal, "cannot promote to 'K'");
    // Hand: a5-a6 and a5xb6 (the king), each to queen or knight, and king e1 has d1, d2,
    // e2: 2 * 2 + 3 = 7 moves.
    EXPECT_EQ(pos.legal_moves().size(), 7u);
}

TEST(SpecialMoves, DoubleStepAndEnPassant) {
    auto pos = cached_rules(kPawnRules).from_fen("k4/5/2p2/5/1P3/4K w - - 0 1");
    pos.play(pos.parse_move("b2-b4"));
    EXPECT_EQ(pos.fen(), "k4/5/1Pp2/5/5/4K b - b3 0 1");
    pos.play(pos.parse_move("c4-b3"));
    EXPECT_EQ(pos.fen(), "k4/5/5/1p3/5/4K w - - 0 2") << "the b4 pawn is gone";
    pos.undo();
    pos.undo();
    EXPECT_EQ(pos.fen(), "k4/5/2p2/5/1P3/4K w - - 0 1");
    // A single step gives no en-passant right.
    pos.play(pos.parse_move("b2-b3"));
    EXPECT_EQ(pos.fen(), "k4/5/2p2/1P3/5/4K b - - 0 1");
}

TEST(SpecialMoves, EnPassantOnlyOnTheNextMove) {
    auto pos = cached_rules(kPawnRules).from_fen("k4/5/1Pp2/5/5/4K b - b3 0 1");
    pos.play(pos.parse_move("a6-a5"));
    pos.play(pos.parse_move("e1-d1"));
    expect_move_error(pos, "c4-b3", MoveError::Kind::Illegal, "cannot move to b3");
}

TEST(SpecialMoves, CastlingMovesBothPiecesAndSpendsTheRight) {
    auto pos = cached_rules("gardner-castling").from_fen("r3k/ppppp/5/PPPPP/R3K w Qq - 0 1");
    pos.play(pos.parse_move("e1-c1"));
    EXPECT_EQ(pos.fen(), "r3k/ppppp/5/PPPPP/2KR1 b q - 1 1");
    pos.play(pos.parse_move("e5c5"));
    EXPECT_EQ(pos.fen(), "2kr1/ppppp/5/PPPPP/2KR1 w - - 2 2");
}

TEST(SpecialMoves, MovingKingOrRookOrLosingTheRookSpendsTheRight) {
    const auto start =
        cached_rules("gardner-castling").from_fen("r3k/ppppp/5/PPPPP/R3K w Qq - 0 1");
    auto rook = start;
    rook.play(rook.parse_move("a1-b1"));
    EXPECT_EQ(rook.fen(), "r3k/ppppp/5/PPPPP/1R2K b q - 1 1");
    auto king = start;
    king.play(king.parse_move("e1-d1"));
    EXPECT_EQ(king.fen(), "r3k/ppppp/5/PPPPP/R2K1 b q - 1 1");
    // Rook a5 captured on its home square: Black loses q.
    auto taken = cached_rules("gardner-castling").from_fen("r3k/1pppp/5/5/R3K w Qq - 0 1");
    taken.play(taken.parse_move("a1xa5"));
    EXPECT_EQ(taken.fen(), "R3k/1pppp/5/5/4K b - - 0 1");
}

// Random games in every variant: after each move the incremental Zobrist key equals the key
// of the same position set up afresh from its FEN, and taking every move back restores the
// FEN and key of each earlier position exactly.
TEST(PlayUndo, RestoresFenAndKeyAlongRandomGames) {
    const Rules* variants[] = {&cached_rules("minichess"), &cached_rules("minitchess"),
                               &cached_rules("gardner-castling"), &cached_rules(kPawnRules)};
    std::mt19937 rng(20240611);
    for (const Rules* rules : variants) {
        for (int game = 0; game < 20; ++game) {
            auto pos = rules->start();
            std::vector<std::string> fens{pos.fen()};
            std::vector<std::uint64_t> keys{key_of(pos)};
            for (int ply = 0; ply < 60 && !pos.outcome(); ++ply) {
                const auto moves = pos.legal_moves();
                ASSERT_FALSE(moves.empty());
                pos.play(
                    moves[std::uniform_int_distribution<std::size_t>(0, moves.size() - 1)(rng)]);
                EXPECT_EQ(key_of(pos), key_of(rules->from_fen(pos.fen())))
                    << rules->name() << " " << pos.fen();
                fens.push_back(pos.fen());
                keys.push_back(key_of(pos));
            }
            while (pos.ply_count() > 0) {
                pos.undo();
                fens.pop_back();
                keys.pop_back();
                ASSERT_EQ(pos.fen(), fens.back()) << rules->name();
                ASSERT_EQ(key_of(pos), keys.back()) << rules->name();
            }
        }
    }
}

TEST(PlayUndo, UndoWithNothingPlayedIsRefused) {
    auto pos = cached_rules("minichess").start();
    EXPECT_THROW(pos.undo(), std::logic_error);
}

TEST(DrawRules, ThirdOccurrenceIsADraw) {
    // pawn-rules.yaml: repetition 3. The kings step away and back twice: the start
    // position stands at plies 0, 4 and 8.
    auto pos = cached_rules(kPawnRules).from_fen("k4/p4/5/5/4P/4K w - - 0 1");
    const char* walk[] = {"e1-d1", "a6-b6", "d1-e1", "b6-a6"};
    for (int i = 0; i < 8; ++i) {
        EXPECT_FALSE(pos.outcome().has_value()) << "ended at ply " << i;
        pos.play(pos.parse_move(walk[i % 4]));
    }
    const auto end = pos.outcome();
    ASSERT_TRUE(end.has_value());
    EXPECT_EQ(end->reason, referee::rules::EndReason::Repetition);
    EXPECT_EQ(end->result, referee::rules::GameResult::Draw);
    EXPECT_EQ(pos.perft(1), 0u);
}

TEST(DrawRules, NMoveRuleCountsMovesWithoutCaptureOrPawnMove) {
    // pawn-rules.yaml: n_move_rule 5. Ten king moves, no position repeated.
    auto pos = cached_rules(kPawnRules).from_fen("k4/p4/5/5/4P/4K w - - 0 1");
    const char* walk[] = {"e1-d1", "a6-b6", "d1-c1", "b6-c6", "c1-b1",
                          "c6-d6", "b1-a1", "d6-e6", "a1-a2", "e6-e5"};
    for (const char* m : walk) {
        EXPECT_FALSE(pos.outcome().has_value()) << "ended before " << m;
        pos.play(pos.parse_move(m));
    }
    const auto end = pos.outcome();
    ASSERT_TRUE(end.has_value());
    EXPECT_EQ(end->reason, referee::rules::EndReason::NMoveRule);
    // A pawn move resets the count.
    auto reset = cached_rules(kPawnRules).from_fen("k4/p4/5/5/4P/4K w - - 9 1");
    reset.play(reset.parse_move("e2-e3"));
    EXPECT_EQ(reset.halfmove_clock(), 0);
    EXPECT_FALSE(reset.outcome().has_value());
}

}  // namespace

namespace {

// What a position says of its moves and end, against a position read afresh from its FEN
// (which has nothing kept from before).
void expect_same_as_fresh(const Position& pos) {
    const Position fresh = pos.rules().from_fen(pos.fen());
    EXPECT_EQ(pos.legal_moves(), fresh.legal_moves()) << pos.fen();
    EXPECT_EQ(pos.outcome().has_value(), fresh.outcome().has_value()) << pos.fen();
    for (const Move& m : fresh.legal_moves()) EXPECT_EQ(pos.san(m), fresh.san(m)) << pos.fen();
}

// A position keeps its legal moves between questions (the referee asks three times a ply);
// every way of changing the board must drop them: play, undo, and a mutable visit.
TEST(LegalMovesKept, NeverOutliveAChangeOfTheBoard) {
    for (const char* variant : {"chess", "minichess", "gardner-castling"}) {
        Position pos = cached_rules(variant).start();
        std::mt19937 random(7);
        for (int ply = 0; ply < 60 && !pos.outcome(); ++ply) {
            const auto moves = pos.legal_moves();  // kept now
            const Move m = moves[random() % moves.size()];
            pos.san(m);  // plays and takes back m on the same board
            expect_same_as_fresh(pos);
            pos.play(m);
            expect_same_as_fresh(pos);
            if (ply % 3 == 0) {  // back and forth: undo must drop the moves of the later board
                pos.legal_moves();
                pos.undo();
                expect_same_as_fresh(pos);
                pos.visit([&](auto& board) { board.make(m); });
                expect_same_as_fresh(pos);
            }
        }
    }
}

}  // namespace
