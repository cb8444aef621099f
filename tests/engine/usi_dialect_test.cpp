// The USI dialect without a process: the handshake, the variant and options, each game and
// request, and how it reads bestmove, info and the entering-king claim (Fairy-Stockfish 11.1
// in USI mode was run by hand for the forms used here).
#include <gtest/gtest.h>

#include "fake_dialect_host.hpp"
#include "referee/rules/core/position.hpp"
#include "tests/support/rules.hpp"

using namespace referee;
using engine::FaultKind;
using rules::GameResult;

namespace {

struct Usi : ::testing::Test {
    engine::EngineConfig config = [] {
        engine::EngineConfig c;
        c.name = "fsf";
        c.protocol = engine::Protocol::Usi;
        return c;
    }();
    test::FakeDialectHost host;
    std::unique_ptr<engine::Dialect> dialect;
    std::optional<rules::Position> start, now;
    std::vector<rules::Move> moves;

    void open(const rules::Rules& r) { open_at(r, r.start()); }
    void open_at(const rules::Rules& r, const rules::Position& at) {
        dialect =
            engine::make_dialect(engine::DialectContext{host, config, r.variant(), "/tmp", {}, {}});
        start.emplace(at);
        now.emplace(at);
        moves.clear();
        host.take();
    }
    // Fairy-Stockfish's handshake lines, cut to the options that matter here.
    void handshake(const std::string& id = "id name Fairy-Stockfish 11.1 LB 64") {
        dialect->begin_handshake();
        EXPECT_EQ(host.take(), "usi\n");
        for (const std::string& l : std::vector<std::string>{
                 id, "id author Fabian Fichter", "",
                 "option name Hash type spin default 16 min 1 max 131072",
                 "option name Ponder type check default false",
                 "option name UCI_Variant type combo default shogi var minishogi var shogi var "
                 "judkins",
                 "usiok"})
            dialect->on_line(l);
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
    void play(const char* uci) {
        const auto m = now->parse_move(uci);
        moves.push_back(m);
        now->play(m);
    }
};

}  // namespace

TEST_F(Usi, HandshakeTellsTheVariantAndOptionsThenWaitsForReadyok) {
    config.options = {{"USI_Hash", "64"}, {"Ponder", "false"}};
    open(test::cached_rules("minishogi"));
    handshake();
    // Fairy-Stockfish lists Hash, not USI_Hash: the config's USI name is sent as its name.
    EXPECT_EQ(host.take(),
              "setoption name UCI_Variant value minishogi\nsetoption name Hash value 64\n"
              "setoption name Ponder value false\nisready\n");
    EXPECT_EQ(host.ready_count, 0);
    EXPECT_EQ(dialect->awaited(), "");
    dialect->on_line("readyok");
    EXPECT_EQ(host.ready_count, 1);
    EXPECT_TRUE(host.faults.empty());
}

// An engine's bytes must not throw out of the dialect: "id name" with no name is ignored.
TEST_F(Usi, AnIdNameWithoutANameIsIgnored) {
    open(test::cached_rules("minishogi"));
    dialect->begin_handshake();
    host.take();
    EXPECT_NO_THROW(dialect->on_line("id name"));
    dialect->on_line("option name UCI_Variant type combo default shogi var minishogi");
    dialect->on_line("usiok");
    EXPECT_EQ(host.take(), "setoption name UCI_Variant value minishogi\nisready\n");
    EXPECT_TRUE(host.faults.empty());
}

TEST_F(Usi, AnOptionTheEngineDoesNotListIsAFault) {
    config.options = {{"Threads", "2"}};
    open(test::cached_rules("shogi"));
    handshake();
    ASSERT_EQ(host.faults.size(), 1u);
    EXPECT_EQ(host.faults[0].first, FaultKind::Protocol);
    EXPECT_NE(host.faults[0].second.find("has no option 'Threads'"), std::string::npos);
}

TEST_F(Usi, UsinewgameFollowsReadyokAndMovesAreSentInUsiText) {
    open(test::cached_rules("shogi"));
    handshake();
    dialect->on_line("readyok");
    host.take();
    dialect->new_game(true, request());
    EXPECT_EQ(host.take(), "isready\n");
    dialect->on_line("readyok");
    EXPECT_EQ(host.take(), "usinewgame\n");
    EXPECT_EQ(host.ready_count, 2);

    dialect->request_move(request(), {});
    // btime is the first player's clock (White here), as USI's "b"; Fairy-Stockfish 11.1
    // reads it from wtime, and is told it there (see TheFirstPlayersClockGoesWhere...).
    EXPECT_EQ(host.take(), "position startpos\ngo btime 59000 wtime 60000 byoyomi 0\n");
    dialect->on_line("info depth 3 score cp 42 nodes 900 pv 7g7f 3c3d");
    dialect->on_line("bestmove 7g7f ponder 3c3d");
    ASSERT_EQ(host.moves.size(), 1u);
    EXPECT_EQ(now->move_name(host.moves[0], rules::MoveStyle::Uci), "c3c4");
    play("c3c4");
    play("g7g6");
    auto r = request();
    r.white_inc_ms = 1000;
    r.black_inc_ms = 2000;
    dialect->request_move(r, {});
    EXPECT_EQ(host.take(),
              "position startpos moves 7g7f 3c3d\n"
              "go btime 59000 wtime 60000 binc 2000 winc 1000\n");
    dialect->on_line("bestmove 8h2b+");
    ASSERT_EQ(host.moves.size(), 2u);
    EXPECT_EQ(now->move_name(host.moves[1], rules::MoveStyle::Uci), "b2h8+");
    play("b2h8+");
    play("g9h8");
    r = request();
    r.movetime_ms = 500;
    dialect->request_move(r, {});
    EXPECT_EQ(host.take(),
              "position startpos moves 7g7f 3c3d 8h2b+ 3a2b\n"
              "go btime 0 wtime 0 byoyomi 500\n");
    dialect->on_line("bestmove B*5e");
    ASSERT_EQ(host.moves.size(), 3u);
    EXPECT_EQ(now->move_name(host.moves[2], rules::MoveStyle::Uci), "B@e5");

    dialect->game_over("1-0", "checkmate");
    EXPECT_EQ(host.take(), "gameover win\n");
    dialect->quit();
    EXPECT_EQ(host.take(), "quit\n");
}

// USI puts the first player's clock (sente's, the referee's White) in btime. Fairy-Stockfish
// before 13 reads it from wtime and, told the standard's way, spends its opponent's time and
// loses on time: it is known by its id name, and usi_sente_clock settles any engine.
TEST_F(Usi, TheFirstPlayersClockGoesWhereTheEngineReadsIt) {
    const std::string standard = "go btime 60000 wtime 59000 binc 1000 winc 2000\n",
                      swapped = "go btime 59000 wtime 60000 binc 2000 winc 1000\n";
    struct Case {
        const char* id;
        engine::UsiSenteClock setting;
        const std::string& go;
    };
    using C = engine::UsiSenteClock;
    for (const Case& c : {Case{"YaneuraOu 7.00", C::Auto, standard},
                          Case{"Fairy-Stockfish 11.1 LB 64", C::Auto, swapped},
                          Case{"Fairy-Stockfish 12 LB 64", C::Auto, swapped},
                          Case{"Fairy-Stockfish 14.0.1 LB", C::Auto, standard},
                          Case{"Fairy-Stockfish 060321 LB 64", C::Auto, standard},
                          Case{"Fairy-Stockfish 11.1 LB 64", C::Btime, standard},
                          Case{"YaneuraOu 7.00", C::Wtime, swapped}}) {
        config.usi_sente_clock = c.setting;
        open(test::cached_rules("minishogi"));
        handshake(std::string("id name ") + c.id);
        dialect->on_line("readyok");
        auto r = request();
        r.white_inc_ms = 1000;
        r.black_inc_ms = 2000;
        host.take();
        dialect->request_move(r, {});
        EXPECT_EQ(host.take(), "position startpos\n" + c.go)
            << c.id << ", usi_sente_clock=" << engine::usi_sente_clock_name(c.setting);
    }
}

TEST_F(Usi, AGameFromASetUpPositionIsSentAsAnSfen) {
    const auto& rules = test::cached_rules("minishogi");
    open_at(rules, rules.from_sfen("4k/5/5/5/KR3 b P 1"));
    handshake();
    dialect->on_line("readyok");
    dialect->new_game(false, request());
    dialect->on_line("readyok");
    host.take();
    play("b1b4");
    dialect->request_move(request(), {});
    EXPECT_EQ(host.take(),
              "position sfen 4k/5/5/5/KR3 b P 1 moves 4e4b\n"
              "go btime 59000 wtime 60000 byoyomi 0\n");
    dialect->game_over("1-0", "checkmate");
    // Over while it thought: stopped first, told gameover once its bestmove is in.
    EXPECT_EQ(host.take(), "stop\n");
    dialect->on_line("bestmove 5a5b");
    EXPECT_EQ(host.take(), "gameover lose\n");  // it played Black
    dialect->new_game(false, request());
    dialect->game_over("1/2-1/2", "repetition");
    EXPECT_EQ(host.take(), "isready\ngameover draw\n");
}

TEST_F(Usi, ResignWinIllegalAndUnreadableReplies) {
    open(test::cached_rules("minishogi"));
    handshake();
    dialect->on_line("readyok");
    auto ask = [&](const char* reply) {
        dialect->request_move(request(), {});
        dialect->on_line(reply);
    };
    ask("bestmove resign");
    EXPECT_EQ(host.resigns, 1);
    // An entering-king declaration is a claim for the side to move; the match judges it.
    ask("bestmove win");
    ASSERT_EQ(host.claims.size(), 1u);
    EXPECT_EQ(host.claims[0].first, GameResult::WhiteWins);
    EXPECT_NE(host.claims[0].second.find("entering-king"), std::string::npos);
    ask("bestmove 1a1b");  // Black's king
    ASSERT_EQ(host.illegal.size(), 1u);
    EXPECT_NE(host.illegal[0].find("1a1b (e5e4) is not a legal move for White"), std::string::npos)
        << host.illegal[0];
    ask("bestmove e1e2");  // UCI text, not USI
    ASSERT_EQ(host.unreadable_replies.size(), 1u);
    EXPECT_NE(host.unreadable_replies[0].find("not a USI move"), std::string::npos);
    ask("bestmove");
    ASSERT_EQ(host.faults.size(), 1u);
    EXPECT_TRUE(host.moves.empty());
}

// USI gives a mate's distance in plies; the referee's SearchInfo, as UCI, in moves.
TEST_F(Usi, MateScoresInPliesReadAsMoves) {
    struct InfoHost : test::FakeDialectHost {
        std::vector<engine::SearchInfo> infos;
        void search_info(const engine::SearchInfo& i) override { infos.push_back(i); }
    } info_host;
    config.variant = "minishogi";  // it plays minishogi without being told
    const auto& rules = test::cached_rules("minishogi");
    dialect = engine::make_dialect(
        engine::DialectContext{info_host, config, rules.variant(), "/tmp", {}, {}});
    start.emplace(rules.start());
    now.emplace(rules.start());
    dialect->begin_handshake();
    dialect->on_line("usiok");
    dialect->on_line("readyok");
    for (const char* score : {"mate 3", "mate -4", "cp 17"}) {
        dialect->request_move(request(), {});
        dialect->on_line(std::string("info depth 9 score ") + score + " nodes 5 pv 2e3d");
        dialect->on_line("bestmove 2e3d");
    }
    ASSERT_EQ(info_host.infos.size(), 3u);
    EXPECT_TRUE(info_host.infos[0].mate);
    EXPECT_EQ(info_host.infos[0].score, 2);
    EXPECT_EQ(info_host.infos[1].score, -2);
    EXPECT_FALSE(info_host.infos[2].mate);
    EXPECT_EQ(info_host.infos[2].score, 17);
    EXPECT_EQ(info_host.infos[2].pv(), "2e3d");
}

TEST_F(Usi, SfenCannotCarryCastlingRights) {
    const auto& chess = test::cached_rules("chess");
    open(chess);
    EXPECT_EQ(dialect->cannot_start_at(chess.start()), "");  // position startpos
    const auto moved = chess.from_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    EXPECT_NE(dialect->cannot_start_at(moved).find("no castling rights"), std::string::npos);
    const auto bare = chess.from_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 1");
    EXPECT_EQ(dialect->cannot_start_at(bare), "");
}

// A game that ends while the engine thinks: `stop` first; `gameover` and the next game's
// isready follow the bestmove it owes, which is not taken for a move.
TEST_F(Usi, AGameOverWhileThinkingStopsTheEngineBeforeGameover) {
    open(test::cached_rules("minishogi"));
    handshake();
    dialect->on_line("readyok");
    dialect->request_move(request(), {});
    host.take();
    dialect->game_over("0-1", "resignation");
    EXPECT_EQ(host.take(), "stop\n");
    EXPECT_TRUE(dialect->owes_reply());
    dialect->new_game(false, request());
    EXPECT_EQ(host.take(), "");
    dialect->on_line("bestmove 2e3d");
    EXPECT_EQ(host.take(), "gameover lose\nisready\n");  // it played White
    EXPECT_FALSE(dialect->owes_reply());
    dialect->on_line("readyok");
    EXPECT_EQ(host.take(), "usinewgame\n");
    EXPECT_EQ(host.ready_count, 2);
    EXPECT_TRUE(host.moves.empty());
    EXPECT_TRUE(host.faults.empty());
}

// Between games validate asks whether the engine is still there: isready, as in UCI, and
// only while it is idle.
TEST_F(Usi, AnIdleEngineIsAskedWhetherItIsStillThereByIsready) {
    open(test::cached_rules("minishogi"));
    int answers = 0;
    EXPECT_FALSE(dialect->ask_alive([&] { ++answers; })) << "not through its handshake";
    handshake();
    dialect->on_line("readyok");
    host.take();
    EXPECT_TRUE(dialect->ask_alive([&] { ++answers; }));
    EXPECT_EQ(host.take(), "isready\n");
    dialect->on_line("readyok");
    EXPECT_EQ(answers, 1);
    EXPECT_EQ(host.ready_count, 1);
}
