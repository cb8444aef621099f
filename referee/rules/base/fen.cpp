#include "referee/rules/base/fen.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <sstream>

#include <fmt/format.h>

namespace referee::rules {
namespace {

std::vector<std::string> split_ws(std::string_view text) {
    std::vector<std::string> out;
    std::string cur;
    for (char c : text) {
        if (std::isspace(static_cast<unsigned char>(c))) {
            if (!cur.empty()) out.push_back(std::move(cur)), cur.clear();
        } else {
            cur += c;
        }
    }
    if (!cur.empty()) out.push_back(std::move(cur));
    return out;
}

// Clocks and move numbers far beyond any game: the bound keeps later arithmetic (the next
// move number, twice the n-move count) inside an int.
constexpr int kMaxCount = 1'000'000;

int parse_count(const std::string& text, const char* what) {
    int value = 0;
    auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    const bool number = end == text.data() + text.size() && !text.empty() &&
                        std::isdigit(static_cast<unsigned char>(text[0]));
    if (!number || (ec != std::errc() && ec != std::errc::result_out_of_range) || value < 0)
        throw PositionError(fmt::format("the {} '{}' is not a non-negative number", what, text));
    if (ec == std::errc::result_out_of_range || value > kMaxCount)
        throw PositionError(
            fmt::format("the {} '{}' is out of range (0 to {})", what, text, kMaxCount));
    return value;
}

Color parse_side(const std::string& text) {
    if (text == "w" || text == "W") return White;
    if (text == "b" || text == "B") return Black;
    throw PositionError(fmt::format("the side to move '{}' is neither w nor b", text));
}

// The message is made only when the letter is wrong: probes and replays read FENs by the
// hundred thousand, and formatting the rank's name for every piece once cost a tenth of that.
// `rank` counts from 0; -1 is the hand.
void check_piece_letter(char c, int rank) {
    if (std::isalpha(static_cast<unsigned char>(c))) return;
    const std::string where = rank < 0 ? "the hand" : fmt::format("rank {}", rank + 1);
    throw PositionError(fmt::format("'{}' in {} is not a piece letter or a digit", c, where));
}

// "3+3" (checks still to give, Fairy-Stockfish) or "+1+0" (checks given, lichess).
bool looks_like_check_counts(const std::string& text) {
    const auto plus = text.find('+', 1);
    return text.size() >= 3 && plus != std::string::npos &&
           std::all_of(text.begin(), text.end(), [](char c) {
               return c == '+' || std::isdigit(static_cast<unsigned char>(c));
           });
}

std::array<int, 2> parse_check_counts(const std::string& text) {
    const std::string body = text[0] == '+' ? text.substr(1) : text;
    const auto plus = body.find('+');
    if (plus == std::string::npos || body.find('+', plus + 1) != std::string::npos)
        throw PositionError(fmt::format("the check counts '{}' are not of the form 3+3", text));
    return {parse_count(body.substr(0, plus), "check count"),
            parse_count(body.substr(plus + 1), "check count")};
}

}  // namespace

PositionFields parse_fen(const Geometry& g, std::string_view fen) {
    auto fields = split_ws(fen);
    if (fields.empty()) throw PositionError("the FEN is empty");
    PositionFields out;
    // The check counts, where given, are taken out first: the fields after them are the
    // usual ones.
    if (fields.size() > 4 && looks_like_check_counts(fields[4])) {
        out.checks_remaining = parse_check_counts(fields[4]);
        fields.erase(fields.begin() + 4);
    }
    if (fields.size() > 6 && fields.back()[0] == '+' && looks_like_check_counts(fields.back())) {
        out.checks_given = parse_check_counts(fields.back());
        fields.pop_back();
    }
    if (fields.size() > 6)
        throw PositionError(
            fmt::format("the FEN has {} fields; at most 6 are expected", fields.size()));

    // Pieces in hand: "...RNBQKBNR[Qp]".
    if (const auto open = fields[0].find('['); open != std::string::npos) {
        if (fields[0].back() != ']')
            throw PositionError(fmt::format("the hand in '{}' has no closing ']'", fields[0]));
        out.hand = fields[0].substr(open + 1, fields[0].size() - open - 2);
        out.hand_given = true;
        for (char c : out.hand) check_piece_letter(c, -1);
        fields[0].erase(open);
        if (fields[0].empty()) throw PositionError("the FEN has no placement before its hand");
    }
    out.placement.assign(g.squares(), '.');
    // Ranks from the top (the last rank) down, separated by '/'.
    std::vector<std::string> ranks;
    std::stringstream ss(fields[0]);
    for (std::string r; std::getline(ss, r, '/');) ranks.push_back(r);
    if (fields[0].back() == '/') ranks.push_back("");
    if (static_cast<int>(ranks.size()) != g.height)
        throw PositionError(
            fmt::format("the FEN has {} ranks; the board has {}", ranks.size(), g.height));
    for (int i = 0; i < g.height; ++i) {
        const int rank = g.height - 1 - i;
        int file = 0;
        const std::string& text = ranks[i];
        for (std::size_t k = 0; k < text.size(); ++k) {
            char c = text[k];
            if (c == '+') {
                // A promoted form (shogi's +P): the mark belongs to the letter after it.
                if (k + 1 == text.size() || !std::isalpha(static_cast<unsigned char>(text[k + 1])))
                    throw PositionError(
                        fmt::format("rank {}: '+' must come before a piece letter", rank + 1));
                if (out.plus.empty()) out.plus.assign(g.squares(), false);
                if (file < g.width) out.plus[g.at(file, rank)] = true;
                continue;
            }
            if (std::isdigit(static_cast<unsigned char>(c))) {
                // Saturated while reading: a run such as 4294967295 must not wrap to a
                // negative file (which once wrote before the placement buffer).
                int run = 0;
                while (k < text.size() && std::isdigit(static_cast<unsigned char>(text[k])))
                    run = std::min(run * 10 + (text[k++] - '0'), 10 * kMaxFiles);
                --k;
                if (run == 0)
                    throw PositionError(fmt::format("rank {} has an empty run of 0", rank + 1));
                file = std::min(file + run, 10 * kMaxFiles);
            } else if (c == '~') {
                // Fairy-Stockfish's mark of a promoted piece, after its letter.
                if (k == 0 || !std::isalpha(static_cast<unsigned char>(text[k - 1])))
                    throw PositionError(
                        fmt::format("rank {}: '~' must follow a piece letter", rank + 1));
                if (out.promoted.empty()) out.promoted.assign(g.squares(), false);
                if (file - 1 < g.width) out.promoted[g.at(file - 1, rank)] = true;
            } else {
                check_piece_letter(c, rank);
                if (file < g.width) out.placement[g.at(file, rank)] = c;
                ++file;
            }
            if (file > g.width) break;
        }
        if (file != g.width)
            throw PositionError(fmt::format("rank {} ('{}') has {} squares; the board is {} wide",
                                            rank + 1, text, file, g.width));
    }
    if (fields.size() > 1) out.side_to_move = parse_side(fields[1]);
    if (fields.size() > 2) out.castling = fields[2], out.castling_given = true;
    if (fields.size() > 3) out.en_passant = fields[3];
    if (fields.size() > 4) out.halfmove_clock = parse_count(fields[4], "half-move clock");
    if (fields.size() > 5) {
        out.fullmove_number = parse_count(fields[5], "move number");
        if (out.fullmove_number < 1) throw PositionError("the move number must be at least 1");
    }
    if (!out.castling_given) out.castling_given = fields.size() > 2;
    if (!out.en_passant.empty() &&
        std::all_of(out.en_passant.begin(), out.en_passant.end(),
                    [](char c) { return std::isdigit(static_cast<unsigned char>(c)) != 0; })) {
        out.counting =
            std::array<int, 2>{parse_count(out.en_passant, "counting limit"), out.halfmove_clock};
        out.en_passant = "-";
        out.halfmove_clock = 0;
    }
    return out;
}

bool looks_like_board_dump(std::string_view text) {
    auto fields = split_ws(text);
    if (fields.size() < 2) return false;
    for (char c : fields[0])
        if (!std::isdigit(static_cast<unsigned char>(c))) return false;
    return true;
}

PositionFields parse_board_dump(const Geometry& g, std::string_view text) {
    std::vector<std::string> lines;
    std::stringstream ss{std::string(text)};
    for (std::string line; std::getline(ss, line);) {
        while (!line.empty() && (line.back() == '\r' || line.back() == ' ' || line.back() == '\t'))
            line.pop_back();
        std::size_t start = line.find_first_not_of(" \t");
        if (start == std::string::npos) continue;  // blank lines, as IMCS sends before a board
        lines.push_back(line.substr(start));
    }
    if (lines.empty()) throw PositionError("the board dump is empty");
    auto head = split_ws(lines[0]);
    if (head.size() != 2)
        throw PositionError(
            fmt::format("the board dump's first line '{}' is not '<move> <W|B>'", lines[0]));
    PositionFields out;
    out.fullmove_number = parse_count(head[0], "move number");
    if (out.fullmove_number < 1) throw PositionError("the move number must be at least 1");
    out.side_to_move = parse_side(head[1]);
    if (static_cast<int>(lines.size()) - 1 != g.height)
        throw PositionError(fmt::format("the board dump has {} ranks; the board has {}",
                                        lines.size() - 1, g.height));
    out.placement.assign(g.squares(), '.');
    for (int i = 0; i < g.height; ++i) {
        const std::string& row = lines[i + 1];
        const int rank = g.height - 1 - i;
        if (static_cast<int>(row.size()) != g.width)
            throw PositionError(fmt::format("rank {} ('{}') has {} squares; the board is {} wide",
                                            rank + 1, row, row.size(), g.width));
        for (int f = 0; f < g.width; ++f) {
            char c = row[f];
            if (c != '.') check_piece_letter(c, rank);
            out.placement[g.at(f, rank)] = c;
        }
    }
    return out;
}

PositionFields as_read_back(PositionFields f) {
    f.castling_given = true;  // the text always has the field
    f.checks_given.reset();   // not written
    // A mark is written after (or before) a letter, so one on an empty square is lost, and a
    // list without marks is not made.
    auto on_pieces_only = [&](std::vector<bool>& marks) {
        bool any = false;
        for (std::size_t s = 0; s < marks.size(); ++s) {
            marks[s] = marks[s] && f.placement[s] != '.';
            any = any || marks[s];
        }
        if (!any) marks.clear();
    };
    on_pieces_only(f.promoted);
    on_pieces_only(f.plus);
    if (f.counting) {
        // Written in the en-passant and half-move fields' places, read back from there.
        f.en_passant = "-";
        f.halfmove_clock = 0;
    }
    return f;
}

std::string fields_to_fen(const Geometry& g, const PositionFields& f) {
    std::string out = placement_to_fen(g, f.placement, f.promoted, f.plus);
    if (f.hand_given) out += '[' + f.hand + ']';
    out += fmt::format(" {} {} {}", f.side_to_move == White ? 'w' : 'b', f.castling,
                       f.counting ? std::to_string((*f.counting)[0]) : f.en_passant);
    if (f.checks_remaining)
        out += fmt::format(" {}+{}", (*f.checks_remaining)[0], (*f.checks_remaining)[1]);
    out +=
        fmt::format(" {} {}", f.counting ? (*f.counting)[1] : f.halfmove_clock, f.fullmove_number);
    return out;
}

std::string placement_to_fen(const Geometry& g, const std::vector<char>& placement,
                             const std::vector<bool>& promoted, const std::vector<bool>& plus) {
    std::string out;
    for (int rank = g.height - 1; rank >= 0; --rank) {
        int empty = 0;
        for (int f = 0; f < g.width; ++f) {
            char c = placement[g.at(f, rank)];
            if (c == '.') {
                ++empty;
                continue;
            }
            if (empty) out += std::to_string(empty), empty = 0;
            if (!plus.empty() && plus[g.at(f, rank)]) out += '+';
            out += c;
            if (!promoted.empty() && promoted[g.at(f, rank)]) out += '~';
        }
        if (empty) out += std::to_string(empty);
        if (rank) out += '/';
    }
    return out;
}

}  // namespace referee::rules
