// The games a tournament has already finished, read back from its journals and checked
// against the config before they count: the journal's fingerprint (checked here, once, for
// resume, merge and report), each game's slot in the schedule, its engines and variant, and
// its moves replayed through the rules. A bad line is refused with file:line and why, and
// nothing is changed.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "referee/rules/core/position.hpp"
#include "referee/tournament/config.hpp"
#include "referee/tournament/journal.hpp"
#include "referee/tournament/schedule.hpp"

namespace referee::tournament {

// Everything a journal is checked against.
struct TournamentPlan {
    const TournamentConfig& config;
    const std::vector<GameSlot>& schedule;  // the whole schedule, not a shard
    const rules::Rules& rules;
};

// Why a recorded game cannot be the game of `slot`, or "" when it can: the engines and the
// variant must be the slot's, the start its opening's, every move legal and played before
// the game ended, and an end by the rules must be the rules' own.
std::string game_problem(const TournamentPlan& plan, const GameSlot& slot,
                         const match::GameRecord& game);

// Reads a journal of this tournament. Throws JournalError naming the file (and line) when it
// was written by another config, or when a game does not fit its slot.
// Without keep_moves, each game is kept without its moves (drop_moves): what standings need,
// in memory that does not grow with the plies played.
JournalContents read_checked_journal(const std::string& path, const TournamentPlan& plan,
                                     bool keep_moves = true);

// The games a run starts from (without their moves): none when the journal does not exist. Without
// `resume`, a journal that already holds games is an error (the user may not mean to continue it).
std::map<int, match::GameRecord> games_to_resume(const std::string& journal_path,
                                                 const TournamentPlan& plan, bool resume);

struct MergeResult {
    std::map<int, match::GameRecord> games;
    int journals = 0;  // shard journals read
    int kept = 0;      // games already in the merged journal
};

// Merges shard journals into `merged_path`, keeping the games it already holds. The same
// slot in two journals must hold the same game. The merged journal is written beside the
// old one and renamed over it, so a failure leaves the old one as it was.
MergeResult merge_journals(const std::vector<std::string>& shards, const std::string& merged_path,
                           const TournamentPlan& plan);

}  // namespace referee::tournament
