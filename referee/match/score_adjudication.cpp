#include "referee/match/score_adjudication.hpp"

#include <cstdlib>

#include <fmt/format.h>

namespace referee::match {

std::string ScoreAdjudication::describe() const {
    std::string out;
    if (resign.move_count > 0)
        out += fmt::format("resign={},{},{}", resign.move_count, resign.score_cp,
                           resign.two_sided ? 1 : 0);
    if (draw.move_count > 0)
        out += fmt::format("{}draw={},{},{}", out.empty() ? "" : " ", draw.move_number,
                           draw.move_count, draw.score_cp);
    return out;
}

int score_centipawns(const engine::SearchInfo& info) {
    constexpr int kMate = 1'000'000;
    if (!info.mate) return info.score;
    // "mate 0" is the engine's own loss, as "mate -N" is.
    return info.score > 0 ? kMate - info.score : -kMate - info.score;
}

ScoreAdjudicator::ScoreAdjudicator(ScoreAdjudication rules, std::string white_who,
                                   std::string black_who)
    : rules_(rules), who_{std::move(white_who), std::move(black_who)} {}

std::optional<AdjudicationVerdict> ScoreAdjudicator::after_move(rules::Color mover,
                                                                const engine::SearchInfo& info,
                                                                int plies_before) {
    const int score = score_centipawns(info);
    const auto& resign = rules_.resign;
    if (resign.move_count > 0) {
        losing_[mover] = info.has_score && score <= -resign.score_cp ? losing_[mover] + 1 : 0;
        winning_[mover] = info.has_score && score >= resign.score_cp ? winning_[mover] + 1 : 0;
        for (rules::Color loser : {mover, ~mover}) {
            if (losing_[loser] < resign.move_count) continue;
            if (resign.two_sided && winning_[~loser] < resign.move_count) continue;
            AdjudicationVerdict v;
            v.result =
                loser == rules::White ? rules::GameResult::BlackWins : rules::GameResult::WhiteWins;
            v.reason_key = "resign-adjudication";
            v.reason =
                resign.two_sided
                    ? fmt::format(
                          "{} resigns by adjudication: both engines scored the game at {} cp or "
                          "worse for {} for {} consecutive moves each",
                          who_[loser], -resign.score_cp, rules::color_name(loser),
                          resign.move_count)
                    : fmt::format(
                          "{} resigns by adjudication: its engine scored it at {} cp or worse "
                          "for {} consecutive moves",
                          who_[loser], -resign.score_cp, resign.move_count);
            return v;
        }
    }
    const auto& draw = rules_.draw;
    if (draw.move_count > 0) {
        const bool counts = plies_before / 2 >= draw.move_number;
        level_[mover] =
            counts && info.has_score && std::abs(score) <= draw.score_cp ? level_[mover] + 1 : 0;
        if (level_[rules::White] >= draw.move_count && level_[rules::Black] >= draw.move_count) {
            AdjudicationVerdict v;
            v.result = rules::GameResult::Draw;
            v.reason_key = "draw-adjudication";
            v.reason = fmt::format(
                "draw by adjudication: both engines scored the game within {} cp of 0 for {} "
                "consecutive moves each{}",
                draw.score_cp, draw.move_count,
                draw.move_number > 0 ? fmt::format(" after move {}", draw.move_number) : "");
            return v;
        }
    }
    return std::nullopt;
}

}  // namespace referee::match
