// Helpers for the check layer's tests: games played at random to the rules' end, records
// written to temporary files, and checking a file's games in one call.
#pragma once

#include <string>
#include <vector>

#include "referee/check/checker.hpp"
#include "referee/match/game_record.hpp"

namespace referee::check::test {

// A game of random legal moves until the rules end it (or max_plies, then a move-cap
// adjudication), recorded as the referee records its games.
match::GameRecord random_game(const rules::Rules& rules, unsigned seed, int max_plies = 400);
// The same record, with moves given as text (each must be legal).
match::GameRecord scripted_game(const rules::Rules& rules, const std::vector<std::string>& moves);

// A file in a fresh temporary directory, removed with it when the object goes.
class TempFile {
  public:
    TempFile(const std::string& name, const std::string& content);
    ~TempFile();
    TempFile(const TempFile&) = delete;
    TempFile& operator=(const TempFile&) = delete;
    const std::string& path() const { return path_; }

  private:
    std::string dir_, path_;
};

// Every verdict for one file, checked with `fallback_variant` as --variant.
std::vector<Verdict> check_path(const std::string& path, const std::string& fallback_variant = "");
std::vector<Verdict> check_text(const std::string& name, const std::string& content,
                                const std::string& fallback_variant = "");

}  // namespace referee::check::test
