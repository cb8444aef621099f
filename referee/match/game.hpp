// One game between two engine sessions, as a state machine fed by events (an engine's move,
// a fault, an exit, a timer). It never blocks, so one thread runs many games; every way a
// game can go wrong is a transition to a result with a reason.
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "referee/engine/dialects/session.hpp"
#include "referee/match/game_record.hpp"
#include "referee/match/score_adjudication.hpp"
#include "referee/match/time_control.hpp"
#include "referee/rules/core/position.hpp"

namespace boost::asio {
class io_context;
}

namespace referee::match {

enum class IllegalMovePolicy {
    Loss,      // an illegal or unreadable move loses (the default)
    AskAgain,  // IMCS: "- illegal move", the same side is asked again, its clock running
};

struct GameSpec {
    rules::Position start;                   // where the game starts
    std::vector<std::string> opening_moves;  // played by the referee first (book)
    TimeControl time_control;
    IllegalMovePolicy illegal_moves = IllegalMovePolicy::Loss;
    int max_plies = 0;  // > 0: a draw by adjudication once this many plies were played
    std::string event = "minichess-referee game";
    int round = 1;
    std::uint64_t game_seed = 0;  // for engines with a Seed option (0: none)
    // Per side (White, Black): UCI search limits sent with every "go" (0: none).
    std::int64_t nodes[2] = {0, 0};
    int depth[2] = {0, 0};
    // Per side (White, Black): a control of its own (time odds); none: time_control.
    std::optional<TimeControl> side_time_control[2] = {};
    ScoreAdjudication score_adjudication = {};  // -resign / -draw on the UCI engines' scores

    const TimeControl& control(rules::Color side) const {
        return side_time_control[side] ? *side_time_control[side] : time_control;
    }
};

class Game : public std::enable_shared_from_this<Game> {
  public:
    using Session = std::shared_ptr<engine::EngineSession>;
    using Done = std::function<void(const GameRecord&)>;
    // Called after each move, for live output: the move as recorded, the move itself (its
    // squares mark it on a board) and the position after it.
    using MoveObserver =
        std::function<void(const MoveEntry&, rules::Move, const rules::Position& after)>;

    static std::shared_ptr<Game> create(boost::asio::io_context& io, GameSpec spec, Session white,
                                        Session black, Done done);
    ~Game();
    void set_move_observer(MoveObserver observer) { observer_ = std::move(observer); }
    // Starts the sessions that are not running yet, then plays. done() runs once, on the
    // io_context, whatever happens; the sessions are left as they are for the caller to
    // reuse or quit.
    void start();
    // Ends the game now (Ctrl-C, a tournament stopping): an unfinished game, no result.
    void interrupt(const std::string& why);
    bool finished() const { return finished_; }
    // The game so far: before start(), its players, start position and book moves.
    const GameRecord& record() const { return record_; }

  private:
    struct Timer;
    Game(boost::asio::io_context& io, GameSpec spec, Session white, Session black, Done done);

    void hook(rules::Color side);
    void on_ready(rules::Color side);
    void begin_play();
    void next_turn();
    void ask(rules::Color side);
    bool awaiting(rules::Color side) const;  // its move is the one being waited for
    void on_move(rules::Color side, rules::Move move,
                 std::chrono::steady_clock::time_point received);
    void on_bad_move(rules::Color side, bool unreadable, const std::string& why);
    void on_claim(rules::Color side, rules::GameResult result, const std::string& comment);
    void on_draw_offer(rules::Color side);
    void on_disagreement(rules::Color side, const rules::Position& before, rules::Move move,
                         const std::string& said);
    void arm_timer();
    void on_timeout(rules::Color side);
    void finish(rules::GameResult result, Termination how, std::string reason_key,
                std::string reason, std::optional<rules::Color> at_fault);
    void lose(rules::Color side, Termination how, std::string reason_key, std::string reason);
    // The same with the termination's own key as the reason key (termination_key).
    void finish(rules::GameResult result, Termination how, std::string reason,
                std::optional<rules::Color> at_fault);
    void lose(rules::Color side, Termination how, std::string reason);
    const engine::MoveRequest& request();
    std::string who(rules::Color side) const;  // "White (alphabeta)"
    Session& session(rules::Color side) { return side == rules::White ? white_ : black_; }

    boost::asio::io_context& io_;
    GameSpec spec_;
    Session white_, black_;
    Done done_;
    MoveObserver observer_;
    rules::Position pos_;
    GameClock clock_;
    GameRecord record_;
    std::vector<rules::Move> moves_;  // the game's moves, book moves included
    engine::MoveRequest request_;     // the next request
    std::optional<ScoreAdjudicator> adjudicator_;
    engine::SearchInfo last_info_[2];  // what each engine said with its last move
    std::unique_ptr<Timer> timer_;
    enum class Phase { Starting, NewGame, Playing, Over } phase_ = Phase::Starting;
    int pending_ready_ = 0;
    bool ready_[2] = {false, false};
    std::uint64_t turn_ = 0;  // counts requests, so a stale timer or reply is recognised
    bool awaiting_move_ = false;
    std::chrono::steady_clock::time_point request_written_{};
    std::chrono::steady_clock::time_point deadline_{};  // of the move being awaited
    bool timer_armed_ = false;                          // a wait is pending on timer_
    std::uint64_t timer_arming_ = 0;  // which wait is current (an earlier deadline replaces one)
    bool request_written_known_ = false;
    bool finished_ = false;
    // A started game owns itself until done() has run, so a caller may drop its pointer.
    std::shared_ptr<Game> running_;
};

}  // namespace referee::match
