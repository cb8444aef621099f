#include "referee/tournament/journal.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <charconv>
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

// Appends `s` as a JSON string the way nlohmann's dump() writes it (no ASCII escaping of
// UTF-8; the two-character escapes; \u00xx in lower case for other control bytes). Returns
// false, having appended part of it, when `s` is not valid UTF-8: the caller then lets
// nlohmann decide what such a record becomes.
bool append_json_string(std::string& out, std::string_view s) {
    out += '"';
    for (std::size_t i = 0; i < s.size(); ++i) {
        const auto c = static_cast<unsigned char>(s[i]);
        if (c >= 0x80) {
            // A strict UTF-8 sequence (RFC 3629): no overlong forms, no surrogates, at most
            // U+10FFFF.
            std::size_t n;
            unsigned char lo = 0x80, hi = 0xBF;
            if (c >= 0xC2 && c <= 0xDF)
                n = 1;
            else if (c >= 0xE0 && c <= 0xEF)
                n = 2, lo = c == 0xE0 ? 0xA0 : 0x80, hi = c == 0xED ? 0x9F : 0xBF;
            else if (c >= 0xF0 && c <= 0xF4)
                n = 3, lo = c == 0xF0 ? 0x90 : 0x80, hi = c == 0xF4 ? 0x8F : 0xBF;
            else
                return false;
            if (i + n >= s.size()) return false;  // the sequence is cut off
            for (std::size_t k = 1; k <= n; ++k) {
                const auto b = static_cast<unsigned char>(s[i + k]);
                if (b < (k == 1 ? lo : 0x80) || b > (k == 1 ? hi : 0xBF)) return false;
            }
            out.append(s.data() + i, n + 1);
            i += n;
            continue;
        }
        switch (c) {
            case '"':
                out += "\\\"";
                break;
            case '\\':
                out += "\\\\";
                break;
            case '\b':
                out += "\\b";
                break;
            case '\f':
                out += "\\f";
                break;
            case '\n':
                out += "\\n";
                break;
            case '\r':
                out += "\\r";
                break;
            case '\t':
                out += "\\t";
                break;
            default:
                if (c < 0x20) {
                    static constexpr char hex[] = "0123456789abcdef";
                    out += "\\u00";
                    out += hex[c >> 4];
                    out += hex[c & 15];
                } else {
                    out += static_cast<char>(c);
                }
        }
    }
    out += '"';
    return true;
}

void append_number(std::string& out, std::int64_t n) {
    char buf[24];
    const auto end = std::to_chars(buf, buf + sizeof buf, n).ptr;
    out.append(buf, end);
}

// The fast path of journal_game_line: false when a text is not valid UTF-8.
bool write_game_line(std::string& out, int slot, const match::GameRecord& g) {
    // Keys in nlohmann::json's (std::map) order, which is sorted.
    bool ok = true;
    const auto key = [&](const char* k) {
        out += '"';
        out += k;
        out += "\":";
    };
    const auto text = [&](const char* k, std::string_view v, bool last = false) {
        key(k);
        ok = append_json_string(out, v) && ok;
        if (!last) out += ',';
    };
    out += "{\"game\":{";
    key("at_fault");
    out += g.at_fault ? (*g.at_fault == rules::White ? "\"white\"," : "\"black\",") : "null,";
    text("black", g.black);
    text("black_stderr_tail", g.black_stderr_tail);
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
        out += ",\"elapsed_ms\":";
        append_number(out, m.elapsed_ms);
        out += ',';
        text("move", m.dash);
        text("san", m.san);
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
    text("white", g.white);
    text("white_stderr_tail", g.white_stderr_tail, true);
    out += "},\"slot\":";
    append_number(out, slot);
    out += ",\"type\":\"game\"}";
    return ok;
}

}  // namespace

std::string journal_game_line(int slot, const match::GameRecord& game) {
    std::string line;
    line.reserve(512 + 96 * game.moves.size() + game.white_stderr_tail.size() +
                 game.black_stderr_tail.size());
    if (write_game_line(line, slot, game)) return line;
    return nlohmann::json{{"type", "game"}, {"slot", slot}, {"game", match::to_json(game)}}.dump();
}

JournalScan scan_journal(const std::string& path, const JournalGameVisitor& visit) {
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
                out.fingerprint = j.at("fingerprint").get<std::string>();
                have_header = true;
            } else if (type == "game") {
                if (!have_header)
                    throw JournalError(
                        fmt::format("{}:{}: a game before the header", path, number));
                visit(j.at("slot").get<int>(), offset, match::game_from_json(j.at("game")));
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
    out.torn_tail = scan.torn_tail;
    return out;
}

JournalGameReader::JournalGameReader(const std::string& path)
    : path_(path), in_(path, std::ios::binary) {
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

JournalWriter::JournalWriter(const std::string& path, const std::string& fingerprint)
    : path_(path) {
    namespace fs = std::filesystem;
    const bool exists = fs::exists(path) && fs::file_size(path) > 0;
    if (exists) {
        const auto keep = complete_length(path);
        if (keep != fs::file_size(path)) fs::resize_file(path, keep);
    }
    fd_ = ::open(path.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
    if (fd_ < 0)
        throw JournalError(
            fmt::format("{}: cannot open the journal for writing: {}", path, std::strerror(errno)));
    if (!exists || complete_length(path) == 0) {
        nlohmann::json header = {{"type", "header"}, {"fingerprint", fingerprint}, {"format", 1}};
        const std::string text = header.dump() + "\n";
        if (::write(fd_, text.data(), text.size()) != static_cast<ssize_t>(text.size()) ||
            ::fsync(fd_) != 0)
            throw JournalError(
                fmt::format("{}: cannot write the journal header: {}", path, std::strerror(errno)));
    }
}

JournalWriter::~JournalWriter() {
    if (fd_ >= 0) ::close(fd_);
}

void JournalWriter::append(int slot, const match::GameRecord& game) {
    const std::string text = journal_game_line(slot, game) + "\n";
    // One write of one line to an O_APPEND file, then fsync: a crash leaves at worst a torn
    // last line, which read_journal() drops.
    std::size_t done = 0;
    while (done < text.size()) {
        ssize_t n = ::write(fd_, text.data() + done, text.size() - done);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0)
            throw JournalError(
                fmt::format("{}: cannot append a game: {}", path_, std::strerror(errno)));
        done += static_cast<std::size_t>(n);
    }
    if (::fsync(fd_) != 0)
        throw JournalError(fmt::format("{}: fsync failed: {}", path_, std::strerror(errno)));
}

}  // namespace referee::tournament
