// For a tournament of two engines (a match): after each game the cutechess-style score
// line, after each game pair the Elo, pentanomial and SPRT lines, and whether the SPRT has
// decided (the runner then stops). Silent for more engines or with --quiet.
#pragma once

#include <fstream>
#include <map>
#include <string>

#include "referee/match/game_record.hpp"
#include "referee/tournament/config.hpp"

namespace referee::cli {

class MatchWatch {
  public:
    MatchWatch(const tournament::TournamentConfig& config,
               const std::map<int, match::GameRecord>& games, bool quiet);
    bool decided() const { return decided_; }  // the SPRT has accepted a hypothesis
    // A game has been journaled (and added to the games); true when the match should stop.
    bool game(const match::GameRecord& g);
    void end();  // the final lines

  private:
    void print_status(bool with_score);
    const tournament::TournamentConfig& config_;
    const std::map<int, match::GameRecord>& games_;
    bool active_, quiet_;
    bool decided_ = false;
    int pairs_ = 0;
    int finished_ = 0;
};

// `pgn_out`: every finished game appended to one PGN file as it ends (cutechess's -pgnout).
// The file is opened before the first game so an unwritable path fails first.
class PgnOut {
  public:
    explicit PgnOut(const std::string& path);
    void add(const match::GameRecord& g);

  private:
    std::string path_;
    std::ofstream out_;
};

}  // namespace referee::cli
