#include "referee/tournament/journal.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <charconv>
#include <cstring>
#include <filesystem>
#include <fstream>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "referee/rules/text/printable.hpp"
#include "referee/tournament/output_files.hpp"

namespace referee::tournament {

namespace {

// A journal is a regular file. Anything else under its name is refused before it is
// opened: a FIFO would block the open (for reading until some writer comes, for writing
// until some reader does), and a device need never end. A missing file is the callers'.
void refuse_unless_regular(const std::string& path) {
    struct stat st {};
    if (::stat(path.c_str(), &st) == 0 && !S_ISREG(st.st_mode))
        throw JournalError(fmt::format(
            "{}: not a regular file (a FIFO, device or folder is not a journal)", path));
}

// How a journal ends: a crash can leave a last line without '\n', either cut mid-write (it
// is dropped) or complete but for the newline (it is a finished game and is kept).
struct Tail {
    std::uintmax_t keep = 0;     // bytes to keep
    bool needs_newline = false;  // the kept part ends in a complete line lacking its '\n'
    bool has_content = false;    // anything but a torn line is kept
};

Tail journal_tail(const std::string& path) {
    refuse_unless_regular(path);
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

void append_number(std::string& out, std::int64_t n) {
    char buf[24];
    const auto end = std::to_chars(buf, buf + sizeof buf, n).ptr;
    out.append(buf, end);
}

// journal_game_line written by hand, byte for byte what nlohmann would write, without
// building the JSON tree.
void write_game_line(std::string& out, int slot, const match::GameRecord& g) {
    // Keys in nlohmann::json's (std::map) order, which is sorted.
    const auto key = [&](const char* k) {
        out += '"';
        out += k;
        out += "\":";
    };
    const auto text = [&](const char* k, std::string_view v, bool last = false) {
        key(k);
        append_json_string(out, v);
        if (!last) out += ',';
    };
    out += "{\"game\":{";
    key("at_fault");
    out += g.at_fault ? (*g.at_fault == rules::White ? "\"white\"," : "\"black\",") : "null,";
    text("black", g.black);
    text("black_stderr_tail", g.black_stderr_tail);
    if (!g.black_time_control.empty()) text("black_time_control", g.black_time_control);
    text("date", g.date);
    text("event", g.event);
    text("final_fen", g.final_fen);
    key("moves");
    out += '[';
    for (std::size_t i = 0; i < g.moves.size(); ++i) {
        const auto& m = g.moves[i];
        if (i) out += ',';
        out += m.book ? "{\"book\":true,\"clock_ms\":" : "{\"book\":false,\"clock_ms\":";
        append_number(out, m.clock_after_ms);
        // The engine's search info (depth, mate or score_cp, nodes) only when it gave it.
        if (m.info.depth > 0) {
            out += ",\"depth\":";
            append_number(out, m.info.depth);
        }
        out += ",\"elapsed_ms\":";
        append_number(out, m.elapsed_ms);
        out += ',';
        if (m.info.has_score && m.info.mate) {
            key("mate");
            append_number(out, m.info.score);
            out += ',';
        }
        text("move", m.dash);
        if (m.info.nodes >= 0) {
            key("nodes");
            append_number(out, m.info.nodes);
            out += ',';
        }
        text("san", m.san);
        if (m.info.has_score && !m.info.mate) {
            key("score_cp");
            append_number(out, m.info.score);
            out += ',';
        }
        text("uci", m.uci, true);
        out += '}';
    }
    out += "],";
    text("reason", g.reason);
    text("reason_key", g.reason_key);
    text("result", g.result_text());
    key("round");
    append_number(out, g.round);
    out += g.standard_start ? ",\"standard_start\":true," : ",\"standard_start\":false,";
    text("start_fen", g.start_fen);
    text("termination", match::termination_key(g.termination));
    text("time_control", g.time_control);
    text("variant", g.variant);
    if (!g.variant_file.empty()) text("variant_file", g.variant_file);
    text("white", g.white);
    text("white_stderr_tail", g.white_stderr_tail, g.white_time_control.empty());
    if (!g.white_time_control.empty()) text("white_time_control", g.white_time_control, true);
    out += "},\"slot\":";
    append_number(out, slot);
    out += ",\"type\":\"game\"}";
}

}  // namespace

// Appends `text` as a JSON string the way nlohmann's dump() writes it. It is made printable
// first, as to_json does (match/game_record.cpp): printable_text leaves only well-formed
// UTF-8 (copied as is, as dump() does) and no control byte but tab and newline, so only
// those two and the quote and backslash need an escape here, and nothing can fail.
void append_json_string(std::string& out, std::string_view text) {
    const std::string safe = rules::printable_text(text);
    out += '"';
    for (const char c : safe) {
        switch (c) {
            case '"':
                out += "\\\"";
                break;
            case '\\':
                out += "\\\\";
                break;
            case '\n':
                out += "\\n";
                break;
            case '\t':
                out += "\\t";
                break;
            default:
                out += c;
        }
    }
    out += '"';
}

std::string journal_game_line(int slot, const match::GameRecord& game) {
    std::string line;
    line.reserve(512 + 96 * game.moves.size() + game.white_stderr_tail.size() +
                 game.black_stderr_tail.size());
    write_game_line(line, slot, game);
    return line;
}

JournalScan scan_journal(const std::string& path, const JournalGameVisitor& visit) {
    refuse_unless_regular(path);
    std::ifstream in(path, std::ios::binary);
    if (!in) throw JournalError(fmt::format("{}: cannot read the journal", path));
    JournalScan out;
    std::string line;
    int number = 0;
    bool have_header = false;
    std::uint64_t offset = 0;  // of the line being read
    for (std::uint64_t next = 0; std::getline(in, line); offset = next) {
        next = offset + line.size() + 1;
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
                if (const auto v = j.find("variant"); v != j.end() && v->is_object())
                    out.variant = {v->value("name", ""), v->value("file", ""),
                                   v->value("yaml", "")};
                have_header = true;
            } else if (type == "game") {
                if (!have_header)
                    throw JournalError(
                        fmt::format("{}:{}: a game before the header", path, number));
                const int slot = j.at("slot").get<int>();
                if (slot < 0)
                    throw JournalError(
                        fmt::format("{}:{}: slot {} is negative", path, number, slot));
                if (const auto [at, fresh] = out.lines.emplace(slot, number); !fresh)
                    throw JournalError(
                        fmt::format("{}:{}: slot {} is already taken by the game on line {}", path,
                                    number, slot, at->second));
                visit(slot, offset, match::game_from_json(j.at("game")));
            } else {
                throw JournalError(
                    fmt::format("{}:{}: unknown line type '{}'", path, number, type));
            }
        } catch (const nlohmann::json::exception& e) {
            throw JournalError(fmt::format("{}:{}: {}", path, number, e.what()));
        } catch (const std::invalid_argument& e) {
            throw JournalError(fmt::format("{}:{}: {}", path, number, e.what()));
        }
    }
    if (!have_header)
        throw JournalError(
            fmt::format("{}: no header line; this is not a tournament journal", path));
    return out;
}

void drop_moves(match::GameRecord& game) {
    // Swapped with empty ones: clear() would keep the capacity, which is the memory.
    std::vector<match::MoveEntry>().swap(game.moves);
    std::string().swap(game.white_stderr_tail);
    std::string().swap(game.black_stderr_tail);
    std::string().swap(game.start_fen);
    std::string().swap(game.final_fen);
}

JournalContents read_journal(const std::string& path) {
    JournalContents out;
    const auto scan = scan_journal(path, [&](int slot, std::uint64_t, match::GameRecord&& game) {
        out.games[slot] = std::move(game);
    });
    out.fingerprint = scan.fingerprint;
    out.variant = scan.variant;
    out.torn_tail = scan.torn_tail;
    out.lines = scan.lines;
    return out;
}

JournalGameReader::JournalGameReader(const std::string& path) : path_(path) {
    refuse_unless_regular(path);
    in_.open(path, std::ios::binary);
    if (!in_) throw JournalError(fmt::format("{}: cannot read the journal", path));
}

match::GameRecord JournalGameReader::at(std::uint64_t offset) {
    in_.clear();
    in_.seekg(static_cast<std::streamoff>(offset));
    if (!std::getline(in_, line_))
        throw JournalError(
            fmt::format("{}: no line at byte {} (the journal changed while read)", path_, offset));
    try {
        return match::game_from_json(nlohmann::json::parse(line_).at("game"));
    } catch (const std::exception& e) {
        throw JournalError(fmt::format("{}: the game at byte {} cannot be read again: {}", path_,
                                       offset, e.what()));
    }
}

JournalWriter::JournalWriter(const std::string& path, const std::string& fingerprint,
                             const JournalVariant& variant)
    : path_(path) {
    namespace fs = std::filesystem;
    // Refused outright if the journal's name is a symlink: nobody gets the referee to append
    // to a file it did not choose.
    std::error_code ec;
    if (fs::is_symlink(fs::symlink_status(path, ec)))
        throw JournalError(
            fmt::format("{}: is a symlink; refusing to write the journal through it", path));
    refuse_unless_regular(path);
    const bool exists = fs::exists(path) && fs::file_size(path) > 0;
    Tail tail;
    if (exists) {
        tail = journal_tail(path);
        if (tail.keep != fs::file_size(path)) fs::resize_file(path, tail.keep);
    }
    fd_ = ::open(path.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC | O_NOFOLLOW, 0644);
    if (fd_ < 0)
        throw JournalError(
            fmt::format("{}: cannot open the journal for writing: {}", path, std::strerror(errno)));
    // The referee's own copy, in a folder of its own, is what a tampered journal is rebuilt
    // from; kept on disk so memory stays flat however many games are played.
    shadow_ = (std::filesystem::path(shadow_dir_.path()) / "journal.jsonl").string();
    ec.clear();
    if (exists)
        std::filesystem::copy_file(path, shadow_, std::filesystem::copy_options::overwrite_existing,
                                   ec);
    if (ec)
        throw JournalError(fmt::format("{}: cannot keep a copy of the journal in {}: {}", path,
                                       shadow_, ec.message()));
    shadow_fd_ =
        ::open(shadow_.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC | O_NOFOLLOW, 0600);
    if (shadow_fd_ < 0)
        throw JournalError(
            fmt::format("{}: cannot open {}: {}", path, shadow_, std::strerror(errno)));
    size_ = exists ? tail.keep : 0;
    // A last line complete but for its newline is a finished game: end it, do not cut it.
    if (tail.needs_newline) write_line("\n", "the last line's newline");
    if (!tail.has_content) {
        nlohmann::json header = {{"type", "header"}, {"fingerprint", fingerprint}, {"format", 1}};
        if (!variant.file.empty())
            header["variant"] = {{"name", rules::printable_text(variant.name)},
                                 {"file", rules::printable_text(variant.file)},
                                 {"yaml", rules::printable_text(variant.yaml)}};
        write_line(header.dump() + "\n", "the journal header");
    }
    remember_identity();
}

// One line to the journal (then on disk) and to the referee's copy.
void JournalWriter::write_line(const std::string& text, const char* what) {
    std::lock_guard lock(file_mutex_);
    commit(text, what);
}

// fdatasync, not fsync: it still makes the data and the new file size durable (the size is
// what reading the data back needs), and skips timestamps nobody reads.
void JournalWriter::commit(const std::string& lines, const char* what) {
    if (!write_all(fd_, lines) || ::fdatasync(fd_) != 0)
        throw JournalError(
            fmt::format("{}: cannot write {}: {}", path_, what, std::strerror(errno)));
    size_ += lines.size();
    shadow_pending_ += lines;
    if (shadow_pending_.size() >= kShadowBatchBytes) flush_shadow();
}

void JournalWriter::flush_shadow() {
    if (shadow_pending_.empty()) return;
    if (!write_all(shadow_fd_, shadow_pending_))
        throw JournalError(fmt::format("{}: cannot write to the copy {}: {}", path_, shadow_,
                                       std::strerror(errno)));
    shadow_pending_.clear();
}

JournalWriter::~JournalWriter() {
    if (thread_.joinable()) {
        {
            std::lock_guard lock(queue_mutex_);
            closing_ = true;
        }
        queue_cv_.notify_all();
        thread_.join();
    }
    if (fd_ >= 0) ::close(fd_);
    if (shadow_fd_ >= 0) ::close(shadow_fd_);
}

void JournalWriter::append_async(int slot, const match::GameRecord& game, Durable durable) {
    Queued q{journal_game_line(slot, game) + "\n", std::move(durable)};
    {
        std::lock_guard lock(queue_mutex_);
        queue_.push_back(std::move(q));
        if (!thread_.joinable()) thread_ = std::thread([this] { writer_loop(); });
    }
    queue_cv_.notify_all();
}

void JournalWriter::set_commit_delay(std::chrono::milliseconds delay) {
    std::lock_guard lock(queue_mutex_);
    commit_delay_ = delay;
}

void JournalWriter::commit_now() {
    {
        std::lock_guard lock(queue_mutex_);
        if (queue_.empty()) return;
        urgent_ = true;
    }
    queue_cv_.notify_all();
}

// Group commit: whatever was queued while the last fdatasync ran (or during the delay) goes
// out in one write and one fdatasync.
void JournalWriter::writer_loop() {
    std::unique_lock lock(queue_mutex_);
    for (;;) {
        queue_cv_.wait(lock, [&] { return closing_ || !queue_.empty(); });
        if (queue_.empty()) return;  // closing, nothing left
        if (!urgent_ && !closing_ && commit_delay_.count() > 0)
            queue_cv_.wait_for(lock, commit_delay_, [&] { return urgent_ || closing_; });
        urgent_ = false;
        std::deque<Queued> batch;
        batch.swap(queue_);
        lock.unlock();
        std::string lines;
        for (const auto& q : batch) lines += q.line;
        std::exception_ptr error;
        try {
            std::lock_guard file_lock(file_mutex_);
            repair_if_tampered();
            commit(lines, batch.size() == 1 ? "a game" : "games");
        } catch (...) {
            error = std::current_exception();
        }
        for (auto& q : batch)
            if (q.durable) q.durable(error);
        lock.lock();
    }
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
    struct stat by_fd {
    }, by_name{};
    const bool fd_ok = ::fstat(fd_, &by_fd) == 0;
    const bool name_ok = ::lstat(path_.c_str(), &by_name) == 0;
    std::string what;
    if (!name_ok)
        what = "it was removed";
    else if (S_ISLNK(by_name.st_mode) || by_name.st_ino != inode_ || by_name.st_dev != device_)
        what = "it was replaced by another file";
    else if (!fd_ok || static_cast<std::uintmax_t>(by_fd.st_size) != size_)
        what = fmt::format("its size is {} bytes where the referee wrote {}",
                           fd_ok ? by_fd.st_size : -1, size_);
    else
        return {};
    const std::string aside = fmt::format("{}.tampered-{}", path_, ++tamper_count_);
    flush_shadow();  // the copy must hold every byte before it is put back
    std::error_code ec;
    if (name_ok) std::filesystem::rename(path_, aside, ec);
    ::close(fd_);
    fd_ = -1;
    std::filesystem::copy_file(shadow_, path_, std::filesystem::copy_options::none, ec);
    if (!ec) fd_ = ::open(path_.c_str(), O_WRONLY | O_APPEND | O_CLOEXEC | O_NOFOLLOW);
    if (fd_ < 0 || ::fsync(fd_) != 0)
        throw JournalError(
            fmt::format("{}: changed by someone else during the run ({}), and it cannot be "
                        "rewritten: {}",
                        path_, what, std::strerror(errno)));
    remember_identity();
    return fmt::format(
        "{}: changed by someone else during the run ({}); that file was kept as {} and the "
        "journal rewritten from the referee's own record of it",
        path_, what, name_ok ? aside : std::string("(nothing)"));
}

void JournalWriter::repair_if_tampered() {
    if (auto report = check_untouched(); !report.empty()) {
        fmt::print(stderr, "warning: {}\n", report);
        tamper_reports_.push_back(std::move(report));
    }
}

void JournalWriter::append(int slot, const match::GameRecord& game) {
    std::lock_guard lock(file_mutex_);
    repair_if_tampered();
    // One write of one line to an O_APPEND file, then fdatasync: a crash leaves at worst a
    // torn last line, which read_journal() drops.
    commit(journal_game_line(slot, game) + "\n", "a game");
}

}  // namespace referee::tournament
