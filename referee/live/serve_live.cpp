#include "referee/live/serve_live.hpp"

#include "referee/report/game_json.hpp"
#include "referee/server/served_game.hpp"

namespace referee::live {
namespace {

LiveInfo serve_info(const server::Server& s) {
    LiveInfo info;
    info.kind = "serve";
    info.title = "IMCS server: " + s.rules().name();
    info.time_control = "as each offer says";
    return info;
}

// Game numbers are the server's ids; the page numbers a slot k as game k + 1.
int slot_of(const server::ServedGame& g) {
    return static_cast<int>(g.id()) - 1;
}

}  // namespace

ServeLive::ServeLive(boost::asio::io_context& io, server::Server& server,
                     const std::string& address)
    : server_(server),
      state_(serve_info(server), server.rules()),
      http_(io, parse_live_address(address).first, parse_live_address(address).second, state_) {
    server_.set_watcher(this);
    lobby_changed();
}

ServeLive::~ServeLive() {
    server_.set_watcher(nullptr);
}

void ServeLive::stop() {
    state_.over("The server has stopped.");
    http_.close(std::chrono::milliseconds(500));
}

void ServeLive::lobby_changed() {
    const auto v = server_.lobby();
    Json offers = Json::array(), games = Json::array(), ratings = Json::array();
    for (const auto& o : v.offers)
        offers.push_back({{"id", o.id},
                          {"user", o.user},
                          {"color", std::string(1, o.color)},
                          {"own_ms", o.own_ms},
                          {"opponent_ms", o.opponent_ms},
                          {"rating", o.rating}});
    for (const auto& g : v.games)
        games.push_back({{"id", g.id},
                         {"white", g.white},
                         {"black", g.black},
                         {"white_rating", g.white_rating},
                         {"black_rating", g.black_rating}});
    for (const auto& [name, rating] : v.ratings)
        ratings.push_back({{"name", name}, {"rating", rating}});
    state_.set_lobby({{"offers", offers}, {"games", games}, {"ratings", ratings}});
}

void ServeLive::game_started(const server::ServedGame& game) {
    tournament::GameStarted e;
    e.slot.index = slot_of(game);
    e.slot.round = 1;
    e.white = game.name(0);
    e.black = game.name(1);
    e.start_fen = game.position().fen();
    e.white_ms = game.remaining_ms(0);
    e.black_ms = game.remaining_ms(1);
    e.at = tournament::EventClock::now();
    state_.game_started(e);
}

void ServeLive::move_played(const server::ServedGame& game, const match::MoveEntry& entry,
                            rules::Move move, const rules::Position& after) {
    tournament::MovePlayed e;
    e.slot = slot_of(game);
    e.ply = after.ply_count();
    e.white_moved = after.side_to_move() == rules::Black;
    e.move = entry;
    e.from = move.from;
    e.to = move.to;
    e.placement = report::placement_of(after);
    e.at = tournament::EventClock::now();
    state_.move_played(e);
}

void ServeLive::game_ended(const server::ServedGame& game, const match::GameRecord& record) {
    state_.finished_unscored(slot_of(game), record);
}

}  // namespace referee::live
