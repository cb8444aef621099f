#include "engines/common/turn_job.hpp"

#include <cstdio>
#include <cstdlib>
#include <exception>

#include "referee/rules/text/words.hpp"

namespace engines {

TurnData::TurnData(const referee::rules::Position& p) : position(p) {}

Thinker::Job make_turn_job(Player& player, std::shared_ptr<const TurnData> data, Output& out,
                           InfoLines info) {
    return [&player, &out, data = std::move(data), info](const std::atomic<bool>& stop) -> Reply {
        Turn turn{data->position,
                  data->moves,
                  data->from_game_start,
                  data->last_move,
                  data->limits,
                  stop,
                  {},
                  {}};
        if (info == InfoLines::Uci)
            turn.info = [&out](std::string_view fields) {
                out.line("info " + std::string(fields));
            };
        if (info == InfoLines::Xboard)
            turn.info = [&out](std::string_view fields) {
                if (auto line = xboard_thinking(fields); !line.empty()) out.line(line);
            };
        turn.raw_line = [&out](std::string_view line) { out.line(line); };
        try {
            return player.choose(turn);
        } catch (const std::exception& e) {
            std::fprintf(stderr, "The player failed to choose a move: %s\n", e.what());
            return Reply::none();
        }
    };
}

std::string xboard_thinking(std::string_view fields) {
    const auto w = referee::rules::split_words(fields);
    long long depth = -1, score = 0, centis = 0, nodes = 0;
    std::string pv;
    for (std::size_t i = 0; i < w.size(); ++i) {
        auto number = [&](std::size_t k) { return k < w.size() ? std::atoll(w[k].c_str()) : 0; };
        if (w[i] == "depth") {
            depth = number(i + 1);
        } else if (w[i] == "score" && i + 2 < w.size()) {
            const long long v = number(i + 2);
            score = w[i + 1] == "mate" ? (v >= 0 ? 100000 + v : -100000 + v) : v;
        } else if (w[i] == "time") {
            centis = number(i + 1) / 10;
        } else if (w[i] == "nodes") {
            nodes = number(i + 1);
        } else if (w[i] == "pv") {
            for (std::size_t k = i + 1; k < w.size(); ++k) pv += " " + w[k];
            break;
        }
    }
    if (depth < 0) return {};
    return std::to_string(depth) + " " + std::to_string(score) + " " + std::to_string(centis) +
           " " + std::to_string(nodes) + pv;
}

std::optional<std::string> reply_text(const Reply& reply, const referee::rules::Position& position,
                                      referee::rules::MoveStyle style) {
    if (!reply.text.empty()) return reply.text;
    if (!reply.move) return std::nullopt;
    return position.move_name(*reply.move, style);
}

bool nothing_to_play(const referee::rules::Position& position) {
    return position.outcome().has_value();
}

}  // namespace engines
