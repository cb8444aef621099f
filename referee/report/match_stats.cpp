#include "referee/report/match_stats.hpp"

#include <fmt/format.h>

#include "referee/report/markdown_table.hpp"
#include "referee/report/text.hpp"
#include "referee/tournament/match_status.hpp"

namespace referee::report {
namespace {

// Every pairing that played, the first engine as given in the config first.
std::vector<tournament::MatchStatus> pairings(const ReportInput& in) {
    std::vector<tournament::MatchStatus> out;
    const auto& names = in.standings.names;
    const bool two = names.size() == 2;
    for (std::size_t i = 0; i < names.size(); ++i)
        for (std::size_t j = i + 1; j < names.size(); ++j) {
            if (in.standings.cross[i][j].games() == 0) continue;
            // The SPRT belongs to a match of two engines.
            out.push_back(tournament::match_status(
                names[i], names[j], two ? in.sprt : tournament::SprtConfig{}, in.games));
        }
    return out;
}

std::string ptnml_text(const tournament::Pentanomial& p) {
    return fmt::format("{}, {}, {}, {}, {}", p.pairs[0], p.pairs[1], p.pairs[2], p.pairs[3],
                       p.pairs[4]);
}

const char* kHow =
    "Statistics from the first engine's side. Games come in pairs on one opening with colours "
    "swapped; "
    "Ptnml(0-2) counts the pairs by the points scored in them (LL, LD, DD or WL, WD, WW), and Elo "
    "and "
    "normalised Elo (nElo: the score's distance from 50 % in standard deviations, times 800 / ln "
    "10) take "
    "their 95 % intervals from the variance of those pairs, as fastchess computes them. Where that "
    "breaks "
    "down (a score of 0 % or 100 %, or all pairs alike) the counts get a prior of one pseudo pair, "
    "half LL and "
    "half WW, and the Elo interval is taken by the delta method, so no interval is zero or "
    "missing. LOS is "
    "the likelihood the first engine is the stronger.";

}  // namespace

std::string markdown_match_stats(const ReportInput& in) {
    const auto rows = pairings(in);
    std::string out = "## Match statistics\n\n";
    if (rows.empty()) return out + "No games yet.\n";
    using Align = MarkdownTable::Align;
    MarkdownTable table({{"Pairing", Align::Left},
                         {"Games", Align::Right},
                         {"W-L-D", Align::Right},
                         {"Score", Align::Right},
                         {"Ptnml(0-2)", Align::Right},
                         {"Elo", Align::Right},
                         {"nElo", Align::Right},
                         {"LOS", Align::Right},
                         {"Draws", Align::Right}});
    for (const auto& s : rows) {
        const auto& t = s.stats.trinomial;
        table.add_row({markdown_escape(s.first + " vs " + s.second), std::to_string(t.games()),
                       fmt::format("{}-{}-{}", t.wins, t.losses, t.draws),
                       fmt::format("{:.1f} %", 100 * s.stats.score),
                       ptnml_text(s.stats.pentanomial),
                       fmt::format("{:.1f} ± {:.1f}", s.stats.elo, s.stats.elo_error),
                       fmt::format("{:.1f} ± {:.1f}", s.stats.nelo, s.stats.nelo_error),
                       fmt::format("{:.1f} %", 100 * s.stats.los),
                       fmt::format("{:.1f} %", 100 * s.stats.draw_ratio)});
    }
    out += table.render() + "\n" + kHow + "\n";
    for (const auto& s : rows)
        if (s.sprt.enabled) {
            out += fmt::format("\n**SPRT** ({}): `{}`", markdown_escape(s.sprt.describe()),
                               tournament::llr_line(s));
            const auto done = tournament::sprt_done_line(s);
            out += done.empty() ? " — no decision yet.\n" : fmt::format(" — {}.\n", done);
        }
    return out;
}

std::string html_match_stats(const ReportInput& in) {
    const auto rows = pairings(in);
    std::string out = "<section id=\"match-stats\">\n<h2>Match statistics</h2>\n";
    if (rows.empty()) return out + "<p>No games yet.</p>\n</section>\n";
    out +=
        "<div "
        "class=\"scroll\"><table>\n<thead><tr><th>Pairing</th><th>Games</th><th>W-L-D</"
        "th><th>Score</th>"
        "<th>Ptnml(0-2)</th><th>Elo</th><th>nElo</th><th>LOS</th><th>Draws</th></tr></"
        "thead>\n<tbody>\n";
    for (const auto& s : rows) {
        const auto& t = s.stats.trinomial;
        out += fmt::format(
            "<tr><td>{}</td><td class=\"num\">{}</td><td class=\"num\">{}-{}-{}</td><td "
            "class=\"num\">{:.1f} %</td>"
            "<td class=\"num\">{}</td><td class=\"num\">{:.1f} ± {:.1f}</td><td "
            "class=\"num\">{:.1f} ± {:.1f}</td>"
            "<td class=\"num\">{:.1f} %</td><td class=\"num\">{:.1f} %</td></tr>\n",
            html_escape(s.first + " vs " + s.second), t.games(), t.wins, t.losses, t.draws,
            100 * s.stats.score, ptnml_text(s.stats.pentanomial), s.stats.elo, s.stats.elo_error,
            s.stats.nelo, s.stats.nelo_error, 100 * s.stats.los, 100 * s.stats.draw_ratio);
    }
    out += "</tbody></table></div>\n<p>" + html_escape(kHow) + "</p>\n";
    for (const auto& s : rows)
        if (s.sprt.enabled) {
            const auto done = tournament::sprt_done_line(s);
            out += fmt::format("<p><strong>SPRT</strong> ({}): <code>{}</code> — {}</p>\n",
                               html_escape(s.sprt.describe()), html_escape(tournament::llr_line(s)),
                               html_escape(done.empty() ? "no decision yet." : done));
        }
    return out + "</section>\n";
}

nlohmann::ordered_json json_match_stats(const ReportInput& in) {
    using Json = nlohmann::ordered_json;
    Json out = Json::array();
    for (const auto& s : pairings(in)) {
        const auto& t = s.stats.trinomial;
        const auto& p = s.stats.pentanomial.pairs;
        Json sprt = nullptr;
        if (s.sprt.enabled)
            sprt = {
                {"elo0", s.sprt.elo0},
                {"elo1", s.sprt.elo1},
                {"alpha", s.sprt.alpha},
                {"beta", s.sprt.beta},
                {"model", tournament::sprt_model_name(s.sprt.model)},
                {"llr", s.llr},
                {"lower_bound", s.sprt.lower_bound()},
                {"upper_bound", s.sprt.upper_bound()},
                {"verdict", s.verdict == tournament::SprtVerdict::Continue
                                ? "continue"
                                : (s.verdict == tournament::SprtVerdict::AcceptH1 ? "H1" : "H0")}};
        out.push_back({{"first", s.first},
                       {"second", s.second},
                       {"games", t.games()},
                       {"wins", t.wins},
                       {"losses", t.losses},
                       {"draws", t.draws},
                       {"pentanomial", {p[0], p[1], p[2], p[3], p[4]}},
                       {"score", s.stats.score},
                       {"draw_ratio", s.stats.draw_ratio},
                       {"elo", s.stats.elo},
                       {"elo_error_95", s.stats.elo_error},
                       {"nelo", s.stats.nelo},
                       {"nelo_error_95", s.stats.nelo_error},
                       {"los", s.stats.los},
                       {"sprt", sprt}});
    }
    return out;
}

}  // namespace referee::report
