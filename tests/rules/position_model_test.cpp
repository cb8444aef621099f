// The position model beyond the placement, on small variants written for these tests:
// hands and drops, promoted marks that demote when captured, checks given, the endings as
// one list and perft's two stops. For every move kind: make and unmake restore everything,
// the key made move by move equals the key of the same position read from its FEN, and the
// FEN reads back to itself.
#include <random>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "referee/rules/core/position.hpp"
#include "tests/support/rules.hpp"

namespace {

using namespace referee::rules;
using referee::test::play;

// 4x4 crazyhouse in small: captures go to hand, pieces in hand may be dropped, pawns promote
// on the last rank (and may not be dropped there).
const char* kTinyHouse = R"(
name: tinyhouse
board: {files: 4, ranks: 4}
start: "rnbk/p3/3P/KBNR[] w - - 0 1"
pieces:
  - {letter: K, name: king, betza: K, royal: true}
  - {letter: R, name: rook, betza: R}
  - {letter: B, name: bishop, betza: B}
  - {letter: N, name: knight, betza: N}
  - {letter: P, name: pawn, betza: mfWcfF, pawn: true, promotion: [R, B, N]}
check_rules: true
captures_to_hand: true
drops: true
end:
  checkmate: loss
  no_legal_moves: draw
  repetition: 3
)";

// 5x5 with check counts: the side that gives check twice wins.
const char* kTwoCheck = R"(
name: twocheck
board: {files: 5, ranks: 5}
start: "rnbqk/ppppp/5/PPPPP/RNBQK w - - 0 1"
pieces:
  - {letter: K, name: king, betza: K, royal: true}
  - {letter: Q, name: queen, betza: Q}
  - {letter: R, name: rook, betza: R}
  - {letter: B, name: bishop, betza: B}
  - {letter: N, name: knight, betza: N}
  - {letter: P, name: pawn, betza: mfWcfF, pawn: true, promotion: [Q]}
check_rules: true
end:
  checkmate: loss
  check_count: 2
  move_limit: 30
)";

// Giveaway in small: no royal piece, no check, and a side that can capture must.
const char* kTinyGiveaway = R"(
name: tinygiveaway
board: {files: 4, ranks: 5}
start: "rnbk/pppp/4/PPPP/KBNR w - - 0 1"
pieces:
  - {letter: K, name: king, betza: K}
  - {letter: R, name: rook, betza: R}
  - {letter: B, name: bishop, betza: B}
  - {letter: N, name: knight, betza: N}
  - {letter: P, name: pawn, betza: mfWcfF, pawn: true, promotion: [R, B, N, K]}
must_capture: true
end:
  no_legal_moves: win
)";

// Optional promotion as in shogi: a pawn may promote on the last two ranks, must on the last.
const char* kTinyShogi = R"(
name: tinyshogi
board: {files: 3, ranks: 5}
start: "gkg/1p1/3/1P1/GKG w - - 0 1"
pieces:
  - {letter: K, name: king, betza: K, royal: true}
  - {letter: G, name: gold, betza: WfF}
  - {letter: T, name: tokin, betza: WfF}
  - letter: P
    name: pawn
    betza: fW
    pawn: true
    promotion: {to: [T], rank: 4, optional: true, forced_rank: 5}
check_rules: true
end:
  checkmate: loss
)";

const Rules& rules_of(const char* text, const char* name) {
    static std::map<std::string, std::unique_ptr<Rules>> cache;
    auto& slot = cache[name];
    if (!slot) slot = std::make_unique<Rules>(parse_variant(text, name));
    return *slot;
}

struct Snapshot {
    std::string fen;
    std::uint64_t key;
    std::vector<Move> moves;
    bool operator==(const Snapshot&) const = default;
};
Snapshot snapshot(const Position& pos) {
    return {pos.fen(), pos.key(), pos.legal_moves()};
}

// Random games; at every position, every legal move is made and taken back, and the
// position reached is read back from its FEN. Returns how many moves of each kind were
// checked, so a test can insist that the kinds it is about occurred.
std::map<MoveKind, int> walk_and_check(const Rules& rules, int games, int plies) {
    std::map<MoveKind, int> seen;
    std::mt19937 rng(7);
    for (int game = 0; game < games; ++game) {
        Position pos = rules.start();
        for (int ply = 0; ply < plies && !pos.outcome(); ++ply) {
            const Snapshot before = snapshot(pos);
            const auto moves = pos.legal_moves();
            for (const Move m : moves) {
                ++seen[m.kind()];
                pos.play(m);
                const Position reread = rules.from_fen(pos.fen());
                EXPECT_EQ(reread.fen(), pos.fen()) << "after " << before.fen;
                EXPECT_EQ(reread.key(), pos.key())
                    << pos.fen() << " reached from " << before.fen << " by " << pos.fen();
                pos.undo();
                EXPECT_EQ(snapshot(pos), before) << "after taking back a move in " << before.fen;
            }
            pos.play(moves[std::uniform_int_distribution<int>(0, int(moves.size()) - 1)(rng)]);
        }
    }
    return seen;
}

TEST(PositionModel, DropsAndCapturesToHandRestoreEverythingAndRoundTrip) {
    const auto seen = walk_and_check(rules_of(kTinyHouse, "tinyhouse.yaml"), 40, 40);
    EXPECT_GT(seen.count(MoveKind::Drop) ? seen.at(MoveKind::Drop) : 0, 100);
    EXPECT_GT(seen.count(MoveKind::Promotion) ? seen.at(MoveKind::Promotion) : 0, 5);
}

// Gating (the gating squares in the castling field and the key), first moves and a running
// count (both in the FEN) come back whole after a move is taken back and read back from the
// FEN.
TEST(PositionModel, GatingFirstMovesAndCountsRestoreEverythingAndRoundTrip) {
    const auto gated = walk_and_check(referee::test::cached_rules("seirawan"), 4, 30);
    EXPECT_GT(gated.count(MoveKind::Gate) ? gated.at(MoveKind::Gate) : 0, 20);
    walk_and_check(referee::test::cached_rules("cambodian"), 3, 30);
    // From a position where the count starts at once.
    const Rules& makruk = referee::test::cached_rules("makruk");
    Position pos = makruk.from_fen("4k3/8/8/8/8/8/3r4/R3K3 w - - 0 1");
    for (const Move m : pos.legal_moves()) {
        const Snapshot before = snapshot(pos);
        pos.play(m);
        EXPECT_EQ(makruk.from_fen(pos.fen()).fen(), pos.fen());
        pos.undo();
        EXPECT_EQ(snapshot(pos), before);
    }
}

TEST(PositionModel, ACaptureGoesToTheCapturersHandAndAPromotedPieceReturnsAsAPawn) {
    const Rules& rules = rules_of(kTinyHouse, "tinyhouse.yaml");
    // White's pawn promotes to a rook (marked '~') with check; Black's knight takes it and
    // holds a pawn.
    Position pos = rules.from_fen("3k/1P2/n3/K3[] w - - 0 1");
    pos.play(pos.parse_move("b3b4r"));
    EXPECT_EQ(pos.fen(), "1R~1k/4/n3/K3[] b - - 0 1");
    EXPECT_TRUE(pos.is_promoted(rules.geometry().at(1, 3)));
    pos.play(pos.parse_move("a2b4"));
    EXPECT_EQ(pos.fen(), "1n1k/4/4/K3[p] w - - 0 2");
    EXPECT_EQ(pos.in_hand(Black, rules.variant().type_of('P')), 1);
    EXPECT_EQ(pos.in_hand(Black, rules.variant().type_of('R')), 0);
    pos.undo();
    EXPECT_EQ(pos.fen(), "1R~1k/4/n3/K3[] b - - 0 1");
    EXPECT_TRUE(pos.is_promoted(rules.geometry().at(1, 3)));
}

TEST(PositionModel, DropsAreWrittenAndReadAsUciAndSanWriteThem) {
    const Rules& rules = rules_of(kTinyHouse, "tinyhouse.yaml");
    Position pos = rules.from_fen("3k/4/4/K3[Np] b - - 0 1");
    const Move m = pos.parse_move("p@b2");
    EXPECT_EQ(m.kind(), MoveKind::Drop);
    EXPECT_EQ(m.drop_type(), rules.variant().type_of('P'));
    EXPECT_EQ(pos.move_name(m, MoveStyle::Uci), "P@b2");
    EXPECT_EQ(pos.san(m), "P@b2+");
    EXPECT_EQ(pos.parse_san("P@b2+"), m);
    // Black's pawn promotes on rank 1: no drop there.
    EXPECT_THROW(pos.parse_move("P@c1"), MoveError);
    // Black has no knight in hand (White has).
    EXPECT_THROW(pos.parse_move("N@c3"), MoveError);
    pos.play(m);
    EXPECT_EQ(pos.fen(), "3k/4/1p2/K3[N] w - - 0 2");
}

TEST(PositionModel, ADropMayBlockACheckAndNothingElseMayBeDroppedInCheck) {
    const Rules& rules = rules_of(kTinyHouse, "tinyhouse.yaml");
    // The rook on d1 checks along the first rank: of the drops only b1 and c1 block.
    Position pos = rules.from_fen("3k/4/4/K2r[N] w - - 0 1");
    std::vector<std::string> drops;
    for (const Move m : pos.legal_moves())
        if (m.is_drop()) drops.push_back(pos.move_name(m, MoveStyle::Uci));
    EXPECT_EQ(drops, (std::vector<std::string>{"N@b1", "N@c1"}));
}

TEST(PositionModel, HandsNeedAVariantWithHandsAndPiecesOfIt) {
    EXPECT_THROW(referee::test::cached_rules("chess").from_fen(
                     "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Q] w KQkq - 0 1"),
                 PositionError);
    const Rules& rules = rules_of(kTinyHouse, "tinyhouse.yaml");
    EXPECT_THROW(rules.from_fen("3k/4/4/K3[Q] w - - 0 1"), PositionError);
    EXPECT_THROW(rules.from_fen("3k/4/4/K3[N w - - 0 1"), PositionError);
    // '~' where nothing promotes to the piece.
    EXPECT_THROW(rules.from_fen("3k/4/4/KP~2[] w - - 0 1"), PositionError);
}

TEST(PositionModel, ChecksGivenAreCountedKeyedAndWrittenAsFairyStockfishDoes) {
    const auto seen = walk_and_check(rules_of(kTwoCheck, "twocheck.yaml"), 30, 40);
    EXPECT_GT(seen.count(MoveKind::Normal) ? seen.at(MoveKind::Normal) : 0, 1000);

    const Rules& rules = rules_of(kTwoCheck, "twocheck.yaml");
    Position pos = rules.start();
    EXPECT_EQ(pos.fen(), "rnbqk/ppppp/5/PPPPP/RNBQK w - - 2+2 0 1");
    // Read in both forms: remaining (Fairy-Stockfish) and given (lichess).
    EXPECT_EQ(rules.from_fen("4k/5/5/5/K4 w - - 1+2 0 1").checks_given(White), 1);
    EXPECT_EQ(rules.from_fen("4k/5/5/5/K4 w - - 0 1 +1+0").checks_given(White), 1);
    EXPECT_THROW(rules.from_fen("4k/5/5/5/K4 w - - 3+2 0 1"), PositionError);
    EXPECT_THROW(referee::test::cached_rules("chess").from_fen(
                     "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3 0 1"),
                 PositionError);
}

TEST(PositionModel, TheLastCheckEndsTheGameAtOnceAndPerftStopsThere) {
    const Rules& rules = rules_of(kTwoCheck, "twocheck.yaml");
    // White has given one check; the rook gives the second from e1 (or from d5).
    Position pos = rules.from_fen("4k/5/5/5/K2R1 w - - 1+2 0 1");
    pos.play(pos.parse_move("d1e1"));
    referee::test::expect_end(pos, GameResult::WhiteWins, EndReason::CheckCount,
                              "White has given check 2 times");
    EXPECT_THROW(pos.parse_move("e5d5"), MoveError);  // nothing is legal after it
    pos.undo();
    // Both stops end at the immediate ending: d1e1 and d1d5 count nothing.
    const auto any_end = pos.divide(2, PerftStop::AnyEnd);
    const auto immediate = pos.divide(2, PerftStop::Immediate);
    EXPECT_EQ(any_end, immediate);
    int zero = 0;
    for (const auto& [m, n] : immediate) zero += n == 0;
    EXPECT_EQ(zero, 2);
}

TEST(PositionModel, PerftStopsAtDrawsByRuleOnlyWhenAskedForEveryEnd) {
    // Black's 40th move ends minichess by its move limit: the referee's perft stops there,
    // Fairy-Stockfish's walks on.
    const Position pos =
        referee::test::cached_rules("minichess").from_fen("kqbnr/ppppp/5/5/PPPPP/RNBQK b - - 0 40");
    EXPECT_EQ(pos.perft(1, PerftStop::AnyEnd), 7u);
    EXPECT_EQ(pos.perft(2, PerftStop::AnyEnd), 0u);
    EXPECT_EQ(pos.perft(2, PerftStop::Immediate), 49u);
}

// The counting fast paths (no move list) agree with the list wherever the rules bend them:
// forced capture, optional promotion, drops.
void expect_counts_agree_with_lists(const Rules& rules) {
    std::mt19937 rng(11);
    for (int game = 0; game < 20; ++game) {
        Position pos = rules.start();
        for (int ply = 0; ply < 30 && !pos.outcome(); ++ply) {
            const auto moves = pos.legal_moves();
            ASSERT_EQ(pos.perft(1), moves.size()) << pos.fen();
            std::uint64_t sum = 0;
            for (const auto& [m, n] : pos.divide(2)) sum += n;
            EXPECT_EQ(pos.perft(2), sum) << pos.fen();
            pos.play(moves[std::uniform_int_distribution<int>(0, int(moves.size()) - 1)(rng)]);
        }
    }
}

TEST(PositionModel, ForcedCaptureLeavesOnlyTheCapturesWhereThereAreAny) {
    const Rules& rules = rules_of(kTinyGiveaway, "tinygiveaway.yaml");
    // a3 can take b4 (and nothing else can take): that is the only move.
    const Position pos = rules.from_fen("rnbk/1ppp/p3/1PPP/KBNR b - - 0 1");
    const auto moves = pos.legal_moves();
    ASSERT_EQ(moves.size(), 1u) << pos.fen();
    EXPECT_EQ(pos.move_name(moves[0], MoveStyle::Uci), "a3b2");
    expect_counts_agree_with_lists(rules);
    walk_and_check(rules, 10, 30);
}

TEST(PositionModel, OptionalPromotionOffersBothExceptWhereItIsForced) {
    const Rules& rules = rules_of(kTinyShogi, "tinyshogi.yaml");
    Position pos = rules.from_fen("k2/3/1P1/3/K2 w - - 0 1");
    // b3-b4 enters the zone: with or without promotion.
    const Move stay = pos.parse_move("b3b4");
    EXPECT_EQ(stay.kind(), MoveKind::Normal);
    const Move promote = pos.parse_move("b3b4t");
    EXPECT_EQ(promote.kind(), MoveKind::Promotion);
    EXPECT_EQ(pos.move_name(stay, MoveStyle::Dash), "b3-b4");
    EXPECT_EQ(pos.move_name(promote, MoveStyle::Dash), "b3-b4T");
    pos.play(stay);
    play(pos, {"a5a4", "a1b1", "a4a5"});
    // On the last rank it must promote: the one move needs no letter.
    const Move last = pos.parse_move("b4b5");
    EXPECT_EQ(last.kind(), MoveKind::Promotion);
    int to_b5 = 0;
    for (const Move m : pos.legal_moves()) to_b5 += m.to == rules.geometry().at(1, 4);
    EXPECT_EQ(to_b5, 1);
    // A pawn may not stand unpromoted on the last rank.
    EXPECT_THROW(rules.from_fen("kP1/3/3/3/K2 w - - 0 1"), PositionError);
    expect_counts_agree_with_lists(rules);
}

TEST(PositionModel, CountingAgreesWithTheListWithDrops) {
    expect_counts_agree_with_lists(rules_of(kTinyHouse, "tinyhouse.yaml"));
}

// Chess960 perft from the published Fischer random perft suite (the "chess960 perft"
// positions collected on the Chess Programming Wiki, first positions of the list), which
// Fairy-Stockfish 11.1 with UCI_Chess960 reproduces.
TEST(PositionModel, Chess960CastlingComesFromWhereTheKingAndRooksStand) {
    const Rules& rules = rules_of(R"(
name: fischer
extends: chess
chess960: true
)",
                                  "fischer.yaml");
    struct Case {
        const char* fen;
        std::vector<std::uint64_t> counts;
    };
    const std::vector<Case> cases = {
        {"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
         {21, 528, 12189, 326672}},
        {"2nnrbkr/p1qppppp/8/1ppb4/6PP/3PP3/PPP2P2/BQNNRBKR w HEhe - 1 9", {21, 807, 18002}},
        {"b1q1rrkb/pppppppp/3nn3/8/P7/1PPP4/4PPPP/BQNNRKRB w GE - 1 9", {20, 479, 10471}},
        {"qbbnnrkr/2pp2pp/p7/1p2pp2/8/P3PP2/1PPP1KPP/QBBNNR1R w hf - 0 9", {22, 593, 13440}},
    };
    for (const auto& c : cases) {
        const Position pos = rules.from_fen(c.fen);
        for (std::size_t d = 0; d < c.counts.size(); ++d)
            EXPECT_EQ(pos.perft(static_cast<int>(d + 1), PerftStop::Immediate), c.counts[d])
                << c.fen << " depth " << d + 1;
    }
    // The standard start reads as chess: KQkq are the outermost rooks.
    EXPECT_EQ(rules.start().perft(3), referee::test::cached_rules("chess").start().perft(3));
    // Castling with the king on g1 already: only the rook moves, and the right goes.
    Position pos = rules.from_fen("4k3/8/8/8/8/8/8/6KR w H - 0 1");
    bool castles = false;
    for (const Move m : pos.legal_moves())
        if (m.kind() == MoveKind::Castle) {
            castles = true;
            pos.play(m);
            EXPECT_EQ(pos.fen(), "4k3/8/8/8/8/8/8/5RK1 b - - 1 1");
            pos.undo();
        }
    EXPECT_TRUE(castles);
    walk_and_check(rules, 5, 30);
    EXPECT_THROW(rules.from_fen("4k3/8/8/8/8/8/8/5RK1 w K - 0 1"), PositionError);
}

TEST(PositionModel, TheEndingsAreOneListInTheOrderThatSettlesTies) {
    const Variant& v = referee::test::cached_rules("minichess").variant();
    std::vector<EndReason> reasons;
    for (const Ending& e : v.endings) reasons.push_back(e.reason);
    EXPECT_EQ(reasons,
              (std::vector<EndReason>{EndReason::RoyalCapture, EndReason::MoveLimit,
                                      EndReason::NoLegalMoves, EndReason::InsufficientMaterial}));
    EXPECT_TRUE(v.endings[0].immediate);
    EXPECT_FALSE(v.endings[1].immediate);
}

TEST(PositionModel, APromotionIsItsOwnMoveKind) {
    const Move m = Move::make(10, 18, MoveKind::Normal, 2);
    EXPECT_EQ(m.kind(), MoveKind::Promotion);
    EXPECT_EQ(m.promotion_type(), 2);
    const Move drop = Move::make_drop(3, 20);
    EXPECT_EQ(drop.kind(), MoveKind::Drop);
    EXPECT_EQ(drop.from, drop.to);
    EXPECT_FALSE(drop == Move::make(20, 20));
}

TEST(PositionModel, PiecesAreReadAsSideAndType) {
    const Rules& rules = referee::test::cached_rules("minichess");
    const Position pos = rules.start();
    const auto king = pos.piece_at(rules.geometry().at(4, 0));
    ASSERT_TRUE(king.has_value());
    EXPECT_EQ(*king, (PieceOn{White, rules.variant().type_of('K')}));
    EXPECT_EQ(pos.piece_at(rules.geometry().at(0, 5))->color, Black);
    EXPECT_FALSE(pos.piece_at(rules.geometry().at(2, 2)).has_value());
}

}  // namespace
