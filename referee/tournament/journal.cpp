#include "referee/tournament/journal.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

namespace referee::tournament {

namespace {

// How a journal ends: a crash can leave a last line without '\n', either cut mid-write (it
// is dropped) or complete but for the newline (it is a finished game and is kept).
struct Tail {
    std::uintmax_t keep = 0;     // bytes to keep
    bool needs_newline = false;  // the kept part ends in a complete line lacking its '\n'
    bool has_content = false;    // anything but a torn line is kept
};

Tail journal_tail(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::string data((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    const auto nl = data.find_last_of('\n');
    const std::size_t complete = nl == std::string::npos ? 0 : nl + 1;
    Tail t{complete, false, complete > 0};
    if (complete == data.size()) return t;
    if (nlohmann::json::accept(std::string_view(data).substr(complete)))
        t = {data.size(), true, true};
    return t;
}

}  // namespace

JournalContents read_journal(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw JournalError(fmt::format("{}: cannot read the journal", path));
    JournalContents out;
    std::string line;
    int number = 0;
    bool have_header = false;
    while (std::getline(in, line)) {
        ++number;
        const bool last = in.peek() == EOF;
        const bool complete = !in.eof();  // getline hit '\n'
        if (line.empty()) continue;
        nlohmann::json j;
        try {
            j = nlohmann::json::parse(line);
        } catch (const nlohmann::json::exception& e) {
            if (last && !complete) {
                out.torn_tail = true;
                break;
            }
            throw JournalError(fmt::format("{}:{}: not a JSON line: {}", path, number, e.what()));
        }
        try {
            const auto type = j.at("type").get<std::string>();
            if (type == "header") {
                if (have_header)
                    throw JournalError(fmt::format("{}:{}: a second header", path, number));
                out.fingerprint = j.at("fingerprint").get<std::string>();
                have_header = true;
            } else if (type == "game") {
                if (!have_header) throw JournalError(fmt::format("{}:{}: a game before the header", path, number));
                const int slot = j.at("slot").get<int>();
                if (slot < 0)
                    throw JournalError(
                        fmt::format("{}:{}: slot {} is negative", path, number, slot));
                if (out.lines.count(slot))
                    throw JournalError(
                        fmt::format("{}:{}: slot {} is already taken by the game on line {}", path,
                                    number, slot, out.lines[slot]));
                out.games[slot] = match::game_from_json(j.at("game"));
                out.lines[slot] = number;
            } else {
                throw JournalError(fmt::format("{}:{}: unknown line type '{}'", path, number, type));
            }
        } catch (const nlohmann::json::exception& e) {
            throw JournalError(fmt::format("{}:{}: {}", path, number, e.what()));
        } catch (const std::invalid_argument& e) {
            throw JournalError(fmt::format("{}:{}: {}", path, number, e.what()));
        }
    }
    if (!have_header) throw JournalError(fmt::format("{}: no header line; this is not a tournament journal", path));
    return out;
}

JournalWriter::JournalWriter(const std::string& path, const std::string& fingerprint) : path_(path) {
    namespace fs = std::filesystem;
    const bool exists = fs::exists(path) && fs::file_size(path) > 0;
    Tail tail;
    if (exists) {
        tail = journal_tail(path);
        if (tail.keep != fs::file_size(path)) fs::resize_file(path, tail.keep);
    }
    fd_ = ::open(path.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
    if (fd_ < 0) throw JournalError(fmt::format("{}: cannot open the journal for writing: {}", path, std::strerror(errno)));
    // A last line complete but for its newline is a finished game: end it, do not cut it.
    if (tail.needs_newline) write_line("");
    if (!tail.has_content) {
        nlohmann::json header = {{"type", "header"}, {"fingerprint", fingerprint}, {"format", 1}};
        write_line(header.dump());
    }
}

void JournalWriter::write_line(const std::string& line) {
    const std::string text = line + "\n";
    // One write of one line to an O_APPEND file, then fsync: a crash leaves at worst a torn
    // last line, which read_journal() drops.
    std::size_t done = 0;
    while (done < text.size()) {
        ssize_t n = ::write(fd_, text.data() + done, text.size() - done);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0)
            throw JournalError(fmt::format("{}: cannot write: {}", path_, std::strerror(errno)));
        done += static_cast<std::size_t>(n);
    }
    if (::fsync(fd_) != 0) throw JournalError(fmt::format("{}: fsync failed: {}", path_, std::strerror(errno)));
}

JournalWriter::~JournalWriter() {
    if (fd_ >= 0) ::close(fd_);
}

void JournalWriter::append(int slot, const match::GameRecord& game) {
    nlohmann::json j = {{"type", "game"}, {"slot", slot}, {"game", match::to_json(game)}};
    write_line(j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace));
}

}  // namespace referee::tournament
