#include "referee/cli/match_watch.hpp"

#include <iostream>
#include <stdexcept>
#include <vector>

#include <fmt/format.h>

#include "referee/tournament/match_status.hpp"

namespace referee::cli {
namespace {

tournament::MatchStatus status_of(const tournament::TournamentConfig& c,
                                  const tournament::SlotTallies& games) {
    // Tallies, not records: this runs after every game, over every game kept so far.
    return tournament::match_status_from_tallies(c.engines[0].name, c.engines[1].name, c.sprt,
                                                 games.games());
}

}  // namespace

MatchWatch::MatchWatch(const tournament::TournamentConfig& config,
                       const tournament::SlotTallies& games, bool quiet)
    : config_(config), games_(games), active_(config.engines.size() == 2), quiet_(quiet) {
    if (!active_) return;
    const auto s = status_of(config_, games_);
    pairs_ = s.stats.pentanomial.count();
    finished_ = static_cast<int>(games_.size());
    decided_ = s.verdict != tournament::SprtVerdict::Continue;
}

void MatchWatch::game_finished(const tournament::GameSlot&, const match::GameRecord& g) {
    if (!active_) return;
    ++finished_;
    const auto s = status_of(config_, games_);
    if (!quiet_) {
        std::cout << fmt::format(
            "Finished game {} ({} vs {}): {} {{{}}}\n", finished_, g.white, g.black,
            g.result_text(), g.reason.empty() ? match::termination_key(g.termination) : g.reason);
        std::cout << tournament::score_line(s) << "\n";
    }
    // The SPRT moves with whole pairs (the pentanomial); a match of single games, with games.
    const int pairs = s.stats.pentanomial.count();
    const bool step = pairs != pairs_ || (pairs == 0 && config_.games_per_pairing == 1);
    pairs_ = pairs;
    if (step) {
        if (!quiet_) print_status(false);
        if (s.verdict != tournament::SprtVerdict::Continue && !decided_) {
            decided_ = true;
            if (on_decided_) on_decided_();
        }
    }
    if (!quiet_) std::cout << std::flush;
}

void MatchWatch::print_status(bool with_score) {
    const auto s = status_of(config_, games_);
    if (with_score) std::cout << tournament::score_line(s) << "\n";
    std::cout << tournament::elo_line(s) << "\n";
    std::cout << tournament::nelo_line(s) << "\n";
    std::cout << tournament::pentanomial_line(s) << "\n";
    if (s.sprt.enabled) std::cout << tournament::llr_line(s) << "\n";
}

void MatchWatch::run_finished(bool failed) {
    if (!active_ || quiet_ || failed) return;
    const auto s = status_of(config_, games_);
    std::cout << "--------------------------------------------------\n";
    print_status(true);
    if (const auto done = tournament::sprt_done_line(s); !done.empty()) std::cout << done << "\n";
    std::cout << "--------------------------------------------------\n" << std::flush;
}

PgnOut::PgnOut(const std::string& path) : path_(path) {
    if (path_.empty()) return;
    out_.open(path_, std::ios::app);
    if (!out_)
        throw std::runtime_error(
            fmt::format("{}: cannot open the PGN output for appending", path_));
}

void PgnOut::game_finished(const tournament::GameSlot&, const match::GameRecord& g) {
    if (path_.empty()) return;
    out_ << match::to_pgn(g) << "\n" << std::flush;
    if (!out_)
        throw std::runtime_error(fmt::format("{}: cannot write the game to the PGN output", path_));
}

}  // namespace referee::cli
