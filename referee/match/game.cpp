#include "referee/match/game.hpp"

#include <csignal>
#include <ctime>

#include <fmt/format.h>
#include <boost/asio/io_context.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/steady_timer.hpp>

#include "referee/rules/text/printable.hpp"

namespace referee::match {

using rules::Color;
using Clock = std::chrono::steady_clock;

struct Game::Timer {
    explicit Timer(boost::asio::io_context& io) : timer(io) {}
    boost::asio::steady_timer timer;
};

namespace {

std::string today() {
    std::time_t now = std::time(nullptr);
    std::tm tm{};
    localtime_r(&now, &tm);
    return fmt::format("{:04}.{:02}.{:02}", tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday);
}

// The variant's start position in FEN, worked out once per variant and thread rather than
// once per game (reading a FEN was a tenth of the referee's work per game). The cached Rules
// keeps its variant alive, so the address comparison cannot match a different variant.
const std::string& start_fen_of(const rules::Rules& rules) {
    thread_local std::optional<rules::Rules> cached;
    thread_local std::string fen;
    if (!cached || &cached->variant() != &rules.variant()) {
        cached.emplace(rules);
        fen = rules.start().fen();
    }
    return fen;
}

double seconds(std::int64_t ms) {
    return ms / 1000.0;
}

}  // namespace

namespace {

// A session corked for the scope (EngineSession::cork), uncorked however the scope ends.
class Corked {
  public:
    explicit Corked(Game::Session s) : s_(std::move(s)) { s_->cork(); }
    ~Corked() { s_->uncork(); }
    Corked(const Corked&) = delete;
    Corked& operator=(const Corked&) = delete;

  private:
    Game::Session s_;
};

// Signals that stop a whole job rather than report a fault of the engine's own.
bool stopped_from_outside(const engine::ExitInfo& info) {
    return info.signal == SIGTERM || info.signal == SIGINT || info.signal == SIGHUP;
}

}  // namespace

std::shared_ptr<Game> Game::create(boost::asio::io_context& io, GameSpec spec, Session white,
                                   Session black, Done done) {
    return std::shared_ptr<Game>(
        new Game(io, std::move(spec), std::move(white), std::move(black), std::move(done)));
}

Game::Game(boost::asio::io_context& io, GameSpec spec, Session white, Session black, Done done)
    : io_(io),
      spec_(std::move(spec)),
      white_(std::move(white)),
      black_(std::move(black)),
      done_(std::move(done)),
      pos_(spec_.start),
      clock_(spec_.control(rules::White), spec_.control(rules::Black)),
      timer_(std::make_unique<Timer>(io)) {
    const auto& rules = pos_.rules();
    record_.variant = rules.name();
    record_.variant_file = rules.variant().file;
    record_.white = white_->config().name;
    record_.black = black_->config().name;
    record_.start_fen = pos_.fen();
    record_.standard_start = record_.start_fen == start_fen_of(rules);
    // cutechess's tags: one TimeControl when the sides share it, one per side when not.
    const std::string white_tc = spec_.control(rules::White).pgn_tag(),
                      black_tc = spec_.control(rules::Black).pgn_tag();
    if (white_tc == black_tc) {
        record_.time_control = white_tc;
    } else {
        record_.white_time_control = white_tc;
        record_.black_time_control = black_tc;
    }
    record_.date = today();
    record_.event = spec_.event;
    record_.round = spec_.round;
    if (spec_.score_adjudication.enabled())
        adjudicator_.emplace(spec_.score_adjudication, who(rules::White), who(rules::Black));
    // Opening moves are the referee's, checked here so a bad book fails before any engine runs.
    for (const auto& text : spec_.opening_moves) {
        const rules::Move m = pos_.parse_move(text);  // throws MoveError naming the move
        record_.moves.push_back({pos_.move_name(m), pos_.move_name(m, rules::MoveStyle::Uci),
                                 pos_.san(m), 0, -1, true});
        moves_.push_back(m);
        pos_.play(m);
    }
}

Game::~Game() = default;

std::string Game::who(Color side) const {
    return fmt::format("{} ({})", rules::color_name(side),
                       (side == rules::White ? white_ : black_)->config().name);
}

void Game::hook(Color side) {
    std::weak_ptr<Game> weak = weak_from_this();
    engine::EngineSession::Events ev;
    ev.ready = [weak, side] {
        if (auto g = weak.lock()) g->on_ready(side);
    };
    ev.move = [weak, side](rules::Move move, Clock::time_point at) {
        if (auto g = weak.lock()) g->on_move(side, move, at);
    };
    ev.illegal_move = [weak, side](std::string why) {
        if (auto g = weak.lock()) g->on_bad_move(side, false, why);
    };
    ev.unreadable = [weak, side](std::string why) {
        if (auto g = weak.lock()) g->on_bad_move(side, true, why);
    };
    ev.claim = [weak, side](rules::GameResult result, std::string comment) {
        if (auto g = weak.lock()) g->on_claim(side, result, comment);
    };
    ev.draw_offer = [weak, side] {
        if (auto g = weak.lock()) g->on_draw_offer(side);
    };
    ev.disagree = [weak, side](const rules::Position& before, rules::Move move, std::string said) {
        if (auto g = weak.lock()) g->on_disagreement(side, before, move, said);
    };
    ev.resign = [weak, side] {
        auto g = weak.lock();
        if (g && g->phase_ == Phase::Playing)
            g->lose(side, Termination::Resignation, g->who(side) + " resigned");
    };
    ev.fault = [weak, side](engine::FaultKind kind, std::string detail) {
        auto g = weak.lock();
        if (!g) return;
        switch (kind) {
            case engine::FaultKind::Startup:
                return g->lose(side, Termination::StartFailure,
                               fmt::format("{} failed to start: {}", g->who(side), detail));
            case engine::FaultKind::Unsupported:
                return g->lose(
                    side, Termination::Unsupported,
                    fmt::format("{} cannot play this variant: {}", g->who(side), detail));
            case engine::FaultKind::Flood:
                return g->lose(side, Termination::ProtocolFault, kReasonOutputFlood,
                               fmt::format("{} flooded its output: {}", g->who(side), detail));
            case engine::FaultKind::LineTooLong:
                return g->lose(side, Termination::ProtocolFault, kReasonLineTooLong,
                               fmt::format("{} wrote a line too long: {}", g->who(side), detail));
            case engine::FaultKind::Protocol:
                return g->lose(side, Termination::ProtocolFault,
                               fmt::format("{} broke the protocol: {}", g->who(side), detail));
            case engine::FaultKind::Disconnect:  // imcs-tcp; the server's "on opponent disconnect"
                return g->lose(side, Termination::Crash, kReasonDisconnect,
                               fmt::format("{} disconnected: {}", g->who(side), detail));
        }
    };
    ev.search_info = [weak, side](const engine::SearchInfo& info) {
        if (auto g = weak.lock()) g->last_info_[side] = info;
    };
    ev.exit = [weak, side](const engine::ExitInfo& info) {
        auto g = weak.lock();
        if (!g || g->finished_) return;
        if (g->phase_ == Phase::Starting || !g->session(side)->responded())
            return g->lose(side, Termination::StartFailure,
                           fmt::format("{} exited before its first answer: {}", g->who(side),
                                       info.description));
        auto crashed = [weak, side, info] {
            auto g = weak.lock();
            if (g && !g->finished_)
                g->lose(side, Termination::Crash,
                        fmt::format("{} crashed: {}", g->who(side), info.description));
        };
        if (!stopped_from_outside(info)) return crashed();
        // A scheduler stopping a job (Slurm's requeue or preemption, systemd, a shell's
        // kill of the whole job) sends the same signal to the referee and the engines in no
        // set order. The referee's own handler ends it, and the game is replayed on resume;
        // only an engine stopped alone is charged with a crash, a moment later.
        auto grace =
            std::make_shared<boost::asio::steady_timer>(g->io_, std::chrono::milliseconds(500));
        grace->async_wait([grace, crashed](const boost::system::error_code&) { crashed(); });
    };
    session(side)->set_events(std::move(ev));
}

void Game::start() {
    running_ = shared_from_this();
    hook(rules::White);
    hook(rules::Black);
    for (Color side : {rules::White, rules::Black}) {
        auto& s = session(side);
        if (s->pid() <= 0) {
            s->start();
        } else if (s->alive()) {
            ready_[side] = true;
        } else {
            return lose(side, Termination::Crash,
                        who(side) + " was not running when the game began");
        }
    }
    if (ready_[rules::White] && ready_[rules::Black]) begin_play();
}

void Game::on_ready(Color side) {
    if (finished_) return;
    if (phase_ == Phase::Starting) {
        ready_[side] = true;
        if (ready_[rules::White] && ready_[rules::Black]) begin_play();
    } else if (phase_ == Phase::NewGame && --pending_ready_ == 0) {
        phase_ = Phase::Playing;
        next_turn();
    }
}

void Game::begin_play() {
    if (phase_ != Phase::Starting) return;
    phase_ = Phase::NewGame;
    pending_ready_ = 2;
    auto clocks = request();
    clocks.game_seed = spec_.game_seed;
    white_->new_game(true, clocks);
    if (!finished_) black_->new_game(false, clocks);
}

// Filled in place: the moves so far are kept in it and grow by one a ply, instead of the
// whole list being copied for every request.
const engine::MoveRequest& Game::request() {
    engine::MoveRequest& r = request_;
    r.start = &spec_.start;
    r.moves = moves_;
    r.position = &pos_;
    r.white_to_move = pos_.side_to_move() == rules::White;
    r.white_ms = clock_.remaining_ms(rules::White);
    r.black_ms = clock_.remaining_ms(rules::Black);
    // Each side's own increment (time odds); the mover's own moves to go and time per move.
    r.white_inc_ms = spec_.control(rules::White).increment_ms;
    r.black_inc_ms = spec_.control(rules::Black).increment_ms;
    r.moves_to_go = clock_.moves_to_go(pos_.side_to_move());
    r.movetime_ms = spec_.control(pos_.side_to_move()).move_time_ms;
    r.nodes = spec_.nodes[pos_.side_to_move()];
    r.depth = spec_.depth[pos_.side_to_move()];
    return r;
}

void Game::next_turn() {
    if (finished_) return;
    if (auto o = pos_.outcome())
        return finish(o->result, Termination::Rules, rules::end_reason_key(o->reason),
                      o->description, std::nullopt);
    if (spec_.max_plies > 0 && static_cast<int>(record_.moves.size()) >= spec_.max_plies)
        return finish(rules::GameResult::Draw, Termination::MoveCap,
                      fmt::format("draw by adjudication: the match's cap of {} plies was reached",
                                  spec_.max_plies),
                      std::nullopt);
    request_written_known_ = false;
    ask(pos_.side_to_move());
}

void Game::ask(Color side) {
    ++turn_;
    awaiting_move_ = true;
    const bool first_ask = !request_written_known_;
    last_info_[side] = {};
    std::weak_ptr<Game> weak = weak_from_this();
    session(side)->request_move(request(), [weak, side, first_ask](Clock::time_point written) {
        auto g = weak.lock();
        if (!g || g->finished_ || !first_ask)
            return;  // asked again: the clock runs from the first request
        g->request_written_ = written;
        g->request_written_known_ = true;
        const auto limit = std::chrono::milliseconds(g->clock_.allowance_ms(side) +
                                                     g->spec_.control(side).margin_ms + 1);
        g->deadline_ = written + limit;
        g->arm_timer();
    });
}

// One timer a game, re-armed only when the new deadline is earlier than the one it waits
// for: deadlines mostly move later from ply to ply, and re-arming (and cancelling) the timer
// every ply cost a timerfd_settime and an extra round through the event loop each. A wait
// that ends before the deadline of the move being awaited just waits again.
void Game::arm_timer() {
    if (timer_armed_ && timer_->timer.expiry() <= deadline_) return;
    timer_armed_ = true;
    const std::uint64_t arming = ++timer_arming_;
    timer_->timer.expires_at(deadline_);
    timer_->timer.async_wait(
        [weak = weak_from_this(), arming](const boost::system::error_code& ec) {
            auto g = weak.lock();
            if (!g || ec || arming != g->timer_arming_) return;  // replaced by an earlier one
            g->timer_armed_ = false;
            if (g->finished_ || !g->awaiting_move_ || !g->request_written_known_) return;
            if (Clock::now() < g->deadline_) return g->arm_timer();
            g->on_timeout(g->pos_.side_to_move());
        });
}

void Game::on_timeout(Color side) {
    if (finished_ || !awaiting_move_ || pos_.side_to_move() != side) return;
    const std::int64_t allowance = clock_.allowance_ms(side);
    const std::int64_t margin = spec_.control(side).margin_ms;
    lose(side, Termination::TimeForfeit,
         fmt::format(
             "{} did not move within {:.3f} s ({:.3f} s on its clock and a margin of {:.3f} s)",
             who(side), seconds(allowance + margin), seconds(allowance), seconds(margin)));
}

bool Game::awaiting(Color side) const {
    return !finished_ && phase_ == Phase::Playing && awaiting_move_ && pos_.side_to_move() == side;
}

void Game::on_bad_move(Color side, bool unreadable, const std::string& why) {
    if (!awaiting(side)) return;
    if (spec_.illegal_moves == IllegalMovePolicy::AskAgain) {
        session(side)->reject_move(why);
        return ask(side);
    }
    if (unreadable)
        return lose(side, Termination::ProtocolFault, kReasonUnparsableMove,
                    fmt::format("{} sent a reply that is not a move: {}", who(side), why));
    lose(side, Termination::IllegalMove,
         fmt::format("{} played an illegal move: {}", who(side), why));
}

// As cutechess judges them: a claim of one's own loss is a resignation; any other claim
// ends the game only where the rules end it, and loses the claimant where they do not.
void Game::on_claim(Color side, rules::GameResult result, const std::string& comment) {
    if (finished_ || phase_ != Phase::Playing) return;
    const rules::GameResult own_loss =
        side == rules::White ? rules::GameResult::BlackWins : rules::GameResult::WhiteWins;
    const std::string claimed =
        fmt::format("{} {{{}}}", rules::result_string(result), rules::printable_text(comment));
    if (result == own_loss)
        return lose(side, Termination::Resignation,
                    fmt::format("{} resigned (it claimed {})", who(side), claimed));
    const auto o = pos_.outcome();
    if (o && o->result == result)
        return finish(o->result, Termination::Rules, rules::end_reason_key(o->reason),
                      o->description, std::nullopt);
    lose(side, Termination::ProtocolFault, kReasonFalseClaim,
         fmt::format("{} claimed {}, but {}", who(side), claimed,
                     o ? fmt::format("the rules end the game {}: {}",
                                     rules::result_string(o->result), o->description)
                       : std::string("by the rules the game goes on")));
}

// A draw offer is accepted only where the rules say draw; otherwise play goes on, as with
// an opponent that declines.
void Game::on_draw_offer(Color) {
    if (finished_ || phase_ != Phase::Playing) return;
    if (auto o = pos_.outcome(); o && o->result == rules::GameResult::Draw)
        finish(o->result, Termination::Rules, rules::end_reason_key(o->reason), o->description,
               std::nullopt);
}

void Game::on_disagreement(Color side, const rules::Position& before, rules::Move move,
                           const std::string& said) {
    if (finished_ || phase_ == Phase::Over) return;
    const bool legal = before.is_legal(move);
    lose(side, Termination::ProtocolFault, kReasonRulesDisagreement,
         fmt::format("{} disagrees with the rules: it calls {} illegal in {} ('{}'), where the "
                     "rules {}",
                     who(side), legal ? before.san(move) : before.move_name(move), before.fen(),
                     rules::printable_text(said),
                     legal ? "allow it" : "do not allow it either (the referee's fault)"));
}

void Game::on_move(Color side, rules::Move move, Clock::time_point received) {
    if (!awaiting(side)) return;
    if (!pos_.is_legal(move))  // the dialect read it in this position: never, but cheap to ask
        return on_bad_move(side, false,
                           fmt::format("{} is not a legal move here", pos_.move_name(move)));
    const std::int64_t elapsed =
        request_written_known_
            ? std::chrono::duration_cast<std::chrono::milliseconds>(received - request_written_)
                  .count()
            : 0;
    awaiting_move_ = false;  // the timer, if it fires now, finds nothing to judge
    const std::int64_t allowance = clock_.allowance_ms(side);
    const bool timed = !clock_.untimed_move(side) && spec_.control(side).move_time_ms == 0;
    if (!clock_.charge(side, elapsed))
        return lose(side, Termination::TimeForfeit,
                    fmt::format("{} took {:.3f} s for a move it had {:.3f} s for (margin {:.3f} s)",
                                who(side), seconds(elapsed), seconds(allowance),
                                seconds(spec_.control(side).margin_ms)));
    MoveEntry entry{pos_.move_name(move),
                    pos_.move_name(move, rules::MoveStyle::Uci),
                    pos_.san(move),
                    elapsed,
                    timed ? clock_.remaining_ms(side) : -1,
                    false,
                    last_info_[side]};
    const int plies_before = static_cast<int>(record_.moves.size());
    // The opponent hears of the move and, usually, is asked for its own in the same write.
    const Corked corked(session(~side));
    session(~side)->opponent_moved(pos_, move);
    pos_.play(move);
    moves_.push_back(move);
    record_.moves.push_back(entry);
    if (observer_) observer_(entry, move, pos_);
    if (adjudicator_) {
        auto verdict = adjudicator_->after_move(side, entry.info, plies_before);
        // A game the rules have just ended keeps the rules' result.
        if (verdict && !pos_.outcome())
            return finish(verdict->result, Termination::Adjudication,
                          std::move(verdict->reason_key), std::move(verdict->reason), std::nullopt);
    }
    // Called, not posted (a post was one more round through the event loop each ply): the
    // next move can only arrive from a later read, so the stack does not grow with the game.
    next_turn();
}

void Game::lose(Color side, Termination how, std::string reason_key, std::string reason) {
    finish(side == rules::White ? rules::GameResult::BlackWins : rules::GameResult::WhiteWins, how,
           std::move(reason_key), std::move(reason), side);
}

void Game::lose(Color side, Termination how, std::string reason) {
    lose(side, how, termination_key(how), std::move(reason));
}

void Game::finish(rules::GameResult result, Termination how, std::string reason,
                  std::optional<Color> at_fault) {
    finish(result, how, termination_key(how), std::move(reason), at_fault);
}

void Game::interrupt(const std::string& why) {
    finish(rules::GameResult::Draw, Termination::Interrupted, why, std::nullopt);
}

void Game::finish(rules::GameResult result, Termination how, std::string reason_key,
                  std::string reason, std::optional<Color> at_fault) {
    if (finished_) return;
    finished_ = true;
    phase_ = Phase::Over;
    awaiting_move_ = false;
    timer_->timer.cancel();
    record_.result = result;
    record_.termination = how;
    record_.reason_key = std::move(reason_key);
    // Reasons quote engines, and engines send any bytes: stored escaped, so that a record,
    // a journal line or a report can always be written.
    record_.reason = rules::printable_text(reason);
    record_.at_fault = at_fault;
    record_.final_fen = pos_.fen();
    for (Color side : {rules::White, rules::Black})
        if (auto& s = session(side); s->alive())
            s->game_over(record_.result_text(), record_.reason_key);
    // The stderr tails are read when done() runs, so output that was still in the pipe counts.
    boost::asio::post(io_, [self = shared_from_this()] {
        self->record_.white_stderr_tail = rules::printable_text(self->white_->stderr_tail());
        self->record_.black_stderr_tail = rules::printable_text(self->black_->stderr_tail());
        if (self->done_) self->done_(self->record_);
        self->running_.reset();
    });
}

}  // namespace referee::match
