#include "referee/validate/report.hpp"

#include <sstream>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

namespace referee::validate {

const char* verdict_name(Verdict v) {
    switch (v) {
        case Verdict::Pass:
            return "PASS";
        case Verdict::Fail:
            return "FAIL";
        case Verdict::Warn:
            return "WARN";
        case Verdict::Skip:
            return "SKIP";
    }
    return "?";
}

std::size_t Report::count(Verdict v) const {
    std::size_t n = 0;
    for (const auto& p : probes) n += p.verdict == v;
    return n;
}

namespace {

constexpr const char* kIndent = "      ";

// A labelled block: the label on the first line, the rest aligned under it.
void block(std::string& out, const std::string& label, const std::vector<std::string>& lines) {
    if (lines.empty()) return;
    for (std::size_t i = 0; i < lines.size(); ++i)
        out += fmt::format("{}{:<10} {}\n", kIndent, i == 0 ? label : "", lines[i]);
}

std::string clip(const std::string& line) {
    constexpr std::size_t kShown = 120;
    return line.size() <= kShown ? line : line.substr(0, kShown) + " [...]";
}

std::vector<std::string> split_lines(const std::string& text) {
    std::vector<std::string> out;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) out.push_back(line);
    return out;
}

std::string joined(const std::vector<std::string>& words) {
    std::string out;
    for (const auto& w : words) out += (out.empty() ? "" : " ") + w;
    return out;
}

void evidence_text(std::string& out, const Evidence& e) {
    if (!e.fen.empty()) block(out, "position", {e.fen});
    block(out, "board", split_lines(e.board_dump));
    auto sent = e.sent;
    for (auto& line : sent)
        if (line.empty()) line = "(an empty line)";
    block(out, "sent", sent);
    // On screen a flood shows as a few lines; the JSON file keeps what was kept.
    std::vector<std::string> received;
    const std::size_t n = e.received.size(), shown_each_end = 4;
    for (std::size_t i = 0; i < n; ++i) {
        if (n > 2 * shown_each_end + 1 && i == shown_each_end) {
            received.push_back(fmt::format("[... {} more lines ...]",
                                           n - 2 * shown_each_end + e.received_omitted));
            i = n - shown_each_end - 1;
            continue;
        }
        received.push_back(clip(e.received[i]));
    }
    if (received.empty()) received.push_back("(nothing)");
    block(out, "received", received);
    if (!e.expected_moves.empty()) block(out, e.expected_label, {joined(e.expected_moves)});
    block(out, "stderr", split_lines(e.stderr_tail));
    if (!e.hint.empty()) block(out, "hint", {e.hint});
    if (!e.reproduce.empty()) block(out, "reproduce", {e.reproduce});
}

}  // namespace

std::string format_header(const Report& r) {
    return fmt::format("referee validate: {} ({}) on {}\nengine command: {}\n", r.engine_name,
                       r.protocol, r.variant, r.engine_command);
}

std::string format_probe(const ProbeResult& p) {
    std::string out = fmt::format("{}  {:<30} {}\n", verdict_name(p.verdict), p.name, p.detail);
    if (p.evidence && (p.verdict == Verdict::Fail || p.verdict == Verdict::Warn))
        evidence_text(out, *p.evidence);
    return out;
}

std::string format_summary(const Report& r) {
    std::vector<std::string> failed;
    for (const auto& p : r.probes)
        if (p.verdict == Verdict::Fail) failed.push_back(p.name);
    std::string out = fmt::format("{} passed, {} failed, {} warnings, {} skipped in {:.1f} s\n",
                                  r.count(Verdict::Pass), r.count(Verdict::Fail),
                                  r.count(Verdict::Warn), r.count(Verdict::Skip), r.seconds);
    if (failed.empty() && r.count(Verdict::Warn) > 0)
        out +=
            "verdict: conforms, with warnings: nothing here would disqualify it; the "
            "warnings above say what it may not know\n";
    else if (failed.empty())
        out += "verdict: conforms: nothing here would disqualify it\n";
    else
        out += fmt::format("verdict: would forfeit games or be disqualified: {} failed\n",
                           joined(failed));
    return out;
}

std::string format_text(const Report& r) {
    std::string out = format_header(r);
    for (const auto& p : r.probes) out += format_probe(p);
    return out + format_summary(r);
}

nlohmann::json to_json(const Report& r) {
    nlohmann::json probes = nlohmann::json::array();
    for (const auto& p : r.probes) {
        nlohmann::json j = {{"name", p.name},         {"title", p.title},
                            {"advisory", p.advisory}, {"verdict", verdict_name(p.verdict)},
                            {"detail", p.detail},     {"seconds", p.seconds}};
        if (p.positions_asked > 0) {
            j["positions_asked"] = p.positions_asked;
            j["positions_failed"] = p.positions_failed;
        }
        if (p.evidence) {
            const auto& e = *p.evidence;
            j["evidence"] = {{"fen", e.fen},
                             {"board", e.board_dump},
                             {"sent", e.sent},
                             {"received", e.received},
                             {"received_omitted", e.received_omitted},
                             {"expected_label", e.expected_label},
                             {"expected_moves", e.expected_moves},
                             {"stderr", e.stderr_tail},
                             {"reproduce", e.reproduce},
                             {"hint", e.hint}};
        }
        probes.push_back(std::move(j));
    }
    return {{"variant", r.variant},
            {"engine",
             {{"name", r.engine_name}, {"command", r.engine_command}, {"protocol", r.protocol}}},
            {"passed", r.passed()},
            {"counts",
             {{"pass", r.count(Verdict::Pass)},
              {"fail", r.count(Verdict::Fail)},
              {"warn", r.count(Verdict::Warn)},
              {"skip", r.count(Verdict::Skip)}}},
            {"seconds", r.seconds},
            {"probes", probes}};
}

}  // namespace referee::validate
