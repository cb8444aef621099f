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

// The byte length of the file's complete lines: a crash can leave a last line without '\n'.
std::uintmax_t complete_length(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::string data((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    auto nl = data.find_last_of('\n');
    return nl == std::string::npos ? 0 : nl + 1;
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
                out.fingerprint = j.at("fingerprint").get<std::string>();
                have_header = true;
            } else if (type == "game") {
                if (!have_header) throw JournalError(fmt::format("{}:{}: a game before the header", path, number));
                out.games[j.at("slot").get<int>()] = match::game_from_json(j.at("game"));
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
    if (exists) {
        const auto keep = complete_length(path);
        if (keep != fs::file_size(path)) fs::resize_file(path, keep);
    }
    fd_ = ::open(path.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
    if (fd_ < 0) throw JournalError(fmt::format("{}: cannot open the journal for writing: {}", path, std::strerror(errno)));
    if (!exists || complete_length(path) == 0) {
        nlohmann::json header = {{"type", "header"}, {"fingerprint", fingerprint}, {"format", 1}};
        const std::string text = header.dump() + "\n";
        if (::write(fd_, text.data(), text.size()) != static_cast<ssize_t>(text.size()) || ::fsync(fd_) != 0)
            throw JournalError(fmt::format("{}: cannot write the journal header: {}", path, std::strerror(errno)));
    }
}

JournalWriter::~JournalWriter() {
    if (fd_ >= 0) ::close(fd_);
}

void JournalWriter::append(int slot, const match::GameRecord& game) {
    nlohmann::json j = {{"type", "game"}, {"slot", slot}, {"game", match::to_json(game)}};
    const std::string text = j.dump() + "\n";
    // One write of one line to an O_APPEND file, then fsync: a crash leaves at worst a torn
    // last line, which read_journal() drops.
    std::size_t done = 0;
    while (done < text.size()) {
        ssize_t n = ::write(fd_, text.data() + done, text.size() - done);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) throw JournalError(fmt::format("{}: cannot append a game: {}", path_, std::strerror(errno)));
        done += static_cast<std::size_t>(n);
    }
    if (::fsync(fd_) != 0) throw JournalError(fmt::format("{}: fsync failed: {}", path_, std::strerror(errno)));
}

}  // namespace referee::tournament
