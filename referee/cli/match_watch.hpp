// For a tournament of two engines (a match): after each game the cutechess-style score
// line, after each game pair the Elo, pentanomial and SPRT lines, and whether the SPRT has
// decided (the runner then stops). Silent for more engines or with --quiet.
#pragma once

#include <fstream>
#include <functional>
#include <string>

#include "referee/match/game_record.hpp"
#include "referee/tournament/config.hpp"
#include "referee/tournament/game_tally.hpp"
#include "referee/tournament/run_events.hpp"

namespace referee::cli {

class MatchWatch : public tournament::RunObserver {
  public:
    // `games`: the run's finished games, tallied against the config's engine names.
    MatchWatch(const tournament::TournamentConfig& config, const tournament::SlotTallies& games,
               bool quiet);
    bool decided() const { return decided_; }  // the SPRT has accepted a hypothesis
    // Called once when the SPRT decides during the run (the runner is stopped).
    void on_decided(std::function<void()> then) { on_decided_ = std::move(then); }
    // A game has been journaled (and added to the games by the progress line before it).
    void game_finished(const tournament::GameSlot& slot, const match::GameRecord& g) override;
    void run_finished(bool failed) override;  // the final lines

  private:
    void print_status(bool with_score);
    const tournament::TournamentConfig& config_;
    const tournament::SlotTallies& games_;
    bool active_, quiet_;
    bool decided_ = false;
    int pairs_ = 0;
    int finished_ = 0;
    std::function<void()> on_decided_;
};

// `pgn_out`: every finished game appended to one PGN file as it ends (cutechess's -pgnout).
// The file is opened before the first game so an unwritable path fails first.
class PgnOut : public tournament::RunObserver {
  public:
    explicit PgnOut(const std::string& path);
    void game_finished(const tournament::GameSlot& slot, const match::GameRecord& g) override;

  private:
    std::string path_;
    std::ofstream out_;
};

}  // namespace referee::cli
