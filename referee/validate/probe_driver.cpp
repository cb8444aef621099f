#include "referee/validate/probe_driver.hpp"

#include <signal.h>

#include <algorithm>
#include <map>
#include <set>
#include <stdexcept>
#include <thread>

#include <fmt/format.h>

namespace referee::validate {

using std::chrono::milliseconds;

namespace {

double seconds_since(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// What a start-up watcher saw. Shared with the session's event handlers, which may fire
// after the wait that set them up has returned.
struct StartState {
    bool ready = false;
    std::optional<std::pair<engine::FaultKind, std::string>> fault;
    std::optional<engine::ExitInfo> exit;
};

engine::EngineSession::Events watch(const std::shared_ptr<StartState>& state) {
    engine::EngineSession::Events ev;
    ev.ready = [state] { state->ready = true; };
    ev.fault = [state](engine::FaultKind kind, std::string detail) {
        if (!state->fault) state->fault.emplace(kind, std::move(detail));
    };
    ev.exit = [state](const engine::ExitInfo& info) { state->exit = info; };
    return ev;
}

}  // namespace

ProbeDriver::ProbeDriver(const rules::Rules& rules, engine::EngineConfig engine,
                         engine::EngineConfig opponent, std::string scratch_dir)
    : rules_(rules),
      engine_config_(std::move(engine)),
      opponent_config_(std::move(opponent)),
      scratch_dir_(std::move(scratch_dir)),
      transcript_(engine_config_.protocol) {}

ProbeDriver::~ProbeDriver() {
    // Destroying a session kills its process group and reaps it synchronously.
    engine_.reset();
    opponent_.reset();
}

void ProbeDriver::poll_io() {
    if (io_.stopped()) io_.restart();
    io_.poll();
}

bool ProbeDriver::run_until(const std::function<bool()>& done, Clock::duration limit) {
    const auto end = Clock::now() + limit;
    while (!done()) {
        const auto now = Clock::now();
        if (now >= end) return false;
        if (io_.stopped()) io_.restart();
        // With nothing to wait for, run_one_for returns at once; do not spin.
        if (io_.run_one_for(end - now) == 0 && io_.stopped())
            std::this_thread::sleep_for(milliseconds(1));
    }
    return true;
}

ProbeDriver::Started ProbeDriver::start_engine(milliseconds settle, engine::Seat seat) {
    discard_engine();
    Started out;
    const auto start = Clock::now();
    auto state = std::make_shared<StartState>();
    seat_ = seat;
    engine_ =
        engine::EngineSession::create(io_, engine_config_, rules_.variant(), scratch_dir_, seat);
    fresh_ = true;
    engine_->set_events(watch(state));
    engine_->set_transcript(
        [this](bool to_engine, std::string_view line) { transcript_.add(to_engine, line); });
    engine_->start();
    // The session's own start-up timer ends the wait; the extra second only guards against a bug.
    run_until([&] { return state->ready || state->fault || state->exit; },
              engine_config_.startup_timeout + milliseconds(1000));
    if (state->ready && settle.count() > 0)
        run_until([&] { return state->fault || state->exit; }, settle);
    out.seconds = seconds_since(start);
    out.fault = state->fault ? std::optional(state->fault->first) : std::nullopt;
    out.exit = state->exit;
    out.stderr_tail = engine_->stderr_tail();
    if (state->fault) {
        out.problem = state->fault->second;
    } else if (state->exit) {
        out.problem = fmt::format("{} {} before it was ready to play", engine_config_.name,
                                  state->exit->description);
    } else if (!state->ready) {
        out.problem =
            fmt::format("{} neither finished its handshake nor failed within {:.1f} s",
                        engine_config_.name, engine_config_.startup_timeout.count() / 1000.0 + 1);
    } else {
        out.ok = true;
    }
    return out;
}

void ProbeDriver::settle_after_game(milliseconds wait) {
    if (!engine_alive()) return;
    auto answered = std::make_shared<bool>(false);
    if (!engine_->ask_alive([answered] { *answered = true; })) return pump(wait);
    // An engine still there answers at once; one that is ending does not answer, and its
    // exit ends the wait. A busy one is given a second, then taken as still there.
    run_until([&] { return *answered || !engine_alive(); }, milliseconds(1000));
}

void ProbeDriver::discard_engine() {
    if (!engine_) return;
    engine_->set_events({});
    engine_->kill("validate starts the engine afresh");
    engine_.reset();  // the session's process is killed and reaped in its destructor
}

void ProbeDriver::ensure_opponent() {
    if (opponent_ && opponent_->alive()) return;
    opponent_.reset();
    auto state = std::make_shared<StartState>();
    opponent_ =
        engine::EngineSession::create(io_, opponent_config_, rules_.variant(), scratch_dir_);
    opponent_->set_events(watch(state));
    opponent_->start();
    run_until([&] { return state->ready || state->fault || state->exit; },
              opponent_config_.startup_timeout + milliseconds(1000));
    if (!state->ready) {
        const std::string why = state->fault  ? state->fault->second
                                : state->exit ? state->exit->description
                                              : "no handshake";
        opponent_.reset();
        throw std::runtime_error(
            fmt::format("the referee's own opponent ({}) could not start for {}: {}",
                        opponent_config_.command, rules_.name(), why));
    }
}

ProbeDriver::Played ProbeDriver::play(match::GameSpec spec, rules::Color engine_side,
                                      milliseconds limit) {
    ensure_opponent();
    fresh_ = false;
    spec.depth[engine_side] = engine_depth_;
    struct Done {
        bool done = false;
        match::GameRecord record;
    };
    auto state = std::make_shared<Done>();
    Session white = engine_side == rules::White ? engine_ : opponent_;
    Session black = engine_side == rules::White ? opponent_ : engine_;
    Played out;
    const auto start = Clock::now();
    auto game = match::Game::create(io_, std::move(spec), white, black,
                                    [state](const match::GameRecord& r) {
                                        state->record = r;
                                        state->done = true;
                                    });
    game->start();
    if (!run_until([&] { return state->done; }, limit)) {
        out.deadline_passed = true;
        game->interrupt(
            fmt::format("validate's own deadline of {:.1f} s passed", limit.count() / 1000.0));
        run_until([&] { return state->done; }, milliseconds(1000));
    }
    out.seconds = seconds_since(start);
    out.record = state->record;
    // The engine's moves alternate with the opponent's from the side to move at the start.
    const bool white_first = out.record.start_fen.find(" b ") == std::string::npos;
    for (std::size_t i = 0; i < out.record.moves.size(); ++i) {
        const auto& m = out.record.moves[i];
        const bool by_white = (i % 2 == 0) == white_first;
        if (!m.book && by_white == (engine_side == rules::White))
            longest_move_ms_ = std::max(longest_move_ms_, m.elapsed_ms);
    }
    return out;
}

ProbeDriver::Quit ProbeDriver::quit(milliseconds grace) {
    Quit out;
    if (!engine_) return out;
    const pid_t leader = engine_->pid();
    auto state = std::make_shared<StartState>();
    engine_->set_events(watch(state));
    // Descendants that left the group are found through their parents, so only while the
    // engine still lives (orphans belong to init): look before asking it to go, and while
    // it goes.
    std::map<pid_t, ProcessEntry> outside_group;
    auto look_for_escapees = [&] {
        for (auto& p : live_descendants(leader))
            if (p.pgrp != leader) outside_group[p.pid] = p;
    };
    look_for_escapees();
    const auto start = Clock::now();
    engine_->quit(grace);
    // Watch the engine's processes until it is gone. Once the process layer notices the
    // exit it kills the whole group at once, so a helper that outlives the engine can only
    // be seen between the engine's death and the next turn of the event loop: the leader is
    // checked after each pause and before the loop runs again.
    const auto end = start + grace + milliseconds(3000);
    for (int tick = 0; !state->exit && Clock::now() < end; ++tick) {
        std::this_thread::sleep_for(milliseconds(1));
        if (out.outlived.empty() && !process_alive(leader))
            for (auto& p : live_group_members(leader))
                if (p.pid != leader) out.outlived.push_back(p);
        if (tick % 10 == 9) look_for_escapees();
        poll_io();
    }
    out.seconds = seconds_since(start);
    if (state->exit) {
        out.exited = true;
        out.killed = state->exit->killed_by_referee;
        out.description = state->exit->description;
        // The process layer lists what was still in the group at the exit, before its kill:
        // the look above can miss it when the exit and the kill fall in one turn of the loop.
        for (const auto& text : state->exit->outlived)
            if (auto entry = parse_process_text(text);
                entry && std::none_of(out.outlived.begin(), out.outlived.end(),
                                      [&](const ProcessEntry& p) { return p.pid == entry->pid; }))
                out.outlived.push_back(*entry);
    } else {
        out.description =
            fmt::format("no exit within {:.1f} s of quit", (grace.count() + 3000) / 1000.0);
        engine_->kill("it did not exit after quit");
    }
    engine_->set_events({});
    engine_.reset();
    out.group_gone = wait_group_gone(leader, milliseconds(1000));
    // The referee contains escapees now (subreaper, PID namespace), so they are usually dead
    // here; the attempt alone fails the probe. Those the process layer found and killed are
    // in the exit report; those seen while the engine ran, here.
    std::set<pid_t> named;
    if (state->exit)
        for (const auto& e : state->exit->escaped) {
            ProcessEntry p;
            p.pid = static_cast<pid_t>(std::atol(e.c_str()));
            const auto open = e.find('('), close = e.rfind(')');
            if (open != std::string::npos && close != std::string::npos && close > open)
                p.command = e.substr(open + 1, close - open - 1);
            if (named.insert(p.pid).second) out.escaped.push_back(p);
        }
    for (const auto& [pid, seen] : outside_group) {
        auto now = process_entry(pid);
        if (now && now->state != 'Z') ::kill(pid, SIGKILL);  // it would outlive the run otherwise
        if (named.insert(pid).second) out.escaped.push_back(now ? *now : seen);
    }
    return out;
}

}  // namespace referee::validate
