// The framework's promise to players (engines/common/README.md): what a Turn carries in each
// dialect. The sessions run in-process with a recording player; their output goes through a
// pipe the test reads.
#include <fcntl.h>
#include <poll.h>
#include <unistd.h>

#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "engines/common/imcs_session.hpp"
#include "engines/common/random_pick.hpp"
#include "engines/common/uci_session.hpp"
#include "referee/rules/core/position.hpp"
#include "tests/support/rules.hpp"

namespace {

using referee::rules::Move;
using referee::rules::Position;
using referee::rules::Rules;

// What the player was shown, in words.
struct Seen {
    std::string fen;
    std::vector<std::string> moves;
    bool from_game_start = false;
    std::string last_move;  // "" when unknown
    long long time_left = -1, opponent_time_left = -1, increment = -1;
    int moves_to_go = -1;
};

// Plays the alphabetically first legal move and remembers each turn.
class RecordingPlayer : public engines::Player {
  public:
    void new_game(const Rules&, std::uint64_t) override { ++games; }
    engines::Reply choose(const engines::Turn& turn) override {
        Seen s;
        s.fen = turn.position.fen();
        // Each move is named in the position before it: rewind a copy to where they start.
        Position rewound = turn.position;
        for (std::size_t i = 0; i < turn.moves.size(); ++i) rewound.undo();
        for (const Move& m : turn.moves) {
            s.moves.push_back(rewound.move_name(m));
            rewound.play(m);
        }
        s.from_game_start = turn.from_game_start;
        if (turn.last_move) {
            s.last_move = turn.position.rules().geometry().name(turn.last_move->from) + "-" +
                          turn.position.rules().geometry().name(turn.last_move->to);
        }
        const auto& l = turn.limits;
        if (l.time_left) s.time_left = l.time_left->count();
        if (l.opponent_time_left) s.opponent_time_left = l.opponent_time_left->count();
        s.increment = l.increment.count();
        s.moves_to_go = l.moves_to_go;
        {
            std::lock_guard lock(mutex);
            seen.push_back(s);
        }
        return engines::Reply::of(engines::legal_moves_by_name(turn.position).front());
    }
    Seen last() {
        std::lock_guard lock(mutex);
        return seen.back();
    }

    std::mutex mutex;
    std::vector<Seen> seen;
    int games = 0;
};

// The read end of the sessions' stdout.
class Pipe {
  public:
    Pipe() {
        int fds[2];
        if (::pipe2(fds, O_CLOEXEC) != 0) throw std::runtime_error("pipe2 failed");
        read_ = fds[0];
        write_ = fds[1];
    }
    ~Pipe() {
        ::close(read_);
        ::close(write_);
    }
    int write_end() const { return write_; }
    std::optional<std::string> line(int timeout_ms = 5000) {
        for (;;) {
            if (auto nl = buffer_.find('\n'); nl != std::string::npos) {
                std::string l = buffer_.substr(0, nl);
                buffer_.erase(0, nl + 1);
                return l;
            }
            pollfd p{read_, POLLIN, 0};
            if (::poll(&p, 1, timeout_ms) <= 0) return std::nullopt;
            char chunk[4096];
            const ssize_t n = ::read(read_, chunk, sizeof chunk);
            if (n <= 0) return std::nullopt;
            buffer_.append(chunk, static_cast<std::size_t>(n));
        }
    }
    std::optional<std::string> line_starting(const std::string& prefix) {
        while (auto l = line())
            if (l->rfind(prefix, 0) == 0) return l;
        return std::nullopt;
    }

  private:
    int read_ = -1, write_ = -1;
    std::string buffer_;
};

TEST(EnginesSession, UciTurnCarriesTheWholeGameAndTheMoversClock) {
    Pipe pipe;
    engines::Output out(pipe.write_end());
    RecordingPlayer player;
    const engines::EngineIdentity id{"t", "t", "t"};
    engines::UciSession session(id, player, out, engines::VariantChoice("minitchess"), 0);
    session.handle("ucinewgame");
    session.handle("position startpos moves a2a3 e5e4 b2b3");
    session.handle("go wtime 1000 btime 2000 winc 10 binc 20 movestogo 7");
    ASSERT_TRUE(pipe.line_starting("bestmove"));
    Seen s = player.last();
    EXPECT_EQ(s.moves, (std::vector<std::string>{"a2-a3", "e5-e4", "b2-b3"}));
    EXPECT_TRUE(s.from_game_start);
    EXPECT_EQ(s.last_move, "b2-b3");
    // Black is to move, so Black's clock is the mover's.
    EXPECT_EQ(s.time_left, 2000);
    EXPECT_EQ(s.opponent_time_left, 1000);
    EXPECT_EQ(s.increment, 20);
    EXPECT_EQ(s.moves_to_go, 7);
    EXPECT_EQ(player.games, 1);

    // From a FEN: the moves after it, not a whole game.
    session.handle("position fen kqbnr/ppppp/5/5/PPPPP/RNBQK w - - 0 5 moves a2a3");
    session.handle("go");
    ASSERT_TRUE(pipe.line_starting("bestmove"));
    s = player.last();
    EXPECT_EQ(s.moves, (std::vector<std::string>{"a2-a3"}));
    EXPECT_FALSE(s.from_game_start);
    EXPECT_EQ(s.last_move, "a2-a3");
    EXPECT_EQ(player.games, 1) << "no ucinewgame, no new game";
}

TEST(EnginesSession, ImcsTurnFollowsTheGameBetweenBoardDumps) {
    const Rules& rules = referee::test::cached_rules("minitchess");
    Pipe pipe;
    engines::Output out(pipe.write_end());
    RecordingPlayer player;
    engines::ImcsSession session(player, out, rules, 0);
    auto send_board = [&](const Position& pos, const std::string& clocks) {
        session.handle("");
        std::string dump = pos.board_dump();
        for (std::size_t start = 0, nl; (nl = dump.find('\n', start)) != std::string::npos;
             start = nl + 1)
            session.handle(dump.substr(start, nl - start));
        session.handle("? " + clocks);
    };

    session.handle("105 W 5:00 5:00 game starts");
    Position pos = rules.start();
    send_board(pos, "05:00.000 04:30.500");
    auto answer = pipe.line();
    ASSERT_TRUE(answer);
    Seen s = player.last();
    EXPECT_TRUE(s.moves.empty());
    EXPECT_TRUE(s.from_game_start);
    EXPECT_EQ(s.last_move, "");
    EXPECT_EQ(s.time_left, 300000);
    EXPECT_EQ(s.opponent_time_left, 270500);
    pos.play(pos.parse_move(answer->substr(2)));

    // The opponent's move announced, then the board.
    pos.play(pos.parse_move("e5-e4"));
    session.handle("! e5-e4");
    send_board(pos, "04:58.000 04:30.000");
    answer = pipe.line();
    ASSERT_TRUE(answer);
    s = player.last();
    ASSERT_EQ(s.moves.size(), 2u);
    EXPECT_EQ(s.moves[1], "e5-e4");
    EXPECT_TRUE(s.from_game_start);
    EXPECT_EQ(s.last_move, "e5-e4");
    EXPECT_EQ(s.time_left, 298000);
    pos.play(pos.parse_move(answer->substr(2)));

    // Not announced: the new board is explained by one legal move, which becomes the last.
    pos.play(pos.parse_move("d5-d4"));
    send_board(pos, "04:57.000 04:29.000");
    answer = pipe.line();
    ASSERT_TRUE(answer);
    s = player.last();
    EXPECT_EQ(s.moves.size(), 4u);
    EXPECT_TRUE(s.from_game_start);
    EXPECT_EQ(s.last_move, "d5-d4");

    // A board the game cannot have reached: it is the truth, and nothing earlier is known.
    const Position other = rules.from_board_dump("9 W\nk....\n.....\n.....\n.....\nP....\n....K\n");
    send_board(other, "04:00.000 04:00.000");
    answer = pipe.line();
    ASSERT_TRUE(answer);
    s = player.last();
    EXPECT_EQ(s.fen, other.fen());
    EXPECT_TRUE(s.moves.empty());
    EXPECT_FALSE(s.from_game_start);
    EXPECT_EQ(s.last_move, "");

    // A refused answer is asked again from the same position, with the same last move.
    session.handle("- illegal move");
    send_board(other, "03:59.000 04:00.000");
    ASSERT_TRUE(pipe.line());
    EXPECT_EQ(player.last().fen, other.fen());

    // The game ends; the next one is a new game for the player.
    session.handle("= B wins");
    session.handle("232 B wins");
    session.handle("106 B 5:00 5:00 game starts");
    EXPECT_EQ(player.games, 2);
}

}  // namespace
