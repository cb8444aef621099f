#include "engines/flawed/flawed_player.hpp"

#include <algorithm>
#include <stdexcept>

#include "engines/common/random_pick.hpp"
#include "referee/rules/probes/probe_moves.hpp"

namespace engines {

using referee::rules::Move;

std::vector<Parameter> FlawedPlayer::parameters() const {
    std::string keys;
    for (auto f : referee::rules::all_rule_features())
        keys += (keys.empty() ? "" : ", ") + std::string(referee::rules::feature_key(f));
    return {
        {"flaw", "Flaw", Parameter::Kind::String, "", 0, 0,
         "the rule it gets wrong: " + keys + " (empty: none)"},
        {"prefer-flaw", "PreferFlaw", Parameter::Kind::Check, "true", 0, 0,
         "play a move only the flaw allows whenever there is one"},
        {"one-game", "OneGame", Parameter::Kind::Check, "false", 0, 0,
         "IMCS: exit when the game ends, as the course's clients do"},
        {"castle-onto-rook", "CastleOntoRook", Parameter::Kind::Check, "false", 0, 0,
         "write castling as the king's move onto its own rook (e1h1)"},
        {"start-only", "StartOnly", Parameter::Kind::Check, "false", 0, 0,
         "keep its own board from the start position and ignore the one it is sent, as the "
         "course's IMCS clients do"},
    };
}

void FlawedPlayer::set_parameter(const std::string& flag, const std::string& value) {
    if (flag == "one-game") {
        one_game_ = value == "true";
        return;
    }
    if (flag == "start-only") {
        start_only_ = value == "true";
        return;
    }
    if (flag == "castle-onto-rook") {
        castle_onto_rook_ = value == "true";
        return;
    }
    if (flag == "prefer-flaw") {
        prefer_flaw_ = value == "true";
        return;
    }
    if (flag != "flaw") return;
    if (value.empty()) {
        flaw_.reset();
    } else if (auto f = referee::rules::feature_from_key(value)) {
        flaw_ = f;
    } else {
        throw std::invalid_argument("there is no flaw '" + value + "'");
    }
    moves_.reset();
}

void FlawedPlayer::new_game(const referee::rules::Rules& rules, std::uint64_t seed) {
    rng_.seed(seed);
    own_.reset();
    if (start_only_) own_.emplace(rules.start());
    if (flaw_ && (!moves_ || moves_for_ != rules.name())) {
        moves_ = std::make_unique<referee::rules::FlawedMoves>(rules, *flaw_);
        moves_for_ = rules.name();
    }
}

Reply FlawedPlayer::choose(const Turn& turn) {
    if (own_) {
        // Its own board: the opponent's last move is played on it (when it fits), the board
        // sent is not looked at.
        auto& own = *own_;
        if (turn.last_move && own.side_to_move() != turn.position.side_to_move()) {
            try {
                own.play(own.parse_move(turn.position.move_name(*turn.last_move)));
            } catch (const std::exception&) {
            }
        }
        auto m = pick_uniform(own, rng_);
        if (!m) return Reply::none();
        own.play(*m);
        return Reply::of(*m);
    }
    const auto& pos = turn.position;
    const auto legal = pos.legal_moves();
    auto reply = [&](Move chosen) {
        if (castle_onto_rook_ && chosen.kind() == referee::rules::MoveKind::Castle)
            for (const auto& c : referee::rules::castling_checks(pos))
                if (c.move() == chosen) {
                    const auto& g = pos.rules().geometry();
                    return Reply::raw(g.name(c.king_from) + g.name(c.rook_from));
                }
        return Reply::of(chosen);
    };
    // Among the moves it believes in, one that wins is taken, as any engine that looks at its
    // move and the replies does (a win at once, or one whatever the reply where the ending
    // waits for it): the winning-move probes then warn only about a flaw.
    auto winning_among = [&](const std::vector<Move>& moves) {
        std::vector<Move> out;
        for (Move m : moves)
            if (std::find(legal.begin(), legal.end(), m) != legal.end() &&
                referee::rules::wins_for_sure(pos, m))
                out.push_back(m);
        return out;
    };
    auto pick_sorted = [&](std::vector<Move> pool) {
        // Sorted by name, as random-engine's choice, so a seed means the same game in either
        // dialect.
        std::sort(pool.begin(), pool.end(),
                  [&](Move a, Move b) { return pos.move_name(a) < pos.move_name(b); });
        return reply(pool[rng_() % pool.size()]);
    };
    if (!flaw_) {
        if (auto winning = winning_among(legal); !winning.empty()) return pick_sorted(winning);
        if (auto m = pick_uniform(pos, rng_)) return reply(*m);
        return Reply::none();
    }
    if (!moves_ || moves_for_ != pos.rules().name()) {
        moves_ = std::make_unique<referee::rules::FlawedMoves>(pos.rules(), *flaw_);
        moves_for_ = pos.rules().name();
    }
    // A move it takes for a win though it loses (a mate by a pawn drop, to an engine that
    // does not know uchifuzume) is the one it plays.
    if (auto lure = moves_->believed_wins(pos); !lure.empty()) return pick_sorted(lure);
    // Where it cannot read a move played (a promotion before the last rank, to an engine that
    // promotes only there), it plays from the position before that move, as Fairy-Stockfish
    // does: perhaps the other side's move.
    const auto misread = moves_->misread_position(pos, turn.moves);
    auto believed = moves_->moves(misread ? *misread : pos);
    std::vector<Move> flaw_only;
    for (Move m : believed)
        if (std::find(legal.begin(), legal.end(), m) == legal.end()) flaw_only.push_back(m);
    auto& pool = prefer_flaw_ && !flaw_only.empty() ? flaw_only : believed;
    if (pool.empty()) return Reply::none();  // it believes it has no move
    if (auto winning = winning_among(pool); !winning.empty()) return pick_sorted(winning);
    return pick_sorted(pool);
}

}  // namespace engines
