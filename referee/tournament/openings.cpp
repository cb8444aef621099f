#include "referee/tournament/openings.hpp"

#include "referee/rules/notation/pgn.hpp"
#include "referee/rules/text/input_file.hpp"
#include "referee/rules/text/words.hpp"

#include <cctype>
#include <fstream>
#include <sstream>

#include <fmt/format.h>

namespace referee::tournament {
namespace {

bool is_number(std::string_view w) {
    return !w.empty() && w.find_first_not_of("0123456789") == std::string_view::npos;
}

// A line without its '#' comment and trailing space; empty when nothing is left.
std::string content_of(std::string line) {
    if (auto hash = line.find('#'); hash != std::string::npos) line.erase(hash);
    while (!line.empty() && std::isspace(static_cast<unsigned char>(line.back()))) line.pop_back();
    if (line.find_first_not_of(" \t\r") == std::string::npos) return {};
    return line;
}

// EPD: the first four FEN fields, then operations ("bm Nf3; id \"x\";"). Some books write
// the half-move clock and move number after the four fields; those are kept.
std::string fen_of_epd(std::string_view line) {
    const auto w = rules::split_words(line);
    if (w.size() < 4)
        throw rules::PositionError(
            "an EPD record needs at least four fields (board, side, castling, en passant)");
    std::string fen = w[0] + " " + w[1] + " " + w[2] + " " + w[3];
    if (w.size() >= 6 && is_number(w[4]) && is_number(w[5])) fen += " " + w[4] + " " + w[5];
    return fen;
}

// splitmix64: a shuffle that is the same with every standard library.
std::uint64_t next_random(std::uint64_t& state) {
    std::uint64_t z = (state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

void shuffle(std::vector<Opening>& list, std::uint64_t seed) {
    std::uint64_t state = seed;
    for (std::size_t i = list.size(); i > 1; --i)
        std::swap(list[i - 1], list[next_random(state) % i]);
}

std::vector<Opening> read_lines(std::istream& in, Openings::Format format) {
    std::vector<Opening> out;
    int number = 0;
    for (std::string raw; std::getline(in, raw);) {
        ++number;
        const std::string line = content_of(raw);
        if (line.empty()) continue;
        Opening o;
        o.line = number;
        if (format == Openings::Format::Fen)
            o.fen = line;
        else if (format == Openings::Format::Epd)
            o.fen = line;  // parsed when checked, for the message
        else
            o.moves = opening_moves(line);
        out.push_back(std::move(o));
    }
    return out;
}

// PGN: each game's start (its FEN tag, or the variant's start) and its main line, checked
// and written as dash moves; comments, variations and results are the reader's business.
std::vector<Opening> read_pgn(std::istream& in, const std::string& source,
                              const rules::Rules& rules, int plies) {
    std::vector<Opening> out;
    rules::PgnReader reader(in, source);
    for (rules::PgnGame game; reader.next(game);) {
        if (!game.problem.empty())
            throw OpeningsError(fmt::format("{}:{}: {}", source, game.first_line, game.problem));
        Opening o;
        o.line = game.first_line;
        try {
            auto pos = rules::pgn_start(rules, game);
            if (game.tag("FEN")) o.fen = pos.fen();
            for (const rules::Move m : rules::pgn_moves(rules, game)) {
                if (plies > 0 && static_cast<int>(o.moves.size()) >= plies) break;
                o.moves.push_back(pos.move_name(m));
                pos.play(m);
            }
        } catch (const std::exception& e) {
            throw OpeningsError(fmt::format("{}:{}: {}", source, game.first_line, e.what()));
        }
        out.push_back(std::move(o));
    }
    return out;
}

}  // namespace

std::string Opening::text() const {
    std::string out = fen;
    if (!fen.empty() && !moves.empty()) out += " |";
    for (const auto& m : moves) out += (out.empty() ? "" : " ") + m;
    return out;
}

const char* openings_format_name(Openings::Format f) {
    switch (f) {
        case Openings::Format::Fen:
            return "fen";
        case Openings::Format::Moves:
            return "moves";
        case Openings::Format::Epd:
            return "epd";
        case Openings::Format::Pgn:
            return "pgn";
        default:
            return "none";
    }
}

Openings::Format parse_openings_format(std::string_view text) {
    if (text == "fen") return Openings::Format::Fen;
    if (text == "moves") return Openings::Format::Moves;
    if (text == "epd") return Openings::Format::Epd;
    if (text == "pgn") return Openings::Format::Pgn;
    throw std::invalid_argument(fmt::format("'{}' is none of fen, epd, pgn, moves", text));
}

Openings::Order parse_openings_order(std::string_view text) {
    if (text == "sequential") return Openings::Order::Sequential;
    if (text == "random") return Openings::Order::Random;
    throw std::invalid_argument(fmt::format("'{}' is neither sequential nor random", text));
}

std::vector<std::string> opening_moves(std::string_view text) {
    std::vector<std::string> out;
    for (auto& w : rules::split_words(text)) {
        if (w.find('.') != std::string::npos) continue;  // "1." or "12..."
        if (w == "1-0" || w == "0-1" || w == "1/2-1/2" || w == "*") continue;
        out.push_back(std::move(w));
    }
    return out;
}

rules::Position opening_start(const Opening& o, const rules::Rules& rules) {
    return o.fen.empty() ? rules.start() : rules.from_fen(o.fen);
}

void load_openings(Openings& spec, const rules::Rules& rules) {
    // Only a regular file, and only so much of it: a FIFO or /dev/zero is refused, not read.
    std::istringstream in;
    try {
        in.str(rules::read_input_file(spec.source));
    } catch (const rules::InputFileError& e) {
        throw OpeningsError(e.what());  // the path and what is wrong with it
    }
    if (spec.plies < 0)
        throw OpeningsError(
            fmt::format("{}: plies {} must be 0 (all) or more", spec.source, spec.plies));
    spec.list = spec.format == Openings::Format::Pgn ? read_pgn(in, spec.source, rules, spec.plies)
                                                     : read_lines(in, spec.format);
    for (auto& o : spec.list) {
        // Each opening is played through the rules now, so a bad one fails before any game.
        try {
            if (spec.format == Openings::Format::Epd) o.fen = fen_of_epd(o.fen);
            if (spec.plies > 0 && static_cast<int>(o.moves.size()) > spec.plies)
                o.moves.resize(spec.plies);
            auto pos = opening_start(o, rules);
            for (const auto& m : o.moves) pos.play(pos.parse_move(m));
            if (pos.outcome())
                throw rules::PositionError("the game is already over after this opening");
        } catch (const std::exception& e) {
            throw OpeningsError(
                fmt::format("{}:{}: opening '{}': {}", spec.source, o.line, o.text(), e.what()));
        }
    }
    if (spec.list.empty()) throw OpeningsError(fmt::format("{}: holds no opening", spec.source));
    if (spec.order == Openings::Order::Random) shuffle(spec.list, spec.seed);
}

Openings shuffled_starts(const std::vector<std::string>& fens, std::uint64_t seed,
                         const std::string& source) {
    Openings o;
    o.format = Openings::Format::Fen;
    o.order = Openings::Order::Random;
    o.seed = seed;
    o.source = source;
    for (const auto& fen : fens) o.list.push_back(Opening{fen, {}, 0});
    shuffle(o.list, seed);
    return o;
}

}  // namespace referee::tournament
