// The IMCS server's game logs (tests/data/imcs-server/server-gamelogs/): a header line
// "<id>: <name>(<address>, W) vs <name>(<address>)", the date, then per turn the board dump,
// the "?" clock line and the mover's answer (a move, "- illegal move X", "- invalid move X",
// or nothing), then the last board and the result line "= W wins [on opponent <cause>]" or
// "= draw". The server plays MiniChess 2011 (minitchess) and knows only two ends: a king
// capture and the draw after Black's 40th move.
#include <istream>

#include <fmt/format.h>

#include "referee/check/game_source.hpp"
#include "referee/check/line_regex.hpp"
#include "referee/rules/text/printable.hpp"

namespace referee::check {
namespace {

const std::regex kHeader(R"(^(\d+): (\S+)\(([^)]*)\) vs (\S+)\(([^)]*)\)\s*$)");
const std::regex kBoardHeader(R"(^\d+ [WB]\s*$)");

std::string trim(const std::string& s) {
    const auto b = s.find_first_not_of(" \t\r");
    if (b == std::string::npos) return "";
    return s.substr(b, s.find_last_not_of(" \t\r") - b + 1);
}

class ImcsLogSource : public GameSource {
  public:
    ImcsLogSource(std::istream& in, const std::string& source) : in_(in), source_(source) {}
    Format format() const override { return Format::ImcsLog; }

    bool next(RecordedGame& g) override {
        std::string line;
        // Find the header.
        while (true) {
            if (!read(line)) return false;
            if (!trim(line).empty()) break;
        }
        g = RecordedGame{};
        g.source = source_;
        g.line = line_;
        g.implied_variant = "minitchess";
        g.recorder_knows_no_legal_move_rule = false;
        std::smatch m;
        const std::string header = trim(line);
        if (!match_line(header, m, kHeader)) {
            g.label = "IMCS game ?";
            g.problem = fmt::format(
                "line {}: '{}' is not an IMCS game log header (<id>: <name>(<address>, W) vs "
                "<name>(<address>))",
                line_, rules::printable_excerpt(header));
            skip_to_next_header();
            return true;
        }
        g.label = fmt::format("IMCS game {}", m[1].str());
        const std::string first_details = m[3].str();
        const bool first_is_black = first_details.size() >= 2 && first_details.ends_with(", B");
        g.players = first_is_black ? fmt::format("{} - {}", m[4].str(), m[2].str())
                                   : fmt::format("{} - {}", m[2].str(), m[4].str());

        // The date line (the server's `date` output) says nothing the check needs.
        if (read(line) && match_line(trim(line), kBoardHeader)) {
            pending_ = line;
            has_pending_ = true;
            --line_;
        }
        std::string board;
        bool awaiting_answer = false;
        while (read(line)) {
            const std::string t = trim(line);
            if (awaiting_answer) {
                // The line after "?" is the mover's answer; an empty one is no move at all.
                awaiting_answer = false;
                if (t.starts_with("- illegal move "))
                    g.refused.push_back({static_cast<int>(g.moves.size()), t.substr(15), true});
                else if (t.starts_with("- invalid move"))
                    g.refused.push_back(
                        {static_cast<int>(g.moves.size()), trim(t.substr(14)), false});
                else if (!t.empty())
                    g.moves.push_back({t, line_, board});
                continue;
            }
            if (t.empty()) continue;
            if (match_line(t, kBoardHeader)) {
                board = t + "\n";
                while (read(line) && !trim(line).empty()) board += trim(line) + "\n";
                continue;
            }
            if (t.front() == '?') {
                awaiting_answer = true;
                continue;
            }
            if (t.front() == '=') {
                g.final_board = board;
                read_result(t.substr(1), g);
                skip_to_next_header();
                return true;
            }
            if (match_line(t, kHeader)) {
                pending_ = line;
                has_pending_ = true;
                --line_;
                break;
            }
            if (g.problem.empty())
                g.problem = fmt::format("line {}: unexpected '{}' in an IMCS game log", line_,
                                        rules::printable_excerpt(t));
        }
        g.ending = Ending::Missing;  // no result line: the log was cut short
        return true;
    }

  private:
    bool read(std::string& line) {
        if (has_pending_) {
            has_pending_ = false;
            line = std::move(pending_);
            ++line_;
            return true;
        }
        if (!std::getline(in_, line)) return false;
        ++line_;
        return true;
    }

    // After the result the server may add notes ("W report result code failed: ..."); a
    // following header starts the next game of a concatenated log.
    void skip_to_next_header() {
        std::string line;
        while (read(line)) {
            if (match_line(trim(line), kHeader)) {
                pending_ = line;
                has_pending_ = true;
                --line_;
                return;
            }
        }
    }

    void read_result(const std::string& text, RecordedGame& g) {
        const std::string t = trim(text);
        g.reason = t;
        if (t == "draw") {
            g.result = rules::GameResult::Draw;
            g.ending = Ending::Rules;
            g.reason_key = "move-limit";  // the server's only draw
            return;
        }
        rules::Color winner;
        if (t.starts_with("W wins"))
            winner = rules::White;
        else if (t.starts_with("B wins"))
            winner = rules::Black;
        else {
            g.ending = Ending::Missing;
            if (g.problem.empty())
                g.problem = fmt::format("line {}: unknown result line '= {}'", line_, t);
            return;
        }
        g.result =
            winner == rules::White ? rules::GameResult::WhiteWins : rules::GameResult::BlackWins;
        const std::string cause = trim(t.substr(6));
        if (cause.empty()) {
            g.ending = Ending::Rules;
            g.reason_key = "king-capture";  // the server's only win by the rules
            return;
        }
        g.ending = Ending::Stopped;
        g.at_fault = ~winner;
        if (cause == "on opponent time")
            g.reason_key = "time-forfeit";
        else if (cause == "on opponent resignation")
            g.reason_key = "resignation";
        else if (cause == "on opponent disconnect")
            g.reason_key = "disconnect";
        else {
            g.reason_key = cause;
            g.at_fault.reset();
        }
    }

    std::istream& in_;
    std::string source_;
    int line_ = 0;
    std::string pending_;
    bool has_pending_ = false;
};

}  // namespace

std::unique_ptr<GameSource> imcs_log_games(std::istream& in, const std::string& source) {
    return std::make_unique<ImcsLogSource>(in, source);
}

}  // namespace referee::check
