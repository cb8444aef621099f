// The Markdown report: what an instructor reads first, in a terminal or on a forge.
#include <fmt/format.h>

#include "referee/report/facts.hpp"
#include "referee/report/markdown_table.hpp"
#include "referee/report/match_stats.hpp"
#include "referee/report/report.hpp"
#include "referee/report/text.hpp"

namespace referee::report {
// The report's parts, named apart from html.cpp's parts of the same names (a unity build
// compiles both files as one).
namespace md {
namespace {

using Align = MarkdownTable::Align;

std::string header(const ReportInput& in) {
    std::string out =
        fmt::format("# {}\n\n", markdown_escape(in.title.empty() ? "Tournament" : in.title));
    out += fmt::format("- **Variant:** {}\n", markdown_escape(in.rules.name()));
    out += fmt::format("- **Format:** {}\n", markdown_escape(in.format));
    out += fmt::format("- **Time control:** {}\n",
                       markdown_escape(in.time_control.empty() ? "none" : in.time_control));
    out += fmt::format("- **Games played:** {}\n", games_played_text(in));
    return out;
}

std::string standings(const ReportInput& in) {
    std::vector<MarkdownTable::Column> columns = {
        {"Rank", Align::Right},   {"Engine", Align::Left}, {"Games", Align::Right},
        {"Points", Align::Right}, {"Score", Align::Right}, {"Elo", Align::Right},
        {"W", Align::Right},      {"D", Align::Right},     {"L", Align::Right},
    };
    for (const auto& f : fault_columns()) columns.push_back({f.header, Align::Right});
    MarkdownTable table(columns);
    int rank = 0;
    for (const auto& r : in.standings.table) {
        std::vector<std::string> cells = {
            std::to_string(++rank),
            markdown_escape(r.name),
            std::to_string(r.games),
            points_text(r.points),
            r.games > 0 ? percent_text(r.score()) : "—",
            r.games > 0 ? elo_with_interval(r.elo, r.elo_minus, r.elo_plus) : "—",
            std::to_string(r.wins),
            std::to_string(r.draws),
            std::to_string(r.losses),
        };
        // A dot for none lets the faults that did happen stand out.
        for (const auto& f : fault_columns())
            cells.push_back(r.*f.count == 0 ? "·" : std::to_string(r.*f.count));
        table.add_row(std::move(cells));
    }
    std::string out = "## Standings\n\n" + table.render() + "\n";
    out += "Elo is relative to the field's average, with its 95% likelihood interval (± when it ";
    out += "is symmetric, else how far it reaches up and down). ";
    out += "The fault columns count the games each engine lost by";
    const auto& faults = fault_columns();
    for (std::size_t k = 0; k < faults.size(); ++k)
        out += fmt::format("{} {}, {}", k == 0 ? ":" : ";", faults[k].header, faults[k].meaning);
    return out + ".\n";
}

// A square matrix over the engines in rank order; columns are numbered by rank.
std::string matrix(const ReportInput& in, const std::string& corner, auto cell_text) {
    const std::vector<int> order = rank_order(in);
    std::vector<MarkdownTable::Column> columns = {{"Rank", Align::Right}, {corner, Align::Left}};
    for (std::size_t k = 0; k < order.size(); ++k)
        columns.push_back({std::to_string(k + 1), Align::Right});
    MarkdownTable table(columns);
    for (std::size_t a = 0; a < order.size(); ++a) {
        std::vector<std::string> cells = {std::to_string(a + 1),
                                          markdown_escape(in.standings.names[order[a]])};
        for (std::size_t b = 0; b < order.size(); ++b) {
            const auto& pair = in.standings.cross[order[a]][order[b]];
            if (a == b)
                cells.push_back("—");
            else if (pair.games() == 0)
                cells.push_back("·");
            else
                cells.push_back(cell_text(order[a], order[b]));
        }
        table.add_row(std::move(cells));
    }
    return table.render();
}

std::string crosstable(const ReportInput& in) {
    return "## Crosstable\n\nPoints the row's engine scored against the column's, out of the games "
           "they played "
           "(· never met).\n\n" +
           matrix(in, "Engine", [&](int a, int b) { return cross_cell(in.standings.cross[a][b]); });
}

std::string los_matrix(const ReportInput& in) {
    return "## Likelihood of superiority\n\nThe chance that the row's engine is stronger than the "
           "column's, from "
           "the wins and losses between the two (draws say nothing either way).\n\n" +
           matrix(in, "Engine", [&](int a, int b) { return los_cell(in.standings.los[a][b]); });
}

std::string rule_breakers(const ReportInput& in) {
    std::string out = "## Rule breakers\n\n";
    const auto games = rule_breaking_games(in);
    if (games.empty()) return out + "No game was lost by breaking the rules.\n";
    for (const auto& [number, g] : games) {
        const std::string culprit = culprit_name(*g);
        out += fmt::format(
            "- Game {}, round {}: {} – {}, {}{}: {}\n", number, g->round, markdown_escape(g->white),
            markdown_escape(g->black), g->result_text(),
            culprit.empty() ? "" : fmt::format(" ({} at fault)", markdown_escape(culprit)),
            markdown_escape(g->reason.empty() ? match::termination_key(g->termination)
                                              : g->reason));
    }
    return out;
}

std::string endings(const ReportInput& in) {
    MarkdownTable table(
        {{"Termination", Align::Left}, {"Reason", Align::Left}, {"Games", Align::Right}});
    for (const auto& e : ending_counts(in))
        table.add_row({markdown_escape(e.termination), markdown_escape(e.reason_key),
                       std::to_string(e.games)});
    std::string out = "## How the games ended\n\n";
    if (in.games.empty()) return out + "No games yet.\n";
    out += table.render();
    if (in.standings.interrupted > 0) out += "\nInterrupted games do not count in the standings.\n";
    return out;
}

}  // namespace
}  // namespace md

std::string markdown_report(const ReportInput& in) {
    return md::header(in) + "\n" + md::standings(in) + "\n" + markdown_match_stats(in) + "\n" +
           md::crosstable(in) + "\n" + md::los_matrix(in) + "\n" + md::rule_breakers(in) + "\n" +
           md::endings(in);
}

}  // namespace referee::report
