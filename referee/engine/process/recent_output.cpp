#include "referee/engine/process/recent_output.hpp"

#include <algorithm>

#include "referee/rules/text/printable.hpp"

namespace referee::engine {
namespace {

std::string_view trimmed(std::string_view text) {
    while (!text.empty() && (text.back() == '\r' || text.back() == ' ' || text.back() == '\t'))
        text.remove_suffix(1);
    return text;
}

}  // namespace

void RecentOutput::push(bool err, std::string_view text) {
    text = trimmed(text);
    if (text.empty()) return;
    lines_.push_back({err, rules::printable_excerpt(text, kLineBytes)});
    if (lines_.size() > kLines) lines_.pop_front();
}

void RecentOutput::end_stderr_line() {
    push(true, stderr_open_);
    stderr_open_.clear();
}

void RecentOutput::add_stdout_line(std::string_view line) {
    // A stderr line still open was written before this one.
    if (!stderr_open_.empty()) end_stderr_line();
    push(false, line);
}

void RecentOutput::add_stderr(std::string_view bytes) {
    while (!bytes.empty()) {
        const auto nl = bytes.find('\n');
        const auto part = bytes.substr(0, nl);
        const std::size_t room = kMaxStderrLine - stderr_open_.size();
        stderr_open_.append(part.substr(0, room));
        if (part.size() >= room) {
            end_stderr_line();
            bytes.remove_prefix(room);
            continue;
        }
        if (nl == std::string_view::npos) return;
        end_stderr_line();
        bytes.remove_prefix(nl + 1);
    }
}

std::string RecentOutput::describe() const {
    std::deque<Line> lines = lines_;
    if (const auto open = trimmed(stderr_open_); !open.empty()) {
        lines.push_back({true, rules::printable_excerpt(open, kLineBytes)});
        if (lines.size() > kLines) lines.pop_front();
    }
    std::string out;
    for (std::size_t i = 0; i < lines.size(); ++i) {
        if (i == 0 || lines[i].err != lines[i - 1].err)
            out += (i == 0 ? "" : "\"; then ") + std::string(lines[i].err ? "stderr" : "stdout") +
                   " \"";
        else
            out += " | ";
        out += lines[i].text;
    }
    if (!out.empty()) out += '"';
    return out;
}

}  // namespace referee::engine
