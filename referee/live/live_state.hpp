// What the live page shows, kept up to date from the runner's event stream (or the server's
// lobby, or a folder another process writes): the games in play with every ply, the finished
// games, the standings, crosstable and Elo, a match's statistics and SPRT, progress and ETA.
// Each change is also handed to a sink as one named event with its JSON, which the HTTP side
// sends to every viewer. Single-threaded: everything runs on the main loop.
//
// Cheap per ply, as it runs beside every move: a ply is kept as a small struct; what viewers
// are sent is written by hand, once a flush (see before_flush); the tables are worked out
// once a flush when a game has ended, or for a snapshot; a finished game is turned into the
// viewer's replay only when a viewer opens it.
#pragma once

#include <chrono>
#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "referee/match/game_record.hpp"
#include "referee/rules/core/position.hpp"
#include "referee/tournament/run_events.hpp"
#include "referee/tournament/sprt.hpp"

namespace referee::live {

using Json = nlohmann::ordered_json;

// The page's heading and what the tables are made of.
struct LiveInfo {
    std::string kind = "tournament";  // "tournament", "match", "serve", "watch"
    std::string title;
    std::string format;        // "round-robin", "gauntlet"
    std::string time_control;  // as the user wrote it
    std::vector<std::string> engines;
    int scheduled = 0;  // games in the schedule (0: unknown)
    tournament::SprtConfig sprt = {};
};

// One ply of a game in play, as the page draws it.
struct LivePly {
    int ply = 0;  // 1-based, book moves included
    std::string san, placement;
    int from = 0, to = 0;
    std::int64_t ms = 0, clock = -1;  // time taken; the mover's clock after it (-1: none)
    std::int64_t t = 0;               // when it was played, on the page's clock
    bool book = false, white_moved = true;
    int depth = 0;      // 0: not given
    std::string score;  // "+0.35", "#3"; empty: not given
    std::int64_t nodes = -1;
    std::string pv;  // the engine's principal variation, in its notation; empty: not given
};

// A game in play.
struct LiveGame {
    int slot = 0, round = 1;
    std::string white, black;
    std::string start;  // placement before the first ply
    bool white_to_move = true;
    int fullmove = 1;
    std::vector<LivePly> plies;
    std::int64_t clocks[2] = {-1, -1};  // ms left after each side's last move (-1: no clock)
    std::int64_t since = 0;             // when the side to move began to think
    std::string error;                  // why the start could not be shown, if it could not
    std::size_t sent = 0;               // plies the viewers have been sent
    bool announced = false;             // the viewers have been sent the game
};
Json game_json(const LiveGame& g);
LiveGame game_from_json(const Json& j);  // throws nlohmann::json::exception

// Finished games whose moves are kept for replay on the page; older ones are listed only.
inline constexpr std::size_t kKeptReplays = 400;
// Rows of finished games a snapshot lists (the latest).
inline constexpr std::size_t kListedGames = 500;

class LiveState : public tournament::RunObserver {
  public:
    using Sink = std::function<void(std::string_view event, const std::string& data)>;
    LiveState(LiveInfo info, rules::Rules rules);

    // Games finished before this run (a resumed tournament; watch: the journals so far), by
    // slot, in the order they finished (listed so, the latest on top): counted, and with
    // `replayable` (their moves given: watch) the latest kKeptReplays of them replayable.
    void add_earlier(const std::vector<std::pair<int, match::GameRecord>>& games,
                     bool replayable = false);
    // watch: an engine the journals name that the heading did not.
    void note_engine(const std::string& name);
    // `wanted` says whether anyone listens now: when not, no event is even written out;
    // `due` asks for a flush soon (before_flush has something to send).
    void set_sink(Sink sink, std::function<bool()> wanted, std::function<void()> due) {
        sink_ = std::move(sink);
        wanted_ = std::move(wanted);
        due_ = std::move(due);
    }

    bool wants_moves() const override { return true; }
    void game_started(const tournament::GameStarted& e) override;
    void move_played(const tournament::MovePlayed& e) override;
    void game_finished(const tournament::GameSlot& slot, const match::GameRecord& record) override;
    void run_finished(bool failed) override;

    // A game in play, whole, as another process's live file has it (watch): replaces it.
    void set_playing(LiveGame game);
    // A game no longer in play that has not finished here (its process stopped; watch).
    void drop_playing(int slot);
    const std::map<int, LiveGame>& playing() const { return playing_; }
    // serve: the lobby (offers, games, ratings), shown as it is.
    void set_lobby(Json lobby);
    // serve: a finished game, listed and replayable, counted in no table.
    void finished_unscored(int slot, const match::GameRecord& record);
    // The end, said otherwise than by the runner (serve stopping, watch).
    void over(const std::string& text);
    // Called before events go out (and before a viewer's snapshot): each new game, each game's
    // new plies as one "moves" event, and the tables when a game has ended since. A game
    // making many moves between two flushes sends its board once and the rest as names, and a
    // game that begins and ends between two is only listed, so what every viewer is sent does
    // not grow with the plies a second instant engines play.
    void before_flush();

    Json snapshot() const;                         // /state.json, and the first event a viewer gets
    std::optional<std::string> game(int n) const;  // /games/N.json: a finished game's replay
    Json playing_json() const;                     // the games in play (the live file)
    std::int64_t now_ms() const;                   // the page's clock: ms since this state was made
    std::int64_t ms_of(tournament::EventClock::time_point t) const;
    const LiveInfo& info() const { return info_; }
    int finished_count() const { return static_cast<int>(records_.size()); }

  private:
    bool listening() const { return sink_ && (!wanted_ || wanted_()); }
    void publish(std::string_view event, const std::string& data);
    void list_finished(int slot, const match::GameRecord& record);
    void count(int slot, const match::GameRecord& record);
    void send_moves(LiveGame& g);
    Json table() const;  // standings, crosstable, match statistics, progress

    LiveInfo info_;
    rules::Rules rules_;
    Json board_;
    Sink sink_;
    std::function<bool()> wanted_;
    std::function<void()> due_;
    tournament::EventClock::time_point epoch_;
    std::map<int, LiveGame> playing_;          // by slot
    std::vector<match::GameRecord> records_;   // finished, without moves, in finishing order
    std::map<int, std::size_t> record_of_;     // slot -> index in records_
    std::map<int, match::GameRecord> kept_;    // by game number: the latest, moves and all
    std::deque<int> kept_order_;               // oldest first, to forget beyond kKeptReplays
    std::deque<Json> rows_;                    // the latest finished games' rows
    std::vector<std::pair<int, double>> llr_;  // (games, LLR) after each game of a match
    Json lobby_;
    int earlier_ = 0;  // finished before this run
    std::optional<tournament::EventClock::time_point> first_start_;
    bool over_ = false;
    bool table_due_ = false;
    std::string over_text_;
};

}  // namespace referee::live
