#include "engines/common/turn_job.hpp"

#include <cstdio>
#include <exception>

namespace engines {

TurnData::TurnData(const referee::rules::Position& p) : position(p) {}

Thinker::Job make_turn_job(Player& player, std::shared_ptr<const TurnData> data, Output& out,
                           bool uci_info) {
    return
        [&player, &out, data = std::move(data), uci_info](const std::atomic<bool>& stop) -> Reply {
            Turn turn{data->position,
                      data->moves,
                      data->from_game_start,
                      data->last_move,
                      data->limits,
                      stop,
                      {},
                      {}};
            if (uci_info)
                turn.info = [&out](std::string_view fields) {
                    out.line("info " + std::string(fields));
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
