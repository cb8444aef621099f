// The live page's state, fed the runner's events by hand: what the snapshot says and which
// events it hands to its sink.
#include <gtest/gtest.h>

#include <vector>

#include "referee/live/live_state.hpp"
#include "tests/support/rules.hpp"

namespace referee::live {
namespace {

using tournament::EventClock;

struct Sunk {
    std::string event;
    Json data;
};

tournament::GameStarted start(int slot, const std::string& white, const std::string& black) {
    tournament::GameStarted e;
    e.slot = {slot, 1, 0, 1, -1};
    e.white = white;
    e.black = black;
    e.start_fen = test::cached_rules("minitchess").start().fen();
    e.white_ms = 10000;
    e.black_ms = 9000;
    e.at = EventClock::now();
    return e;
}

// Plays `text` in `pos` and says so as the runner would.
tournament::MovePlayed move(rules::Position& pos, int slot, const std::string& text,
                            std::int64_t clock) {
    const rules::Move m = pos.parse_move(text);
    match::MoveEntry entry{pos.move_name(m),
                           pos.move_name(m, rules::MoveStyle::Uci),
                           pos.san(m),
                           120,
                           clock,
                           false,
                           {}};
    entry.info.depth = 5;
    entry.info.has_score = true;
    entry.info.score = -35;
    entry.info.set_pv(text + " x\xffy");
    pos.play(m);
    const std::string fen = pos.fen();
    return {slot,
            pos.ply_count(),
            pos.side_to_move() == rules::Black,
            entry,
            m.from,
            m.to,
            fen.substr(0, fen.find(' ')),
            EventClock::now()};
}

TEST(LiveState, AGameInPlayThenFinishedAndTheRunOver) {
    LiveInfo info;
    info.title = "t";
    info.engines = {"a", "b"};
    info.scheduled = 2;
    LiveState state(info, test::cached_rules("minitchess"));
    std::vector<Sunk> sunk;
    bool listening = true;
    state.set_sink(
        [&](std::string_view e, const std::string& d) {
            sunk.push_back({std::string(e), Json::parse(d)});
        },
        [&] { return listening; }, [] {});

    state.game_started(start(0, "a", "b"));
    EXPECT_TRUE(sunk.empty()) << "a game is announced with the next batch";
    state.before_flush();
    rules::Position pos = test::cached_rules("minitchess").start();
    state.move_played(move(pos, 0, "b2-b3", 9800));
    state.before_flush();
    state.move_played(move(pos, 0, "b5-b4", 8500));
    state.move_played(move(pos, 0, "c2-c3", 9700));
    state.before_flush();
    state.before_flush();  // nothing new: nothing sent
    ASSERT_EQ(sunk.size(), 3u);
    EXPECT_EQ(sunk[0].event, "game");
    EXPECT_EQ(sunk[1].event, "moves");
    EXPECT_EQ(sunk[1].data["first"], 1);
    EXPECT_EQ(sunk[1].data["sans"], Json::array({"b3"}));
    EXPECT_EQ(sunk[1].data["last"]["white_moved"], true);
    EXPECT_EQ(sunk[1].data["last"]["score"], "-0.35");
    EXPECT_EQ(sunk[1].data["last"]["pv"], "b2-b3 x?y");
    // Two plies between flushes: their names, and the last one whole.
    EXPECT_EQ(sunk[2].data["first"], 2);
    EXPECT_EQ(sunk[2].data["sans"], Json::array({"b4", "c3"}));
    EXPECT_EQ(sunk[2].data["last"]["ply"], 3);
    EXPECT_EQ(sunk[2].data["last"]["fen"], pos.fen().substr(0, pos.fen().find(' ')));
    EXPECT_EQ(sunk[2].data["clocks"], Json::array({9700, 8500}));

    Json snap = state.snapshot();
    ASSERT_EQ(snap["playing"].size(), 1u);
    const Json& g = snap["playing"][0];
    EXPECT_EQ(g["plies"].size(), 3u);
    EXPECT_EQ(g["clocks"][0], 9700);
    EXPECT_EQ(g["clocks"][1], 8500);
    EXPECT_EQ(g["info"][1]["depth"], 5);
    EXPECT_EQ(g["info"][1]["pv"], "b5-b4 x?y");
    EXPECT_EQ(snap["table"]["progress"]["done"], 0);

    // Nobody listening: nothing is even written out, but the state still follows.
    listening = false;
    state.move_played(move(pos, 0, "c5-c4", 8400));
    state.before_flush();
    EXPECT_EQ(sunk.size(), 3u);
    EXPECT_EQ(state.snapshot()["playing"][0]["plies"].size(), 4u);
    listening = true;

    match::GameRecord r;
    r.white = "a";
    r.black = "b";
    r.variant = "minitchess";
    r.start_fen = test::cached_rules("minitchess").start().fen();
    r.moves = {{"b2-b3", "b2b3", "b3", 1, -1, false, {}},
               {"b5-b4", "b5b4", "b4", 1, -1, false, {}},
               {"c2-c3", "c2c3", "c3", 1, -1, false, {}},
               {"c5-c4", "c5c4", "c4", 1, -1, false, {}}};
    r.result = rules::GameResult::WhiteWins;
    r.termination = match::Termination::Resignation;
    r.reason = "Black resigned";
    state.game_finished({0, 1, 0, 1, -1}, r);
    ASSERT_EQ(sunk.back().event, "end");
    EXPECT_EQ(sunk.back().data["row"]["result"], "1-0");
    // The tables go with the next batch, once.
    state.before_flush();
    ASSERT_EQ(sunk.back().event, "table");
    EXPECT_EQ(sunk.back().data["standings"][0]["name"], "a");
    EXPECT_EQ(sunk.back().data["standings"][0]["points"], 1.0);
    EXPECT_EQ(sunk.back().data["match"]["pentanomial"].size(), 5u);
    const std::size_t events = sunk.size();
    state.before_flush();
    EXPECT_EQ(sunk.size(), events);
    snap = state.snapshot();
    EXPECT_TRUE(snap["playing"].empty());
    EXPECT_EQ(snap["finished"].size(), 1u);
    ASSERT_TRUE(state.game(1));
    const Json replay = Json::parse(*state.game(1));
    EXPECT_EQ(replay["plies"].size(), 4u);
    EXPECT_EQ(replay["plies"][1]["san"], "b4");
    EXPECT_FALSE(state.game(2));

    state.run_finished(false);
    EXPECT_EQ(sunk.back().event, "over");
    EXPECT_EQ(state.snapshot()["over"], true);
}

TEST(LiveState, OnlyTheLatestFinishedGamesAreKeptForReplay) {
    LiveState state(LiveInfo{}, test::cached_rules("minitchess"));
    match::GameRecord r;
    r.variant = "minitchess";
    r.white = r.black = "x";
    for (int slot = 0; slot < static_cast<int>(kKeptReplays) + 5; ++slot)
        state.finished_unscored(slot, r);
    EXPECT_FALSE(state.game(1));
    EXPECT_FALSE(state.game(5));
    EXPECT_TRUE(state.game(6));
    EXPECT_TRUE(state.game(static_cast<int>(kKeptReplays) + 5));
}

}  // namespace
}  // namespace referee::live
