// referee tournament CONFIG [--resume] [--shard K/N]; referee merge CONFIG [JOURNAL...];
// referee report CONFIG. The journal is the truth; reports are always rebuilt from it.
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>

#include <fmt/format.h>
#include <boost/asio/io_context.hpp>
#include <nlohmann/json.hpp>

#include "referee/cli/commands.hpp"
#include "referee/cli/match_watch.hpp"
#include "referee/cli/slurm.hpp"
#include "referee/cli/tournament_run.hpp"
#include "referee/engine/process/cpu_time.hpp"
#include "referee/engine/process/process.hpp"
#include "referee/engine/process/sandbox.hpp"
#include "referee/live/run_live.hpp"
#include "referee/report/files.hpp"
#include "referee/tournament/finished_games.hpp"
#include "referee/tournament/progress.hpp"
#include "referee/tournament/run_marker.hpp"
#include "referee/tournament/runner.hpp"
#include "referee/tournament/standings.hpp"

namespace referee::cli {
namespace {

namespace fs = std::filesystem;
using tournament::GameSlot;

std::string duration_text(double seconds) {
    const long s = static_cast<long>(seconds + 0.5);
    if (s >= 3600) return fmt::format("{}h{:02}m", s / 3600, (s / 60) % 60);
    if (s >= 60) return fmt::format("{}m{:02}s", s / 60, s % 60);
    return fmt::format("{}s", s);
}

std::vector<std::string> engine_names(const tournament::TournamentConfig& c) {
    std::vector<std::string> out;
    for (const auto& e : c.engines) out.push_back(e.name);
    return out;
}

// The time control as the reports show it, with the move cap when the referee chose it.
std::string time_control_shown(const tournament::TournamentConfig& c) {
    if (!c.max_plies_default) return c.time_controls_text();
    return fmt::format(
        "{}; draw adjudicated after {} plies (the referee's default: the variant has no move limit "
        "or n-move rule)",
        c.time_controls_text(), c.max_plies);
}

// The reports, streamed from the journal so memory does not grow with the games played.
std::vector<std::string> write_all(const tournament::TournamentConfig& c,
                                   const std::string& journal, int scheduled) {
    report::ReportInput in{c.name,
                           tournament::format_name(c.format),
                           time_control_shown(c),
                           rules::Rules::load(c.variant),
                           engine_names(c),
                           {},
                           {},
                           scheduled,
                           {},
                           c.sprt};
    return report::write_reports_from_journal(c.output_dir, std::move(in), journal);
}

// One line per finished game when not on a terminal, easy to parse; on a terminal a single
// progress line with the current standings.
class Progress : public tournament::RunObserver {
  public:
    Progress(const tournament::TournamentConfig& c, int total, tournament::SlotTallies& games,
             bool quiet)
        // A match of two engines prints cutechess-style lines instead of the one-line bar.
        : c_(c),
          total_(total),
          games_(games),
          quiet_(quiet),
          tty_(::isatty(STDOUT_FILENO) && c.engines.size() != 2),
          start_(std::chrono::steady_clock::now()),
          already_(static_cast<int>(games.size())) {}

    void game_finished(const GameSlot& slot, const match::GameRecord& g) override {
        games_.add(slot.index, g);  // a tally: the journal has the rest
        if (quiet_) return;
        const int done = static_cast<int>(games_.size());
        if (!tty_) {
            std::cout << fmt::format(
                             "game {}/{} slot={} round={} white={} black={} result={} "
                             "termination={} reason={} plies={}\n",
                             done, total_, slot.index, slot.round, g.white, g.black,
                             g.result_text(), match::termination_key(g.termination), g.reason_key,
                             g.moves.size())
                      << std::flush;
            return;
        }
        const double elapsed =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
        const int fresh = done - already_;
        const double eta = fresh > 0 ? elapsed / fresh * (total_ - done) : 0;
        auto st = tournament::standings_from_tallies(games_.names(), games_.games());
        std::string table;
        for (std::size_t i = 0; i < st.table.size() && i < 4; ++i)
            table += fmt::format("{}{} {:g}/{}", i ? ", " : "", st.table[i].name,
                                 st.table[i].points, st.table[i].games);
        std::cout << fmt::format("\r\033[K[{}/{} {:.0f}%] ETA {} | {}", done, total_,
                                 100.0 * done / std::max(total_, 1), duration_text(eta), table)
                  << std::flush;
    }
    void run_finished(bool failed) override {
        if (tty_ && !quiet_ && !failed) std::cout << "\n";
    }

  private:
    const tournament::TournamentConfig& c_;
    int total_;
    tournament::SlotTallies& games_;
    bool quiet_, tty_;
    std::chrono::steady_clock::time_point start_;
    int already_;
};

// The referee's own peak resident memory (VmHWM), in KiB; engines are separate processes.
long peak_memory_kib() {
    std::ifstream status("/proc/self/status");
    for (std::string line; std::getline(status, line);)
        if (line.rfind("VmHWM:", 0) == 0) return std::atol(line.c_str() + 6);
    return -1;
}

// The output folder, made now, with a message that says which key named it.
void make_output_dir(const tournament::TournamentConfig& c) {
    std::error_code ec;
    fs::create_directories(c.output_dir, ec);
    if (ec || !fs::is_directory(c.output_dir))
        throw std::runtime_error(
            fmt::format("{}: output: cannot create the folder '{}': {}", c.source, c.output_dir,
                        ec ? ec.message() : "a file of that name is in the way"));
    if (::access(c.output_dir.c_str(), W_OK) != 0)
        throw std::runtime_error(
            fmt::format("{}: output: the folder '{}' cannot be written", c.source, c.output_dir));
}

void run_tournament(const std::string& path, const RunOptions& options) {
    if (options.concurrency < 0 || options.concurrency > 1000)
        throw std::runtime_error(
            fmt::format("--concurrency {}: must be 1 to 1000 (leave it out to use the config's)",
                        options.concurrency));
    run_tournament_config(tournament::load_tournament_config(path, engine::executable_dir()),
                          options);
}

}  // namespace

void run_tournament_config(tournament::TournamentConfig config, const RunOptions& options) {
    const bool resume = options.resume, quiet = options.quiet, stats = options.stats;
    const bool reports = options.reports;
    const std::string& shard_text = options.shard;
    if (options.concurrency > 0) config.concurrency = options.concurrency;
    if (options.threads > 0) config.threads = options.threads;
    if (options.affinity) config.affinity = true;
    if (!options.sandbox.empty())
        for (auto& e : config.engines) e.sandbox = engine::parse_sandbox(options.sandbox);
    const auto shard =
        shard_text.empty() ? tournament::Shard{} : tournament::parse_shard(shard_text);
    const auto all = tournament::make_schedule(config);
    auto mine = tournament::take_shard(all, shard);
    const auto rules = rules::Rules::load(config.variant);
    const tournament::TournamentPlan plan{config, all, rules};

    make_output_dir(config);
    const auto journal_path =
        (fs::path(config.output_dir) / tournament::journal_file_name(shard)).string();
    // Checked against the config and the rules, kept without their moves: the journal has them.
    std::map<int, match::GameRecord> games =
        tournament::games_to_resume(journal_path, plan, resume);
    std::vector<GameSlot> todo;
    for (const auto& s : mine)
        if (!games.count(s.index)) todo.push_back(s);
    // What the standings and the match's statistics read of each game, kept for the run
    // instead of the records (a few bytes a game): memory flat in the games played.
    tournament::SlotTallies tallies(engine_names(config));
    for (const auto& [slot, g] : games) tallies.add(slot, g);
    MatchWatch watch(config, tallies, quiet);
    if (watch.decided()) todo.clear();  // resumed after the SPRT had already decided
    PgnOut pgn_out(config.pgn_out);

    // A referee killed earlier may have left engines running (those outside a sandbox's
    // PID namespace); its marker names them. Engines never see the output folder.
    const std::string marker =
        "referee.run" +
        (shard.whole() ? std::string() : "." + tournament::journal_file_name(shard));
    for (const auto& line : tournament::clean_up_earlier_run(config.output_dir, marker))
        std::cerr << line << '\n';
    const tournament::RunMarker run_marker(config.output_dir, marker);
    engine::hide_from_engines(config.output_dir);
    for (const auto& e : config.engines)
        if (auto note = engine::sandbox_preflight_message(e.sandbox); !note.empty()) {
            std::cerr << note << '\n';
            break;
        }

    if (!todo.empty()) {
        auto problems = tournament::preflight(config);
        if (!problems.empty()) {
            std::string text = "no game was played; these engines failed their pre-flight check:";
            for (const auto& p : problems) text += "\n  " + p;
            throw std::runtime_error(text);
        }
    }
    if (!quiet)
        std::cout << fmt::format(
            "{}: {} {}, {} engines, {} games{} ({} done), concurrency {}, journal {}\n",
            config.name, tournament::format_name(config.format), rules.name(),
            config.engines.size(), mine.size(), shard.whole() ? "" : " in shard " + shard.name(),
            mine.size() - todo.size(), config.concurrency, journal_path);
    if (!quiet && tournament::openings_played(all) < static_cast<int>(config.openings.list.size()))
        std::cout << fmt::format("note: the schedule has room for {} of the {} openings in {}\n",
                                 tournament::openings_played(all), config.openings.list.size(),
                                 config.openings.source);
    // Out now, not when the first game ends: stdout is fully buffered into a file or pipe,
    // and the line says where the journal is being written while the games go on.
    std::cout << std::flush;
    engine::install_signal_cleanup();
    tournament::JournalWriter journal(journal_path, config.fingerprint(),
                                      {rules.name(), rules.variant().file, rules.variant().yaml});
    // The progress line first: the match's statistics read the games it keeps.
    Progress progress(config, static_cast<int>(mine.size()), tallies, quiet);
    tournament::RunEvents events;
    events.subscribe(progress);
    events.subscribe(pgn_out);
    events.subscribe(watch);
    boost::asio::io_context io;
    std::optional<live::RunLive> live;
    if (!options.live.empty() || options.live_file) {
        live::LiveInfo info{config.engines.size() == 2 ? "match" : "tournament",
                            config.name,
                            tournament::format_name(config.format),
                            time_control_shown(config),
                            engine_names(config),
                            static_cast<int>(all.size()),
                            config.sprt};
        live.emplace(
            io, std::move(info), rules, games,
            live::RunLiveOptions{
                options.live, config.output_dir,
                options.live_file ? live::live_file_name(tournament::journal_file_name(shard)) : "",
                config.variant});
        events.subscribe(*live);
        if (!live->url().empty()) std::cout << "live page " << live->url() << std::endl;
    }
    games.clear();  // the resumed records: the tallies and the live page keep what they need
    tournament::Runner runner(io, config, todo, journal, events);
    watch.on_decided([&runner] { runner.stop(); });
    const auto started = std::chrono::steady_clock::now();
    runner.run();
    if (stats) {
        const double seconds =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
        std::cout << fmt::format(
            "stats games={} seconds={:.3f} games_per_second={:.2f} concurrency={} "
            "peak_memory_kib={} cpu_seconds={:.3f} children_cpu_seconds={:.3f}\n",
            todo.size(), seconds, seconds > 0 ? todo.size() / seconds : 0.0, config.concurrency,
            peak_memory_kib(), engine::cpu_seconds(RUSAGE_SELF),
            engine::cpu_seconds(RUSAGE_CHILDREN));
    }
    if (!reports) return;  // a shard on a cluster: the merge job writes the one report
    const auto files = write_all(config, journal_path, static_cast<int>(all.size()));
    std::cout << fmt::format("report {}\n", files.back());
}

namespace {

void run_merge(const std::string& path, std::vector<std::string> journals) {
    const auto config = tournament::load_tournament_config(path, engine::executable_dir());
    std::error_code ec;
    if (journals.empty())
        for (const auto& entry : fs::directory_iterator(config.output_dir, ec))
            if (entry.path().filename().string().rfind("journal.shard-", 0) == 0)
                journals.push_back(entry.path().string());
    if (journals.empty())
        throw std::runtime_error(
            fmt::format("no shard journals (journal.shard-*.jsonl) in {}", config.output_dir));
    const auto all = tournament::make_schedule(config);
    const auto rules = rules::Rules::load(config.variant);
    const auto merged = (fs::path(config.output_dir) / "journal.jsonl").string();
    const auto m = tournament::merge_journals(journals, merged, {config, all, rules});
    std::cout << fmt::format(
        "merged {} journals{}: {} of {} games\n", m.journals,
        m.kept ? fmt::format(" into the {} games already in {}", m.kept, merged) : "",
        m.games.size(), all.size());
    std::cout << fmt::format("report {}\n",
                             write_all(config, merged, static_cast<int>(all.size())).back());
}

void run_report(const std::string& path) {
    const auto config = tournament::load_tournament_config(path, engine::executable_dir());
    const auto journal_path = (fs::path(config.output_dir) / "journal.jsonl").string();
    const auto all = tournament::make_schedule(config);
    const auto rules = rules::Rules::load(config.variant);
    // Every game checked first (in the memory of one game), then the reports streamed.
    tournament::read_checked_journal(journal_path, {config, all, rules}, false);
    std::cout << fmt::format("report {}\n",
                             write_all(config, journal_path, static_cast<int>(all.size())).back());
}

}  // namespace

void add_live_options(CLI::App& command, RunOptions& options) {
    command.add_option("--live", options.live,
                       "serve a live page of the run at [HOST:]PORT (loopback unless a host is "
                       "named; port 0: any free port, printed)");
    command.add_flag("--live-file", options.live_file,
                     "write live.json (the games in play) beside the journal, for `referee watch`");
}

void add_tournament_commands(CLI::App& app) {
    struct Args {
        std::string config;
        RunOptions run;
        bool slurm = false, no_report = false;
        SlurmArgs cluster;
        std::vector<std::string> journals;
    };
    auto a = std::make_shared<Args>();
    auto* t = app.add_subcommand(
        "tournament", "run a round-robin or gauntlet from a YAML config (see configs/README.md)");
    t->add_option("CONFIG", a->config, "tournament config file")->required();
    t->add_flag("--resume", a->run.resume,
                "finish a tournament that was interrupted, replaying no finished game");
    t->add_option("--shard", a->run.shard,
                  "play only the K-th of N slices of the schedule, e.g. 2/3");
    t->add_option("--concurrency", a->run.concurrency, "games at once (overrides the config)");
    t->add_option("--threads", a->run.threads,
                  "event loops the games at once are spread over (overrides the config)")
        ->check(CLI::Range(1, 256));
    t->add_flag("--affinity", a->run.affinity,
                "keep each of those threads, and the engines it starts, to one core (overrides "
                "the config)");
    t->add_flag("--quiet", a->run.quiet, "print only the report path");
    t->add_flag("--stats", a->run.stats,
                "print games per second, the referee's peak memory and the CPU time of the "
                "referee and of its engines at the end");
    t->add_option(
        "--sandbox", a->run.sandbox,
        "run every engine under: auto (bwrap where it works), bwrap, none (overrides the config)");
    t->add_flag("--no-report", a->no_report,
                "write only the journal, no report (shards whose merge reports)");
    add_live_options(*t, a->run);
    t->add_flag("--slurm", a->slurm,
                "submit the tournament to Slurm: a job array of shards and a merge job");
    t->add_option("--shards", a->cluster.shards,
                  "with --slurm: how many shards (array tasks), default 4")
        ->check(CLI::Range(1, 100000));
    t->add_option("--partition", a->cluster.partition, "with --slurm: the partition to run in");
    t->add_option("--time", a->cluster.time,
                  "with --slurm: each shard's time limit, in Slurm's format (e.g. 2:00:00)");
    t->add_flag("--dry-run", a->cluster.dry_run,
                "with --slurm: print the batch scripts, submit nothing");
    t->callback([a] {
        if (a->slurm) return run_tournament_on_slurm(a->config, a->cluster);
        a->run.reports = !a->no_report;
        run_tournament(a->config, a->run);
    });

    auto* m = app.add_subcommand("merge", "combine shard journals into one journal and report");
    m->add_option("CONFIG", a->config, "the tournament config all shards ran")->required();
    m->add_option("JOURNALS", a->journals,
                  "shard journals (default: journal.shard-*.jsonl in the output folder)");
    m->callback([a] { run_merge(a->config, a->journals); });

    auto* r = app.add_subcommand("report", "rebuild a tournament's reports from its journal");
    r->add_option("CONFIG", a->config, "tournament config file")->required();
    r->callback([a] { run_report(a->config); });
}

}  // namespace referee::cli
