// referee check FILE...: verifies recorded games against the rules. One line per game (or a
// JSON document), a summary, progress on a terminal; exit code 0 only when every game
// checks out.
#include <unistd.h>

#include <chrono>
#include <iostream>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "referee/check/checker.hpp"
#include "referee/cli/commands.hpp"

namespace referee::cli {
namespace {

struct CheckArgs {
    std::vector<std::string> files;
    std::string variant;
    bool json = false;
    bool quiet = false;
};

// A progress line on standard error, rewritten in place at most a few times a second.
class CheckProgress {
  public:
    CheckProgress() : on_(::isatty(STDERR_FILENO) == 1) {}
    // Whether a new line is due: on a terminal, and 200 ms after the last one.
    bool due() {
        if (!on_) return false;
        const auto now = std::chrono::steady_clock::now();
        if (now - last_ < std::chrono::milliseconds(200)) return false;
        last_ = now;
        return true;
    }
    void show(const std::string& file, long games, double fraction) {
        std::cerr << fmt::format(
                         "\r\033[Kchecking {}: {} games{}", file, games,
                         fraction >= 0 ? fmt::format(", {:.0f}%", fraction * 100) : std::string())
                  << std::flush;
        shown_ = true;
    }
    void clear() {
        if (shown_) std::cerr << "\r\033[K" << std::flush;
        shown_ = false;
    }

  private:
    bool on_;
    bool shown_ = false;
    std::chrono::steady_clock::time_point last_{};
};

int run_check(const CheckArgs& a) {
    check::Checker checker(a.variant);
    CheckProgress progress;
    bool first = true;
    if (a.json) std::cout << "{\"games\": [";
    for (const auto& file : a.files) {
        const std::string error =
            checker.check_file(file, [&](const check::Verdict& v, const check::GameSource& source) {
                if (!a.quiet || !v.checks_out()) {
                    progress.clear();
                    if (a.json)
                        std::cout << (first ? "\n" : ",\n") << check::to_json(v).dump();
                    else
                        std::cout << check::format_verdict(v) << '\n';
                    first = false;
                }
                if (progress.due())
                    progress.show(file, checker.summary().games, source.fraction_read());
            });
        progress.clear();
        if (!error.empty() && !a.json) std::cout << error << '\n';
    }
    const auto& summary = checker.summary();
    if (a.json)
        std::cout << "\n], \"summary\": " << check::to_json(summary).dump() << "}\n";
    else
        std::cout << check::format_summary(summary);
    return summary.all_check_out() ? 0 : 1;
}

}  // namespace

void add_check_command(CLI::App& app) {
    auto a = std::make_shared<CheckArgs>();
    auto* cmd = app.add_subcommand(
        "check",
        "verify recorded games against the rules (PGN, IMCS server logs, journals, JSON records)");
    cmd->add_option("files", a->files, "files of games; the format is recognised by content")
        ->required();
    cmd->add_option(
        "--variant", a->variant,
        "variant for records that name none or one not known here (IMCS logs imply minitchess)");
    cmd->add_flag("--json", a->json, "print the verdicts and the summary as one JSON document");
    cmd->add_flag("--quiet", a->quiet,
                  "print only the games that do not check out, and the summary");
    cmd->footer(
        "Per game: ok (every move legal, the rules ended it as recorded), stopped (legal, but "
        "stopped before the "
        "rules ended it: the result is plausible, not rules-given), or WRONG with the first "
        "problem.\n"
        "Exit code 0 only when every game checks out.");
    cmd->callback([a] {
        int rc = run_check(*a);
        if (rc) throw CLI::RuntimeError(rc);
    });
}

}  // namespace referee::cli
