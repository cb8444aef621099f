#include "referee/validate/process_group.hpp"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <thread>

#include <fmt/format.h>

namespace referee::validate {

namespace {

// /proc/<pid>/stat is "pid (comm) state ppid pgrp ...", and comm may hold spaces and
// parentheses, so the fields after it are read from the last ')'.
bool read_stat(const std::filesystem::path& dir, ProcessEntry& out) {
    std::ifstream stat(dir / "stat");
    std::string line;
    if (!std::getline(stat, line)) return false;
    const auto open = line.find('(');
    const auto close = line.rfind(')');
    if (open == std::string::npos || close == std::string::npos || close < open ||
        close + 2 > line.size())
        return false;
    std::istringstream head(line.substr(0, open));
    std::istringstream rest(line.substr(close + 2));
    long pid = 0, ppid = 0, pgrp = 0;
    if (!(head >> pid) || !(rest >> out.state >> ppid >> pgrp)) return false;
    out.pid = static_cast<pid_t>(pid);
    out.ppid = static_cast<pid_t>(ppid);
    out.pgrp = static_cast<pid_t>(pgrp);
    out.command = line.substr(open + 1, close - open - 1);
    return true;
}

}  // namespace

std::vector<ProcessEntry> list_processes() {
    std::vector<ProcessEntry> out;
    std::error_code ec;
    for (std::filesystem::directory_iterator it("/proc", ec), end; !ec && it != end;
         it.increment(ec)) {
        const auto name = it->path().filename().string();
        if (name.empty() || name.find_first_not_of("0123456789") != std::string::npos) continue;
        ProcessEntry entry;
        if (read_stat(it->path(), entry)) out.push_back(std::move(entry));
    }
    return out;
}

std::vector<ProcessEntry> live_group_members(pid_t pgid) {
    std::vector<ProcessEntry> out;
    if (pgid <= 0) return out;
    for (auto& p : list_processes())
        if (p.pgrp == pgid && p.state != 'Z') out.push_back(std::move(p));
    return out;
}

std::vector<ProcessEntry> live_descendants(pid_t root) {
    std::vector<ProcessEntry> out;
    if (root <= 0) return out;
    const auto all = list_processes();
    std::set<pid_t> family{root};
    // Parents may be listed after their children, so grow the family until it stops growing.
    for (bool grew = true; grew;) {
        grew = false;
        for (const auto& p : all)
            if (family.count(p.ppid) && family.insert(p.pid).second) grew = true;
    }
    for (const auto& p : all)
        if (p.pid != root && family.count(p.pid) && p.state != 'Z') out.push_back(p);
    return out;
}

std::optional<ProcessEntry> process_entry(pid_t pid) {
    ProcessEntry entry;
    if (pid <= 0 || !read_stat(std::filesystem::path("/proc") / std::to_string(pid), entry))
        return std::nullopt;
    return entry;
}

bool process_alive(pid_t pid) {
    const auto entry = process_entry(pid);
    return entry && entry->state != 'Z';
}

bool wait_group_gone(pid_t pgid, std::chrono::milliseconds limit) {
    const auto end = std::chrono::steady_clock::now() + limit;
    while (!live_group_members(pgid).empty()) {
        if (std::chrono::steady_clock::now() >= end) return false;
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    return true;
}

std::string describe_processes(const std::vector<ProcessEntry>& processes) {
    std::string out;
    for (const auto& p : processes)
        out += fmt::format("{}{} ({})", out.empty() ? "" : ", ", p.pid, p.command);
    return out;
}

std::optional<ProcessEntry> parse_process_text(const std::string& text) {
    const auto open = text.find(" ("), close = text.rfind(')');
    if (open == std::string::npos || close == std::string::npos || close < open)
        return std::nullopt;
    ProcessEntry entry;
    try {
        entry.pid = static_cast<pid_t>(std::stol(text.substr(0, open)));
    } catch (const std::exception&) {
        return std::nullopt;
    }
    entry.command = text.substr(open + 2, close - open - 2);
    return entry;
}

}  // namespace referee::validate
