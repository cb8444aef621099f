#include "engines/common/uci_session.hpp"

#include <cstdio>
#include <cstdlib>

#include <fmt/format.h>

#include "engines/common/text.hpp"
#include "referee/rules/notation/usi_notation.hpp"

namespace engines {

using referee::rules::Color;
using referee::rules::Move;
using referee::rules::MoveStyle;
using referee::rules::Position;

namespace {

constexpr std::chrono::milliseconds kQuitGrace{2000};

std::string option_line(const Parameter& p, const std::string& value) {
    switch (p.kind) {
        case Parameter::Kind::Spin:
            return fmt::format("option name {} type spin default {} min {} max {}", p.option, value,
                               p.min, p.max);
        case Parameter::Kind::Check:
            return fmt::format("option name {} type check default {}", p.option, value);
        case Parameter::Kind::String:
            return fmt::format("option name {} type string default {}", p.option,
                               value.empty() ? "<empty>" : value);
    }
    return {};
}

// The words from index i up to (not including) the first of `ends`, joined by single
// spaces; i is left at that end word.
std::string join_until(const std::vector<std::string>& words, std::size_t& i,
                       std::initializer_list<const char*> ends) {
    std::string out;
    for (; i < words.size(); ++i) {
        bool end = false;
        for (const char* e : ends) end = end || equals_ignoring_case(words[i], e);
        if (end) break;
        out += (out.empty() ? "" : " ") + words[i];
    }
    return out;
}

}  // namespace

UciWords UciWords::uci() {
    return {"uci", "uciok", "ucinewgame", "fen", "(none)", MoveStyle::Uci, false};
}
UciWords UciWords::usi() {
    return {"usi", "usiok", "usinewgame", "sfen", "resign", MoveStyle::Usi, true};
}

UciSession::UciSession(const EngineIdentity& id, Player& player, Output& out,
                       VariantChoice variants, std::uint64_t seed, UciWords words)
    : id_(id),
      words_(words),
      player_(player),
      out_(out),
      variants_(std::move(variants)),
      seed_(seed) {
    for (const auto& p : player_.parameters()) values_[p.flag] = p.default_value;
}

UciSession::~UciSession() = default;

void UciSession::run(LineReader& in) {
    while (auto line = in.next()) {
        bool more = true;
        try {
            more = handle(*line);
        } catch (const std::exception& e) {
            info_string(fmt::format("could not use '{}': {}", *line, e.what()));
        }
        if (!more) break;
    }
    quit_search();
}

void UciSession::info_string(const std::string& text) {
    // One line: a newline inside would start a line the GUI takes as a command answer.
    std::string flat = text;
    for (char& c : flat)
        if (c == '\n' || c == '\r') c = ' ';
    out_.line("info string " + flat);
}

bool UciSession::handle(const std::string& line) {
    const auto words = referee::rules::split_words(line);
    if (words.empty()) return true;
    const std::string command = words[0];
    if (command == "quit") return false;
    if (command == "isready") {
        out_.line("readyok");
        return true;
    }
    if (command == "stop") {
        stop();
        return true;
    }
    if (command == "ponderhit") return true;  // this framework never ponders
    if (command == words_.hello) {
        identify();
    } else if (command == "setoption") {
        finish_search();
        set_option(words);
    } else if (command == words_.new_game) {
        finish_search();
        need_new_game_ = true;
        position_.reset();
    } else if (command == "position") {
        finish_search();
        set_position(words);
    } else if (command == "go") {
        finish_search();
        go(words);
    } else if (command == "gameover") {
        finish_search();  // USI's end of a game: the next one starts with usinewgame
    }
    // Anything else (debug, register, unknown words) is ignored, as UCI asks.
    return true;
}

void UciSession::identify() {
    out_.line("id name " + id_.name);
    out_.line("id author " + id_.author);
    std::string combo = "option name UCI_Variant type combo default " + variants_.name();
    for (const auto& n : variants_.names()) combo += " var " + n;
    out_.line(combo);
    const std::string file = variants_.file();
    out_.line("option name VariantFile type string default " +
              (file.empty() ? std::string("<empty>") : file));
    out_.line(option_line(seed_parameter(), std::to_string(seed_)));
    for (const auto& p : player_.parameters()) out_.line(option_line(p, values_[p.flag]));
    out_.line(words_.hello_ok);
}

void UciSession::set_option(const std::vector<std::string>& words) {
    std::size_t i = 1;
    if (i >= words.size() || !equals_ignoring_case(words[i], "name")) {
        info_string("setoption needs 'name <option>'");
        return;
    }
    ++i;
    const std::string name = join_until(words, i, {"value"});
    std::string value;
    if (i < words.size()) {
        ++i;
        value = join_until(words, i, {});
    }
    if (value == "<empty>") value.clear();
    try {
        if (equals_ignoring_case(name, "UCI_Variant")) {
            variants_.select(value);
        } else if (equals_ignoring_case(name, "VariantFile")) {
            if (value.empty()) return;  // no file: the UCI_Variant choice stands
            variants_.load_file(value);
        } else if (equals_ignoring_case(name, "Seed")) {
            seed_ = std::stoull(checked_value(seed_parameter(), value, "The value"));
            need_new_game_ = true;  // the player restarts its generator; the position stands
            return;
        } else {
            for (const auto& p : player_.parameters()) {
                if (!equals_ignoring_case(p.option, name)) continue;
                const std::string v = checked_value(
                    p, p.kind == Parameter::Kind::Check && value.empty() ? "true" : value,
                    "The value");
                player_.set_parameter(p.flag, v);
                values_[p.flag] = v;
                return;
            }
            info_string(fmt::format("there is no option named '{}'", name));
            return;
        }
    } catch (const std::exception& e) {
        info_string(e.what());
        return;
    }
    // Another variant: the position belongs to the old one.
    need_new_game_ = true;
    position_.reset();
}

void UciSession::set_position(const std::vector<std::string>& words) {
    position_.reset();
    moves_.clear();
    std::size_t i = 1;
    if (i >= words.size()) {
        info_string("position needs 'startpos' or 'fen <FEN>'");
        return;
    }
    const auto& rules = variants_.rules();
    std::optional<Position> pos;
    try {
        if (equals_ignoring_case(words[i], "startpos")) {
            pos.emplace(rules.start());
            from_game_start_ = true;
            ++i;
        } else if (equals_ignoring_case(words[i], words_.position_text)) {
            ++i;
            const std::string text = join_until(words, i, {"moves"});
            pos.emplace(words_.move_style == MoveStyle::Usi ? rules.from_sfen(text)
                                                            : rules.from_fen(text));
            from_game_start_ = pos->fen() == rules.start().fen();
        } else {
            info_string(fmt::format("position needs 'startpos' or '{} <position>', not '{}'",
                                    words_.position_text, words[i]));
            return;
        }
        if (i < words.size() && equals_ignoring_case(words[i], "moves")) {
            for (++i; i < words.size(); ++i) {
                const Move m = words_.move_style == MoveStyle::Usi
                                   ? referee::rules::parse_usi_move(*pos, words[i])
                                   : pos->parse_move(words[i]);
                pos->play(m);
                moves_.push_back(m);
            }
        }
    } catch (const std::exception& e) {
        info_string(fmt::format("the position is not usable: {}", e.what()));
        moves_.clear();
        return;
    }
    position_ = std::move(pos);
}

void UciSession::go(const std::vector<std::string>& words) {
    if (!position_) {
        info_string(
            "go without a usable position; send 'position startpos' or 'position fen <FEN>' first");
        out_.line(std::string("bestmove ") + words_.no_move);
        return;
    }
    if (need_new_game_) {
        player_.new_game(variants_.rules(), seed_);
        need_new_game_ = false;
    }
    auto data = std::make_shared<TurnData>(*position_);
    data->moves = moves_;
    data->from_game_start = from_game_start_;
    if (!moves_.empty()) data->last_move = moves_.back();
    Limits& limits = data->limits;
    // "white" in the clock words' sense: the side whose clock wtime is (UCI: White; USI: the
    // side that moves second, whose clock is wtime there).
    const bool white = (position_->side_to_move() == Color::White) != words_.btime_moves_first;
    auto number = [&](std::size_t& i) -> std::optional<long long> {
        if (i + 1 >= words.size()) return std::nullopt;
        auto n = parse_integer(words[i + 1]);
        if (n) ++i;
        return n;
    };
    Milliseconds byoyomi{0};
    for (std::size_t i = 1; i < words.size(); ++i) {
        const std::string& w = words[i];
        if (w == "infinite") {
            limits.infinite = true;
            continue;
        }
        const auto n = number(i);
        if (!n) continue;  // "ponder", "searchmoves <moves>" and unknown words are ignored
        const Milliseconds ms{std::max(0LL, *n)};
        if (w == "wtime")
            (white ? limits.time_left : limits.opponent_time_left) = ms;
        else if (w == "btime")
            (white ? limits.opponent_time_left : limits.time_left) = ms;
        else if (w == "winc")
            (white ? limits.increment : limits.opponent_increment) = ms;
        else if (w == "binc")
            (white ? limits.opponent_increment : limits.increment) = ms;
        else if (w == "movestogo")
            limits.moves_to_go = static_cast<int>(std::clamp(*n, 0LL, 100000LL));
        else if (w == "movetime")
            limits.move_time = ms;
        else if (w == "byoyomi")  // USI: what each move may take once the clock is empty
            byoyomi = ms;
        else if (w == "depth")
            limits.depth = static_cast<int>(std::clamp(*n, 0LL, 1000LL));
        else if (w == "nodes")
            limits.nodes = static_cast<std::uint64_t>(std::max(0LL, *n));
    }
    // The byoyomi comes after the clock is spent: a budget of its own on an empty clock, an
    // increment to a clock that has time left.
    if (byoyomi.count() > 0) {
        if (limits.time_left.value_or(Milliseconds{0}).count() > 0)
            limits.increment = byoyomi;
        else
            limits.time_left = byoyomi;
    }
    if (nothing_to_play(data->position)) {
        out_.line(std::string("bestmove ") + words_.no_move);
        return;
    }
    {
        std::lock_guard lock(mutex_);
        searching_ = true;
        infinite_ = limits.infinite;
        stop_requested_ = false;
        held_.reset();
    }
    thinker_.start(make_turn_job(player_, data, out_, InfoLines::Uci), [this, data](Reply reply) {
        auto text = reply_text(reply, data->position, words_.move_style);
        std::lock_guard lock(mutex_);
        searching_ = false;
        if (infinite_ && !stop_requested_)
            held_ = text;  // UCI: no bestmove before `stop`
        else
            print_best(text);
    });
}

void UciSession::print_best(const std::optional<std::string>& text) {
    out_.line("bestmove " + text.value_or(words_.no_move));
}

void UciSession::stop() {
    {
        std::lock_guard lock(mutex_);
        stop_requested_ = true;
        if (held_) {
            print_best(*held_);
            held_.reset();
        }
    }
    thinker_.stop();
}

void UciSession::finish_search() {
    bool active;
    {
        std::lock_guard lock(mutex_);
        active = searching_ || held_;
    }
    if (!active) return;
    stop();
    thinker_.join();
}

void UciSession::quit_search() {
    thinker_.leave(kQuitGrace);
}

}  // namespace engines
