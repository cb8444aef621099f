// The referee's own records: JSON game records (`referee play` writes one object per file;
// a JSON array or one object per line is read too) and tournament journals, read by the
// tournament layer's journal reader.
#include <istream>
#include <sstream>
#include <vector>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "referee/check/game_source.hpp"
#include "referee/tournament/journal.hpp"

namespace referee::check {
namespace {

using match::Termination;

// What a GameRecord says, in the check's terms.
RecordedGame from_record(const match::GameRecord& r) {
    RecordedGame g;
    g.variant = r.variant;
    g.variant_file = r.variant_file;
    g.players = fmt::format("{} - {}", r.white, r.black);
    if (!r.standard_start) g.start_fen = r.start_fen;
    g.moves.reserve(r.moves.size());
    for (const auto& m : r.moves) g.moves.push_back({m.dash.empty() ? m.uci : m.dash, 0, {}});
    g.final_fen = r.final_fen;
    g.result = r.result;
    g.reason_key = r.reason_key;
    g.reason = r.reason;
    g.at_fault = r.at_fault;
    switch (r.termination) {
        case Termination::Rules:
            g.ending = Ending::Rules;
            break;
        case Termination::MoveCap:
            g.ending = Ending::Stopped;
            break;
        case Termination::Interrupted:
            g.ending = Ending::Stopped;
            g.at_fault.reset();
            break;
        default:
            g.ending = Ending::Stopped;
            break;
    }
    return g;
}

RecordedGame unreadable(const std::string& source, int line, const std::string& label,
                        const std::string& why) {
    RecordedGame g;
    g.source = source;
    g.line = line;
    g.label = label;
    g.problem = why;
    return g;
}

// Records are small (one game each), so a whole JSON value is parsed at a time: the file as
// one object or array, or line by line when it holds one object per line.
class JsonRecordSource : public GameSource {
  public:
    JsonRecordSource(std::istream& in, const std::string& source) : in_(in), source_(source) {}
    Format format() const override { return Format::JsonRecords; }

    bool next(RecordedGame& g) override {
        if (!started_) start();
        if (index_ >= values_.size()) {
            if (!by_line_) return false;
            // One record per line: read the next non-empty line.
            std::string line;
            while (std::getline(in_, line)) {
                ++line_;
                if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
                values_.clear();
                index_ = 0;
                lines_.clear();
                try {
                    values_.push_back(nlohmann::json::parse(line));
                } catch (const nlohmann::json::exception& e) {
                    g = unreadable(source_, line_, fmt::format("record {}", ++count_),
                                   fmt::format("line {}: not JSON: {}", line_, e.what()));
                    return true;
                }
                lines_.push_back(line_);
                break;
            }
            if (index_ >= values_.size()) return false;
        }
        const int line = lines_.empty() ? 0 : lines_[std::min(index_, lines_.size() - 1)];
        const nlohmann::json& value = values_[index_++];
        const std::string label = fmt::format("record {}", ++count_);
        if (!broken_.empty()) {
            g = unreadable(source_, 0, label, broken_);
            broken_.clear();
            return true;
        }
        try {
            g = from_record(match::game_from_json(value));
            g.source = source_;
            g.line = line;
            g.label = label;
        } catch (const std::exception& e) {
            g = unreadable(source_, line, label, fmt::format("not a game record: {}", e.what()));
        }
        return true;
    }

  private:
    void start() {
        started_ = true;
        std::string first;
        std::streampos begin = in_.tellg();
        while (std::getline(in_, first) && first.find_first_not_of(" \t\r") == std::string::npos)
            ++line_;
        ++line_;
        // A first line that is a whole object: one record per line.
        try {
            auto j = nlohmann::json::parse(first);
            if (j.is_object()) {
                by_line_ = true;
                values_.push_back(std::move(j));
                lines_.push_back(line_);
                return;
            }
        } catch (const nlohmann::json::exception&) {
        }
        in_.clear();
        in_.seekg(begin);
        std::stringstream all;
        all << in_.rdbuf();
        try {
            auto j = nlohmann::json::parse(all.str());
            if (j.is_array())
                for (auto& item : j) values_.push_back(std::move(item));
            else
                values_.push_back(std::move(j));
        } catch (const nlohmann::json::exception& e) {
            broken_ = fmt::format("not JSON: {}", e.what());
            values_.push_back(nlohmann::json::object());  // reported as unreadable below
        }
        lines_.push_back(1);
    }

    std::istream& in_;
    std::string source_;
    bool started_ = false, by_line_ = false;
    std::vector<nlohmann::json> values_;
    std::vector<int> lines_;
    std::size_t index_ = 0;
    int line_ = 0, count_ = 0;
    std::string broken_;
};

class JournalSource : public GameSource {
  public:
    explicit JournalSource(const std::string& path) : path_(path) {
        try {
            contents_ = tournament::read_journal(path);
        } catch (const std::exception& e) {
            error_ = e.what();
        }
        it_ = contents_.games.begin();
    }
    Format format() const override { return Format::Journal; }
    double fraction_read() const override {
        return contents_.games.empty()
                   ? -1
                   : static_cast<double>(done_) / static_cast<double>(contents_.games.size());
    }

    bool next(RecordedGame& g) override {
        if (!error_.empty()) {
            g = unreadable(path_, 0, "journal", error_);
            error_.clear();
            return true;
        }
        if (it_ == contents_.games.end()) {
            if (!contents_.torn_tail) return false;
            contents_.torn_tail = false;
            g = unreadable(path_, 0, "last line",
                           "the journal's last line was cut short (a crash while writing?); that "
                           "game cannot be checked");
            g.ending = Ending::Missing;
            return true;
        }
        g = from_record(it_->second);
        // The header keeps the text of a variant file: the rules the games were played by.
        const tournament::JournalVariant& v = contents_.variant;
        if (!v.file.empty() && !v.yaml.empty() && g.variant == v.name) {
            g.variant_file = v.file;
            g.variant_yaml = v.yaml;
        }
        g.source = path_;
        g.label = fmt::format("slot {}", it_->first);
        ++it_;
        ++done_;
        return true;
    }

  private:
    std::string path_;
    tournament::JournalContents contents_;
    std::map<int, match::GameRecord>::const_iterator it_;
    std::string error_;
    std::size_t done_ = 0;
};

}  // namespace

std::unique_ptr<GameSource> json_record_games(std::istream& in, const std::string& source) {
    return std::make_unique<JsonRecordSource>(in, source);
}

std::unique_ptr<GameSource> journal_games(const std::string& path) {
    return std::make_unique<JournalSource>(path);
}

}  // namespace referee::check
