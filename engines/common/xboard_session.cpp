#include "engines/common/xboard_session.hpp"

#include <algorithm>
#include <cctype>

#include <fmt/format.h>

#include "engines/common/text.hpp"
#include "referee/rules/notation/xboard_notation.hpp"

namespace engines {

using referee::rules::Color;
using referee::rules::Move;
using referee::rules::MoveStyle;
using referee::rules::Position;

namespace {

std::string option_feature(const Parameter& p, const std::string& value) {
    switch (p.kind) {
        case Parameter::Kind::Spin:
            return fmt::format("feature option=\"{} -spin {} {} {}\"", p.option, value, p.min,
                               p.max);
        case Parameter::Kind::Check:
            return fmt::format("feature option=\"{} -check {}\"", p.option,
                               value == "true" ? 1 : 0);
        case Parameter::Kind::String:
            return fmt::format("feature option=\"{} -string {}\"", p.option, value);
    }
    return {};
}

// "5", "5:30", "0.5" (xboard's level base and st take minutes[:seconds] or seconds).
std::optional<Milliseconds> minutes_seconds(const std::string& text) {
    const auto colon = text.find(':');
    try {
        if (colon == std::string::npos)
            return Milliseconds(static_cast<long long>(std::stod(text) * 60000));
        return Milliseconds(std::stoll(text.substr(0, colon)) * 60000 +
                            static_cast<long long>(std::stod(text.substr(colon + 1)) * 1000));
    } catch (const std::exception&) {
        return std::nullopt;
    }
}

std::optional<Milliseconds> seconds(const std::string& text) {
    try {
        return Milliseconds(static_cast<long long>(std::stod(text) * 1000));
    } catch (const std::exception&) {
        return std::nullopt;
    }
}

}  // namespace

XboardSession::XboardSession(const EngineIdentity& id, Player& player, Output& out,
                             VariantChoice variants, std::uint64_t seed)
    : id_(id), player_(player), out_(out), variants_(std::move(variants)), seed_(seed) {
    position_.emplace(variants_.rules().start());
}

XboardSession::~XboardSession() = default;

void XboardSession::run(LineReader& in) {
    while (auto line = in.next()) {
        bool more = true;
        try {
            more = handle(*line);
        } catch (const std::exception& e) {
            error(e.what(), *line);
        }
        if (!more) break;
    }
    thinker_.leave(Thinker::kQuitGrace);
}

void XboardSession::error(const std::string& what, const std::string& command) {
    std::string flat = what;
    for (char& c : flat)
        if (c == '\n' || c == '\r') c = ' ';
    out_.line(fmt::format("Error ({}): {}", flat, command));
}

bool XboardSession::handle(const std::string& line) {
    const auto words = referee::rules::split_words(line);
    if (words.empty()) return true;
    const std::string& command = words[0];
    auto rest = [&] {
        const auto at = line.find(command) + command.size();
        std::string r = line.substr(std::min(at, line.size()));
        r.erase(0, r.find_first_not_of(" \t"));
        while (!r.empty() && (r.back() == '\r' || r.back() == ' ')) r.pop_back();
        return r;
    };
    // Answered at once, also while thinking.
    if (command == "quit") {
        abandon_search();
        return false;
    }
    if (command == "ping") {
        out_.line("pong " + (words.size() > 1 ? words[1] : std::string()));
        return true;
    }
    if (command == "?") {
        thinker_.stop();
        return true;
    }
    if (command == "post" || command == "nopost") {
        post_ = command == "post";
        return true;
    }
    if (command == "protover") return features(), true;
    if (command == "time" || command == "otim") {
        if (words.size() < 2) return error("needs a time in centiseconds", line), true;
        const auto cs = parse_integer(words[1]);
        if (!cs) return error("not a number of centiseconds", line), true;
        (command == "time" ? time_left_ : opponent_time_left_) = Milliseconds(*cs * 10);
        return true;
    }
    // Everything else changes the game: a running search ends first. The end of a game
    // and a new one drop its move; anything else waits for it.
    if (command == "new" || command == "force" || command == "result" || command == "setboard" ||
        command == "variant" || command == "edit" || command == "remove" || command == "undo")
        abandon_search();
    else
        finish_search();
    if (command == "new") {
        new_game();
    } else if (command == "variant") {
        select_variant(rest());
    } else if (command == "force") {
        force_ = true;
    } else if (command == "go") {
        force_ = false;
        engine_side_ = position_->side_to_move();
        think();
    } else if (command == "playother") {
        force_ = false;
        engine_side_ = ~position_->side_to_move();
    } else if (command == "setboard") {
        set_board(rest());
    } else if (command == "usermove") {
        user_move(rest());
    } else if (command == "level") {
        set_level(words);
    } else if (command == "st") {
        if (words.size() < 2 || !seconds(words[1])) return error("needs seconds", line), true;
        move_time_ = seconds(words[1]);
    } else if (command == "sd") {
        const auto d = words.size() > 1 ? parse_integer(words[1]) : std::nullopt;
        if (!d || *d < 0) return error("needs a depth", line), true;
        depth_ = static_cast<int>(std::min(*d, 1000LL));
    } else if (command == "option") {
        set_option(rest());
    } else if (command == "result" || command == "white" || command == "black") {
        force_ = command == "result" ? true : force_;
        // An engine that plays one game per process ends when told the result.
        if (command == "result" && !player_.another_game()) return false;
    } else if (command == "undo" || command == "remove") {
        const std::size_t n = command == "undo" ? 1 : 2;
        std::lock_guard lock(mutex_);
        for (std::size_t i = 0; i < n && !moves_.empty(); ++i) {
            position_->undo();
            moves_.pop_back();
        }
    } else if (command == "xboard" || command == "accepted" || command == "rejected" ||
               command == "easy" || command == "hard" || command == "random" ||
               command == "computer" || command == "name" || command == "rating" ||
               command == "ics" || command == "draw" || command == "memory" || command == "cores" ||
               command == "egtpath" || command == "nps" || command == "bk" || command == "hint" ||
               command == "analyze" || command == "exit" || command == ".") {
        // Nothing for this engine to do.
    } else {
        // A bare move (engines that did not ask for usermove get them so too).
        try {
            user_move(line);
        } catch (const referee::rules::MoveError& e) {
            if (e.kind() == referee::rules::MoveError::Kind::Unparsable)
                out_.line("Error (unknown command): " + command);
            else
                throw;
        }
    }
    return true;
}

void XboardSession::features() {
    std::string variants;
    for (const auto& n : variants_.rules().variant().names) variants += n + ",";
    variants += variants_.name();
    for (const auto& n : variants_.names())
        if (n != variants_.name()) variants += "," + n;
    out_.line(
        fmt::format("feature myname=\"{}\" ping=1 setboard=1 usermove=1 time=1 reuse=1 "
                    "san=0 sigint=0 sigterm=0 colors=0 draw=0 playother=1",
                    id_.name));
    out_.line(fmt::format("feature variants=\"{}\"", variants));
    out_.line(option_feature(seed_parameter(), std::to_string(seed_)));
    for (const auto& p : player_.parameters()) out_.line(option_feature(p, p.default_value));
    out_.line("feature done=1");
}

void XboardSession::new_game() {
    std::lock_guard lock(mutex_);
    position_.emplace(variants_.rules().start());
    moves_.clear();
    from_game_start_ = true;
    force_ = false;
    engine_side_ = Color::Black;
    move_time_.reset();
    depth_ = 0;
    need_new_game_ = true;
}

// By the variant's own name, or one of the names it gives for other programs.
void XboardSession::select_variant(const std::string& name) {
    const auto& current = variants_.rules().variant();
    const bool ours = name == current.name || std::find(current.names.begin(), current.names.end(),
                                                        name) != current.names.end();
    try {
        if (!ours) variants_.select(name);
    } catch (const std::exception&) {
        out_.line("Error (variant not supported): " + name);
        return;
    }
    need_new_game_ = true;
    std::lock_guard lock(mutex_);
    position_.emplace(variants_.rules().start());
    moves_.clear();
    from_game_start_ = true;
}

void XboardSession::set_board(const std::string& fen) {
    try {
        const auto& rules = variants_.rules();
        Position p = rules.from_fen(referee::rules::from_xboard_fen(rules.variant(), fen));
        std::lock_guard lock(mutex_);
        from_game_start_ = p.fen() == variants_.rules().start().fen();
        position_.emplace(std::move(p));
        moves_.clear();
    } catch (const std::exception& e) {
        out_.line(fmt::format("tellusererror Illegal position: {}", e.what()));
    }
}

void XboardSession::user_move(const std::string& text) {
    {
        std::lock_guard lock(mutex_);
        Move m;
        try {
            m = position_->parse_move(referee::rules::from_xboard_move(
                variants_.rules().variant(), text, position_->side_to_move()));
        } catch (const referee::rules::MoveError& e) {
            if (e.kind() == referee::rules::MoveError::Kind::Unparsable) throw;
            out_.line("Illegal move: " + text);
            return;
        }
        position_->play(m);
        moves_.push_back(m);
    }
    think();
}

void XboardSession::set_level(const std::vector<std::string>& words) {
    if (words.size() < 4) return error("needs moves, base and increment", "level");
    const auto mps = parse_integer(words[1]);
    const auto base = minutes_seconds(words[2]);
    const auto inc = seconds(words[3]);
    if (!mps || !base || !inc) return error("not a time control", "level");
    moves_per_session_ = static_cast<int>(std::clamp(*mps, 0LL, 100000LL));
    increment_ = *inc;
    move_time_.reset();
    if (!time_left_) time_left_ = *base;
    if (!opponent_time_left_) opponent_time_left_ = *base;
}

void XboardSession::set_option(const std::string& assignment) {
    const auto eq = assignment.find('=');
    const std::string name = assignment.substr(0, eq);
    const std::string value = eq == std::string::npos ? "" : assignment.substr(eq + 1);
    if (equals_ignoring_case(name, seed_parameter().option)) {
        seed_ = std::stoull(checked_value(seed_parameter(), value, "The value"));
        need_new_game_ = true;
        return;
    }
    for (const auto& p : player_.parameters()) {
        if (!equals_ignoring_case(p.option, name)) continue;
        std::string v = value;
        if (p.kind == Parameter::Kind::Check)
            v = value == "1" || value == "true" ? "true" : "false";
        player_.set_parameter(p.flag, checked_value(p, v, "The value"));
        return;
    }
    error("no such option", "option " + assignment);
}

void XboardSession::think() {
    std::shared_ptr<TurnData> data;
    {
        std::lock_guard lock(mutex_);
        if (force_ || position_->side_to_move() != engine_side_ || searching_) return;
        if (nothing_to_play(*position_)) return;
        if (need_new_game_) {
            player_.new_game(variants_.rules(), seed_);
            need_new_game_ = false;
        }
        data = std::make_shared<TurnData>(*position_);
        data->moves = moves_;
        data->from_game_start = from_game_start_;
        if (!moves_.empty()) data->last_move = moves_.back();
        Limits& l = data->limits;
        l.time_left = time_left_;
        l.opponent_time_left = opponent_time_left_;
        l.increment = l.opponent_increment = increment_;
        if (moves_per_session_ > 0) {
            const int own_moves = static_cast<int>(moves_.size() + 1) / 2;
            l.moves_to_go = moves_per_session_ - own_moves % moves_per_session_;
        }
        l.move_time = move_time_;
        l.depth = depth_;
        searching_ = true;
    }
    thinker_.start(make_turn_job(player_, data, out_, post_ ? InfoLines::Xboard : InfoLines::None),
                   [this, data](Reply reply) {
                       std::lock_guard lock(mutex_);
                       searching_ = false;
                       auto text = reply_text(reply, data->position, MoveStyle::Uci);
                       if (text && reply.text.empty())  // a broken engine's raw text stays raw
                           text = referee::rules::to_xboard_move(variants_.rules().variant(), *text,
                                                                 data->position.side_to_move());
                       if (!text) {
                           out_.line("resign");
                           return;
                       }
                       // A broken engine's raw text is sent as it is; the game goes on as if
                       // nothing was played.
                       if (reply.move && reply.text.empty() && position_->is_legal(*reply.move)) {
                           position_->play(*reply.move);
                           moves_.push_back(*reply.move);
                       }
                       out_.line("move " + *text);
                   });
}

void XboardSession::finish_search() {
    thinker_.join();
}

void XboardSession::abandon_search() {
    thinker_.abandon();
    thinker_.join();
    std::lock_guard lock(mutex_);
    searching_ = false;
}

}  // namespace engines
