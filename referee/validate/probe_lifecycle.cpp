// The probes about the engine's process rather than its moves: starting (the handshake)
// and quitting.
//
// "Leaves no process behind" is judged like this. The referee runs every engine in its own
// process group and SIGKILLs that group once the engine has exited, so helpers that stay
// in the group cannot outlive a tournament game; an engine whose helpers were still running
// when it exited gets a WARN (the referee's kill ended them, as a tournament would; not a
// disqualification). An engine that ignores quit and has to be killed, or whose processes
// left the group (setsid, double fork) and are still alive afterwards, FAILs: the first
// stalls every game's end by the grace period, the second leaks processes no referee can see.
#include <optional>

#include <fmt/format.h>

#include "referee/engine/dialects/dialect.hpp"
#include "referee/validate/probe_context.hpp"
#include "referee/validate/probe_driver.hpp"

namespace referee::validate {

namespace {

Evidence process_evidence(ProbeContext& ctx, std::string stderr_tail) {
    Evidence e;
    const auto exchange = ctx.driver.transcript().last_exchange();
    e.sent = exchange.sent;
    e.received = exchange.received;
    e.received_omitted = exchange.received_omitted;
    e.stderr_tail = last_lines(stderr_tail, 8);
    e.hint = protocol_hint(ctx);
    e.reproduce = fmt::format(
        "{} play {} --white {} --black random --max-plies 1", shell_quote(ctx.options.referee_path),
        shell_quote(ctx.options.variant), shell_quote(ctx.engine_description));
    return e;
}

}  // namespace

ProbeResult probe_handshake(ProbeContext& ctx) {
    const auto& config = ctx.driver.engine_config();
    const bool usi = config.protocol == engine::Protocol::Usi;
    const bool uci = config.protocol == engine::Protocol::Uci;
    const bool xboard = config.protocol == engine::Protocol::Xboard;
    ProbeResult r{"handshake",
                  uci      ? "starts and answers uci/isready within its start-up limit"
                  : usi    ? "starts and answers usi/isready within its start-up limit"
                  : xboard ? "starts, lists its features and answers ping within its start-up limit"
                           : "starts and keeps running (IMCS has no handshake)"};
    try {
        engine::check_engine_command(config);
    } catch (const engine::ConfigError& e) {
        r.verdict = Verdict::Fail;
        r.detail = e.what();
        return r;
    }
    ctx.driver.transcript().clear();
    const auto started = ctx.driver.start_engine(uci || usi || xboard ? std::chrono::milliseconds(0)
                                                                      : ctx.options.imcs_settle);
    r.seconds = started.seconds;
    if (started.ok) {
        r.verdict = Verdict::Pass;
        r.detail = uci || usi || xboard
                       ? fmt::format("ready after {:.3f} s", started.seconds)
                       : fmt::format("still running {:.3f} s after it started", started.seconds);
        return r;
    }
    r.verdict = Verdict::Fail;
    r.detail = started.problem;
    auto e = process_evidence(ctx, started.stderr_tail);
    const auto& t = ctx.driver.transcript();
    if (uci && started.fault == engine::FaultKind::Startup && !t.sounds_like_uci()) {
        r.detail =
            fmt::format("no uciok within {:.1f} s: is it an IMCS engine? try --protocol imcs",
                        config.startup_timeout.count() / 1000.0);
        e.hint = t.received_any() ? "it wrote lines, but none a UCI engine writes"
                                  : "it wrote nothing at all in answer to 'uci'";
    } else if (uci && started.fault == engine::FaultKind::Unsupported && config.variant.empty()) {
        const std::string& v = ctx.rules.name();
        e.hint = fmt::format(
            "a UCI engine written for {} alone plays it without being told: say so with "
            "variant={} in its description (--engine 'cmd=... variant={}'; variant: {} in a "
            "tournament config)",
            v, v, v, v);
    } else if (started.exit && started.exit->exit_code == 2 && !t.received_any()) {
        e.hint = "exit code 2 is how many programs refuse their command line; see its stderr";
    }
    r.evidence = std::move(e);
    ctx.driver.discard_engine();
    return r;
}

ProbeResult probe_quit(ProbeContext& ctx) {
    const auto protocol = ctx.driver.engine_config().protocol;
    const bool uci = protocol == engine::Protocol::Uci || protocol == engine::Protocol::Xboard ||
                     protocol == engine::Protocol::Usi;
    ProbeResult r{"quit", uci ? "exits on 'quit' and leaves no process behind"
                              : "exits when its input closes and leaves no process behind"};
    // A one-game engine (plain, imcs-tcp) is asked to quit as a tournament leaves it: waiting
    // for the other side. Started as White, a plain engine thinks its first move at once,
    // unasked, and reads its closed input only after that move, however long it thinks.
    std::optional<rules::Color> side;
    if (engine::dialect_traits(ctx.driver.engine_config().protocol).one_game) side = rules::Black;
    if (auto why = ensure_engine(ctx, side); !why.empty()) {
        r.verdict = Verdict::Fail;
        r.detail = why;
        return r;
    }
    ctx.driver.transcript().clear();
    const std::string stderr_before = ctx.driver.engine_stderr();
    const auto grace = ctx.options.quit_grace;
    const auto q = ctx.driver.quit(grace);
    r.seconds = q.seconds;
    std::vector<std::string> problems;
    if (!q.exited)
        problems.push_back(q.description);
    else if (q.killed)
        problems.push_back(
            fmt::format("it was still running {:.1f} s after it was asked to quit, so the referee "
                        "killed it ({})",
                        grace.count() / 1000.0, q.description));
    if (!q.escaped.empty())
        problems.push_back(fmt::format(
            "processes it started left its process group (setsid, setpgid or a double fork): {} "
            "(the referee contained and killed them; an engine must not try)",
            describe_processes(q.escaped)));
    if (!q.group_gone)
        problems.push_back(
            "processes of its group were still alive a second after the group was killed");
    if (!problems.empty()) {
        r.verdict = Verdict::Fail;
        for (const auto& p : problems) r.detail += (r.detail.empty() ? "" : "; ") + p;
        r.evidence = process_evidence(ctx, stderr_before);
        return r;
    }
    if (!q.outlived.empty()) {
        r.verdict = Verdict::Warn;
        r.detail = fmt::format(
            "it exited by itself ({}) after {:.3f} s, but other processes of its group were still "
            "running "
            "after it had exited: {}; the referee's kill of the group ended them, as a tournament "
            "would, so this does not disqualify it",
            q.description, q.seconds, describe_processes(q.outlived));
        r.evidence = process_evidence(ctx, stderr_before);
        return r;
    }
    r.verdict = Verdict::Pass;
    r.detail = fmt::format("{} {:.3f} s after it was asked to quit; nothing of it is left",
                           q.description, q.seconds);
    return r;
}

}  // namespace referee::validate
