// PGN read game by game from a stream, in constant memory however long the file: the tags,
// the main line's moves as written, the result token. Comments ({...} and ;...), variations
// ((...)), NAGs ($n), move numbers and annotation glyphs (!, ?!) are skipped. Moves stay
// text here; Position::parse_san() resolves them against a position of the game's variant.
#pragma once

#include <iosfwd>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "referee/rules/core/position.hpp"

namespace referee::rules {

struct PgnMoveText {
    std::string text;  // as written, without move number: "Nf3", "exd6", "a2-a3"
    int line = 0;      // where it stands in the source
};

struct PgnGame {
    int first_line = 0;                                     // the source line the game starts on
    std::vector<std::pair<std::string, std::string>> tags;  // in file order
    std::vector<PgnMoveText> moves;                         // the main line
    // "1-0", "0-1", "1/2-1/2" or "*"; empty when the movetext never ended (a truncated file,
    // or the next game's tags came first).
    std::string result;
    int result_line = 0;
    // The last comment after the last move, where the referee writes why the game ended.
    std::string final_comment;
    // The first thing that was not PGN ("line 12: tag without a closing ']'"); empty if none.
    // The reader goes on past it, so one bad game does not stop a file.
    std::string problem;

    // A tag's value, or nullptr when the game has no such tag.
    const std::string* tag(std::string_view name) const;
    bool ended() const { return !result.empty(); }
};

class PgnReader {
  public:
    // `source` names the stream in messages (a file name).
    PgnReader(std::istream& in, std::string source);
    // Reads the next game into `game`; false at the end of the stream.
    bool next(PgnGame& game);
    int line() const { return line_; }  // lines read so far
    const std::string& source() const { return source_; }

  private:
    bool read_line(std::string& out);
    void parse_tags(std::string_view text, PgnGame& game);
    // Reads movetext from `text`; true when the game's result token was reached, with any
    // text after it left in pending_.
    bool parse_movetext(std::string_view text, PgnGame& game);

    std::istream& in_;
    std::string source_;
    int line_ = 0;
    std::string pending_;  // a line read but belonging to the next game
    bool has_pending_ = false;
    // Movetext state that crosses lines.
    bool in_comment_ = false;
    int variation_depth_ = 0;
    std::string comment_;
};

// The game's start position: its FEN tag if it has one, else the variant's start.
// Throws PositionError.
Position pgn_start(const Rules& rules, const PgnGame& game);
// The game's moves from its start, each checked legal. Throws MoveError naming the ply,
// the line and why ("ply 5 (line 12): Nf3 is not a legal move for White: ...").
std::vector<Move> pgn_moves(const Rules& rules, const PgnGame& game);

}  // namespace referee::rules
