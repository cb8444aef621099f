// The HTML report: one file that opens anywhere without a network, with the tables, an Elo
// plot and a board to replay every game on.
#include <algorithm>
#include <cmath>
#include <ostream>
#include <sstream>

#include <fmt/format.h>

#include "referee/report/facts.hpp"
#include "referee/report/html_parts.hpp"
#include "referee/report/match_stats.hpp"
#include "referee/report/report.hpp"
#include "referee/report/text.hpp"

namespace referee::report {
namespace {

std::string header(const ReportInput& in) {
    const std::string title = html_escape(in.title.empty() ? "Tournament" : in.title);
    std::string out = fmt::format("<header>\n<h1>{}</h1>\n<dl class=\"facts\">\n", title);
    const std::pair<const char*, std::string> facts[] = {
        {"Variant", in.rules.name()},
        {"Format", in.format},
        {"Time control", in.time_control.empty() ? "none" : in.time_control},
        {"Games played", games_played_text(in)},
    };
    for (const auto& [term, value] : facts)
        out += fmt::format("<div><dt>{}</dt><dd>{}</dd></div>\n", term, html_escape(value));
    return out + "</dl>\n</header>\n";
}

std::string standings(const ReportInput& in) {
    std::string out = "<section id=\"standings\">\n<h2>Standings</h2>\n";
    out += "<div class=\"scroll\"><table class=\"standings\">\n<thead><tr>";
    for (const std::string h : {"Rank", "Engine", "Games", "Points", "Score", "Elo", "W", "D", "L"})
        out += h == "Engine" ? "<th>Engine</th>" : fmt::format("<th class=\"num\">{}</th>", h);
    for (const auto& f : fault_columns())
        out += fmt::format("<th class=\"num fault-col\" title=\"Games lost by {}\">{}</th>",
                           html_escape(f.meaning), f.header);
    out += "</tr></thead>\n<tbody>\n";
    int rank = 0;
    for (const auto& r : in.standings.table) {
        const auto num = [](const std::string& text, const char* extra = "") {
            return fmt::format("<td class=\"num{}\">{}</td>", extra, text);
        };
        const std::string name = html_escape(r.name);
        const bool played = r.games > 0;
        out += "<tr>" + num(std::to_string(++rank));
        out += fmt::format("<td class=\"engine\" title=\"{}\">{}</td>", name, name);
        out += num(std::to_string(r.games)) + num(points_text(r.points), " strong");
        out += num(played ? percent_text(r.score()) : "—");
        out += num(played ? html_escape(elo_with_interval(r.elo, r.elo_minus, r.elo_plus)) : "—",
                   " elo");
        out += num(std::to_string(r.wins)) + num(std::to_string(r.draws)) +
               num(std::to_string(r.losses));
        for (const auto& f : fault_columns()) {
            const int n = r.*f.count;
            out += n == 0 ? "<td class=\"num none\">·</td>"
                          : fmt::format("<td class=\"num fault\">{}</td>", n);
        }
        out += "</tr>\n";
    }
    out += "</tbody></table></div>\n";
    out += "<p class=\"note\">Elo is relative to the field's average, with its 95% likelihood ";
    out += "interval (± when it is symmetric, else how far it reaches up and down). The fault ";
    out += "columns count the games each engine lost by";
    const auto& faults = fault_columns();
    for (std::size_t k = 0; k < faults.size(); ++k)
        out += fmt::format("{} <b>{}</b>, {}", k == 0 ? ":" : ";", faults[k].header,
                           html_escape(faults[k].meaning));
    return out + ".</p>\n</section>\n";
}

// A background from red (0) through neutral (0.5) to green (1), for a cell's share.
std::string shade(double share) {
    const double t = std::clamp(share, 0.0, 1.0) - 0.5;
    const int hue = t >= 0 ? 130 : 5;
    const int alpha = static_cast<int>(std::abs(t) * 2 * 38 + 0.5);  // percent, kept pale
    return fmt::format("background:hsla({},60%,45%,{}%)", hue, alpha);
}

// A square matrix over the engines in rank order, columns numbered by rank.
std::string matrix(const ReportInput& in, const char* id, auto cell) {
    const std::vector<int> order = rank_order(in);
    std::string out = fmt::format(
        "<div class=\"scroll\"><table class=\"matrix\" id=\"{}-table\">\n<thead><tr><th "
        "class=\"num\">Rank</th><th>Engine</th>",
        id);
    for (std::size_t k = 0; k < order.size(); ++k)
        out += fmt::format("<th class=\"num\" title=\"{}\">{}</th>",
                           html_escape(in.standings.names[order[k]]), k + 1);
    out += "</tr></thead>\n<tbody>\n";
    for (std::size_t a = 0; a < order.size(); ++a) {
        const std::string name = html_escape(in.standings.names[order[a]]);
        out += fmt::format("<tr><td class=\"num\">{}</td><td class=\"engine\" title=\"{}\">{}</td>",
                           a + 1, name, name);
        for (std::size_t b = 0; b < order.size(); ++b) {
            const auto& pair = in.standings.cross[order[a]][order[b]];
            if (a == b)
                out += "<td class=\"num self\"></td>";
            else if (pair.games() == 0)
                out += "<td class=\"num none\" title=\"never met\">·</td>";
            else
                out += cell(order[a], order[b]);
        }
        out += "</tr>\n";
    }
    return out + "</tbody></table></div>\n";
}

std::string crosstable(const ReportInput& in) {
    const auto& s = in.standings;
    return "<section id=\"crosstable\">\n<h2>Crosstable</h2>\n<p class=\"note\">Points the row's "
           "engine scored "
           "against the column's, out of the games they played.</p>\n" +
           matrix(in, "crosstable",
                  [&](int a, int b) {
                      const auto& p = s.cross[a][b];
                      return fmt::format(
                          "<td class=\"num\" style=\"{}\" title=\"{} against {}: {} won, {} drawn, "
                          "{} lost\">{}</td>",
                          shade(p.points() / p.games()), html_escape(s.names[a]),
                          html_escape(s.names[b]), p.wins, p.draws, p.losses, cross_cell(p));
                  }) +
           "</section>\n";
}

std::string los_matrix(const ReportInput& in) {
    const auto& s = in.standings;
    return "<section id=\"los\">\n<h2>Likelihood of superiority</h2>\n<p class=\"note\">The chance "
           "that the row's "
           "engine is stronger than the column's, from the wins and losses between the two (draws "
           "say nothing "
           "either way).</p>\n" +
           matrix(in, "los",
                  [&](int a, int b) {
                      return fmt::format("<td class=\"num\" style=\"{}\">{}</td>",
                                         shade(s.los[a][b]), los_cell(s.los[a][b]));
                  }) +
           "</section>\n";
}

std::string game_link(int number) {
    return fmt::format("<a href=\"#game={}&amp;ply=0\">{}</a>", number, number);
}

std::string rule_breakers(const ReportInput& in) {
    std::string out = "<section id=\"rule-breakers\">\n<h2>Rule breakers</h2>\n";
    const auto games = rule_breaking_games(in);
    if (games.empty()) return out + "<p>No game was lost by breaking the rules.</p>\n</section>\n";
    out +=
        "<div class=\"scroll\"><table>\n<thead><tr><th class=\"num\">Game</th><th "
        "class=\"num\">Round</th><th>White</th>"
        "<th>Black</th><th>Result</th><th>At fault</th><th>Reason</th></tr></thead>\n<tbody>\n";
    for (const auto& [number, g] : games)
        out += fmt::format(
            "<tr><td class=\"num\">{}</td><td class=\"num\">{}</td><td class=\"name\">{}</td><td "
            "class=\"name\">{}</td>"
            "<td>{}</td><td class=\"culprit name\">{}</td><td class=\"reason\">{}</td></tr>\n",
            game_link(number), g->round, html_escape(g->white), html_escape(g->black),
            g->result_text(), html_escape(culprit_name(*g)), html_escape(g->reason));
    return out + "</tbody></table></div>\n</section>\n";
}

std::string endings(const ReportInput& in) {
    std::string out = "<section id=\"terminations\">\n<h2>How the games ended</h2>\n";
    if (in.games.empty()) return out + "<p>No games yet.</p>\n</section>\n";
    out +=
        "<table>\n<thead><tr><th>Termination</th><th>Reason</th><th "
        "class=\"num\">Games</th></tr></thead>\n<tbody>\n";
    for (const auto& e : ending_counts(in))
        out += fmt::format("<tr><td>{}</td><td>{}</td><td class=\"num\">{}</td></tr>\n",
                           html_escape(e.termination), html_escape(e.reason_key), e.games);
    out += "</tbody></table>\n";
    if (in.standings.interrupted > 0)
        out += "<p class=\"note\">Interrupted games do not count in the standings.</p>\n";
    return out + "</section>\n";
}

// The game list, row by row. With the games in files (`paged`), only the first file's games
// are listed in the page and the list turns by pages of a file each, built by the script
// from the file it loads, so the page stays small and quick to open at any number of games.
void games(std::ostream& os, const ReportInput& in, bool paged) {
    os << "<section id=\"games\">\n<h2>Games</h2>\n";
    if (in.games.empty()) {
        os << "<p>No games yet.</p>\n</section>\n";
        return;
    }
    std::string out =
        "<div class=\"games-layout\">\n<div class=\"game-list\"><table "
        "id=\"game-list\">\n<thead><tr>"
        "<th class=\"num\">#</th><th "
        "class=\"num\">Round</th><th>White</th><th>Black</th><th>Result</th>"
        "<th>Reason</th></tr></thead>\n<tbody>\n";
    os << out;
    const std::size_t rows = paged ? std::min(in.games.size(), kGamesPerFile) : in.games.size();
    for (std::size_t i = 0; i < rows; ++i) {
        const auto& g = in.games[i];
        os << fmt::format(
            "<tr data-game=\"{}\" tabindex=\"0\"{}><td class=\"num\">{}</td><td "
            "class=\"num\">{}</td><td>{}</td>"
            "<td>{}</td><td class=\"result\">{}</td><td class=\"reason\">{}</td></tr>\n",
            i + 1, tournament::is_fault(g.termination) ? " class=\"faulty\"" : "", i + 1, g.round,
            html_escape(g.white), html_escape(g.black), g.result_text(), html_escape(g.reason));
    }
    os << "</tbody></table></div>\n";
    if (paged)
        os << fmt::format(
            "<div class=\"pager\" id=\"game-pager\"><button type=\"button\" id=\"page-back\" "
            "disabled>← Earlier</button>"
            "<span id=\"page-text\">Games 1–{} of {}</span><button type=\"button\" "
            "id=\"page-forward\">Later →</button></div>\n",
            rows, in.games.size());
    os << R"HTML(<div class="viewer" id="viewer">
<div class="board-column">
<div class="player top" id="player-top"></div>
<div class="board" id="board" data-fen="" data-ply="0"></div>
<div class="player bottom" id="player-bottom"></div>
)HTML" << replay_controls_html()
       << R"HTML(
</div>
<div class="side-column">
<div class="game-title" id="game-title">Choose a game from the list.</div>
<div class="status" id="status"></div>
<ol class="moves" id="moves"></ol>
<div class="game-end" id="game-end"></div>
<div id="stderr"></div>
</div>
</div>
</div>
)HTML";
    os << "</section>\n";
}

}  // namespace

void write_html_report(std::ostream& os, const ReportInput& in, const GameFileOpener* game_files) {
    const std::string title = html_escape(in.title.empty() ? "Tournament" : in.title);
    os << fmt::format(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
        "<title>{} — report</title>\n<style>\n{}</style>\n</head>\n<body>\n",
        title, report_css());
    os << header(in);
    os << "<main>\n";
    os << standings(in);
    os << html_match_stats(in);
    os << "<section id=\"elo\">\n<h2>Elo</h2>\n<div class=\"scroll\">" + elo_plot_svg(in) +
              "</div>\n</section>\n";
    os << crosstable(in);
    os << los_matrix(in);
    os << rule_breakers(in);
    os << endings(in);
    games(os, in, game_files != nullptr);
    os << "</main>\n";
    os << "<script type=\"application/json\" id=\"games-data\">";
    write_games_data(os, in, game_files);
    os << "</script>\n";
    os << fmt::format("<script>\n{}{}</script>\n</body>\n</html>\n", board_js(), report_js());
}

std::string html_report(const ReportInput& in) {
    std::ostringstream out;
    write_html_report(out, in, nullptr);
    return out.str();
}

}  // namespace referee::report
