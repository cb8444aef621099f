// What an xboard (CECP) engine says in its `feature` lines: each key with its value, read
// as the protocol writes them (key=value, the value a number, a bare word or a quoted
// string), and the option lines of `feature option="..."`.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace referee::engine::xboard {

struct Feature {
    std::string key;
    std::string value;  // without its quotes
};

// The features of one line, after the word "feature"; a key without '=' or a quote left open
// ends the list (what came before is kept).
std::vector<Feature> read_features(std::string_view rest);

// `feature option="Name -type ..."`: the option's name (the words before the first " -").
std::string option_name(std::string_view option_value);

// A line that is the engine's move: "move e2e4", "1. ... e2e4" or "My move is: e2e4" /
// "My move is : e2e4". The move's text and which of the three forms it came in, or nothing.
// GNU Chess writes each move twice, numbered and then "My move is", so a dialect takes a
// move only in the form an engine used first (see XboardDialect::on_line).
enum class MoveForm { Move, Numbered, MyMoveIs };
struct MoveLine {
    std::string_view move;
    MoveForm form;
};
std::optional<MoveLine> move_in(std::string_view line);

// A thinking line ("9 -28 39 467744 Nf6 Bb5+"): depth, score in centipawns, time in
// centiseconds, nodes, then the principal variation. Scores of 100000 + N or more are mate
// in N moves (negative: the engine is mated).
struct Thinking {
    int depth = 0;
    int score = 0;
    bool mate = false;
    long long nodes = 0;
    std::string_view pv;  // the rest of the line, in the engine's notation
};
std::optional<Thinking> read_thinking(std::string_view line);

// "1-0 {White mates}", "0-1 {...}", "1/2-1/2 {...}": the result word and the comment.
std::optional<std::pair<std::string_view, std::string_view>> read_result(std::string_view line);

// "Illegal move: e2e4", "Illegal move (no such piece): e2e4", "Error (unknown command): xyz":
// the text after the colon, and whether it was an Illegal move line.
struct Complaint {
    bool illegal_move = false;
    std::string_view reason;  // inside the parentheses, when given
    std::string_view subject;
};
std::optional<Complaint> read_complaint(std::string_view line);

}  // namespace referee::engine::xboard
