#include "probe_position_checks.hpp"

#include <gtest/gtest.h>

#include <algorithm>

#include "referee/rules/base/fen.hpp"
#include "referee/rules/probes/probe_moves.hpp"

namespace referee::test {

using namespace referee::rules;

int expect_positions_tell_the_rule(const Rules& rules, RuleFeature f,
                                   const std::vector<ProbePosition>& found) {
    const std::string& name = rules.name();
    const FlawedMoves flawed(rules, f);
    int checked = 0;
    for (const auto& p : found) {
        ++checked;
        const auto fields = parse_fen(rules.geometry(), p.fen);
        if (fields.en_passant != "-") {
            EXPECT_TRUE(en_passant_origin_legal(rules, fields))
                << name << " " << feature_key(f) << ": " << p.fen;
        }
        const Position pos = probe_position(rules, p);
        if (f == RuleFeature::Uchifuzume) {
            EXPECT_FALSE(p.losing.empty()) << name << " uchifuzume: " << p.fen;
            continue;
        }
        // Where the flaw is in reading the opening (a promotion in the zone), the engine
        // plays from where it stopped reading.
        std::vector<Move> opening;
        Position replay = rules.from_fen(p.fen);
        for (const auto& text : p.opening) {
            opening.push_back(replay.parse_move(text));
            replay.play(opening.back());
        }
        const auto misread = flawed.misread_position(pos, opening);
        const auto ablated = flawed.moves(misread ? *misread : pos);
        auto names = [&](const std::vector<Move>& moves) {
            std::vector<std::string> out;
            for (Move m : moves) out.push_back(pos.move_name(m, MoveStyle::Uci));
            std::sort(out.begin(), out.end());
            return out;
        };
        EXPECT_NE(names(pos.legal_moves()), names(ablated))
            << name << " " << feature_key(f) << ": " << p.fen;
    }
    return checked;
}

}  // namespace referee::test
