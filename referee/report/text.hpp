// Text for the reports: engine names and reasons come from untrusted engines, so everything
// put into Markdown, HTML or an embedded script goes through one of these.
#pragma once

#include <string>
#include <string_view>

namespace referee::report {

// Invalid UTF-8 bytes become U+FFFD and control characters (newlines included) spaces, so a
// line stays a line and every consumer gets valid text.
std::string clean_text(std::string_view s);
// Characters as a reader counts them (code points), for padding plain-text columns.
std::size_t display_width(std::string_view utf8);

// For element content and attribute values: & < > " ' become entities.
std::string html_escape(std::string_view s);
// For a Markdown table cell or list item: characters Markdown would read as markup (and the
// cell separator |) are backslash-escaped, so a name like <b>x</b> or a_b_ shows as written.
std::string markdown_escape(std::string_view s);
// Makes JSON text safe inside <script type="application/json">: < > & become \u escapes,
// which JSON reads back as the same characters, so "</script" cannot appear.
std::string json_for_script(std::string_view json);

// Numbers as the tables show them.
std::string points_text(double points);     // 3, 3.5
std::string percent_text(double fraction);  // 57.5%
std::string elo_text(double elo);           // +35, -12, 0
// The rating and its 95% interval as offsets: "+35 ± 35" when they round alike, else
// "-202 +431/-505" (up, then down).
std::string elo_with_interval(double elo, double minus, double plus);

}  // namespace referee::report
