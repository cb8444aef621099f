#include "referee/tournament/journal.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "referee/tournament/output_files.hpp"

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
    // Refused outright if the journal's name is a symlink: nobody gets the referee to append
    // to a file it did not choose.
    std::error_code ec;
    if (fs::is_symlink(fs::symlink_status(path, ec)))
        throw JournalError(fmt::format("{}: is a symlink; refusing to write the journal through it", path));
    const bool exists = fs::exists(path) && fs::file_size(path) > 0;
    if (exists) {
        const auto keep = complete_length(path);
        if (keep != fs::file_size(path)) fs::resize_file(path, keep);
    }
    fd_ = ::open(path.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC | O_NOFOLLOW, 0644);
    if (fd_ < 0) throw JournalError(fmt::format("{}: cannot open the journal for writing: {}", path, std::strerror(errno)));
    if (exists) {
        std::ifstream in(path, std::ios::binary);
        contents_.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
        contents_.resize(complete_length(path));
    }
    if (contents_.empty()) {
        nlohmann::json header = {{"type", "header"}, {"fingerprint", fingerprint}, {"format", 1}};
        const std::string text = header.dump() + "\n";
        if (!write_all(fd_, text) || ::fsync(fd_) != 0)
            throw JournalError(fmt::format("{}: cannot write the journal header: {}", path, std::strerror(errno)));
        contents_ = text;
    }
    remember_identity();
}

JournalWriter::~JournalWriter() {
    if (fd_ >= 0) ::close(fd_);
}

void JournalWriter::remember_identity() {
    struct stat st {};
    if (::fstat(fd_, &st) == 0) {
        device_ = st.st_dev;
        inode_ = st.st_ino;
    }
}

// Someone else wrote to, cut, or replaced the journal since our last append: the file is
// not what we wrote. Keep it aside for inspection and put back what we know is true.
std::string JournalWriter::check_untouched() {
    struct stat by_fd {}, by_name {};
    const bool fd_ok = ::fstat(fd_, &by_fd) == 0;
    const bool name_ok = ::lstat(path_.c_str(), &by_name) == 0;
    std::string what;
    if (!name_ok)
        what = "it was removed";
    else if (S_ISLNK(by_name.st_mode) || by_name.st_ino != inode_ || by_name.st_dev != device_)
        what = "it was replaced by another file";
    else if (!fd_ok || static_cast<std::uintmax_t>(by_fd.st_size) != contents_.size())
        what = fmt::format("its size is {} bytes where the referee wrote {}", fd_ok ? by_fd.st_size : -1,
                           contents_.size());
    else
        return {};
    const std::string aside = fmt::format("{}.tampered-{}", path_, ++tamper_count_);
    std::error_code ec;
    if (name_ok) std::filesystem::rename(path_, aside, ec);
    ::close(fd_);
    fd_ = ::open(path_.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_APPEND | O_CLOEXEC | O_NOFOLLOW, 0644);
    if (fd_ < 0 || !write_all(fd_, contents_) || ::fsync(fd_) != 0)
        throw JournalError(fmt::format("{}: changed by someone else during the run ({}), and it cannot be "
                                       "rewritten: {}", path_, what, std::strerror(errno)));
    remember_identity();
    return fmt::format("{}: changed by someone else during the run ({}); that file was kept as {} and the "
                       "journal rewritten from the referee's own record of it",
                       path_, what, name_ok ? aside : std::string("(nothing)"));
}

void JournalWriter::append(int slot, const match::GameRecord& game) {
    if (auto report = check_untouched(); !report.empty()) {
        fmt::print(stderr, "warning: {}\n", report);
        tamper_reports_.push_back(std::move(report));
    }
    nlohmann::json j = {{"type", "game"}, {"slot", slot}, {"game", match::to_json(game)}};
    const std::string text = j.dump() + "\n";
    // One write of one line to an O_APPEND file, then fsync: a crash leaves at worst a torn
    // last line, which read_journal() drops.
    if (!write_all(fd_, text)) throw JournalError(fmt::format("{}: cannot append a game: {}", path_, std::strerror(errno)));
    if (::fsync(fd_) != 0) throw JournalError(fmt::format("{}: fsync failed: {}", path_, std::strerror(errno)));
    contents_ += text;
}

}  // namespace referee::tournament
