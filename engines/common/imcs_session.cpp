#include "engines/common/imcs_session.hpp"

#include <cctype>
#include <cstdio>

#include <fmt/format.h>

#include "engines/common/text.hpp"

namespace engines {

using referee::rules::Move;
using referee::rules::MoveKind;
using referee::rules::MoveStyle;
using referee::rules::Position;

namespace {

bool is_board_header(const std::vector<std::string>& words) {
    return words.size() == 2 && parse_integer(words[0]) && (words[1] == "W" || words[1] == "B");
}

}  // namespace

ImcsSession::ImcsSession(Player& player, Output& out, const referee::rules::Rules& rules,
                         std::uint64_t seed, bool own_board)
    : player_(player), out_(out), rules_(rules), seed_(seed), own_board_(own_board) {}

void ImcsSession::run(LineReader& in) {
    while (auto line = in.next()) {
        bool more = true;
        try {
            more = handle(*line);
        } catch (const std::exception& e) {
            std::fprintf(stderr, "Could not use the line '%s': %s\n", line->c_str(), e.what());
        }
        if (!more) break;
    }
    thinker_.leave(std::chrono::milliseconds(2000));
}

bool ImcsSession::handle(const std::string& raw) {
    const std::string_view line = trim(raw);
    const auto words = referee::rules::split_words(line);
    if (board_lines_left_ > 0) {
        const bool rank =
            words.size() == 1 && static_cast<int>(line.size()) == rules_.geometry().width;
        if (rank) {
            board_text_ += std::string(line) + "\n";
            if (--board_lines_left_ == 0) board_complete();
            return true;
        }
        board_lines_left_ = 0;  // not a board after all; read the line as itself
    }
    if (words.empty()) return true;
    const std::string& first = words[0];
    if (first == "quit") return false;
    if (first == "105" || first == "106") {
        start_game(words);
    } else if (is_board_header(words)) {
        board_text_ = std::string(line) + "\n";
        board_lines_left_ = rules_.geometry().height;
    } else if (first == "?") {
        asked(words);
    } else if (first == "!" && words.size() >= 2) {
        opponent_moved(words[1]);
    } else if (first[0] == '-') {
        std::lock_guard lock(mutex_);
        pending_.reset();  // refused: the same side is asked again
    } else if (first == "=") {
        end_game();
        if (!player_.another_game()) return false;
    }
    // Greetings, 23x result codes and anything else carry nothing a player needs.
    return true;
}

void ImcsSession::forget_game() {
    thinker_.abandon();
    thinker_.join();
    tracked_.reset();
    moves_.clear();
    last_move_.reset();
    opponent_announced_ = false;
    from_game_start_ = false;
    std::lock_guard lock(mutex_);
    pending_.reset();
}

void ImcsSession::start_game(const std::vector<std::string>& words) {
    forget_game();
    clocks_ = Limits{};
    if (words.size() >= 4) {
        clocks_.time_left = parse_clock(words[2]);
        clocks_.opponent_time_left = parse_clock(words[3]);
    }
    white_ = words[0] == "105";
    player_.new_game(rules_, seed_);
    need_new_game_ = false;
    tracked_.emplace(rules_.start());
    from_game_start_ = true;
}

void ImcsSession::end_game() {
    forget_game();
    need_new_game_ = true;
}

void ImcsSession::commit_own_move() {
    std::optional<Move> own;
    {
        std::lock_guard lock(mutex_);
        own = pending_;
        pending_.reset();
    }
    if (!own || !tracked_) return;
    if (tracked_->is_legal(*own)) {
        tracked_->play(*own);
        moves_.push_back(*own);
    } else {
        tracked_.reset();  // the game went a way we cannot follow; the next board tells
    }
}

void ImcsSession::opponent_moved(const std::string& text) {
    thinker_.join();  // our answer is out before the opponent can move
    commit_own_move();
    std::optional<Move> move;
    if (tracked_) {
        try {
            move = tracked_->parse_move(text);
            tracked_->play(*move);
            moves_.push_back(*move);
        } catch (const std::exception&) {
            tracked_.reset();
        }
    }
    if (!move) {
        try {
            const auto t = referee::rules::parse_move_text(rules_.geometry(), text);
            const int promotion = t.promotion ? rules_.variant().type_of(t.promotion) : -1;
            move = Move::make(t.from, t.to, MoveKind::Normal, promotion);
        } catch (const std::exception&) {
            move.reset();
        }
    }
    last_move_ = move;
    opponent_announced_ = true;
}

// The dump is the truth. It usually is what we followed (after our answer and the opponent's
// `!` line); if the opponent's move was not announced, one of the legal moves explains it.
void ImcsSession::board_complete() {
    if (own_board_) return;
    std::optional<Position> shown;
    try {
        shown.emplace(rules_.from_board_dump(board_text_));
    } catch (const std::exception& e) {
        std::fprintf(stderr, "The board dump is not usable: %s\n", e.what());
        return;
    }
    const std::string want = shown->board_dump();
    thinker_.join();
    std::optional<Move> own;
    {
        std::lock_guard lock(mutex_);
        own = pending_;
    }
    if (tracked_ && tracked_->board_dump() == want) {
        // The board before our answer: whatever we answered was not played.
        std::lock_guard lock(mutex_);
        pending_.reset();
        return;
    }
    if (tracked_ && own) {
        Position after = *tracked_;
        if (after.is_legal(*own)) {
            after.play(*own);
            std::optional<Move> explained;
            if (after.board_dump() != want) {
                for (const Move& m : after.legal_moves()) {
                    after.play(m);
                    const bool same = after.board_dump() == want;
                    after.undo();
                    if (same) {
                        explained = m;
                        break;
                    }
                }
            }
            if (after.board_dump() == want || explained) {
                commit_own_move();
                if (explained) {
                    tracked_->play(*explained);
                    moves_.push_back(*explained);
                    last_move_ = explained;
                }
                return;
            }
        }
    }
    tracked_ = std::move(shown);
    moves_.clear();
    from_game_start_ = tracked_->fen() == rules_.start().fen();
    // Without an announcement the opponent's last move is not known; the one kept is older.
    if (from_game_start_ || !opponent_announced_) last_move_.reset();
}

void ImcsSession::asked(const std::vector<std::string>& words) {
    thinker_.join();
    if (!tracked_) {
        std::fprintf(stderr, "Asked for a move without a usable board; not answering.\n");
        return;
    }
    // Our own board says it is the opponent's turn: wait for its `!` line.
    if (own_board_ && (tracked_->side_to_move() == referee::rules::White) != white_) return;
    if (need_new_game_) {
        player_.new_game(rules_, seed_);
        need_new_game_ = false;
    }
    auto data = std::make_shared<TurnData>(*tracked_);
    data->moves = moves_;
    data->from_game_start = from_game_start_;
    data->last_move = last_move_;
    data->limits = clocks_;
    data->limits.received = std::chrono::steady_clock::now();
    opponent_announced_ = false;
    if (words.size() >= 3) {
        if (auto mine = parse_clock(words[1])) data->limits.time_left = mine;
        if (auto theirs = parse_clock(words[2])) data->limits.opponent_time_left = theirs;
    }
    if (nothing_to_play(data->position)) {
        out_.line("resign");
        return;
    }
    thinker_.start(make_turn_job(player_, data, out_, InfoLines::None), [this, data](Reply reply) {
        auto text = reply_text(reply, data->position, MoveStyle::Dash);
        std::lock_guard lock(mutex_);
        pending_ = reply.move;
        out_.line(text ? "! " + *text : std::string("resign"));
    });
}

}  // namespace engines
