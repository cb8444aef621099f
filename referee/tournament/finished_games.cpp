#include "referee/tournament/finished_games.hpp"
#include "referee/tournament/openings.hpp"

#include <filesystem>
#include <optional>
#include <sstream>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

namespace referee::tournament {
namespace {

namespace fs = std::filesystem;

void check_fingerprint(const std::string& path, const JournalContents& j,
                       const TournamentPlan& plan) {
    if (j.fingerprint != plan.config.fingerprint())
        throw JournalError(fmt::format(
            "{} was written by a different config than {} (fingerprint {} there, {} here); "
            "use another output folder or remove it",
            path, plan.config.source, j.fingerprint, plan.config.fingerprint()));
}

// The position the slot's game starts from, and the moves the referee plays first.
rules::Position slot_start(const TournamentPlan& plan, const GameSlot& slot,
                           std::vector<std::string>& book) {
    const auto& list = plan.config.openings.list;
    if (slot.opening < 0 || slot.opening >= static_cast<int>(list.size()))
        return plan.rules.start();
    const Opening& o = list[slot.opening];
    book = o.moves;
    return opening_start(o, plan.rules);
}

}  // namespace

std::string game_problem(const TournamentPlan& plan, const GameSlot& slot,
                         const match::GameRecord& g) {
    const auto& engines = plan.config.engines;
    if (g.variant != plan.rules.name())
        return fmt::format("the game is of variant '{}', the tournament's is '{}'", g.variant,
                           plan.rules.name());
    if (g.white != engines[slot.white].name || g.black != engines[slot.black].name)
        return fmt::format("the game is {} vs {}; slot {} is {} vs {}", g.white, g.black,
                           slot.index, engines[slot.white].name, engines[slot.black].name);
    std::vector<std::string> book;
    rules::Position pos = slot_start(plan, slot, book);
    if (g.start_fen != pos.fen())
        return fmt::format("the game starts from '{}'; slot {} starts from '{}'", g.start_fen,
                           slot.index, pos.fen());
    for (std::size_t i = 0; i < g.moves.size(); ++i) {
        const auto& m = g.moves[i];
        if (auto over = pos.outcome())
            return fmt::format("move {} ({}) comes after the game ended: {}", i + 1, m.dash,
                               over->description);
        if (i < book.size() && !m.book)
            return fmt::format("move {} ({}) should be the opening's {}", i + 1, m.dash, book[i]);
        try {
            pos.play(pos.parse_move(m.uci.empty() ? m.dash : m.uci));
        } catch (const std::exception& e) {
            return fmt::format("move {}: {}", i + 1, e.what());
        }
    }
    if (!g.final_fen.empty() && g.final_fen != pos.fen())
        return fmt::format("the moves lead to '{}', not to the recorded final position '{}'",
                           pos.fen(), g.final_fen);
    if (g.termination == match::Termination::Rules) {
        auto over = pos.outcome();
        if (!over)
            return fmt::format(
                "the game is recorded as ended by the rules ({}), but the position is not over",
                g.reason);
        if (over->result != g.result)
            return fmt::format("the game is recorded as {}, but the rules give {} ({})",
                               g.result_text(), rules::result_string(over->result),
                               over->description);
    }
    return "";
}

JournalContents read_checked_journal(const std::string& path, const TournamentPlan& plan,
                                     bool keep_moves) {
    // Each game is checked as it is read, so a journal of any length needs the memory of one
    // game (and, without keep_moves, each game's summary). The first problem is reported
    // after the fingerprint: a journal of another config is refused as such.
    JournalContents j;
    const int scheduled = static_cast<int>(plan.schedule.size());
    std::optional<std::pair<int, std::string>> first_problem;  // slot, why
    const auto scan = scan_journal(path, [&](int slot, std::uint64_t, match::GameRecord&& game) {
        if (!first_problem) {
            if (slot >= scheduled)
                first_problem.emplace(slot, fmt::format("slot {} is outside the schedule of {} "
                                                        "games (0 to {})",
                                                        slot, scheduled, scheduled - 1));
            else if (auto why = game_problem(plan, plan.schedule[slot], game); !why.empty())
                first_problem.emplace(slot, fmt::format("slot {}: {}", slot, why));
        }
        if (!keep_moves) drop_moves(game);
        j.games[slot] = std::move(game);
    });
    j.fingerprint = scan.fingerprint;
    j.torn_tail = scan.torn_tail;
    j.lines = scan.lines;
    check_fingerprint(path, j, plan);
    if (first_problem)
        throw JournalError(fmt::format("{}:{}: {}", path, j.lines.at(first_problem->first),
                                       first_problem->second));
    return j;
}

std::map<int, match::GameRecord> games_to_resume(const std::string& journal_path,
                                                 const TournamentPlan& plan, bool resume) {
    if (!fs::exists(journal_path)) return {};
    auto j = read_checked_journal(journal_path, plan, false);  // the journal keeps the moves
    if (!resume && !j.games.empty())
        throw JournalError(
            fmt::format("{} already holds {} finished games of this tournament: run with --resume "
                        "to finish it, "
                        "or remove the folder to start again",
                        journal_path, j.games.size()));
    return std::move(j.games);
}

MergeResult merge_journals(const std::vector<std::string>& shards, const std::string& merged_path,
                           const TournamentPlan& plan) {
    MergeResult out;
    std::map<int, std::string> source;  // slot -> where it was read, for the message on a clash
    auto add = [&](const std::string& path, JournalContents&& j) {
        for (auto& [slot, g] : j.games) {
            const std::string here = fmt::format("{}:{}", path, j.lines[slot]);
            if (auto it = out.games.find(slot); it != out.games.end()) {
                if (match::to_json(it->second) != match::to_json(g))
                    throw JournalError(
                        fmt::format("{}: slot {} holds a different game than {}; not merged", here,
                                    slot, source[slot]));
                continue;
            }
            out.games.emplace(slot, std::move(g));
            source[slot] = here;
        }
    };
    if (fs::exists(merged_path)) {
        add(merged_path, read_checked_journal(merged_path, plan));
        out.kept = static_cast<int>(out.games.size());
    }
    for (const auto& s : shards) {
        if (fs::exists(merged_path) && fs::equivalent(s, merged_path)) continue;
        add(s, read_checked_journal(s, plan));
        ++out.journals;
    }
    // Written whole beside the old journal, then renamed over it: never a moment with less.
    const std::string fresh = merged_path + ".merging";
    fs::remove(fresh);
    {
        JournalWriter writer(
            fresh, plan.config.fingerprint(),
            {plan.rules.name(), plan.rules.variant().file, plan.rules.variant().yaml});
        for (const auto& [slot, g] : out.games) writer.append(slot, g);
    }
    fs::rename(fresh, merged_path);
    return out;
}

}  // namespace referee::tournament
