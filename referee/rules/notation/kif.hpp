// KIF, the Japanese shogi record (Kakinoki's format, read by Kifu for Windows, ShogiGUI,
// 81Dojo and most shogi software), written in UTF-8 (the format's `.kifu`): a header, the
// start as a board diagram, then one line per move: destination (full-width file digit and
// kanji rank, or 同 for the last move's square), the piece's kanji, 成/不成/打, the source
// square in parentheses and the time used, and the ending.
//
// Which variants it can write is data: a board of at most 9 files and 9 ranks whose pieces
// all carry a `kif:` name (variants/shogi.yaml and its family). Pure: no I/O.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "referee/rules/core/position.hpp"

namespace referee::rules {

// How the game ended, in KIF's words (the line after the last move).
enum class KifEnding {
    None,         // no line: the result line alone says it
    Checkmate,    // 詰み
    Resignation,  // 投了
    Repetition,   // 千日手
    TimeForfeit,  // 切れ負け
    Foul,         // 反則負け: the side to move broke the rules
    Interrupted,  // 中断
};

struct KifGame {
    std::string sente, gote;  // the first player (the rules' White) and the second
    std::string date;         // "YYYY.MM.DD" as PGN has it, or empty
    std::string event;
    std::string start_fen;              // empty: the variant's start
    std::vector<std::string> moves;     // as Position::parse_move reads them
    std::vector<std::int64_t> move_ms;  // time used per move; empty: none written
    KifEnding ending = KifEnding::None;
    std::optional<Color> winner;  // none: a draw, or no result
    bool finished = true;         // false: the game has no result ("中断")
    std::string comment;          // why it ended, written as a comment line
};

// Whether KIF can name every piece and square of the variant.
bool can_write_kif(const Variant& v);
// Why it cannot, in a sentence naming the variant and the first piece without a `kif:` name
// (or the board too large); empty where it can.
std::string kif_refusal(const Variant& v);
// Whether the variant's file asks for KIF: some piece has a `kif:` name. Such a variant that
// cannot be written is a mistake in the file, worth telling (kif_refusal says which).
bool wants_kif(const Variant& v);

// The record's text. Throws MoveError at a move the rules refuse, PositionError at a bad
// start, std::invalid_argument (kif_refusal's sentence) for a variant can_write_kif refuses.
std::string write_kif(const Rules& rules, const KifGame& game);

}  // namespace referee::rules
