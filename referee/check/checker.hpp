// Checking files of recorded games: each game is read, matched with its variant (from the
// record, else --variant, else what the format implies), judged, and handed to the caller
// at once, so a file of any length is checked in constant memory.
#pragma once

#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "referee/check/check_game.hpp"
#include "referee/check/game_source.hpp"

namespace referee::check {

struct Summary {
    int files = 0;
    long games = 0, ok = 0, stopped = 0, wrong = 0;
    long plies = 0;
    std::map<std::string, long> problems;       // by problem key
    std::vector<std::string> unreadable_files;  // files that could not be opened, with why

    bool all_check_out() const { return wrong == 0 && unreadable_files.empty(); }
};

class Checker {
  public:
    // `fallback_variant`: for records that name none (--variant); may be empty.
    explicit Checker(std::string fallback_variant);
    ~Checker();

    using OnVerdict = std::function<void(const Verdict&, const GameSource&)>;
    // Checks every game in one file, calling on_verdict for each. A file that cannot be
    // opened is counted in the summary and reported by the returned message (empty if fine).
    std::string check_file(const std::string& path, const OnVerdict& on_verdict);
    // Checks one game already read.
    Verdict check(const RecordedGame& game);

    const Summary& summary() const { return summary_; }

  private:
    // The rules of a variant by name, loaded once; nullptr with `why` when it cannot be.
    const rules::Rules* rules_for(const std::string& name, std::string& why);
    // The rules of a variant the record names by its file (and, from a journal's header, the
    // file's text), loaded once; nullptr with `why` when they cannot be. `note`: said of every
    // game checked by them (the file has changed since, and the kept text was used).
    const rules::Rules* rules_from_file(const RecordedGame& game, std::string& why,
                                        std::string& note);
    // A shipped variant of the same board in which the game checks out, if any.
    std::string variant_that_fits(const RecordedGame& game, const std::string& tried);

    std::string fallback_;
    std::map<std::string, std::unique_ptr<rules::Rules>> loaded_;
    std::map<std::string, std::string> load_errors_;
    std::map<std::string, std::string> file_notes_;  // by the key of loaded_
    std::optional<std::vector<std::string>> shipped_;
    Summary summary_;
};

std::string format_summary(const Summary& s);
nlohmann::json to_json(const Summary& s);

}  // namespace referee::check
