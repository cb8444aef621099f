#include "referee/match/game_record.hpp"

#include <cstdlib>
#include <stdexcept>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "referee/rules/text/printable.hpp"

namespace referee::match {
namespace {

constexpr std::pair<Termination, const char*> kTerminations[] = {
    {Termination::Rules, "rules"},
    {Termination::IllegalMove, "illegal-move"},
    {Termination::TimeForfeit, "time-forfeit"},
    {Termination::Crash, "crash"},
    {Termination::StartFailure, "start-failure"},
    {Termination::ProtocolFault, "protocol-fault"},
    {Termination::Resignation, "resignation"},
    {Termination::MoveCap, "move-cap"},
    {Termination::Unsupported, "unsupported-variant"},
    {Termination::Interrupted, "interrupted"},
    {Termination::Adjudication, "adjudication"},
};

// PGN's Termination tag has a fixed vocabulary; the precise reason goes in a comment.
const char* pgn_termination(Termination t) {
    switch (t) {
        case Termination::Rules:
        case Termination::Resignation:
            return "normal";
        case Termination::TimeForfeit:
            return "time forfeit";
        case Termination::IllegalMove:
            return "rules infraction";
        case Termination::MoveCap:
        case Termination::Adjudication:
            return "adjudication";
        case Termination::Interrupted:
            return "unterminated";
        default:
            return "abandoned";
    }
}

std::string pgn_escape(const std::string& s) {
    std::string out;
    for (char c : rules::printable_text(s)) {
        if (c == '"' || c == '\\') out += '\\';
        out += c == '\n' || c == '\t' ? ' ' : c;
    }
    return out;
}

// Text inside a { } comment: a '}' would end it early, and a comment holds no line breaks
// we did not put there.
std::string pgn_comment_text(const std::string& s) {
    std::string out;
    for (char c : rules::printable_text(s))
        out += c == '}' ? ')' : c == '{' ? '(' : c == '\n' || c == '\t' ? ' ' : c;
    return out;
}

std::string clock_text(std::int64_t ms) {
    return fmt::format("{}:{:02}:{:02}.{:03}", ms / 3600000, (ms / 60000) % 60, (ms / 1000) % 60,
                       ms % 1000);
}

// cutechess's "+0.35/12" (centipawns as pawns, then the depth), "+M3/12" or "-M2/5" for mates.
std::string eval_text(const engine::SearchInfo& info) {
    if (info.mate)
        return fmt::format("{}M{}/{}", info.score > 0 ? "+" : "-", std::abs(info.score),
                           info.depth);
    return fmt::format("{:+.2f}/{}", info.score / 100.0, info.depth);
}

}  // namespace

const char* termination_key(Termination t) {
    for (auto [term, key] : kTerminations)
        if (term == t) return key;
    return "?";
}

Termination termination_from_key(const std::string& key) {
    for (auto [term, k] : kTerminations)
        if (key == k) return term;
    throw std::invalid_argument(fmt::format("unknown termination '{}'", key));
}

std::string to_pgn(const GameRecord& g) {
    std::string out;
    auto tag = [&](const char* name, const std::string& value) {
        out += fmt::format("[{} \"{}\"]\n", name, pgn_escape(value));
    };
    tag("Event", g.event);
    tag("Site", "minichess-referee");
    tag("Date", g.date.empty() ? "????.??.??" : g.date);
    tag("Round", std::to_string(g.round));
    tag("White", g.white);
    tag("Black", g.black);
    tag("Result", g.result_text());
    tag("Variant", g.variant);
    if (!g.standard_start) {
        tag("SetUp", "1");
        tag("FEN", g.start_fen);
    }
    if (!g.time_control.empty()) tag("TimeControl", g.time_control);
    if (!g.white_time_control.empty()) tag("WhiteTimeControl", g.white_time_control);
    if (!g.black_time_control.empty()) tag("BlackTimeControl", g.black_time_control);
    tag("Termination", pgn_termination(g.termination));
    tag("PlyCount", std::to_string(g.moves.size()));
    out += '\n';

    // Move numbers follow the start position's side and number.
    int number = 1;
    bool black_first = false;
    {
        auto fields = g.start_fen;
        auto sp = fields.find(' ');
        if (sp != std::string::npos && sp + 1 < fields.size()) black_first = fields[sp + 1] == 'b';
        auto last = fields.find_last_of(' ');
        if (last != std::string::npos) number = std::max(1, std::atoi(fields.c_str() + last + 1));
    }
    // One comment per move (several in a row are refused by common readers): the reason the
    // game ended joins the last move's comment, or stands alone when no move was played.
    const std::string reason = pgn_comment_text(g.reason);
    std::string body;
    bool white = !black_first;
    for (std::size_t i = 0; i < g.moves.size(); ++i) {
        const auto& m = g.moves[i];
        if (white)
            body += fmt::format("{}. ", number);
        else if (i == 0)
            body += fmt::format("{}... ", number);
        body += m.san.empty() ? m.dash : m.san;
        std::string comment;
        if (m.book)
            comment = "book";
        else if (m.info.has_score)
            // cutechess's form first ("+0.35/12 0.102s"), so the tools that read it find it.
            comment =
                fmt::format("{} {:.3f}s", eval_text(m.info), m.elapsed_ms / 1000.0) +
                (m.clock_after_ms >= 0 ? fmt::format(" [%clk {}]", clock_text(m.clock_after_ms))
                                       : "");
        else if (m.clock_after_ms >= 0)
            comment = fmt::format("[%clk {}] {:.3f}s", clock_text(m.clock_after_ms),
                                  m.elapsed_ms / 1000.0);
        else
            comment = fmt::format("{:.3f}s", m.elapsed_ms / 1000.0);
        if (!m.book && m.info.nodes >= 0) comment += fmt::format(" n={}", m.info.nodes);
        if (i + 1 == g.moves.size() && !reason.empty()) comment += "; " + reason;
        body += " {" + comment + "} ";
        if (!white) ++number;
        white = !white;
    }
    if (g.moves.empty() && !reason.empty()) body += "{" + reason + "} ";
    body += g.result_text();
    // Wrap at 80 columns, as PGN readers expect.
    std::string line;
    std::size_t start = 0;
    while (start < body.size()) {
        auto end = body.find(' ', start);
        if (end == std::string::npos) end = body.size();
        std::string word = body.substr(start, end - start);
        if (!line.empty() && line.size() + 1 + word.size() > 79) {
            out += line + '\n';
            line.clear();
        }
        line += (line.empty() ? "" : " ") + word;
        start = end + 1;
    }
    out += line + "\n\n";
    return out;
}

nlohmann::json to_json(const GameRecord& g) {
    // Every string passes printable_text(): JSON must be UTF-8, and a record that cannot be
    // written loses the game it holds.
    const auto t = [](const std::string& s) { return rules::printable_text(s); };
    nlohmann::json moves = nlohmann::json::array();
    for (const auto& m : g.moves) {
        moves.push_back({{"move", t(m.dash)},
                         {"uci", t(m.uci)},
                         {"san", t(m.san)},
                         {"elapsed_ms", m.elapsed_ms},
                         {"clock_ms", m.clock_after_ms},
                         {"book", m.book}});
        // What the engine said of its search, only when it said it.
        if (m.info.depth > 0) moves.back()["depth"] = m.info.depth;
        if (m.info.has_score) moves.back()[m.info.mate ? "mate" : "score_cp"] = m.info.score;
        if (m.info.nodes >= 0) moves.back()["nodes"] = m.info.nodes;
    }
    nlohmann::json j = {
        {"variant", t(g.variant)},
        {"white", t(g.white)},
        {"black", t(g.black)},
        {"event", t(g.event)},
        {"round", g.round},
        {"date", t(g.date)},
        {"start_fen", t(g.start_fen)},
        {"standard_start", g.standard_start},
        {"time_control", t(g.time_control)},
        {"moves", moves},
        {"result", g.result_text()},
        {"termination", termination_key(g.termination)},
        {"reason_key", t(g.reason_key)},
        {"reason", t(g.reason)},
        {"final_fen", t(g.final_fen)},
        {"white_stderr_tail", t(g.white_stderr_tail)},
        {"black_stderr_tail", t(g.black_stderr_tail)},
    };
    if (!g.variant_file.empty()) j["variant_file"] = t(g.variant_file);
    if (!g.white_time_control.empty()) j["white_time_control"] = t(g.white_time_control);
    if (!g.black_time_control.empty()) j["black_time_control"] = t(g.black_time_control);
    j["at_fault"] = g.at_fault ? nlohmann::json(*g.at_fault == rules::White ? "white" : "black")
                               : nlohmann::json(nullptr);
    return j;
}

GameRecord game_from_json(const nlohmann::json& j) {
    GameRecord g;
    g.variant = j.at("variant").get<std::string>();
    g.variant_file = j.value("variant_file", "");
    g.white = j.at("white").get<std::string>();
    g.black = j.at("black").get<std::string>();
    g.event = j.value("event", g.event);
    g.round = j.value("round", 1);
    g.date = j.value("date", "");
    g.start_fen = j.at("start_fen").get<std::string>();
    g.standard_start = j.value("standard_start", true);
    g.time_control = j.value("time_control", "");
    g.white_time_control = j.value("white_time_control", "");
    g.black_time_control = j.value("black_time_control", "");
    for (const auto& m : j.at("moves")) {
        MoveEntry e;
        e.dash = m.at("move").get<std::string>();
        e.uci = m.value("uci", "");
        e.san = m.value("san", "");
        e.elapsed_ms = m.value("elapsed_ms", 0);
        e.clock_after_ms = m.value("clock_ms", -1);
        e.book = m.value("book", false);
        e.info.depth = m.value("depth", 0);
        if (m.contains("score_cp") || m.contains("mate")) {
            e.info.has_score = true;
            e.info.mate = m.contains("mate");
            e.info.score = m.value(e.info.mate ? "mate" : "score_cp", 0);
        }
        e.info.nodes = m.value("nodes", std::int64_t{-1});
        g.moves.push_back(e);
    }
    const auto result = j.at("result").get<std::string>();
    if (result == "1-0")
        g.result = rules::GameResult::WhiteWins;
    else if (result == "0-1")
        g.result = rules::GameResult::BlackWins;
    else if (result == "1/2-1/2" || result == "*")
        g.result = rules::GameResult::Draw;
    else
        throw std::invalid_argument(fmt::format("unknown result '{}'", result));
    g.termination = termination_from_key(j.at("termination").get<std::string>());
    if ((result == "*") != (g.termination == Termination::Interrupted))
        throw std::invalid_argument(fmt::format("result '{}' does not go with termination '{}'",
                                                result, j.at("termination").get<std::string>()));
    g.reason_key = j.value("reason_key", "");
    g.reason = j.value("reason", "");
    g.final_fen = j.value("final_fen", "");
    g.white_stderr_tail = j.value("white_stderr_tail", "");
    g.black_stderr_tail = j.value("black_stderr_tail", "");
    if (j.contains("at_fault") && j["at_fault"].is_string())
        g.at_fault = j["at_fault"].get<std::string>() == "white" ? rules::White : rules::Black;
    return g;
}

}  // namespace referee::match
