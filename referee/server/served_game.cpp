#include "referee/server/served_game.hpp"

#include <ctime>

#include <fmt/format.h>

#include "referee/rules/base/outcome.hpp"
#include "referee/server/connection.hpp"
#include "referee/server/server.hpp"

namespace referee::server {

namespace imcs = engine::imcs;

namespace {

// "Mon Nov 23 06:40:44 UTC 2026", as the server dates its logs.
std::string log_date() {
    const std::time_t now = std::time(nullptr);
    std::tm tm{};
    gmtime_r(&now, &tm);
    char buf[64];
    std::strftime(buf, sizeof buf, "%a %b %e %H:%M:%S UTC %Y", &tm);
    return buf;
}

// The move number in the board dump's header ("41 W" -> 41).
int move_number(const std::string& dump) {
    return std::atoi(dump.c_str());
}

}  // namespace

ServedGame::ServedGame(Server& server, std::uint64_t id, Side white, Side black)
    : server_(server),
      id_(id),
      sides_{std::move(white), std::move(black)},
      pos_(server.rules().start()),
      timer_(server.io()) {
    log_ = fmt::format("{}: {}({}, W) vs {}({})\n{}\n", id_, sides_[0].name, sides_[0].address,
                       sides_[1].name, sides_[1].address, log_date());
}

int ServedGame::mover() const {
    return pos_.side_to_move() == rules::White ? 0 : 1;
}

bool ServedGame::is_to_move(const Connection& c) const {
    return !over_ && sides_[mover()].connection.get() == &c;
}

std::int64_t ServedGame::elapsed_ms() const {
    return std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - turn_start_)
        .count();
}

void ServedGame::begin() {
    if (auto* w = server_.watcher()) w->game_started(*this);
    send_turn(true);
}

// The mover's turn: the frame with its clock as it stands (the clock keeps running while a
// refused move is answered), logged as sent; the deadline is armed once per turn.
void ServedGame::send_turn(bool fresh) {
    const int side = mover();
    if (fresh) {
        turn_start_ = Clock::now();
        ++turn_;
        const auto limit = first_move_ ? server_.options().first_move
                                       : std::chrono::milliseconds(sides_[side].remaining_ms);
        timer_.expires_after(limit + server_.options().grace);
        timer_.async_wait(
            [weak = weak_from_this(), side, turn = turn_](const boost::system::error_code& ec) {
                auto self = weak.lock();
                if (ec || !self || self->over_ || self->turn_ != turn) return;
                self->lose_on_time(side);
            });
    }
    const std::int64_t own =
        first_move_ ? sides_[side].remaining_ms : sides_[side].remaining_ms - elapsed_ms();
    const std::string dump = pos_.board_dump();
    const std::string clocks =
        fmt::format("? {} {}", imcs::clock(own), imcs::clock(sides_[1 - side].remaining_ms));
    log_ += fmt::format("\n{}\n{}\n", imcs::board_lines(dump), clocks);
    sides_[side].connection->send(fmt::format("\r\n{}\r\n{}\r\n", imcs::board_lines(dump), clocks));
}

void ServedGame::on_line(const std::shared_ptr<Connection>& c, const std::string& line) {
    if (!is_to_move(*c)) return;
    const int side = mover();
    const std::int64_t elapsed = elapsed_ms();
    const bool late = first_move_ ? elapsed > server_.options().first_move.count()
                                  : elapsed > sides_[side].remaining_ms;
    if (late) return lose_on_time(side);
    const auto read = imcs::read_move_line(line, server_.rules().geometry(),
                                           imcs::has_promotion_choice(server_.rules().variant()));
    if (read.kind == imcs::MoveLine::Kind::Resign)
        return finish({side == 0 ? 'B' : 'W', "opponent resignation"});
    std::optional<rules::Move> move;
    if (read.kind == imcs::MoveLine::Kind::Move) {
        try {
            move = pos_.parse_move(read.move);
        } catch (const std::exception&) {
            move.reset();
        }
        if (move && !pos_.is_legal(*move)) move.reset();
    }
    if (!move) {
        const std::string refusal = read.kind == imcs::MoveLine::Kind::Invalid
                                        ? imcs::invalid_move(read.text)
                                        : imcs::illegal_move(read.move);
        log_ += refusal + "\n";
        c->send(imcs::line(refusal));
        return send_turn(false);
    }
    const bool charged = !first_move_;
    if (!first_move_) sides_[side].remaining_ms -= elapsed;
    first_move_ = false;
    const std::string name = read.move;
    log_ += name + "\n";
    auto* watcher = server_.watcher();
    if (watcher)
        moves_.push_back({pos_.move_name(*move),
                          pos_.move_name(*move, rules::MoveStyle::Uci),
                          pos_.san(*move),
                          charged ? elapsed : 0,
                          sides_[side].remaining_ms,
                          false,
                          {}});
    pos_.play(*move);
    if (watcher) watcher->move_played(*this, moves_.back(), *move, pos_);
    const auto& opponent = sides_[1 - side].connection;
    opponent->send(imcs::line(imcs::opponent_move(name)));
    if (auto end = pos_.outcome())
        return finish(imcs::result_for(rules::result_string(end->result),
                                       rules::end_reason_key(end->reason)));
    // The server's own rule: a draw once Black has made its 40th move.
    if (side == 1 && move_number(pos_.board_dump()) > server_.options().draw_after)
        return finish({0, ""});
    send_turn(true);
    // The opponent may have typed ahead.
    boost::asio::post(server_.io(), [opponent] { opponent->pump(); });
}

void ServedGame::lose_on_time(int side) {
    finish({side == 0 ? 'B' : 'W', "opponent time"});
}

void ServedGame::on_disconnect(const Connection& c) {
    if (over_) return;
    const int side = sides_[0].connection.get() == &c ? 0 : 1;
    // What the real server tells the one left, when its write to the vanished client fails.
    const std::string failure = fmt::format(
        "{} report result code failed: <socket: {}>: commitBuffer: resource vanished (Broken pipe)",
        side == 0 ? 'W' : 'B', c.socket_number());
    sides_[1 - side].connection->send(imcs::line(failure));
    finish({side == 0 ? 'B' : 'W', "opponent disconnect"}, failure);
}

void ServedGame::finish(const imcs::Result& result, const std::string& extra_line) {
    if (over_) return;
    over_ = true;
    timer_.cancel();
    log_ +=
        fmt::format("\n{}\n{}\n", imcs::board_lines(pos_.board_dump()), imcs::result_text(result));
    if (!extra_line.empty()) log_ += extra_line + "\n";
    const std::string lines = imcs::result_lines(result);
    for (auto& s : sides_) {
        s.connection->send(lines);
        if (!extra_line.empty()) s.connection->send("X fatal IO error: exiting\r\n");
        s.connection->close_after_flush();
    }
    if (auto* w = server_.watcher()) w->game_ended(*this, record(result));
    server_.game_over(*this, result.winner);
}

// The game as a record, for the live page's list and replay.
match::GameRecord ServedGame::record(const imcs::Result& result) const {
    match::GameRecord r;
    r.variant = server_.rules().name();
    r.variant_file = server_.rules().variant().file;
    r.white = sides_[0].name;
    r.black = sides_[1].name;
    r.start_fen = server_.rules().start().fen();
    r.moves = moves_;
    r.result = result.winner == 'W'   ? rules::GameResult::WhiteWins
               : result.winner == 'B' ? rules::GameResult::BlackWins
                                      : rules::GameResult::Draw;
    r.termination = result.cause == "opponent time"          ? match::Termination::TimeForfeit
                    : result.cause == "opponent resignation" ? match::Termination::Resignation
                    : result.cause == "opponent disconnect"  ? match::Termination::Crash
                                                             : match::Termination::Rules;
    r.reason_key = match::termination_key(r.termination);
    r.reason = imcs::result_text(result);
    r.final_fen = pos_.fen();
    return r;
}

}  // namespace referee::server
