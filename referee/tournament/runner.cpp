#include "referee/tournament/runner.hpp"

#include <unistd.h>

#include <algorithm>
#include <array>
#include <deque>
#include <filesystem>
#include <optional>
#include <set>
#include <thread>
#include <tuple>

#include <fmt/format.h>
#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/post.hpp>

#include "referee/engine/dialects/session.hpp"
#include "referee/engine/process/confinement.hpp"
#include "referee/engine/process/cpu_affinity.hpp"
#include "referee/engine/process/scratch_dir.hpp"
#include "referee/match/game.hpp"
#include "referee/tournament/engine_log.hpp"

namespace referee::tournament {
namespace {

using SessionPtr = std::shared_ptr<engine::EngineSession>;

// What an engine's process is started with for one game: its colour and the game's seed fill
// the placeholders of its arguments.
engine::Seat seat_for(const TournamentConfig& config, int self, int opponent, bool white,
                      std::uint64_t seed) {
    engine::Seat seat;
    seat.color = white ? 'W' : 'B';
    seat.seed = seed;
    seat.opponent = config.engines[opponent].name;
    const auto& tc = config.control_of(self);
    seat.clock_ms = tc.move_time_ms > 0 ? tc.move_time_ms : tc.base_ms;
    return seat;
}

}  // namespace

std::vector<std::string> preflight(const TournamentConfig& config) {
    const auto rules = rules::Rules::load(config.variant);
    const engine::ScratchDir scratch(fmt::format("referee-preflight-{}-", ::getpid()),
                                     engine::folder_for_engines());
    boost::asio::io_context io;
    std::vector<std::string> problems(config.engines.size());
    std::vector<char> passed(config.engines.size(), 0);
    std::vector<SessionPtr> sessions;
    for (std::size_t i = 0; i < config.engines.size(); ++i) {
        const int other = i == 0 ? 1 : 0;
        auto s = engine::EngineSession::create(
            io, config.engines[i], rules.variant(), scratch.path(),
            seat_for(config, static_cast<int>(i), other, true, config.seed));
        std::weak_ptr<engine::EngineSession> weak = s;
        const std::string name = config.engines[i].name;
        engine::EngineSession::Events ev;
        // Only an imcs-tcp client's readiness is a real handshake (logged in, game offered);
        // a stdio imcs or plain engine is "ready" at once, so its exit code still counts.
        const bool tcp = config.engines[i].protocol == engine::Protocol::ImcsTcp;
        ev.ready = [weak, &passed, i, tcp] {
            passed[i] = tcp;
            if (auto p = weak.lock()) p->quit(std::chrono::milliseconds(1000));
        };
        ev.fault = [&problems, i, weak, name](engine::FaultKind, std::string detail) {
            problems[i] = fmt::format("engine '{}': {}", name, detail);
            if (auto p = weak.lock()) p->kill("it failed the pre-flight check");
        };
        // An exit after a real handshake is the engine's answer to quit (an IMCS client whose
        // connection the referee closed may well call that an error).
        // Its last output on both streams, which usually says why (a usage message, a missing
        // file, a JVM's "insufficient memory"), is in the description (see EngineSession).
        ev.exit = [&problems, &passed, i, name](const engine::ExitInfo& info) {
            if (problems[i].empty() && !passed[i] && !info.killed_by_referee && info.exit_code != 0)
                problems[i] = fmt::format("engine '{}' exited during its handshake: {}", name,
                                          info.description);
        };
        s->set_events(std::move(ev));
        s->start();
        sessions.push_back(s);
    }
    io.run();
    std::vector<std::string> out;
    for (auto& p : problems)
        if (!p.empty()) out.push_back(p);
    return out;
}

// Named, not anonymous: Runner::State, which the header declares, holds lanes.
namespace lanes {

using WorkGuard = boost::asio::executor_work_guard<boost::asio::io_context::executor_type>;

// One event loop the games are spread over: its own engine processes (idle ones pooled by
// engine), the games it plays, and (but for the first lane of a one-thread run, which is the
// main loop itself) a thread of its own. Everything in it but `in_play` and `idle_guess` is
// touched on its own thread only; those two belong to the main loop.
struct Lane {
    explicit Lane(std::size_t engines) : idle(engines), idle_guess(engines, 0) {}
    boost::asio::io_context own_io;  // first, so it outlives the sessions below
    boost::asio::io_context* io = &own_io;
    std::string scratch;  // a folder of its own: two lanes may write the same engine file
    std::vector<std::vector<SessionPtr>> idle;
    std::vector<SessionPtr> retired;  // kept until their processes are reaped
    std::set<std::shared_ptr<match::Game>> playing;
    int in_play = 0;              // the main loop's count of the games it gave this lane
    std::vector<int> idle_guess;  // the main loop's guess of its idle processes, by engine
    std::optional<WorkGuard> guard;
    std::thread thread;
};

}  // namespace lanes

using lanes::Lane;
using lanes::WorkGuard;

// Everything a run holds. The main loop's part (queue, counts, failure) is touched on the
// main loop only; each lane's part on its own loop (see Lane).
struct Runner::State {
    // Games whose journal line may be waiting for the disk while new games start: enough for
    // the journal to write them in one batch, few enough that their records stay a few
    // hundred KiB. (256 let an fdatasync slowed by a busy machine hold 2-4 MB of records and
    // lines of instant games: peaks of 8.8-13.2 MiB at 5,000 games against 8.4-8.7 with 32;
    // 32 games wait 30 ms or more of instant games, longer than such an fdatasync.)
    static constexpr int kMostGamesAwaitingDisk = 32;
    State(boost::asio::io_context& main, const TournamentConfig& c, std::vector<GameSlot> todo,
          JournalWriter& j, RunEvents& e);
    ~State() { join_lanes(); }

    void take_lanes();
    SessionPtr take(Lane& lane, int e, const engine::Seat& seat);
    bool give_back(Lane& lane, int e, const SessionPtr& s, bool at_fault);
    match::GameSpec spec_for(const GameSlot& slot) const;
    void journal_then_report(const GameSlot& slot, std::shared_ptr<const match::GameRecord> record);
    void game_over(Lane& lane, const GameSlot& slot,
                   std::shared_ptr<const match::GameRecord> record, std::exception_ptr error,
                   std::array<bool, 2> kept);
    void launch(Lane& lane, const GameSlot& slot, match::GameSpec spec);
    void watch(match::Game& game, GameStarted started);
    // Runs `event` on the main loop: at once on a one-thread run, posted from a lane's thread.
    template <class F>
    void on_main(F&& event) {
        if (threaded)
            boost::asio::post(io, std::forward<F>(event));
        else
            event();
    }
    Lane& lane_for(const GameSlot& slot);
    void pump();
    void close();
    void start_threads();
    void join_lanes();
    void fail(std::exception_ptr e) {
        if (!failure) failure = e;
    }

    boost::asio::io_context& io;
    const TournamentConfig& config;
    JournalWriter& journal;
    RunEvents& events;
    const rules::Rules rules;
    const rules::Position start;  // parsed once, not once a game
    // Only when asked for: without it no session has a transcript to call. Made before the
    // sessions, so it outlives them.
    std::unique_ptr<EngineLog> log;
    // Files the referee writes for engines (Fairy-Stockfish variant ini), removed at the end.
    const engine::ScratchDir scratch_owner;
    std::deque<GameSlot> queue;
    std::exception_ptr failure;
    int in_play = 0;
    int unreported = 0;  // games handed to the journal whose line is not on disk yet
    bool stopping = false, closing = false, moves_wanted = false;
    std::vector<int> cpus;
    bool threaded = false;
    // One lane: the main thread is the lane, kept to its core for the run.
    std::optional<engine::ThreadPin> main_pin;
    // The main loop runs until every game is reported (its guard, released on closing, keeps
    // it waiting for the lanes' reports); the lanes' threads until their last process is reaped.
    std::optional<WorkGuard> main_guard;
    std::vector<std::unique_ptr<Lane>> lanes;  // last: destroyed first, after their threads
};

Runner::State::State(boost::asio::io_context& main, const TournamentConfig& c,
                     std::vector<GameSlot> todo, JournalWriter& j, RunEvents& e)
    : io(main),
      config(c),
      journal(j),
      events(e),
      rules(rules::Rules::load(c.variant)),
      start(rules.start()),
      log(c.engine_log.empty() ? nullptr : std::make_unique<EngineLog>(c.engine_log)),
      scratch_owner(fmt::format("referee-tournament-{}-", ::getpid()),
                    engine::folder_for_engines()),
      queue(todo.begin(), todo.end()) {
    // With one thread the games are played on the main loop, as they always were; with more,
    // each lane runs its games on a thread of its own and tells the main loop when one ends.
    // With `affinity`, lane k and the engines it starts are kept to the k-th usable core.
    if (config.affinity) cpus = engine::usable_cpus();
    const int wanted = config.threads > 0 ? config.threads
                       : config.affinity  ? static_cast<int>(std::max<std::size_t>(cpus.size(), 1))
                                          : 1;
    const int lane_count = std::max(1, std::min(wanted, config.concurrency));
    threaded = lane_count > 1;
    for (int k = 0; k < lane_count; ++k) {
        auto lane = std::make_unique<Lane>(config.engines.size());
        if (!threaded) lane->io = &io;
        lane->scratch =
            threaded ? fmt::format("{}/lane-{}", scratch_owner.path(), k) : scratch_owner.path();
        lanes.push_back(std::move(lane));
    }
}

// An idle process is reused when it was started with the arguments this game would give
// it; one whose arguments name its colour ({color}) is restarted when its colour changes,
// and plain and imcs-tcp engines (one game per process) always start afresh.
SessionPtr Runner::State::take(Lane& lane, int e, const engine::Seat& seat) {
    auto& idle = lane.idle[e];
    while (!idle.empty()) {
        auto s = idle.back();
        idle.pop_back();
        if (s->alive() &&
            engine::launch_args_match(config.engines[e], rules.variant(), s->seat(), seat))
            return s;
        s->quit(std::chrono::milliseconds(1000));
        lane.retired.push_back(s);
    }
    auto s = engine::EngineSession::create(*lane.io, config.engines[e], rules.variant(),
                                           lane.scratch, seat);
    if (log) s->set_transcript(log->transcript_for(config.engines[e].name));
    return s;
}

// A process that lost by its own fault (crash, hang, flood, illegal move, time) is not
// trusted with another game: its replacement starts fresh. True when it is kept.
bool Runner::State::give_back(Lane& lane, int e, const SessionPtr& s, bool at_fault) {
    if (s->alive() && !at_fault) {
        lane.idle[e].push_back(s);
        return true;
    }
    if (!at_fault && !s->finished()) {
        // Its game is over and it cannot play another (plain, imcs-tcp): most such clients
        // exit by themselves; the grace period is theirs to do it.
        s->quit(std::chrono::milliseconds(1000));
    } else {
        s->kill("replaced by a fresh process after a fault");
    }
    lane.retired.push_back(s);
    return false;
}

match::GameSpec Runner::State::spec_for(const GameSlot& slot) const {
    match::GameSpec spec{start, {}, config.time_control, config.illegal_moves, config.max_plies};
    if (slot.opening >= 0) {
        const Opening& o = config.openings.list[slot.opening];
        spec.start = opening_start(o, rules);
        spec.opening_moves = o.moves;
    }
    spec.event = config.name;
    spec.round = slot.round;
    spec.game_seed = config.seed + static_cast<std::uint64_t>(slot.index);
    for (auto [side, e] : {std::pair{rules::White, slot.white}, {rules::Black, slot.black}})
        if (e < static_cast<int>(config.limits.size())) {
            spec.nodes[side] = config.limits[e].nodes;
            spec.depth[side] = config.limits[e].depth;
            spec.side_time_control[side] = config.limits[e].time_control;
        }
    spec.score_adjudication = config.score_adjudication;
    return spec;
}

// A game counts once its journal line is on disk: the journal's thread says so, and the
// subscribers hear of it here, on the main loop, in the order games finished.
// The record the game ended with is kept (shared, not copied) until its line is on disk.
void Runner::State::journal_then_report(const GameSlot& slot,
                                        std::shared_ptr<const match::GameRecord> record) {
    ++unreported;
    auto keep = std::move(record);
    auto work = boost::asio::make_work_guard(io);
    journal.append_async(slot.index, *keep,
                         [this, slot, keep, work](std::exception_ptr error) mutable {
                             boost::asio::post(io, [this, slot, keep, error] {
                                 --unreported;
                                 try {
                                     if (error) std::rethrow_exception(error);
                                     if (!failure) events.game_finished(slot, *keep);
                                 } catch (...) {
                                     fail(std::current_exception());
                                 }
                                 pump();
                             });
                             work.reset();
                         });
}

// On the main loop: a game of `lane` ended (record) or could not be played (error).
void Runner::State::game_over(Lane& lane, const GameSlot& slot,
                              std::shared_ptr<const match::GameRecord> record,
                              std::exception_ptr error, std::array<bool, 2> kept) {
    --in_play;
    --lane.in_play;
    if (kept[0]) ++lane.idle_guess[slot.white];
    if (kept[1]) ++lane.idle_guess[slot.black];
    if (log) log->flush();
    try {
        if (error) std::rethrow_exception(error);
        journal_then_report(slot, std::move(record));
    } catch (...) {
        fail(std::current_exception());
    }
    pump();
}

// On the lane's loop: tells the main loop the game has started and, for subscribers that
// want them, of each move (the squares and the board after it worked out here, on the lane).
// `started` holds what the spec says (start position, clocks); the game adds the rest.
void Runner::State::watch(match::Game& game, GameStarted started) {
    const int index = started.slot.index;
    const match::GameRecord& so_far = game.record();
    started.white = so_far.white;
    started.black = so_far.black;
    started.book = so_far.moves;
    started.at = EventClock::now();
    on_main([this, started = std::move(started)] { events.game_started(started); });
    if (!moves_wanted) return;
    game.set_move_observer([this, index](const match::MoveEntry& entry, rules::Move move,
                                         const rules::Position& after) {
        MovePlayed played;
        played.slot = index;
        played.ply = static_cast<int>(after.ply_count());
        played.white_moved = after.side_to_move() == rules::Black;
        played.move = entry;
        played.from = move.from;
        played.to = move.to;
        const std::string fen = after.fen();
        played.placement = fen.substr(0, fen.find(' '));
        played.at = EventClock::now();
        on_main([this, played = std::move(played)] { events.move_played(played); });
    });
}

// On the lane's own loop: plays one game there.
void Runner::State::launch(Lane& lane, const GameSlot& slot, match::GameSpec spec) {
    // Sessions whose processes are gone are dropped, so one-game engines do not pile up.
    std::erase_if(lane.retired, [](const SessionPtr& s) { return s->finished(); });
    try {
        const std::uint64_t seed = config.seed + static_cast<std::uint64_t>(slot.index);
        auto white = take(lane, slot.white, seat_for(config, slot.white, slot.black, true, seed));
        auto black = take(lane, slot.black, seat_for(config, slot.black, slot.white, false, seed));
        // keep: what an engine leaves goes beside the game's journal line (its slot). Such an
        // engine is never reused (launch_args_match), so its session is a fresh one.
        for (auto [s, e, color] :
             {std::tuple{white, slot.white, "white"}, std::tuple{black, slot.black, "black"}})
            if (config.engines[e].keep_stderr || config.engines[e].keep_files)
                s->keep_output_in(fmt::format("{}/kept/game-{}-{}-{}", config.output_dir,
                                              slot.index, color, config.engines[e].name));
        // The handler must find its own game to retire it: it reads it from this holder.
        auto self = std::make_shared<std::shared_ptr<match::Game>>();
        auto done = [this, &lane, slot, white, black, self](const match::GameRecord& record) {
            const std::array<bool, 2> kept{
                give_back(lane, slot.white, white, record.at_fault == rules::White),
                give_back(lane, slot.black, black, record.at_fault == rules::Black)};
            lane.playing.erase(*self);
            self->reset();
            auto copy = std::make_shared<const match::GameRecord>(record);
            boost::asio::post(io, [this, &lane, slot, copy, kept] {
                game_over(lane, slot, copy, nullptr, kept);
            });
        };
        GameStarted started;
        started.slot = slot;
        started.start_fen = spec.start.fen();
        for (auto side : {rules::White, rules::Black})
            if (const auto& tc = spec.control(side); tc.move_time_ms == 0)
                (side == rules::White ? started.white_ms : started.black_ms) = tc.base_ms;
        *self = match::Game::create(*lane.io, std::move(spec), white, black, done);
        lane.playing.insert(*self);
        watch(**self, std::move(started));
        (*self)->start();
    } catch (...) {
        boost::asio::post(io, [this, &lane, slot, error = std::current_exception()] {
            game_over(lane, slot, nullptr, error, {false, false});
        });
    }
}

// The lane for the next game: the least busy, and of those the one with idle processes of
// the game's engines (so a lane keeps reusing its own).
Lane& Runner::State::lane_for(const GameSlot& slot) {
    Lane* best = nullptr;
    auto score = [&](const Lane& l) {
        return std::pair{-l.in_play, (l.idle_guess[slot.white] > 0 ? 1 : 0) +
                                         (l.idle_guess[slot.black] > 0 ? 1 : 0)};
    };
    for (auto& l : lanes)
        if (!best || score(*l) > score(*best)) best = l.get();
    return *best;
}

void Runner::State::pump() {
    if (closing) return;
    // Under an SPRT a game's place is taken only once the game before it is counted: the
    // verdict comes with its report (game_finished, after the journal line is on disk), and
    // a game started before then would be played and counted after the test had decided.
    // Otherwise a game may end before the one before it is on disk, but only so many: when
    // the disk is slower than the games, every game waiting for its line holds its record
    // and its line, and memory would grow with the number of games played.
    const int held =
        config.sprt.enabled ? unreported : std::max(0, unreported - kMostGamesAwaitingDisk);
    while (!failure && !stopping && in_play + held < config.concurrency && !queue.empty()) {
        const GameSlot slot = queue.front();
        queue.pop_front();
        Lane& lane = lane_for(slot);
        ++in_play;
        ++lane.in_play;
        lane.idle_guess[slot.white] = std::max(0, lane.idle_guess[slot.white] - 1);
        lane.idle_guess[slot.black] = std::max(0, lane.idle_guess[slot.black] - 1);
        if (!threaded) {
            launch(lane, slot, spec_for(slot));
        } else {
            boost::asio::post(*lane.io, [this, &lane, slot, spec = spec_for(slot)]() mutable {
                launch(lane, slot, std::move(spec));
            });
        }
    }
    // Nothing else will finish for a while: the journal need not wait for company.
    if (in_play < config.concurrency || stopping || failure) journal.commit_now();
    if (in_play == 0 && unreported == 0 && (queue.empty() || failure || stopping)) close();
}

void Runner::State::close() {
    closing = true;
    // The idle processes are told to quit on their own loops, whose threads then end once
    // the last of them is reaped.
    for (auto& lane : lanes) {
        boost::asio::post(*lane->io, [&l = *lane] {
            for (auto& pool : l.idle)
                for (auto& s : pool) {
                    s->quit(std::chrono::milliseconds(1000));
                    l.retired.push_back(s);
                }
            l.idle.assign(l.idle.size(), {});
        });
        lane->guard.reset();
    }
    main_guard.reset();
    try {
        events.run_finished(failure != nullptr);
    } catch (...) {
        fail(std::current_exception());
    }
}

void Runner::State::start_threads() {
    if (!threaded) {
        if (!cpus.empty()) main_pin.emplace(cpus[0]);
        return;
    }
    main_guard.emplace(io.get_executor());
    for (std::size_t k = 0; k < lanes.size(); ++k) {
        Lane& lane = *lanes[k];
        lane.guard.emplace(lane.own_io.get_executor());
        // An exception out of a lane's loop ends the run: the main loop is told, and stops;
        // the lanes' processes are killed when the lanes are destroyed.
        const int cpu = cpus.empty() ? -1 : cpus[k % cpus.size()];
        lane.thread = std::thread([&l = lane, this, cpu] {
            std::optional<engine::ThreadPin> pin;
            if (cpu >= 0) pin.emplace(cpu);
            try {
                l.own_io.run();
            } catch (...) {
                boost::asio::post(io, [this, e = std::current_exception()] {
                    fail(e);
                    io.stop();
                });
            }
        });
    }
}

// However the run ends, no lane's thread outlives what it uses.
void Runner::State::join_lanes() {
    for (auto& lane : lanes)
        if (lane->thread.joinable()) {
            if (failure) lane->own_io.stop();
            lane->thread.join();
        }
    main_pin.reset();
}

Runner::Runner(boost::asio::io_context& io, const TournamentConfig& config,
               std::vector<GameSlot> todo, JournalWriter& journal, RunEvents& events)
    : state_(std::make_unique<State>(io, config, std::move(todo), journal, events)) {}

Runner::~Runner() {
    // Unjoined (an exception left the loop): the lanes are stopped, not waited for.
    for (auto& lane : state_->lanes) lane->own_io.stop();
}

void Runner::start() {
    State& s = *state_;
    s.moves_wanted = s.events.wants_moves();
    s.start_threads();
    boost::asio::post(s.io, [&s] { s.pump(); });
}

void Runner::join() {
    state_->join_lanes();
    if (state_->failure) std::rethrow_exception(state_->failure);
}

void Runner::run() {
    start();
    state_->io.run();
    join();
}

void Runner::stop() {
    state_->stopping = true;
}

}  // namespace referee::tournament
