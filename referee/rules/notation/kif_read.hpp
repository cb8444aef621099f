// Reading KIF moves (rules/notation/kif.hpp writes them): ７六歩(77), 同　歩(23), ５五角打,
// ２二角成(88), ２三歩不成(24), as Kifu for Windows, ShogiGUI and this referee write them, with the
// names other programs use for the same pieces (王 for 玉, 竜 for 龍, 全 for 成銀...). Pure.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "referee/rules/core/position.hpp"

namespace referee::rules {

// The legal move `text` names in `pos`; `last_to` is the last move's destination (for 同).
// Throws MoveError: Unparsable for text that is not a KIF move, Illegal (saying why) for one
// the rules refuse here.
Move parse_kif_move(const Position& pos, std::string_view text, std::optional<Square> last_to);

// KIF's start diagram: the board rows (each "| ・ v玉 ...|一", top rank first), each side's
// hand ("金　歩二", or なし) and whether the second player moves first.
struct KifDiagram {
    std::vector<std::string> rows;
    std::string sente_hand, gote_hand;
    bool gote_to_move = false;
};

// The diagram as a FEN of the variant (pieces in hand in brackets). Throws PositionError
// naming the row or the piece that does not fit.
std::string kif_diagram_fen(const Rules& rules, const KifDiagram& d);

}  // namespace referee::rules
