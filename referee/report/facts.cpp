#include "referee/report/facts.hpp"

#include <algorithm>
#include <cmath>
#include <map>

#include <fmt/format.h>

#include "referee/report/text.hpp"

namespace referee::report {

std::vector<NumberedGame> rule_breaking_games(const ReportInput& in) {
    std::vector<NumberedGame> out;
    for (std::size_t i = 0; i < in.games.size(); ++i)
        if (tournament::is_fault(in.games[i].termination))
            out.push_back({static_cast<int>(i + 1), &in.games[i]});
    return out;
}

std::vector<EndingCount> ending_counts(const ReportInput& in) {
    std::map<std::pair<std::string, std::string>, int> counts;
    for (const auto& g : in.games) {
        const std::string termination = match::termination_key(g.termination);
        ++counts[{termination, g.reason_key.empty() ? termination : g.reason_key}];
    }
    std::vector<EndingCount> out;
    for (const auto& [key, n] : counts) out.push_back({key.first, key.second, n});
    std::stable_sort(out.begin(), out.end(),
                     [](const EndingCount& a, const EndingCount& b) { return a.games > b.games; });
    return out;
}

std::vector<int> rank_order(const ReportInput& in) {
    std::vector<int> out;
    for (const auto& row : in.standings.table) {
        const int i = in.standings.index_of(row.name);
        if (i >= 0 && std::find(out.begin(), out.end(), i) == out.end()) out.push_back(i);
    }
    return out;
}

std::string games_played_text(const ReportInput& in) {
    std::string text = fmt::format("{} of {}", in.standings.games,
                                   std::max(in.scheduled_games, in.standings.games));
    if (in.standings.interrupted > 0)
        text += fmt::format(" ({} more interrupted and not counted)", in.standings.interrupted);
    return text;
}

const std::vector<FaultColumn>& fault_columns() {
    using S = tournament::EngineStanding;
    static const std::vector<FaultColumn> columns = {
        {"Time", "running out of time", &S::time_losses},
        {"Illegal", "an illegal move", &S::illegal_moves},
        {"Crash", "crashing", &S::crashes},
        {"Protocol",
         "breaking the protocol (an unparsable move, flooding its output, an over-long line)",
         &S::protocol_faults},
        {"Start", "failing to start, or not supporting the variant", &S::start_failures},
    };
    return columns;
}

std::string cross_cell(const tournament::PairScore& p) {
    if (p.games() == 0) return "";
    return fmt::format("{}/{}", points_text(p.points()), p.games());
}

std::string los_cell(double los) {
    const double percent = los * 100;
    // Rounding 99.6% up to 100% would claim a certainty the games do not give.
    if (percent > 99.5) return ">99%";
    if (percent < 0.5) return "<1%";
    return fmt::format("{}%", std::lround(percent));
}

std::string culprit_name(const match::GameRecord& g) {
    std::optional<rules::Color> side = g.at_fault;
    if (!side && g.result == rules::GameResult::WhiteWins) side = rules::Black;
    if (!side && g.result == rules::GameResult::BlackWins) side = rules::White;
    if (!side) return "";
    return *side == rules::White ? g.white : g.black;
}

}  // namespace referee::report
