#include "referee/tournament/runner.hpp"

#include <unistd.h>

#include <deque>
#include <filesystem>
#include <set>

#include <fmt/format.h>
#include <boost/asio/io_context.hpp>

#include "referee/engine/scratch_dir.hpp"
#include "referee/engine/session.hpp"
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
    const engine::ScratchDir scratch(fmt::format("referee-preflight-{}-", ::getpid()));
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
        ev.exit = [&problems, &passed, i, name, weak](const engine::ExitInfo& info) {
            if (problems[i].empty() && !passed[i] && !info.killed_by_referee &&
                info.exit_code != 0) {
                problems[i] = fmt::format("engine '{}' exited during its handshake: {}", name,
                                          info.description);
                // Its last lines on stderr usually say why (a usage message, a missing file).
                std::vector<std::string> lines;
                std::istringstream err(weak.lock() ? weak.lock()->stderr_tail() : std::string());
                for (std::string l; std::getline(err, l);)
                    if (!l.empty()) lines.push_back(l);
                std::string tail;
                for (std::size_t k = lines.size() > 2 ? lines.size() - 2 : 0; k < lines.size(); ++k)
                    tail += (tail.empty() ? "" : " ") + lines[k];
                if (!tail.empty())
                    problems[i] += fmt::format(" (its stderr: {})", tail.substr(0, 300));
            }
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

Runner::Runner(const TournamentConfig& config, std::vector<GameSlot> todo, JournalWriter& journal,
               GameDone on_game)
    : config_(config), todo_(std::move(todo)), journal_(journal), on_game_(std::move(on_game)) {}

void Runner::run() {
    const auto rules = rules::Rules::load(config_.variant);
    // Only when asked for: without it no session has a transcript to call. Made before the
    // sessions, so it outlives them.
    std::unique_ptr<EngineLog> log;
    if (!config_.engine_log.empty()) log = std::make_unique<EngineLog>(config_.engine_log);
    boost::asio::io_context io;
    // Files the referee writes for engines (Fairy-Stockfish variant ini), removed at the end.
    const engine::ScratchDir scratch_owner(fmt::format("referee-tournament-{}-", ::getpid()));
    const std::string& scratch = scratch_owner.path();
    std::vector<std::vector<SessionPtr>> idle(config_.engines.size());
    std::vector<SessionPtr> retired;  // kept until their processes are reaped
    std::set<std::shared_ptr<match::Game>> playing;
    std::deque<GameSlot> queue(todo_.begin(), todo_.end());
    std::exception_ptr failure;

    // An idle process is reused when it was started with the arguments this game would give
    // it; one whose arguments name its colour ({color}) is restarted when its colour changes,
    // and plain and imcs-tcp engines (one game per process) always start afresh.
    auto take = [&](int e, const engine::Seat& seat) {
        while (!idle[e].empty()) {
            auto s = idle[e].back();
            idle[e].pop_back();
            if (s->alive() &&
                engine::launch_args_match(config_.engines[e], rules.variant(), s->seat(), seat))
                return s;
            s->quit(std::chrono::milliseconds(1000));
            retired.push_back(s);
        }
        auto s =
            engine::EngineSession::create(io, config_.engines[e], rules.variant(), scratch, seat);
        if (log) s->set_transcript(log->transcript_for(config_.engines[e].name));
        return s;
    };
    // A process that lost by its own fault (crash, hang, flood, illegal move, time) is not
    // trusted with another game: its replacement starts fresh.
    auto give_back = [&](int e, const SessionPtr& s, bool at_fault) {
        if (s->alive() && !at_fault) {
            idle[e].push_back(s);
        } else if (!at_fault && !s->finished()) {
            // Its game is over and it cannot play another (plain, imcs-tcp): most such
            // clients exit by themselves; the grace period is theirs to do it.
            s->quit(std::chrono::milliseconds(1000));
            retired.push_back(s);
        } else {
            s->kill("replaced by a fresh process after a fault");
            retired.push_back(s);
        }
    };

    auto spec_for = [&](const GameSlot& slot) {
        match::GameSpec spec{
            rules.start(), {}, config_.time_control, config_.illegal_moves, config_.max_plies};
        if (slot.opening >= 0) {
            const Opening& o = config_.openings.list[slot.opening];
            spec.start = opening_start(o, rules);
            spec.opening_moves = o.moves;
        }
        spec.event = config_.name;
        spec.round = slot.round;
        spec.game_seed = config_.seed + static_cast<std::uint64_t>(slot.index);
        for (auto [side, e] : {std::pair{rules::White, slot.white}, {rules::Black, slot.black}})
            if (e < static_cast<int>(config_.limits.size())) {
                spec.nodes[side] = config_.limits[e].nodes;
                spec.depth[side] = config_.limits[e].depth;
                spec.side_time_control[side] = config_.limits[e].time_control;
            }
        spec.score_adjudication = config_.score_adjudication;
        return spec;
    };

    std::function<void()> pump;
    auto launch = [&](const GameSlot& slot) {
        const std::uint64_t seed = config_.seed + static_cast<std::uint64_t>(slot.index);
        auto white = take(slot.white, seat_for(config_, slot.white, slot.black, true, seed));
        auto black = take(slot.black, seat_for(config_, slot.black, slot.white, false, seed));
        // The handler must find its own game to retire it: it reads it from this holder.
        auto self = std::make_shared<std::shared_ptr<match::Game>>();
        auto done = [&, slot, white, black, self](const match::GameRecord& record) {
            if (log) log->flush();
            try {
                journal_.append(slot.index, record);  // on disk before it counts
                on_game_(slot, record);
            } catch (...) {
                if (!failure) failure = std::current_exception();
            }
            give_back(slot.white, white, record.at_fault == rules::White);
            give_back(slot.black, black, record.at_fault == rules::Black);
            playing.erase(*self);
            self->reset();
            pump();
        };
        *self = match::Game::create(io, spec_for(slot), white, black, done);
        playing.insert(*self);
        (*self)->start();
    };

    pump = [&] {
        // Sessions whose processes are gone are dropped, so one-game engines do not pile up.
        std::erase_if(retired, [](const SessionPtr& s) { return s->finished(); });
        while (!failure && !stopping_ && static_cast<int>(playing.size()) < config_.concurrency &&
               !queue.empty()) {
            const GameSlot slot = queue.front();
            queue.pop_front();
            launch(slot);
        }
        if (playing.empty() && (queue.empty() || failure || stopping_)) {
            for (auto& pool : idle)
                for (auto& s : pool) {
                    s->quit(std::chrono::milliseconds(1000));
                    retired.push_back(s);
                }
            idle.assign(idle.size(), {});
        }
    };
    pump();
    io.run();
    if (failure) std::rethrow_exception(failure);
}

}  // namespace referee::tournament
