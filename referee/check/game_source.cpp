#include "referee/check/game_source.hpp"

#include <cctype>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <fmt/format.h>

#include "referee/check/line_regex.hpp"
#include "referee/check/text_encoding.hpp"

namespace referee::check {
namespace {

// A reader together with the file it reads, and how far it got.
class FileSource : public GameSource {
  public:
    FileSource(std::unique_ptr<std::ifstream> in, std::uintmax_t size, Format format,
               const std::string& path)
        : in_(std::move(in)), size_(size) {
        switch (format) {
            case Format::Pgn:
                inner_ = pgn_games(*in_, path);
                break;
            case Format::ImcsLog:
                inner_ = imcs_log_games(*in_, path);
                break;
            case Format::JsonRecords:
                inner_ = json_record_games(*in_, path);
                break;
            case Format::Kif:
                inner_ = kif_games(*in_, path);
                break;
            case Format::Journal:
                break;  // opened by path, see open_games
        }
    }
    bool next(RecordedGame& game) override { return inner_->next(game); }
    Format format() const override { return inner_->format(); }
    double fraction_read() const override {
        if (size_ == 0) return -1;
        const auto at = in_->rdbuf()->pubseekoff(0, std::ios::cur, std::ios::in);
        if (at < 0) return 1;
        return std::min(1.0, static_cast<double>(at) / static_cast<double>(size_));
    }

  private:
    std::unique_ptr<std::ifstream> in_;
    std::uintmax_t size_;
    std::unique_ptr<GameSource> inner_;
};

// A record read whole into memory, after its text was turned into UTF-8.
class DecodedSource : public GameSource {
  public:
    DecodedSource(std::string text, const std::string& path)
        : in_(std::make_unique<std::istringstream>(std::move(text))),
          inner_(kif_games(*in_, path)) {}
    bool next(RecordedGame& game) override { return inner_->next(game); }
    Format format() const override { return inner_->format(); }

  private:
    std::unique_ptr<std::istringstream> in_;
    std::unique_ptr<GameSource> inner_;
};

// The largest Shift-JIS record read: KIF holds one game, a few kilobytes.
constexpr std::uintmax_t kMaxShiftJisBytes = 16u << 20;

// A KIF record in Shift-JIS (Kifu for Windows' `.kif`), read as the UTF-8 it says.
std::unique_ptr<GameSource> shift_jis_kif(std::ifstream& in, const std::string& path) {
    std::error_code ec;
    const auto size = std::filesystem::file_size(path, ec);
    if (ec || size > kMaxShiftJisBytes)
        throw SourceError(fmt::format(
            "{}: a KIF record in Shift-JIS larger than {} MiB; a KIF record holds one game", path,
            kMaxShiftJisBytes >> 20));
    std::string bytes(static_cast<std::size_t>(size), '\0');
    in.read(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    bytes.resize(static_cast<std::size_t>(in.gcount()));
    std::size_t bad_at = 0;
    auto text = cp932_to_utf8(bytes, false, &bad_at);
    if (!text)
        throw SourceError(fmt::format(
            "{}: a KIF record that is neither UTF-8 nor Shift-JIS (CP932): byte {} (0x{:02X}) is "
            "neither; save it as UTF-8 (.kifu) or Shift-JIS",
            path, bad_at, bad_at < bytes.size() ? static_cast<unsigned char>(bytes[bad_at]) : 0));
    return std::make_unique<DecodedSource>(std::move(*text), path);
}

}  // namespace

const char* format_name(Format f) {
    switch (f) {
        case Format::Pgn:
            return "PGN";
        case Format::ImcsLog:
            return "IMCS server game log";
        case Format::Journal:
            return "tournament journal";
        case Format::JsonRecords:
            return "JSON game records";
        case Format::Kif:
            return "KIF record";
    }
    return "?";
}

Format detect_format(const std::string& head) {
    std::size_t i = head.starts_with("\xEF\xBB\xBF") ? 3 : 0;
    while (i < head.size() && std::isspace(static_cast<unsigned char>(head[i]))) ++i;
    const std::string first_line = head.substr(
        i, head.find('\n', i) == std::string::npos ? std::string::npos : head.find('\n', i) - i);
    static const std::regex imcs_header(R"(^\d+: \S+\([^)]*\) vs \S+\([^)]*\)\s*$)");
    if (match_line(first_line, imcs_header)) return Format::ImcsLog;
    // What follows an opening bracket tells JSON ("{\"key\"", "[{", "[]") from PGN ("{a comment}",
    // "[Event \"...\"]").
    auto next_after = [&](std::size_t at) {
        std::size_t j = at + 1;
        while (j < head.size() && std::isspace(static_cast<unsigned char>(head[j]))) ++j;
        return j < head.size() ? head[j] : '\0';
    };
    if (i < head.size() && head[i] == '{' && (next_after(i) == '"' || next_after(i) == '}')) {
        // A journal's first line is its header: {"type":"header",...}.
        static const std::regex journal_header(
            R"re(^\{\s*"(fingerprint|format|type)"\s*:.*"header")re");
        return search_line(first_line, journal_header) ? Format::Journal : Format::JsonRecords;
    }
    if (i < head.size() && head[i] == '[' && (next_after(i) == '{' || next_after(i) == ']'))
        return Format::JsonRecords;
    // KIF: its move list's heading, or the start of this referee's KIF (a long header may
    // push the heading past the bytes looked at).
    if (head.find("手数----指手") != std::string::npos ||
        head.find("# ---- minichess-referee KIF") != std::string::npos)
        return Format::Kif;
    return Format::Pgn;
}

std::unique_ptr<GameSource> open_games(const std::string& path) {
    std::error_code ec;
    if (std::filesystem::is_directory(path, ec))
        throw SourceError(fmt::format("{}: is a directory, not a file of games", path));
    auto in = std::make_unique<std::ifstream>(path, std::ios::binary);
    if (!*in) throw SourceError(fmt::format("{}: cannot open the file", path));
    std::string head(4096, '\0');
    in->read(head.data(), static_cast<std::streamsize>(head.size()));
    head.resize(static_cast<std::size_t>(in->gcount()));
    in->clear();
    in->seekg(0);
    // Not UTF-8: a KIF record as Kifu for Windows saves it (`.kif`) is Shift-JIS. Its heading
    // is read up to the first byte that is not Shift-JIS either, which is then reported.
    if (!looks_like_utf8(head)) {
        std::size_t bad_at = 0;
        auto decoded = cp932_to_utf8(head, true, &bad_at);
        if (!decoded) decoded = cp932_to_utf8(std::string_view(head).substr(0, bad_at), true);
        if (decoded && detect_format(*decoded) == Format::Kif) return shift_jis_kif(*in, path);
    }
    const Format format = detect_format(head);
    if (format == Format::Journal) return journal_games(path);
    const auto size = std::filesystem::file_size(path, ec);
    return std::make_unique<FileSource>(std::move(in), ec ? 0 : size, format, path);
}

}  // namespace referee::check
