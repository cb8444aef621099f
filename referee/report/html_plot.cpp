#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstring>

#include <fmt/format.h>

#include "referee/report/html_parts.hpp"
#include "referee/report/text.hpp"

namespace referee::report {
namespace {

// Layout in SVG user units; the SVG scales to the page width. The names' and the values'
// columns are as wide as their widest text (text_width), so no text is clipped; the plot
// between them keeps its width.
constexpr double kPlotWidth = 450, kGap = 12, kMargin = 6, kRowHeight = 28, kTop = 10,
                 kAxisHeight = 42;
constexpr std::size_t kNameChars = 21;  // longer names are shortened, with '…'

// How wide `text` is drawn in the plot's 13px font, at most: per character, the widest of its
// kind in DejaVu Sans (Debian's default font; others are close): '+' and '±' 10.9, digits 8.3,
// '-' 4.7, '/' 4.4; in a bold name 'W' 14.3, 'm' 13.6. Overestimated rather than under.
double text_width(const std::string& text, bool bold) {
    double width = 0;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const unsigned char c = static_cast<unsigned char>(text[i]);
        if ((c & 0xC0) == 0x80) continue;  // a UTF-8 continuation byte: counted with its lead
        double w = 13;                     // other characters (any script): an em
        if (c == '+' || text.compare(i, 2, "±") == 0)
            w = 11;
        else if (std::isdigit(c))
            w = 8.5;
        else if (c && std::strchr(" -/.,:;'|!()[]ijlrtfI", c))
            w = 6;
        else if (c && std::strchr("mwMW@%", c))
            w = 14.5;
        else if (std::isupper(c) || c == '_' || c == '&')
            w = 11.5;
        else if (c < 0x80)
            w = 9;
        width += bold ? w * 1.05 : w;
    }
    return width;
}

// A tick step of 1, 2 or 5 times a power of ten giving about six ticks over the span.
double tick_step(double span) {
    const double rough = span / 6;
    const double power = std::pow(10.0, std::floor(std::log10(rough)));
    for (double m : {1.0, 2.0, 5.0})
        if (m * power >= rough) return m * power;
    return 10 * power;
}

std::string shorten(const std::string& name, std::size_t max_chars) {
    if (display_width(name) <= max_chars) return name;
    std::string out;
    std::size_t chars = 0;
    for (char c : name) {
        if ((static_cast<unsigned char>(c) & 0xC0) != 0x80 && ++chars > max_chars - 1) break;
        out += c;
    }
    return out + "…";
}

}  // namespace

std::string elo_plot_svg(const ReportInput& in) {
    std::vector<const tournament::EngineStanding*> rows;
    for (const auto& r : in.standings.table)
        if (r.games > 0) rows.push_back(&r);
    if (rows.empty()) return "<p class=\"note\">No games yet, so no ratings.</p>";

    double lo = -10, hi = 10;  // so a field of equals still gets an axis around 0
    for (const auto* r : rows) {
        lo = std::min(lo, r->elo - r->elo_minus);
        hi = std::max(hi, r->elo + r->elo_plus);
    }
    const double step = tick_step(hi - lo);
    lo = std::floor(lo / step) * step;
    hi = std::ceil(hi / step) * step;
    if (hi - lo < step) hi = lo + step;

    // The names' column, the plot, the values' column.
    double names = 0, values = 0;
    for (const auto* r : rows) {
        names = std::max(names, text_width(shorten(r->name, kNameChars), true));
        values = std::max(values,
                          text_width(elo_with_interval(r->elo, r->elo_minus, r->elo_plus), false));
    }
    const double x0 = std::ceil(kMargin + names + kGap), x1 = x0 + kPlotWidth;
    const double width = std::ceil(x1 + kGap + values + kMargin);
    const auto x = [&](double elo) { return x0 + (elo - lo) / (hi - lo) * (x1 - x0); };
    const double plot_bottom = kTop + kRowHeight * static_cast<double>(rows.size());
    const double height = plot_bottom + kAxisHeight;

    std::string svg = fmt::format(
        "<svg class=\"elo-plot\" viewBox=\"0 0 {} {}\" width=\"{}\" height=\"{}\" role=\"img\" "
        "aria-label=\"Elo ratings with 95% intervals\">\n",
        width, height, width, height);
    // Row bands, grid lines and tick labels first, so the data is drawn over them.
    for (std::size_t k = 0; k < rows.size(); k += 2)
        svg += fmt::format("<rect class=\"band\" x=\"0\" y=\"{}\" width=\"{}\" height=\"{}\"/>\n",
                           kTop + kRowHeight * static_cast<double>(k), width, kRowHeight);
    const long ticks = std::lround((hi - lo) / step);
    for (long i = 0; i <= ticks; ++i) {
        const double t = lo + static_cast<double>(i) * step;
        const double tx = x(t);
        const bool zero = std::abs(t) < step / 2;
        svg += fmt::format("<line class=\"{}\" x1=\"{:.1f}\" y1=\"{}\" x2=\"{:.1f}\" y2=\"{}\"/>\n",
                           zero ? "zero" : "grid", tx, kTop - 4, tx, plot_bottom);
        svg +=
            fmt::format("<line class=\"axis\" x1=\"{:.1f}\" y1=\"{}\" x2=\"{:.1f}\" y2=\"{}\"/>\n",
                        tx, plot_bottom, tx, plot_bottom + 5);
        svg += fmt::format(
            "<text class=\"tick\" x=\"{:.1f}\" y=\"{}\" text-anchor=\"middle\">{}</text>\n", tx,
            plot_bottom + 18, elo_text(t));
    }
    svg += fmt::format("<line class=\"axis\" x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\"/>\n", x0,
                       plot_bottom, x1, plot_bottom);
    svg += fmt::format(
        "<text class=\"axis-title\" x=\"{}\" y=\"{}\" text-anchor=\"middle\">Elo (field average "
        "0)</text>\n",
        (x0 + x1) / 2, plot_bottom + 32);

    for (std::size_t k = 0; k < rows.size(); ++k) {
        const auto& r = *rows[k];
        const double y = kTop + kRowHeight * (static_cast<double>(k) + 0.5);
        const double a = x(r.elo - r.elo_minus), b = x(r.elo + r.elo_plus), c = x(r.elo);
        svg += fmt::format("<g class=\"row\"><title>{}: {} Elo</title>\n", html_escape(r.name),
                           html_escape(elo_with_interval(r.elo, r.elo_minus, r.elo_plus)));
        svg += fmt::format("<text class=\"name\" x=\"{}\" y=\"{}\" text-anchor=\"end\">{}</text>\n",
                           x0 - kGap, y + 4, html_escape(shorten(r.name, kNameChars)));
        svg += fmt::format(
            "<line class=\"whisker\" x1=\"{:.1f}\" y1=\"{}\" x2=\"{:.1f}\" y2=\"{}\"/>\n", a, y, b,
            y);
        for (double end : {a, b})
            svg += fmt::format(
                "<line class=\"whisker\" x1=\"{:.1f}\" y1=\"{}\" x2=\"{:.1f}\" y2=\"{}\"/>\n", end,
                y - 6, end, y + 6);
        svg += fmt::format("<circle class=\"point\" cx=\"{:.1f}\" cy=\"{}\" r=\"5\"/>\n", c, y);
        svg += fmt::format("<text class=\"value\" x=\"{}\" y=\"{}\">{}</text>\n</g>\n", x1 + kGap,
                           y + 4, html_escape(elo_with_interval(r.elo, r.elo_minus, r.elo_plus)));
    }
    return svg + "</svg>";
}

}  // namespace referee::report
