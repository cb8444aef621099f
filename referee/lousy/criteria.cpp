#include "referee/lousy/criteria.hpp"

#include <cctype>
#include <memory>
#include <optional>

#include <fmt/format.h>

#include "referee/lousy/squares.hpp"

namespace referee::lousy {

namespace {

using rules::Color;
using rules::Move;
using rules::Position;
using rules::Square;

char kind_at(const Position& pos, Square s) {
    return static_cast<char>(std::toupper(static_cast<unsigned char>(pos.letter_at(s))));
}

char letter_of(char kind, Color c) {
    return c == rules::White ? kind
                             : static_cast<char>(std::tolower(static_cast<unsigned char>(kind)));
}

std::string kind_name(const Position& pos, char kind) {
    const auto& v = pos.rules().variant();
    const int type = v.type_of(kind);
    return type < 0 ? std::string(1, kind) : v.pieces[type].name;
}

std::optional<Square> find_piece(const Position& pos, char letter) {
    const int n = pos.rules().geometry().squares();
    for (Square s = 0; s < n; ++s)
        if (pos.letter_at(s) == letter) return s;
    return std::nullopt;
}

// Where a piece of the side to move, standing on `from`, heads under "we got this all
// wrong": the starting square of the enemy piece of the same kind.
class StartSquares {
  public:
    StartSquares(const Bot& bot, const Position& pos, const History& history)
        : bot_(bot),
          pos_(pos),
          history_(history),
          start_(pos.rules().start()),
          them_(~pos.side_to_move()) {
        if (auto pawn = find_piece(start_, letter_of('P', them_)))
            enemy_pawn_rank_ = pos.rules().geometry().rank_of(*pawn);
    }

    std::optional<Cell> target(Square from) const {
        const rules::Geometry& g = pos_.rules().geometry();
        const char kind = kind_at(pos_, from);
        // A pawn aims at the enemy pawn rank in its own file, so only a straight push
        // comes closer.
        if (kind == 'P') {
            if (!enemy_pawn_rank_) return std::nullopt;
            return Cell{g.file_of(from), *enemy_pawn_rank_};
        }
        // The published module's code aims a queen that was a pawn one square left of a6
        // (spec); the draft aims every queen at the enemy queen's starting square.
        if (kind == 'Q' && bot_.ruleset == Ruleset::Module && history_.is_promoted(from))
            return Cell{-1, 5};
        if (auto s = find_piece(start_, letter_of(kind, them_))) return cell_of(g, *s);
        return std::nullopt;
    }

  private:
    const Bot& bot_;
    const Position& pos_;
    const History& history_;
    Position start_;
    Color them_;
    std::optional<int> enemy_pawn_rank_;
};

void add_colour_steps(std::vector<Criterion>& out, const Position& pos, bool from_dark_first) {
    const rules::Geometry g = pos.rules().geometry();
    const char* first = from_dark_first ? "dark -> light" : "light -> dark";
    const char* second = from_dark_first ? "light -> light" : "dark -> dark";
    // First line: leave the lava colour; second line: stay on the safe colour.
    out.push_back({first, [g, from_dark_first](Move m) {
                       return is_dark(g, m.from) == from_dark_first &&
                              is_dark(g, m.to) != from_dark_first;
                   }});
    out.push_back({second, [g, from_dark_first](Move m) {
                       return is_dark(g, m.from) != from_dark_first &&
                              is_dark(g, m.to) != from_dark_first;
                   }});
}

void add_kind_step(std::vector<Criterion>& out, const Position& pos, char kind) {
    out.push_back({fmt::format("a {} move", kind_name(pos, kind)),
                   [&pos, kind](Move m) { return kind_at(pos, m.from) == kind; }});
}

}  // namespace

std::vector<Criterion> criteria_for(const Bot& bot, const Position& pos, const History& history) {
    const rules::Geometry g = pos.rules().geometry();
    const Color them = ~pos.side_to_move();
    const std::optional<Square> enemy_king = find_piece(pos, letter_of('K', them));

    std::vector<Criterion> out;
    if (enemy_king) {
        const Square k = *enemy_king;
        out.push_back({"capture the enemy king", [k](Move m) { return m.to == k; }});
    }
    for (Goal goal : bot.goals) {
        switch (goal) {
            case Goal::KingMustDie:
                if (enemy_king) {
                    const Cell target = cell_of(g, *enemy_king);
                    out.push_back({"closer to the enemy king", [g, target](Move m) {
                                       return closer(g, m.from, m.to, target);
                                   }});
                }
                break;
            case Goal::WhiteIsLava:
                add_colour_steps(out, pos, false);
                break;
            case Goal::BlackIsLava:
                add_colour_steps(out, pos, true);
                break;
            case Goal::QueensWild:
                add_kind_step(out, pos, 'Q');
                break;
            case Goal::RooksWild:
                add_kind_step(out, pos, 'R');
                break;
            case Goal::BishopsWild:
                add_kind_step(out, pos, 'B');
                break;
            case Goal::KnightsWild:
                add_kind_step(out, pos, 'N');
                break;
            case Goal::WeGotThisAllWrong: {
                auto starts = std::make_shared<StartSquares>(bot, pos, history);
                out.push_back({"closer to the starting square of the enemy piece of the same kind",
                               [g, starts](Move m) {
                                   auto target = starts->target(m.from);
                                   return target && closer(g, m.from, m.to, *target);
                               }});
                break;
            }
            case Goal::MirrorMirror: {
                // Without the opponent's last move there is nothing to mirror: unmet.
                if (!history.last_move) break;
                const Move last = *history.last_move;
                const char kind = kind_at(pos, last.to);
                const Square from = reflect(g, last.from), to = reflect(g, last.to);
                out.push_back(
                    {fmt::format("the mirrored last move, {} by a {}",
                                 dash_name(g, Move::make(from, to)), kind_name(pos, kind)),
                     [&pos, kind, from, to](Move m) {
                         return m.from == from && m.to == to && kind_at(pos, m.from) == kind;
                     }});
                add_kind_step(out, pos, kind);
                break;
            }
        }
    }
    return out;
}

}  // namespace referee::lousy
