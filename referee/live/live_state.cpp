#include "referee/live/live_state.hpp"

#include <algorithm>
#include <charconv>

#include <fmt/format.h>

#include "referee/report/game_json.hpp"
#include "referee/tournament/journal.hpp"
#include "referee/tournament/match_status.hpp"
#include "referee/tournament/standings.hpp"

namespace referee::live {
namespace {

// "+0.35", "-1.20", "#3", "#-2": the engine's score from its own side, as GUIs show it.
std::string score_text(const engine::SearchInfo& info) {
    if (!info.has_score) return "";
    if (info.mate) return fmt::format("#{}", info.score);
    return fmt::format("{:+.2f}", info.score / 100.0);
}

LivePly ply_of(const tournament::MovePlayed& e, std::int64_t t) {
    LivePly p;
    p.ply = e.ply;
    p.san = e.move.san;
    p.placement = e.placement;
    p.from = e.from;
    p.to = e.to;
    p.ms = e.move.elapsed_ms;
    p.clock = e.move.clock_after_ms;
    p.t = t;
    p.book = e.move.book;
    p.white_moved = e.white_moved;
    p.depth = e.move.info.depth;
    p.score = score_text(e.move.info);
    p.nodes = e.move.info.nodes;
    p.pv = e.move.info.pv();
    return p;
}

void append_number(std::string& out, std::int64_t n) {
    char buf[24];
    out.append(buf, std::to_chars(buf, buf + sizeof buf, n).ptr);
}

// A ply's JSON written by hand (a ply is the one event of every move): the same keys
// ply_json gives.
void append_ply(std::string& out, const LivePly& p) {
    out += "{\"ply\":";
    append_number(out, p.ply);
    out += ",\"san\":";
    tournament::append_json_string(out, p.san);
    out += ",\"from\":";
    append_number(out, p.from);
    out += ",\"to\":";
    append_number(out, p.to);
    out += ",\"fen\":";
    tournament::append_json_string(out, p.placement);
    out += ",\"ms\":";
    append_number(out, p.ms);
    out += ",\"clock\":";
    append_number(out, p.clock);
    out += ",\"book\":";
    out += p.book ? "true" : "false";
    out += ",\"white_moved\":";
    out += p.white_moved ? "true" : "false";
    out += ",\"t\":";
    append_number(out, p.t);
    if (p.depth > 0) {
        out += ",\"depth\":";
        append_number(out, p.depth);
    }
    if (!p.score.empty()) {
        out += ",\"score\":";
        tournament::append_json_string(out, p.score);
    }
    if (p.nodes >= 0) {
        out += ",\"nodes\":";
        append_number(out, p.nodes);
    }
    if (!p.pv.empty()) {
        out += ",\"pv\":";
        tournament::append_json_string(out, p.pv);
    }
}

LivePly ply_from_json(const Json& j) {
    LivePly p;
    p.ply = j.at("ply").get<int>();
    p.san = j.at("san").get<std::string>();
    p.placement = j.at("fen").get<std::string>();
    p.from = j.at("from").get<int>();
    p.to = j.at("to").get<int>();
    p.ms = j.at("ms").get<std::int64_t>();
    p.clock = j.at("clock").get<std::int64_t>();
    p.t = j.at("t").get<std::int64_t>();
    p.book = j.at("book").get<bool>();
    p.white_moved = j.at("white_moved").get<bool>();
    p.depth = j.value("depth", 0);
    p.score = j.value("score", std::string());
    p.nodes = j.value("nodes", std::int64_t{-1});
    p.pv = j.value("pv", std::string());
    return p;
}

// What the side said with its last move: {"depth", "score", "nodes", "pv"} as far as given.
std::string dump_info(const LiveGame& g, bool white) {
    for (auto it = g.plies.rbegin(); it != g.plies.rend(); ++it)
        if (it->white_moved == white && !it->book) {
            Json info = Json::object();
            if (it->depth > 0) info["depth"] = it->depth;
            if (!it->score.empty()) info["score"] = it->score;
            if (it->nodes >= 0) info["nodes"] = it->nodes;
            if (!it->pv.empty()) info["pv"] = it->pv;
            return info.dump();
        }
    return "{}";
}

Json row_json(int slot, const match::GameRecord& g) {
    return {{"n", slot + 1},
            {"slot", slot},
            {"round", g.round},
            {"white", g.white},
            {"black", g.black},
            {"result", g.result_text()},
            {"termination", match::termination_key(g.termination)},
            {"reason", g.reason},
            {"plies", g.moves.size()}};
}

std::string dump(const Json& j) {
    return j.dump(-1, ' ', false, Json::error_handler_t::replace);
}

// A game in play written by hand, as its plies are (a game's start is an event of its own).
void append_game(std::string& out, const LiveGame& g) {
    out += "{\"slot\":";
    append_number(out, g.slot);
    out += ",\"n\":";
    append_number(out, g.slot + 1);
    out += ",\"round\":";
    append_number(out, g.round);
    out += ",\"white\":";
    tournament::append_json_string(out, g.white);
    out += ",\"black\":";
    tournament::append_json_string(out, g.black);
    out += ",\"start\":";
    tournament::append_json_string(out, g.start);
    out += ",\"white_to_move\":";
    out += g.white_to_move ? "true" : "false";
    out += ",\"fullmove\":";
    append_number(out, g.fullmove);
    out += ",\"plies\":[";
    for (std::size_t k = 0; k < g.plies.size(); ++k) {
        if (k) out += ',';
        append_ply(out, g.plies[k]);
        out += '}';
    }
    out += "],\"clocks\":[";
    append_number(out, g.clocks[0]);
    out += ',';
    append_number(out, g.clocks[1]);
    out += "],\"since\":";
    append_number(out, g.since);
    out += ",\"info\":[";
    out += dump_info(g, true);
    out += ',';
    out += dump_info(g, false);
    out += ']';
    if (!g.error.empty()) {
        out += ",\"error\":";
        tournament::append_json_string(out, g.error);
    }
    out += '}';
}

std::string game_text(const LiveGame& g) {
    std::string out;
    out.reserve(256 + 160 * g.plies.size());
    append_game(out, g);
    return out;
}

}  // namespace

Json game_json(const LiveGame& g) {
    return Json::parse(game_text(g));
}

LiveGame game_from_json(const Json& j) {
    LiveGame g;
    g.slot = j.at("slot").get<int>();
    g.round = j.at("round").get<int>();
    g.white = j.at("white").get<std::string>();
    g.black = j.at("black").get<std::string>();
    g.start = j.at("start").get<std::string>();
    g.white_to_move = j.at("white_to_move").get<bool>();
    g.fullmove = j.at("fullmove").get<int>();
    for (const auto& p : j.at("plies")) g.plies.push_back(ply_from_json(p));
    g.clocks[0] = j.at("clocks").at(0).get<std::int64_t>();
    g.clocks[1] = j.at("clocks").at(1).get<std::int64_t>();
    g.since = j.at("since").get<std::int64_t>();
    g.error = j.value("error", std::string());
    return g;
}

LiveState::LiveState(LiveInfo info, rules::Rules rules)
    : info_(std::move(info)),
      rules_(std::move(rules)),
      board_(report::viewer_board_json(rules_)),
      epoch_(tournament::EventClock::now()) {
    board_["variant"] = rules_.name();
}

void LiveState::count(int slot, const match::GameRecord& record) {
    match::GameRecord kept = record;
    tournament::drop_moves(kept);
    if (const auto it = record_of_.find(slot); it != record_of_.end()) {
        records_[it->second] = std::move(kept);  // a game played again (a repaired journal)
    } else {
        record_of_[slot] = records_.size();
        records_.push_back(std::move(kept));
    }
}

void LiveState::add_earlier(const std::vector<std::pair<int, match::GameRecord>>& games,
                            bool replayable) {
    std::size_t k = 0;
    for (const auto& [slot, g] : games) {
        if (replayable && games.size() - k++ <= kKeptReplays) {
            kept_[slot + 1] = g;
            kept_order_.push_back(slot + 1);
        }
        count(slot, g);
        rows_.push_back(row_json(slot, g));
        if (rows_.size() > kListedGames) rows_.pop_front();
    }
    earlier_ = static_cast<int>(records_.size());
}

void LiveState::note_engine(const std::string& name) {
    if (std::find(info_.engines.begin(), info_.engines.end(), name) == info_.engines.end())
        info_.engines.push_back(name);
}

std::int64_t LiveState::ms_of(tournament::EventClock::time_point t) const {
    return std::chrono::duration_cast<std::chrono::milliseconds>(t - epoch_).count();
}

std::int64_t LiveState::now_ms() const {
    return ms_of(tournament::EventClock::now());
}

void LiveState::publish(std::string_view event, const std::string& data) {
    sink_(event, data);
}

void LiveState::game_started(const tournament::GameStarted& e) {
    if (!first_start_) first_start_ = e.at;
    const std::int64_t t = ms_of(e.at);
    LiveGame g;
    g.slot = e.slot.index;
    g.round = e.slot.round;
    g.white = e.white;
    g.black = e.black;
    try {
        rules::Position pos = rules_.from_fen(e.start_fen);
        g.start = report::placement_of(pos);
        g.white_to_move = pos.side_to_move() == rules::White;
        g.fullmove = pos.fullmove_number();
        for (const auto& m : e.book) {
            const rules::Move move = pos.parse_move(m.uci);
            pos.play(move);
            const tournament::MovePlayed book{
                e.slot.index, pos.ply_count(), pos.side_to_move() == rules::Black, m,
                move.from,    move.to,         report::placement_of(pos),          e.at};
            g.plies.push_back(ply_of(book, t));
        }
    } catch (const std::exception& ex) {
        g.error = ex.what();
    }
    g.clocks[0] = e.white_ms;
    g.clocks[1] = e.black_ms;
    g.since = t;
    playing_[g.slot] = std::move(g);  // announced with the next batch
    if (due_ && listening()) due_();
}

void LiveState::move_played(const tournament::MovePlayed& e) {
    const auto it = playing_.find(e.slot);
    if (it == playing_.end()) return;
    LiveGame& g = it->second;
    g.plies.push_back(ply_of(e, ms_of(e.at)));
    const LivePly& p = g.plies.back();
    if (p.clock >= 0) g.clocks[p.white_moved ? 0 : 1] = p.clock;
    g.since = p.t;
    if (due_ && listening()) due_();
}

// One event for the plies a game made since the last: their names, and the last of them
// whole (its board, squares, time and search), with both clocks.
void LiveState::send_moves(LiveGame& g) {
    if (g.sent >= g.plies.size()) return;
    if (listening()) {
        std::string data;
        data.reserve(200 + 8 * (g.plies.size() - g.sent));
        data += "{\"slot\":";
        append_number(data, g.slot);
        data += ",\"first\":";
        append_number(data, g.plies[g.sent].ply);
        data += ",\"sans\":[";
        for (std::size_t k = g.sent; k < g.plies.size(); ++k) {
            if (k > g.sent) data += ',';
            tournament::append_json_string(data, g.plies[k].san);
        }
        data += "],\"last\":";
        append_ply(data, g.plies.back());
        data += "},\"clocks\":[";
        append_number(data, g.clocks[0]);
        data += ',';
        append_number(data, g.clocks[1]);
        data += "],\"since\":";
        append_number(data, g.since);
        data += '}';
        publish("moves", data);
    }
    g.sent = g.plies.size();
}

void LiveState::before_flush() {
    for (auto& [slot, g] : playing_) {
        if (g.announced) {
            send_moves(g);
            continue;
        }
        if (listening()) publish("game", game_text(g));
        g.announced = true;
        g.sent = g.plies.size();
    }
    if (!table_due_ || !listening()) return;
    table_due_ = false;
    publish("table", dump(table()));
}

// A game's last plies not sent yet are not sent at all: its end takes its board off the page.
void LiveState::list_finished(int slot, const match::GameRecord& record) {
    const int n = slot + 1;
    if (!kept_.count(n)) kept_order_.push_back(n);
    kept_[n] = record;
    while (kept_order_.size() > kKeptReplays) {
        kept_.erase(kept_order_.front());
        kept_order_.pop_front();
    }
    rows_.push_back(row_json(slot, record));
    if (rows_.size() > kListedGames) rows_.pop_front();
    playing_.erase(slot);
}

void LiveState::game_finished(const tournament::GameSlot& slot, const match::GameRecord& record) {
    list_finished(slot.index, record);
    count(slot.index, record);
    // The SPRT's path, one point a game (it is the plot's line, so it cannot be rebuilt later).
    if (info_.engines.size() == 2 && info_.sprt.enabled) {
        const auto status =
            tournament::match_status(info_.engines[0], info_.engines[1], info_.sprt, records_);
        llr_.emplace_back(static_cast<int>(records_.size()), status.llr);
    }
    // The tables go out with the next batch of events, once however many games ended.
    table_due_ = true;
    if (listening()) publish("end", dump({{"row", rows_.back()}}));
}

void LiveState::finished_unscored(int slot, const match::GameRecord& record) {
    list_finished(slot, record);
    if (listening()) publish("end", dump({{"row", rows_.back()}}));
}

void LiveState::run_finished(bool failed) {
    const int played = static_cast<int>(records_.size()) - earlier_;
    over(failed
             ? fmt::format("The run stopped on an error after {} games.", played)
             : fmt::format("The run is over: {} game{} played{}.", played, played == 1 ? "" : "s",
                           earlier_ ? fmt::format(" ({} before it)", earlier_) : ""));
}

void LiveState::over(const std::string& text) {
    if (over_) return;
    over_ = true;
    over_text_ = text;
    before_flush();  // the last tables before the last word
    if (listening()) publish("over", dump({{"text", text}}));
}

void LiveState::set_playing(LiveGame game) {
    game.sent = game.plies.size();
    game.announced = true;
    if (listening()) publish("game", game_text(game));
    playing_[game.slot] = std::move(game);
}

void LiveState::drop_playing(int slot) {
    const auto it = playing_.find(slot);
    if (it == playing_.end()) return;
    const bool announced = it->second.announced;
    playing_.erase(it);
    if (announced && listening()) publish("gone", dump({{"slot", slot}}));
}

void LiveState::set_lobby(Json lobby) {
    lobby_ = std::move(lobby);
    if (listening()) publish("lobby", dump(lobby_));
}

Json LiveState::table() const {
    Json out = Json::object();
    const int done = static_cast<int>(records_.size());
    Json progress = {{"done", done}, {"scheduled", info_.scheduled}};
    if (first_start_ && done > earlier_ && info_.scheduled > done) {
        const double elapsed =
            std::chrono::duration<double>(tournament::EventClock::now() - *first_start_).count();
        progress["eta_s"] = elapsed / (done - earlier_) * (info_.scheduled - done);
    }
    out["progress"] = progress;
    if (info_.engines.empty()) return out;
    const auto st = tournament::compute_standings(info_.engines, records_);
    Json rows = Json::array();
    for (const auto& r : st.table)
        rows.push_back({{"name", r.name},
                        {"index", st.index_of(r.name)},
                        {"games", r.games},
                        {"points", r.points},
                        {"wins", r.wins},
                        {"draws", r.draws},
                        {"losses", r.losses},
                        {"elo", r.elo},
                        {"elo_error", r.elo_error},
                        {"faults", r.faults()}});
    out["standings"] = rows;
    Json cross = Json::array();
    for (const auto& line : st.cross) {
        Json cells = Json::array();
        for (const auto& p : line) cells.push_back({p.wins, p.draws, p.losses});
        cross.push_back(cells);
    }
    out["names"] = st.names;
    out["cross"] = cross;
    if (info_.engines.size() == 2) {
        const auto s =
            tournament::match_status(info_.engines[0], info_.engines[1], info_.sprt, records_);
        Json m = {{"score_line", tournament::score_line(s)},
                  {"elo_line", tournament::elo_line(s)},
                  {"pentanomial", s.stats.pentanomial.pairs},
                  {"pentanomial_line", tournament::pentanomial_line(s)}};
        if (s.sprt.enabled) {
            Json points = Json::array();
            for (const auto& [games, llr] : llr_) points.push_back({games, llr});
            m["sprt"] = {{"llr", s.llr},
                         {"lower", s.sprt.lower_bound()},
                         {"upper", s.sprt.upper_bound()},
                         {"line", tournament::llr_line(s)},
                         {"verdict", tournament::sprt_verdict_text(s.verdict)},
                         {"history", points}};
        }
        out["match"] = m;
    }
    return out;
}

Json LiveState::snapshot() const {
    Json rows = Json::array();
    for (const auto& r : rows_) rows.push_back(r);
    Json s = {{"kind", info_.kind},     {"title", info_.title},
              {"format", info_.format}, {"time_control", info_.time_control},
              {"board", board_},        {"now", now_ms()},
              {"over", over_},          {"over_text", over_text_},
              {"table", table()},       {"playing", playing_json()},
              {"finished", rows}};
    if (!lobby_.is_null()) s["lobby"] = lobby_;
    return s;
}

Json LiveState::playing_json() const {
    Json out = Json::array();
    for (const auto& [slot, g] : playing_) out.push_back(game_json(g));
    return out;
}

std::optional<std::string> LiveState::game(int n) const {
    const auto it = kept_.find(n);
    if (it == kept_.end()) return std::nullopt;
    return dump(report::viewer_game_json(rules_, n, it->second));
}

}  // namespace referee::live
