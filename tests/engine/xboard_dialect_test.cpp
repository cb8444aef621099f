// The xboard (CECP) dialect without a process: what it sends in the handshake, each game and
// each request, and how it reads what real engines write (Fairy-Max, GNU Chess, Phalanx and
// HoiChess were run by hand for the forms used here).
#include <gtest/gtest.h>

#include "fake_dialect_host.hpp"
#include "referee/engine/dialects/xboard_features.hpp"
#include "referee/rules/core/position.hpp"
#include "referee/rules/notation/xboard_notation.hpp"
#include "tests/support/rules.hpp"

using namespace referee;
using engine::FaultKind;
using rules::GameResult;

namespace {

struct Xboard : ::testing::Test {
    const rules::Rules& chess = test::cached_rules("chess");
    const rules::Rules& minitchess = test::cached_rules("minitchess");
    engine::EngineConfig config = [] {
        engine::EngineConfig c;
        c.name = "xb";
        c.protocol = engine::Protocol::Xboard;
        return c;
    }();
    test::FakeDialectHost host;
    std::unique_ptr<engine::Dialect> dialect;
    std::optional<rules::Position> start, now;
    std::vector<rules::Move> moves;

    void open(const rules::Rules& r) {
        dialect =
            engine::make_dialect(engine::DialectContext{host, config, r.variant(), "/tmp", {}, {}});
        start.emplace(r.start());
        now.emplace(r.start());
        moves.clear();
        host.take();
    }
    // Handshake with these feature lines, through the ping that ends it.
    void handshake(std::initializer_list<const char*> lines) {
        dialect->begin_handshake();
        EXPECT_EQ(host.take(), "xboard\nprotover 2\n");
        for (const char* l : lines) dialect->on_line(l);
    }
    engine::MoveRequest request() {
        engine::MoveRequest r;
        r.start = &*start;
        r.moves = moves;
        r.position = &*now;
        r.white_to_move = now->side_to_move() == rules::White;
        r.white_ms = 60000;
        r.black_ms = 59000;
        return r;
    }
    void play(const std::string& text) {
        const auto m = now->parse_move(text);
        moves.push_back(m);
        now->play(m);
    }
    // The engine writes `line` as its move; the move the host got, as UCI text.
    std::string answer(const std::string& line) {
        const auto before = host.moves.size();
        dialect->on_line(line);
        if (host.moves.size() == before) return "(none)";
        return now->move_name(host.moves.back(), rules::MoveStyle::Uci);
    }
};

}  // namespace

TEST_F(Xboard, FeaturesAreAnsweredAndDoneEndsTheHandshakeWithAPing) {
    open(chess);
    handshake({"feature myname=\"Fairy-Max 5.0b\"", "feature memory=1 exclude=1 colors=1",
               "feature setboard=0 xedit=1 ping=1 done=0"});
    EXPECT_EQ(host.take(),
              "accepted myname\naccepted memory\naccepted exclude\nrejected colors\n"
              "accepted setboard\nrejected xedit\naccepted ping\naccepted done\n");
    EXPECT_FALSE(host.timer) << "done=0: the start-up allowance applies, not two seconds";
    EXPECT_EQ(dialect->awaited(), "send 'feature done=1' after its 'feature done=0'");
    dialect->on_line("feature done=1");
    EXPECT_EQ(host.take(), "accepted done\nmemory 64\nping 1\n");
    EXPECT_EQ(host.ready_count, 0);
    EXPECT_EQ(dialect->awaited(), "answer 'ping 1'");
    dialect->on_line("pong 1");
    EXPECT_EQ(host.ready_count, 1);
}

TEST_F(Xboard, AnEngineThatSaysNothingOfDoneIsTakenAsItIsAfterTwoSeconds) {
    open(chess);
    handshake({"Chess"});
    ASSERT_TRUE(host.timer);
    host.fire();
    EXPECT_EQ(host.ready_count, 1) << "no ping feature: ready without one";
    EXPECT_TRUE(host.faults.empty());
}

// GNU Chess 6 says nothing until input arrives after it has started (3.5 s here under
// load): a silent engine is pinged each second, and its late features are waited for.
TEST_F(Xboard, ASilentEngineIsPingedUntilItSpeaks) {
    open(chess);
    handshake({});
    host.fire();
    EXPECT_EQ(host.take(), "ping 1\n");
    host.fire();
    EXPECT_EQ(host.take(), "ping 2\n");
    dialect->on_line("Chess");
    dialect->on_line("pong 1");
    dialect->on_line("feature done=0");
    EXPECT_FALSE(host.timer);
    dialect->on_line("feature ping=1 usermove=1 variants=\"normal\"");
    dialect->on_line("pong 2");
    dialect->on_line("feature done=1");
    EXPECT_EQ(host.take(),
              "accepted done\naccepted ping\naccepted usermove\naccepted variants\n"
              "accepted done\nping 3\n");
    dialect->on_line("pong 3");
    EXPECT_EQ(host.ready_count, 1);

    // One that never says anything is taken as a version 1 engine after four pings.
    open(chess);
    handshake({});
    for (int i = 0; i < 5; ++i) host.fire();
    EXPECT_EQ(host.take(), "ping 1\nping 2\nping 3\nping 4\n");
    EXPECT_EQ(host.ready_count, 2);
}

TEST_F(Xboard, NormalIsNeverSentAndOtherVariantsGoByTheEnginesNames) {
    open(chess);
    handshake({"feature variants=\"normal,nocastle\" done=1"});
    host.take();
    dialect->new_game(true, request());
    const std::string sent = host.take();
    EXPECT_EQ(sent.find("variant"), std::string::npos) << sent;
    EXPECT_EQ(sent.rfind("new\nforce\n", 0), 0u) << sent;

    open(minitchess);
    handshake({"feature variants=\"normal,minitchess\" done=1"});
    host.take();
    dialect->new_game(true, request());
    EXPECT_EQ(host.take().rfind("new\nvariant minitchess\nforce\n", 0), 0u);

    open(minitchess);
    handshake({"feature variants=\"normal,shatranj\" done=1"});
    ASSERT_EQ(host.faults.size(), 1u);
    EXPECT_EQ(host.faults[0].first, FaultKind::Unsupported);
    EXPECT_NE(host.faults[0].second.find("normal, shatranj"), std::string::npos)
        << host.faults[0].second;

    // No variants feature (Phalanx): xboard's own game only.
    open(minitchess);
    handshake({"feature done=1"});
    ASSERT_EQ(host.faults.size(), 2u);
    EXPECT_NE(host.faults[1].second.find("'normal'"), std::string::npos) << host.faults[1].second;
}

TEST_F(Xboard, AGameIsSetUpInForceModeAndTheFirstRequestSaysGo) {
    open(chess);
    handshake({"feature ping=1 setboard=1 usermove=1 done=1", "pong 1"});
    host.take();
    start.emplace(chess.from_fen("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"));
    now.emplace(*start);
    play("e2e4");  // a book move
    auto r = request();
    r.white_ms = r.black_ms = 90000;
    r.white_inc_ms = r.black_inc_ms = 500;
    dialect->new_game(false, r);
    EXPECT_EQ(host.take(),
              "new\nforce\nsetboard 4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\nusermove e2e4\n"
              "level 0 1:30 0.500\npost\neasy\nping 2\n");
    dialect->on_line("pong 2");
    EXPECT_EQ(host.ready_count, 2);
    int written = 0;
    dialect->request_move(request(), [&] { ++written; });
    EXPECT_EQ(host.take(), "time 5900\notim 6000\ngo\n");
    EXPECT_EQ(written, 1);
    dialect->on_line("1 -40 0 2 e7e5");
    dialect->on_line("3 25 12 3456 e8d7 e4e5");
    EXPECT_EQ(answer("move e8d7"), "e8d7");
    ASSERT_EQ(host.moves.size(), 1u);
    play("e8d7");
    play("e1d2");
    dialect->request_move(request(), [&] { ++written; });
    EXPECT_EQ(host.take(), "time 5900\notim 6000\nusermove e1d2\n")
        << "in play mode the opponent's move alone starts its thinking";
    EXPECT_EQ(written, 2);
}

TEST_F(Xboard, ThinkingLinesBecomeTheSearchInfo) {
    open(chess);
    engine::SearchInfo seen;
    struct InfoHost : test::FakeDialectHost {
        engine::SearchInfo* into = nullptr;
        void search_info(const engine::SearchInfo& i) override { *into = i; }
    };
    InfoHost info_host;
    info_host.into = &seen;
    dialect = engine::make_dialect(
        engine::DialectContext{info_host, config, chess.variant(), "/tmp", {}, {}});
    dialect->begin_handshake();
    dialect->on_line("feature done=1");
    dialect->new_game(true, request());
    dialect->request_move(request(), {});
    dialect->on_line(" 8 -14 4 74033 Nc6 d4 e5 Be3");
    dialect->on_line("9 100003 39 467744 Qh5");
    dialect->on_line("move e2e4");
    EXPECT_EQ(seen.depth, 9);
    EXPECT_TRUE(seen.mate);
    EXPECT_EQ(seen.score, 3);
    EXPECT_EQ(seen.nodes, 467744);
}

TEST_F(Xboard, MovesAreReadInEveryFormRealEnginesWrite) {
    for (const char* line :
         {"move e2e4", "1. ... e2e4", "My move is : e2e4", "My move is: e2e4", "move e4"}) {
        open(chess);  // each engine its own: the first form an engine uses is its form
        handshake({"feature done=1"});
        dialect->new_game(true, request());
        dialect->request_move(request(), {});
        EXPECT_EQ(answer(line), "e2e4") << line;
    }
    start.emplace(chess.from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"));
    now.emplace(*start);
    for (const char* line : {"move O-O", "move e1g1", "move 0-0"}) {
        dialect->request_move(request(), {});
        EXPECT_EQ(answer(line), "e1g1") << line;
    }
    start.emplace(chess.from_fen("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1"));
    now.emplace(*start);
    for (const char* line : {"move b7b8n", "move b8=N", "move b7b8N"}) {
        dialect->request_move(request(), {});
        EXPECT_EQ(answer(line), "b7b8n") << line;
    }
    dialect->request_move(request(), {});
    EXPECT_EQ(answer("move b7b6"), "(none)");
    ASSERT_EQ(host.illegal.size(), 1u);
    dialect->request_move(request(), {});
    EXPECT_EQ(answer("move zz99"), "(none)");
    ASSERT_EQ(host.unreadable_replies.size(), 1u);
    EXPECT_NE(host.unreadable_replies[0].find("'zz99'"), std::string::npos)
        << host.unreadable_replies[0];
}

// GNU Chess writes each move twice, "3. ... g1f3" and then "My move is : g1f3". Against an
// opponent that answers at once, the second line arrives when it is GNU Chess's turn again
// (seen in 5 of 16 games against the in-tree alphabeta at 4+0.05): it is not a new move.
TEST_F(Xboard, AMoveWrittenTwiceInTwoFormsIsOneMove) {
    open(chess);
    handshake({"feature usermove=1 done=1"});
    dialect->new_game(true, request());
    dialect->request_move(request(), {});
    EXPECT_EQ(answer("1. ... e2e4"), "e2e4");
    play("e2e4");
    play("e7e5");
    dialect->request_move(request(), {});
    EXPECT_EQ(answer("My move is : e2e4"), "(none)") << "the echo of its last move";
    EXPECT_TRUE(host.illegal.empty());
    EXPECT_EQ(answer("2. ... g1f3"), "g1f3");
}

// XBoard counts the ten ranks of a xiangqi board from 0 (HoiXiangqi opened with "a3a4",
// its pawn from a4): moves, thinking lines and complaints are translated both ways.
TEST_F(Xboard, OnABoardOfTenRanksTheEngineCountsRanksFromZero) {
    EXPECT_EQ(rules::shift_ranks("h3e3", -1), "h2e2");
    EXPECT_EQ(rules::shift_ranks("a10a9 P@e5 Rxe10+", -1), "a9a8 P@e4 Rxe9+");
    EXPECT_EQ(rules::shift_ranks("h9g7 b0c2", +1), "h10g8 b1c3");
    const auto& xiangqi = test::cached_rules("xiangqi");
    open(xiangqi);
    handshake({"feature usermove=1 variants=\"xiangqi\" done=1"});
    dialect->new_game(false, request());
    host.take();
    play("h3e3");
    dialect->request_move(request(), {});
    EXPECT_NE(host.take().find("usermove h2e2\n"), std::string::npos);
    EXPECT_EQ(answer("move h9g7"), "h10g8");
    play("h10g8");
    play("h1g3");
    dialect->request_move(request(), {});
    host.take();
    dialect->on_line("Illegal move: h0g2");
    ASSERT_EQ(host.disagreements.size(), 1u) << "about the referee's h1g3";
}

TEST_F(Xboard, ResignationsOffersAndClaimsAreEventsOfTheirOwn) {
    open(chess);
    handshake({"feature done=1"});
    dialect->new_game(true, request());
    dialect->request_move(request(), {});
    dialect->on_line("offer draw");
    dialect->on_line("1-0 {White mates}");
    dialect->on_line("1/2-1/2 {3-fold repetition}");
    dialect->on_line("resign");
    EXPECT_EQ(host.draw_offers, 1);
    ASSERT_EQ(host.claims.size(), 2u);
    EXPECT_EQ(host.claims[0], std::make_pair(GameResult::WhiteWins, std::string("White mates")));
    EXPECT_EQ(host.claims[1].first, GameResult::Draw);
    EXPECT_EQ(host.resigns, 1);
}

TEST_F(Xboard, IllegalMoveAboutTheRefereesMoveIsADisagreementNamingThePosition) {
    open(chess);
    handshake({"feature done=1"});
    dialect->new_game(false, request());
    host.take();
    play("e2e4");
    dialect->request_move(request(), {});
    EXPECT_EQ(host.take(), "time 5900\notim 6000\ne2e4\ngo\n");
    dialect->on_line("Illegal move: e2e4");
    ASSERT_EQ(host.disagreements.size(), 1u);
    EXPECT_EQ(host.disagreements[0],
              "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 e2e4 | "
              "Illegal move: e2e4");
    // About a command it does not know (Phalanx takes unknown words for moves): not a
    // disagreement.
    dialect->on_line("Illegal move: easy");
    dialect->on_line("Error (unknown command): easy");
    EXPECT_EQ(host.disagreements.size(), 1u);
    EXPECT_TRUE(host.faults.empty());
    dialect->on_line("Error (unknown command): setboard 8/8/8/8/8/8/8/8 w - - 0 1");
    ASSERT_EQ(host.faults.size(), 1u);
    EXPECT_EQ(host.faults[0].first, FaultKind::Unsupported);
}

TEST_F(Xboard, EngineWithoutSetboardIsToldThePositionWithEdit) {
    open(chess);
    handshake({"feature setboard=0 done=1"});
    host.take();
    start.emplace(chess.from_fen("4k3/8/8/8/8/8/4P3/4K3 b - - 0 1"));
    now.emplace(*start);
    dialect->new_game(true, request());
    const std::string sent = host.take();
    EXPECT_NE(sent.find("force\nblack\nedit\n#\nKe1\nPe2\nc\nKe8\n.\n"), std::string::npos) << sent;
}

// Fairy-Max has no setboard: edit cannot say an en-passant square, and its castling rights
// are those of the kings and rooks at home. Such positions are refused, with the reason.
TEST_F(Xboard, PositionsEditCannotGiveAreRefused) {
    open(chess);
    handshake({"feature setboard=0 done=1"});
    const auto ep = chess.from_fen("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1");
    EXPECT_NE(dialect->cannot_start_at(ep).find("en-passant square d6"), std::string::npos);
    const auto moved_rook = chess.from_fen("r3k2r/8/8/8/8/8/8/R3K2R w Kk - 0 1");
    EXPECT_NE(dialect->cannot_start_at(moved_rook).find("(KQkq), not the position's (Kk)"),
              std::string::npos)
        << dialect->cannot_start_at(moved_rook);
    EXPECT_EQ(dialect->cannot_start_at(chess.from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")), "");
    start.emplace(ep);
    now.emplace(ep);
    dialect->new_game(true, request());
    ASSERT_EQ(host.faults.size(), 1u);
    EXPECT_EQ(host.faults[0].first, FaultKind::Unsupported);

    open(chess);
    handshake({"feature setboard=1 done=1"});
    EXPECT_EQ(dialect->cannot_start_at(ep), "");
}

// Told a variant's name, an engine stands at its own array for it. That is the variant's
// start unless the file says otherwise: XBoard's and Fairy-Max's courier is the unmoved array
// (courier.yaml's xboard_start), so a game from the traditional start is set up for them.
// Seirawan's start is compared as a position (its castling field may be written two ways),
// and left to the engine even though edit could not give its hands.
TEST_F(Xboard, OnlyAStartTheEngineDoesNotStandAtIsSetUp) {
    open(test::cached_rules("courier"));
    handshake({"feature setboard=0 variants=\"normal,courier\" done=1"});
    host.take();
    dialect->new_game(true, request());
    std::string sent = host.take();
    EXPECT_NE(sent.find("variant courier\nforce\nedit\n#\n"), std::string::npos) << sent;
    EXPECT_NE(sent.find("\nPg4\n"), std::string::npos) << "the advanced pawn: " << sent;

    open(chess);
    handshake({"feature setboard=1 done=1"});
    host.take();
    dialect->new_game(true, request());
    sent = host.take();
    EXPECT_EQ(sent.find("setboard"), std::string::npos) << sent;

    const auto& seirawan = test::cached_rules("seirawan");
    open(seirawan);
    handshake({"feature setboard=0 variants=\"normal,seirawan\" done=1"});
    host.take();
    EXPECT_EQ(dialect->cannot_start_at(seirawan.start()), "");
    dialect->new_game(true, request());
    sent = host.take();
    EXPECT_EQ(sent.find("edit"), std::string::npos) << sent;
    EXPECT_TRUE(host.faults.empty());
    auto later = seirawan.start();
    for (const char* m : {"e2e4", "e7e5", "f1c4h"}) later.play(later.parse_move(m));
    EXPECT_NE(dialect->cannot_start_at(later).find("cannot give the pieces in hand"),
              std::string::npos)
        << dialect->cannot_start_at(later);
}

// Cambodian's king and met may make their first moves while unmoved, which its FEN names in
// the castling field (DEde). An engine given a board by `edit` takes every piece on its start
// square for unmoved: a position where the king stands at home but has moved cannot be given
// so. Fairy-Max was asked 4k3/... b - - 0 1 and leapt the king e8-f6 (a validate probe).
TEST_F(Xboard, EditCannotGiveAPieceAtHomeThatHasMoved) {
    const auto& cambodian = test::cached_rules("cambodian");
    open(cambodian);
    handshake({"feature setboard=0 variants=\"normal,cambodian\" done=1"});
    host.take();
    const auto moved = cambodian.from_fen("4k3/7R/R2SN2p/N6P/2p5/6P1/8/2M2K2 b - - 0 1");
    EXPECT_NE(dialect->cannot_start_at(moved).find("not the position's (-)"), std::string::npos)
        << dialect->cannot_start_at(moved);
    const auto unmoved = cambodian.from_fen("4k3/7R/R2SN2p/N6P/2p5/6P1/8/2M2K2 b e - 0 1");
    EXPECT_EQ(dialect->cannot_start_at(unmoved), "");
    const auto away = cambodian.from_fen("3k4/7R/R2SN2p/N6P/2p5/6P1/8/2M2K2 b - - 0 1");
    EXPECT_EQ(dialect->cannot_start_at(away), "");
}

TEST_F(Xboard, OptionsMemoryAndCoresGoWhereTheEngineAsked) {
    config.options = {{"memory", "32"}, {"cores", "2"}, {"Resign", "1"}};
    open(chess);
    handshake({"feature memory=1 option=\"Resign -check 0\" done=1"});
    std::string sent = host.take();
    EXPECT_NE(sent.find("memory 32\noption Resign=1\n"), std::string::npos) << sent;
    EXPECT_EQ(sent.find("cores"), std::string::npos) << "no smp=1: cores is not sent";
    // memory=1 and none configured: XBoard's 64 MiB (HaChu crashes at its first search
    // without a size).
    config.options = {};
    open(chess);
    handshake({"feature memory=1 done=1"});
    sent = host.take();
    EXPECT_NE(sent.find("memory 64\n"), std::string::npos) << sent;
    open(chess);
    handshake({"feature done=1"});
    EXPECT_EQ(host.take().find("memory"), std::string::npos);
    config.options = {{"Hash", "1"}};
    open(chess);
    handshake({"feature option=\"Resign -check 0\" done=1"});
    ASSERT_EQ(host.faults.size(), 1u);
    EXPECT_NE(host.faults[0].second.find("no option 'Hash'"), std::string::npos);
}

// Chess with Different Armies is Fairy-Max's `fairy` with its army option: the option goes
// before the first game, `variant fairy` with each; an engine that lists `fairy` without the
// option would play another game under that name, so it is refused.
TEST_F(Xboard, AGameChosenByTheEnginesOptionSetsItAndSendsItsName) {
    const rules::Rules& armies = test::cached_rules("fide-nutters");
    open(armies);
    handshake(
        {"feature variants=\"normal,fairy\" option=\"Variant fairy selects -combo "
         "FIDE-Clobberers /// FIDE-Nutters\" done=1"});
    const std::string sent = host.take();
    EXPECT_NE(sent.find("accepted done\noption Variant fairy selects=FIDE-Nutters\n"),
              std::string::npos)
        << sent;
    dialect->new_game(true, request());
    EXPECT_EQ(host.take().rfind("new\nvariant fairy\nforce\n", 0), 0u);

    open(armies);
    handshake({"feature variants=\"normal,fairy\" done=1"});
    ASSERT_EQ(host.faults.size(), 1u);
    EXPECT_EQ(host.faults[0].first, FaultKind::Unsupported);
    EXPECT_NE(host.faults[0].second.find("option 'Variant fairy selects'"), std::string::npos)
        << host.faults[0].second;

    // One that lists the variant's own name too (the in-tree engines list every shipped
    // name, fairy among them) is told that name.
    host.faults.clear();
    open(armies);
    handshake({"feature variants=\"normal,fairy,fide-nutters\" done=1"});
    EXPECT_TRUE(host.faults.empty());
    host.take();
    dialect->new_game(true, request());
    EXPECT_EQ(host.take().rfind("new\nvariant fide-nutters\nforce\n", 0), 0u);
}

TEST_F(Xboard, ReuseZeroMakesItAOneGameEngine) {
    open(chess);
    EXPECT_FALSE(dialect->one_game());
    handshake({"feature reuse=0 done=1"});
    EXPECT_TRUE(dialect->one_game());
}

TEST(XboardFeatures, QuotedValuesAndBrokenLines) {
    using engine::xboard::read_features;
    const auto f = read_features(
        "myname=\"GNU Chess 6\" ping=1 option=\"Ini File -file /usr/fmax.ini\" done=0");
    ASSERT_EQ(f.size(), 4u);
    EXPECT_EQ(f[0].value, "GNU Chess 6");
    EXPECT_EQ(engine::xboard::option_name(f[2].value), "Ini File");
    EXPECT_EQ(read_features("ping=1 myname=\"unterminated").size(), 1u);
    EXPECT_TRUE(read_features("").empty());
    EXPECT_FALSE(engine::xboard::read_thinking("move e2e4"));
    const auto t = engine::xboard::read_thinking("9 100003 39 467744 Nf6 Bb5+ ");
    ASSERT_TRUE(t);
    EXPECT_TRUE(t->mate);
    EXPECT_EQ(t->score, 3);
    EXPECT_EQ(t->pv, "Nf6 Bb5+");
    EXPECT_FALSE(engine::xboard::read_result("1-0x"));
    const auto c = engine::xboard::read_complaint("Illegal move (no such piece): e2e4");
    ASSERT_TRUE(c);
    EXPECT_EQ(c->reason, "no such piece");
    EXPECT_EQ(c->subject, "e2e4");
}

namespace {

// Fairy-Max calls the janus A (janus.yaml's xboard_letters): edit, setboard and the moves
// carry the engines' letter, and its moves are read back into the referee's.
TEST_F(Xboard, TheEnginesOwnPieceLettersAreWrittenAndRead) {
    const auto& janus = test::cached_rules("janus");
    const auto position = janus.from_fen("4k5/J8P/10/10/10/10/p9/4K5 w - - 0 1");
    open(janus);
    handshake({"feature setboard=0 variants=\"normal,janus\" done=1"});
    host.take();
    start.emplace(position);
    now.emplace(position);
    dialect->new_game(false, request());
    const std::string sent = host.take();
    EXPECT_NE(sent.find("edit\n#\nKe1\nAa7\nPj7\nc\n"), std::string::npos) << sent;
    EXPECT_EQ(sent.find("Ja7"), std::string::npos) << sent;
    play("j7j8j");
    dialect->request_move(request(), {});
    EXPECT_NE(host.take().find("\nj7j8a\n"), std::string::npos);
    EXPECT_EQ(answer("move a2a1a"), "a2a1j");

    open(janus);
    handshake({"feature setboard=1 variants=\"normal,janus\" done=1"});
    host.take();
    start.emplace(position);
    now.emplace(position);
    dialect->new_game(false, request());
    EXPECT_NE(host.take().find("setboard 4k5/A8P/10/10/10/10/p9/4K5 w"), std::string::npos);
}

// Fairy-Stockfish's fairy is chess with silvers and fers; Fairy-Max's fairy is Chess with
// Different Armies, the pairing chosen by its option "Variant fairy selects". An engine with
// that option is not told `variant fairy` for the game that names no pairing: it would play
// another game and be failed for its moves.
TEST_F(Xboard, ANameTheEnginesOptionSplitsIntoSeveralGamesIsNotSent) {
    const rules::Rules& fairy = test::cached_rules("fairy");
    open(fairy);
    handshake(
        {"feature variants=\"normal,fairy\" option=\"Variant fairy selects -combo "
         "FIDE-Clobberers /// FIDE-Nutters\" done=1"});
    ASSERT_EQ(host.faults.size(), 1u);
    EXPECT_EQ(host.faults[0].first, FaultKind::Unsupported);
    EXPECT_NE(host.faults[0].second.find("several games called fairy"), std::string::npos)
        << host.faults[0].second;

    host.faults.clear();
    open(fairy);  // Fairy-Stockfish over xboard: its fairy is this one
    handshake({"feature variants=\"normal,fairy,shogi\" done=1"});
    EXPECT_TRUE(host.faults.empty());
    host.take();
    dialect->new_game(true, request());
    EXPECT_EQ(host.take().rfind("new\nvariant fairy\nforce\n", 0), 0u);
}

// Fairy-Max writes both the Clobberers' fad and the Nutters' colonel C: clobberers-nutters
// calls the colonel O and gives it the engines' C for Black only (xboard_letters: {black:
// {O: C}}), so White's C stays the fad both ways and a promotion's lower-case letter is read
// by the side that moved.
TEST_F(Xboard, OneSidesOwnLettersAreWrittenAndReadForThatSideAlone) {
    const auto& armies = test::cached_rules("clobberers-nutters");
    const auto position = armies.from_fen("1o2k3/7P/8/8/8/8/p7/1C2K3 w - - 0 1");
    open(armies);
    handshake(
        {"feature setboard=0 variants=\"normal,fairy\" "
         "option=\"Variant fairy selects -combo Clobberers-Nutters\" done=1"});
    host.take();
    start.emplace(position);
    now.emplace(position);
    dialect->new_game(false, request());
    const std::string sent = host.take();
    EXPECT_NE(sent.find("edit\n#\nCb1\nKe1\nPh7\nc\nPa2\nCb8\nKe8\n"), std::string::npos) << sent;
    EXPECT_EQ(sent.find("Ob8"), std::string::npos) << sent;
    play("h7h8c");  // White's fad: C both ways
    dialect->request_move(request(), {});
    EXPECT_NE(host.take().find("\nh7h8c\n"), std::string::npos);
    EXPECT_EQ(answer("move a2a1c"), "a2a1o");  // Black's c is the colonel

    open(armies);
    handshake(
        {"feature setboard=1 variants=\"normal,fairy\" "
         "option=\"Variant fairy selects -combo Clobberers-Nutters\" done=1"});
    host.take();
    start.emplace(position);
    now.emplace(position);
    dialect->new_game(false, request());
    EXPECT_NE(host.take().find("setboard 1c2k3/7P/8/8/8/8/p7/1C2K3 w"), std::string::npos);
}

// On ten ranks XBoard numbers them from 0, in edit's squares as in moves: Fairy-Max, which
// has no setboard, was given mexican's probe positions a rank off and then moved pieces that
// were not there.
TEST_F(Xboard, EditNamesTheSquaresOfATenRankBoardFromRankZero) {
    const auto& mexican = test::cached_rules("mexican");
    const auto position = mexican.from_fen("4k5/10/10/10/10/10/10/10/P9/4K5 w - - 0 1");
    open(mexican);
    handshake({"feature setboard=0 variants=\"normal,mexican\" done=1"});
    host.take();
    start.emplace(position);
    now.emplace(position);
    dialect->new_game(false, request());
    const std::string sent = host.take();
    EXPECT_NE(sent.find("edit\n#\nKe0\nPa1\nc\nKe9\n.\n"), std::string::npos) << sent;
}

}  // namespace

// Between games validate asks whether the engine is still there: a ping of its own, whose
// pong answers (and the next game's ping is still the one the game waits for); an engine
// without the ping feature cannot be asked.
TEST_F(Xboard, AnIdleEngineWithPingIsAskedWhetherItIsStillThere) {
    open(chess);
    handshake({"feature ping=1 setboard=1 usermove=1 done=1", "pong 1"});
    host.take();
    int answers = 0;
    EXPECT_TRUE(dialect->ask_alive([&] { ++answers; }));
    EXPECT_EQ(host.take(), "ping 2\n");
    dialect->on_line("pong 1");
    EXPECT_EQ(answers, 0) << "an older pong answers nothing";
    dialect->on_line("pong 2");
    EXPECT_EQ(answers, 1);
    EXPECT_EQ(host.ready_count, 1);
    EXPECT_TRUE(dialect->ask_alive([&] { ++answers; }));
    EXPECT_EQ(host.take(), "ping 3\n");
    dialect->new_game(true, request());
    EXPECT_NE(host.take().find("ping 4\n"), std::string::npos);
    dialect->on_line("pong 3");
    EXPECT_EQ(host.ready_count, 1) << "the game waits for its own ping";
    dialect->on_line("pong 4");
    EXPECT_EQ(host.ready_count, 2);

    open(chess);
    handshake({"feature setboard=1 usermove=1 done=1"});
    host.take();
    EXPECT_FALSE(dialect->ask_alive([&] { ++answers; }));
    EXPECT_EQ(host.take(), "");
}
