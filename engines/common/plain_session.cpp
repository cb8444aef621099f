#include "engines/common/plain_session.hpp"

#include <atomic>
#include <cstdio>
#include <sstream>
#include <thread>

#include <fmt/format.h>

#include "engines/common/text.hpp"
#include "engines/common/turn_job.hpp"

namespace engines {

using referee::rules::MoveStyle;

PlainSession::PlainSession(Player& player, Output& out, const referee::rules::Rules& rules,
                           std::uint64_t seed, referee::rules::Color own,
                           std::chrono::milliseconds clock, Style style)
    : player_(player),
      out_(out),
      position_(rules.start()),
      own_(own),
      clock_(clock),
      style_(style) {
    player_.new_game(rules, seed);
    if (style_.chatty)
        out_.line(fmt::format("MiniChess engine, playing {}, {} s on my clock",
                              own_ == referee::rules::White ? "White" : "Black",
                              clock_.count() / 1000));
}

void PlainSession::show_board() {
    std::istringstream board(position_.board_dump());
    for (std::string line; std::getline(board, line);) out_.line(line);
}

bool PlainSession::play_own_move() {
    if (nothing_to_play(position_)) return false;
    auto data = std::make_shared<TurnData>(position_);
    data->moves = moves_;
    data->from_game_start = true;
    data->last_move = last_move_;
    data->limits.time_left = clock_;
    data->limits.received = std::chrono::steady_clock::now();
    if (style_.chatty) {
        show_board();
        out_.line("thinking...");
    }
    if (style_.think.count() > 0) std::this_thread::sleep_for(style_.think);
    const std::atomic<bool> stop{false};
    const Reply reply = make_turn_job(player_, data, out_, InfoLines::None)(stop);
    const auto used = std::chrono::duration_cast<std::chrono::milliseconds>(
        std::chrono::steady_clock::now() - data->limits.received);
    clock_ = std::max(std::chrono::milliseconds(1), clock_ - used);
    const auto text = reply_text(reply, position_, MoveStyle::Dash);
    out_.line(text ? "! " + *text : std::string("! resign"));
    if (!reply.move || !position_.is_legal(*reply.move)) return false;
    position_.play(*reply.move);
    moves_.push_back(*reply.move);
    if (style_.chatty) show_board();
    return true;
}

int PlainSession::run(LineReader& in) {
    if (position_.side_to_move() == own_) play_own_move();
    while (auto raw = in.next()) {
        const std::string_view line = trim(*raw);
        if (line.empty()) continue;
        if (line[0] == '=') return 0;  // the result: the game is over
        if (line[0] != '!') continue;  // nothing else is meant for us
        const std::string text(trim(line.substr(1)));
        try {
            const auto move = position_.parse_move(text);
            position_.play(move);
            moves_.push_back(move);
            last_move_ = move;
        } catch (const std::exception& e) {
            std::fprintf(stderr, "Cannot follow the opponent's move '%s': %s\n", text.c_str(),
                         e.what());
            return 1;
        }
        if (position_.side_to_move() == own_) play_own_move();
    }
    return 0;
}

}  // namespace engines
