// xboard (the Chess Engine Communication Protocol, CECP) as the referee speaks it.
//
// Start-up: `xboard`, `protover 2`; each `feature` is answered `accepted` or `rejected`. An
// engine that says `feature done=0` is waited for until `done=1` (within the start-up
// allowance); one that says neither within two seconds is taken as it is (version 1, or
// a version 2 engine without done). Then the variant is checked, `memory`, `cores`,
// `egtpath` and `option` are sent where the engine asked for them (and the options by which
// the variant file's `xboard_variant` chooses the game), and a `ping` waits for its `pong`.
//
// Each game: `new`, `variant NAME`, `force`, the set-up position (`setboard`, or `edit`
// for engines without it), the book moves, the time control (`level`, `st`, `sd`), `post`
// and `easy`, and a `ping` whose `pong` says the engine is ready. The engine stays in force
// mode until its first move: then `time`/`otim`, the moves it has not seen and `go`; after
// that `time`/`otim` and the opponent's move, which it answers by itself. At the end,
// `result` and `force`.
//
// What the engine says back: its move (`move X`, and the older `1. ... X` and
// `My move is: X`), in coordinates, `O-O`, or SAN; thinking lines (depth, score, time,
// nodes) for the score adjudication and the PGN; `resign`, `offer draw`, result claims;
// `Illegal move: X` or `Error (...): X` about a move the referee sent, which is the
// engine disagreeing with the rules.
#include <algorithm>
#include <cctype>
#include <optional>
#include <set>
#include <utility>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "referee/engine/dialects/dialect.hpp"
#include "referee/engine/dialects/game_text.hpp"
#include "referee/engine/dialects/xboard_features.hpp"
#include "referee/rules/notation/xboard_notation.hpp"
#include "referee/rules/text/printable.hpp"
#include "referee/rules/text/words.hpp"
#include "referee/rules/variant/yaml/xboard_letters.hpp"

namespace referee::engine {
namespace {

// How long an engine that says nothing of `done` is given to list its features (the
// protocol's own figure for telling version 1 engines from version 2).
constexpr std::chrono::milliseconds kFeatureWait{2000};
// How often, and how many times, an engine silent so far is pinged before it is taken as a
// version 1 engine (see feature_wait_over).
constexpr std::chrono::milliseconds kWakeupWait{1000};
constexpr int kWakeups = 4;

// The features the referee understands, and so accepts. `sigint=1` and `colors=1` ask for
// signals and `white`/`black` commands it never sends: refused (the engine then does
// without, as the protocol says).
bool understood(const xboard::Feature& f) {
    static const std::set<std::string, std::less<>> kKnown = {
        "ping",   "setboard", "playother", "san",     "usermove", "time",     "draw",
        "sigint", "sigterm",  "reuse",     "analyze", "myname",   "variants", "colors",
        "ics",    "name",     "pause",     "nps",     "debug",    "memory",   "smp",
        "egt",    "option",   "done",      "exclude", "setscore", "highlight"};
    if (!kKnown.count(f.key)) return false;
    if ((f.key == "sigint" || f.key == "colors") && f.value != "0") return false;
    return true;
}

// Seconds as xboard commands write them: whole where they are whole.
std::string seconds_text(std::int64_t ms) {
    if (ms % 1000 == 0) return fmt::format("{}", ms / 1000);
    return fmt::format("{:.3f}", ms / 1000.0);
}

// `level`'s base: minutes, or minutes:seconds.
std::string base_text(std::int64_t ms) {
    const std::int64_t s = std::max<std::int64_t>(ms, 0) / 1000;
    if (s % 60 == 0) return fmt::format("{}", s / 60);
    return fmt::format("{}:{:02}", s / 60, s % 60);
}

// The hash size, in MiB, of an engine that asked for `memory` without one configured
// (XBoard's default).
constexpr int kDefaultMemoryMb = 64;

class XboardDialect final : public Dialect {
  public:
    explicit XboardDialect(DialectContext c) : c_(c) {}

    void begin_handshake() override {
        state_ = State::Features;
        c_.host.send("xboard");
        c_.host.send("protover 2");
        c_.host.set_timer(kFeatureWait, [this] { feature_wait_over(); });
    }

    void on_line(std::string_view line) override {
        heard_ = true;
        std::string_view rest = line;
        while (!rest.empty() && (rest.front() == ' ' || rest.front() == '\t'))
            rest.remove_prefix(1);
        if (rest.empty() || rest.front() == '#') return;
        if (rest.substr(0, 8) == "feature ") return features(rest.substr(8));
        if (rest.substr(0, 5) == "pong ") return pong(rest.substr(5));
        if (state_ == State::Features || state_ == State::Quit) return;
        // A complaint about the set-up or a book move comes before the game's pong.
        if (auto complaint = xboard::read_complaint(rest)) return complained(*complaint, line);
        // Until the pong of the game's ping, what the engine says belongs to an earlier game.
        if (state_ == State::Syncing) return;
        if (state_ == State::Thinking) {
            if (auto t = xboard::read_thinking(rest)) {
                info_.depth = t->depth;
                info_.has_score = true;
                info_.mate = t->mate;
                info_.score = t->score;
                info_.nodes = t->nodes;
                info_.set_pv(rules::from_xboard_line(
                    c_.variant, t->pv, position_ ? position_->side_to_move() : rules::White));
                return;
            }
            if (auto m = xboard::move_in(rest)) {
                // The first form an engine moves in is its form: GNU Chess follows each
                // "12. ... e7e5" with "My move is : e7e5", which may arrive after the
                // opponent's instant reply has made it this engine's turn again.
                if (!move_form_) move_form_ = m->form;
                if (m->form == *move_form_) return engine_moved(m->move);
                return;
            }
        }
        if (rest == "resign" || rest.substr(0, 7) == "resign ") return c_.host.resign();
        if (rest == "offer draw" || rest.substr(0, 11) == "offer draw ")
            return c_.host.draw_offer();
        if (auto r = xboard::read_result(rest)) {
            const auto result = r->first == "1-0"   ? rules::GameResult::WhiteWins
                                : r->first == "0-1" ? rules::GameResult::BlackWins
                                                    : rules::GameResult::Draw;
            return c_.host.claim(result, std::string(r->second));
        }
        // Anything else (telluser, Hint:, banners, the echo of a move) is commentary.
    }

    void new_game(bool plays_white, const MoveRequest& r) override {
        game_ = GameText(san_ ? rules::MoveStyle::San : rules::MoveStyle::Uci);
        const auto& texts = game_.update(r);
        state_ = State::Syncing;
        send("new");
        if (!variant_command_.empty()) send(variant_command_);
        send("force");
        force_ = true;
        if (r.start) set_up(*r.start);
        for (std::size_t i = 0; i < texts.size(); ++i)
            send_move(texts[i], mover(r, i, texts.size()));
        known_ = texts.size();
        batch_from_ = 0;
        if (r.movetime_ms > 0) {
            send(fmt::format("st {}", seconds_text(r.movetime_ms)));
        } else {
            // Its own clock as the game starts; time and otim keep it exact from then on.
            const std::int64_t base = plays_white ? r.white_ms : r.black_ms;
            const std::int64_t inc = plays_white ? r.white_inc_ms : r.black_inc_ms;
            send(fmt::format("level {} {} {}", r.moves_to_go, base_text(base), seconds_text(inc)));
        }
        if (r.depth > 0) send(fmt::format("sd {}", r.depth));
        send("post");
        send("easy");
        sync(State::Idle);
    }

    void request_move(const MoveRequest& r, std::function<void()> on_written) override {
        position_ = r.position;
        const auto& texts = game_.update(r);
        const bool white = r.white_to_move;
        const std::int64_t own = r.movetime_ms > 0 ? r.movetime_ms
                                 : white           ? r.white_ms
                                                   : r.black_ms;
        const std::int64_t opp = white ? r.black_ms : r.white_ms;
        if (r.depth > 0 && r.depth != depth_) send(fmt::format("sd {}", r.depth));
        depth_ = r.depth;
        if (feature_time_) {
            send(fmt::format("time {}", std::max<std::int64_t>(own, 0) / 10));
            send(fmt::format("otim {}", std::max<std::int64_t>(opp, 0) / 10));
        }
        const std::size_t unseen = texts.size() - std::min(known_, texts.size());
        if (!force_ && unseen != 1) {
            send("force");
            force_ = true;
        }
        batch_from_ = std::min(known_, texts.size());
        for (std::size_t i = batch_from_; i < texts.size(); ++i) {
            // The last line sent starts the engine's clock: the move, or `go` after it.
            if (!force_ && i + 1 == texts.size())
                send_move(texts[i], mover(r, i, texts.size()), std::move(on_written));
            else
                send_move(texts[i], mover(r, i, texts.size()));
        }
        known_ = texts.size();
        state_ = State::Thinking;
        info_ = {};
        if (force_) {
            force_ = false;
            send("go", std::move(on_written));
        }
    }

    void opponent_moved(const rules::Position&, rules::Move) override {
        // Sent with the next request, after time and otim, as the protocol orders them.
    }

    // The protocol has no way to take a move back and ask again.
    void reject_move(std::string_view reason) override {
        state_ = State::Idle;
        c_.host.fault(FaultKind::Protocol,
                      fmt::format("its move was refused ({}) and xboard cannot ask again", reason));
    }

    void game_over(std::string_view result, std::string_view reason_key) override {
        if (state_ == State::Features || state_ == State::Quit) return;
        send(fmt::format("result {} {{{}}}", result, reason_key));
        send("force");
        force_ = true;
        state_ = State::Idle;
        position_ = nullptr;
    }

    void quit() override {
        state_ = State::Quit;
        c_.host.cancel_timer();
        c_.host.send("quit");
    }

    std::string awaited() const override {
        if (state_ == State::Features && said_done0_)
            return "send 'feature done=1' after its 'feature done=0'";
        if (state_ == State::Features) return "finish its xboard handshake";
        if (ping_sent_ > ping_answered_) return fmt::format("answer 'ping {}'", ping_sent_);
        return {};
    }

    bool one_game() const override { return !reuse_; }

    bool ask_alive(std::function<void()> answered) override {
        if (!ping_ || state_ != State::Idle || alive_answer_) return false;
        alive_answer_ = std::move(answered);
        alive_ping_ = ++ping_sent_;
        send(fmt::format("ping {}", alive_ping_));
        return true;
    }

    std::string cannot_start_at(const rules::Position& start) const override {
        if (setboard_ || engine_starts_at(start)) return {};
        const std::string why = edit_cannot_give(start);
        if (why.empty()) return {};
        return fmt::format("{} has no setboard, and edit {}", c_.config.name, why);
    }

  private:
    enum class State { Features, Syncing, Idle, Thinking, Quit };

    // Two seconds without `feature done=0`: a version 1 engine, or a version 2 engine that
    // lists its features without it, is taken as it is. An engine that has said nothing at
    // all may still be starting: GNU Chess 6 reads nothing until it is ready, and then
    // answers only input that arrives after that, so it is pinged each second (a version 1
    // engine answers with an error or nothing) a few times before it is taken as it is.
    void feature_wait_over() {
        if (state_ != State::Features || said_done0_) return;
        if (!heard_ && wakeups_ < kWakeups) {
            ++wakeups_;
            send(fmt::format("ping {}", ++ping_sent_));
            return c_.host.set_timer(kWakeupWait, [this] { feature_wait_over(); });
        }
        configure();
    }

    void send(std::string_view line, std::function<void()> on_written = {}) {
        c_.host.send(line, std::move(on_written));
    }

    // Who made move i of a request's n: the side to move after them is the request's.
    static rules::Color mover(const MoveRequest& r, std::size_t i, std::size_t n) {
        const rules::Color to_move = r.position ? r.position->side_to_move() : rules::White;
        return (n - i) % 2 ? ~to_move : to_move;
    }

    void send_move(const std::string& referee_text, rules::Color mover,
                   std::function<void()> on_written = {}) {
        const std::string text = to_engine(referee_text, mover);
        if (usermove_)
            send(fmt::format("usermove {}", text), std::move(on_written));
        else
            send(text, std::move(on_written));
    }

    // Moves as XBoard writes them (rules/notation/xboard_notation.hpp).
    std::string to_engine(std::string_view text, rules::Color mover) const {
        return rules::to_xboard_move(c_.variant, text, mover);
    }
    std::string from_engine(std::string_view text, rules::Color mover) const {
        return rules::from_xboard_move(c_.variant, text, mover);
    }

    void features(std::string_view rest) {
        for (const auto& f : xboard::read_features(rest)) {
            const bool ok = understood(f);
            c_.host.send(fmt::format("{} {}", ok ? "accepted" : "rejected", f.key));
            if (!ok) continue;
            const bool on = f.value == "1";
            if (f.key == "done") {
                if (on && state_ == State::Features) {
                    configure();
                } else if (!on) {
                    said_done0_ = true;  // wait for done=1: the start-up allowance applies
                    c_.host.cancel_timer();
                }
            } else if (f.key == "ping") {
                ping_ = on;
            } else if (f.key == "setboard") {
                setboard_ = on;
            } else if (f.key == "san") {
                san_ = on;
            } else if (f.key == "usermove") {
                usermove_ = on;
            } else if (f.key == "time") {
                feature_time_ = on;
            } else if (f.key == "reuse") {
                reuse_ = on;
            } else if (f.key == "myname") {
                c_.host.identified(f.value);
            } else if (f.key == "variants") {
                variants_.clear();
                std::string_view v = f.value;
                while (!v.empty()) {
                    const std::size_t comma = v.find(',');
                    auto name = v.substr(0, comma);
                    while (!name.empty() && name.front() == ' ') name.remove_prefix(1);
                    while (!name.empty() && name.back() == ' ') name.remove_suffix(1);
                    if (!name.empty()) variants_.emplace_back(name);
                    v.remove_prefix(comma == std::string_view::npos ? v.size() : comma + 1);
                }
                listed_variants_ = true;
            } else if (f.key == "memory") {
                memory_ = on;
            } else if (f.key == "smp") {
                smp_ = on;
            } else if (f.key == "egt") {
                egt_ = f.value;
            } else if (f.key == "option") {
                options_.insert(xboard::option_name(f.value));
            }
        }
    }

    // The variant by one of the names the engine lists; "normal" (xboard's own game) is
    // never sent, and is all an engine that lists no variants can play.
    bool choose_variant() {
        // A game of the engine's that its options choose among several of one name
        // (Fairy-Max's fairy/FIDE-Nutters), where it lists the name: it must list the
        // options too, or the name would bring another game. Without them, the variant's
        // own names may still be the engine's (the in-tree engines list every shipped name).
        const auto& chosen = c_.variant.xboard_variant;
        std::string unchosen;  // why the engine's game of that name cannot be chosen
        if (!chosen.name.empty() &&
            std::find(variants_.begin(), variants_.end(), chosen.name) != variants_.end()) {
            for (const auto& option : chosen.options)
                if (!options_.count(option.first) && unchosen.empty())
                    unchosen = fmt::format(
                        "{} lists the variant {} but not its option '{}', which chooses {} "
                        "among its games of that name",
                        c_.config.name, chosen.name, option.first, c_.variant.name);
            if (unchosen.empty()) {
                variant_command_ = "variant " + chosen.name;
                variant_options_ = chosen.options;
                return true;
            }
        }
        std::vector<std::string> ours = c_.variant.names;
        ours.push_back(c_.variant.name);
        std::string several;  // a name the engine has several games under
        for (const auto& name : ours) {
            const bool listed =
                std::find(variants_.begin(), variants_.end(), name) != variants_.end();
            if (name == "normal" && (listed || !listed_variants_)) return true;
            // An option "Variant NAME selects" (Fairy-Max's) chooses which of its games NAME
            // is; without xboard_variant naming the choice, NAME would bring whichever is
            // set (Fairy-Max's fairy is Chess with Different Armies, Fairy-Stockfish's fairy
            // is chess with silvers and fers).
            if (listed && options_.count("Variant " + name + " selects")) {
                several = name;
                continue;
            }
            if (listed) {
                variant_command_ = "variant " + name;
                return true;
            }
        }
        if (!unchosen.empty()) {
            c_.host.fault(FaultKind::Unsupported, unchosen);
            return false;
        }
        if (!several.empty()) {
            c_.host.fault(FaultKind::Unsupported,
                          fmt::format("{} has several games called {} (its option 'Variant {} "
                                      "selects' chooses one), none of them known to be {}",
                                      c_.config.name, several, several, c_.variant.name));
            return false;
        }
        c_.host.fault(
            FaultKind::Unsupported,
            listed_variants_
                ? fmt::format("{} lists no name of {} ({}) in its variants: {}", c_.config.name,
                              c_.variant.name, fmt::join(ours, ", "), fmt::join(variants_, ", "))
                : fmt::format("{} lists no variants, so it plays only xboard's "
                              "'normal' chess, which {} is not",
                              c_.config.name, c_.variant.name));
        return false;
    }

    void configure() {
        c_.host.cancel_timer();
        state_ = State::Syncing;
        if (!choose_variant()) return;
        // As XBoard does, an engine that asked for `memory` is given a size even where none
        // was configured: HaChu allocates its hash table only then, and crashes at its first
        // search without one.
        const auto& options = c_.config.options;
        if (memory_ && std::none_of(options.begin(), options.end(),
                                    [](const auto& o) { return o.first == "memory"; }))
            send(fmt::format("memory {}", kDefaultMemoryMb));
        for (const auto& [name, value] : options) {
            if (name == "memory" || name == "cores" || name.rfind("egtpath ", 0) == 0) {
                // Sent only where the engine asked for them: memory=1, smp=1, egt=TYPES.
                if (name == "memory" && memory_) send(fmt::format("memory {}", value));
                if (name == "cores" && smp_) send(fmt::format("cores {}", value));
                if (name.rfind("egtpath ", 0) == 0 &&
                    ("," + egt_ + ",").find("," + name.substr(8) + ",") != std::string::npos)
                    send(fmt::format("{} {}", name, value));
                continue;
            }
            if (!options_.count(name))
                return c_.host.fault(FaultKind::Protocol,
                                     fmt::format("{} has no option '{}' (it lists: {})",
                                                 c_.config.name, name, fmt::join(options_, ", ")));
            send(fmt::format("option {}={}", name, value));
        }
        // The variant's own (after the configured ones, which may not choose another game).
        for (const auto& [name, value] : variant_options_)
            send(fmt::format("option {}={}", name, value));
        sync(State::Idle);
    }

    // ping, and `after` once its pong is back; at once for an engine without ping.
    void sync(State after) {
        after_sync_ = after;
        if (!ping_) return synced();
        state_ = State::Syncing;
        send(fmt::format("ping {}", ++ping_sent_));
    }

    void pong(std::string_view number) {
        int n = 0;
        for (char ch : number) {
            if (ch < '0' || ch > '9') break;
            // An engine's pong of more digits than any ping sent answers none of them.
            if (n > 99'999'999) {
                n = -1;
                break;
            }
            n = n * 10 + (ch - '0');
        }
        ping_answered_ = std::max(ping_answered_, n);
        if (alive_answer_ && n == alive_ping_) std::exchange(alive_answer_, nullptr)();
        if (state_ == State::Syncing && n == ping_sent_) synced();
    }

    void synced() {
        state_ = after_sync_;
        c_.host.ready();
    }

    // Told the variant's name, the engine stands at its own array for it; any other start
    // is set up, with setboard or else edit.
    void set_up(const rules::Position& start) {
        if (engine_starts_at(start)) return;
        if (setboard_) {
            return send("setboard " + rules::to_xboard_fen(c_.variant, start.fen()));
        }
        if (auto why = cannot_start_at(start); !why.empty())
            return c_.host.fault(FaultKind::Unsupported, why);
        edit(start);
    }

    // Whether `pos` is the engine's own array for the variant's name: the variant's start,
    // unless the variant file gives the xboard world's array for the name (`xboard_start`:
    // XBoard's and Fairy-Max's courier is the unmoved array, the referee's and
    // Fairy-Stockfish's the traditional one with pawns and a ferz already advanced).
    bool engine_starts_at(const rules::Position& pos) const {
        const auto& rules = pos.rules();
        if (c_.variant.xboard_start_fen.empty()) return pos.fen() == rules.start().fen();
        try {
            return pos.fen() == rules.from_fen(c_.variant.xboard_start_fen).fen();
        } catch (const rules::PositionError&) {
            return false;
        }
    }

    // `edit` for engines without setboard: the board cleared (`#`), White's pieces, `c`,
    // Black's, `.`.
    void edit(const rules::Position& start) {
        const auto& g = start.rules().geometry();
        if (start.side_to_move() == rules::Black) {
            // Version 1's way to give Black the move before `edit`.
            send("black");
        }
        send("edit");
        send("#");
        for (bool white : {true, false}) {
            if (!white) send("c");
            for (int s = 0; s < g.squares(); ++s) {
                const char c = start.letter_at(s);
                if (c == '.' || (std::isupper(static_cast<unsigned char>(c)) != 0) != white)
                    continue;
                send(
                    fmt::format("{}{}",
                                rules::xboard_letter(c_.variant, static_cast<char>(std::toupper(c)),
                                                     white ? rules::White : rules::Black),
                                rules::to_xboard_square(c_.variant, g.name(s))));
            }
        }
        send(".");
    }

    // What of `pos` edit cannot say ("" when it can say all): it places pieces and gives the
    // side to move; the engine infers castling rights from kings and rooks at home, and
    // starts the variant's counts afresh.
    std::string edit_cannot_give(const rules::Position& pos) const {
        const auto f = pos.fields();
        const auto home = pos.rules().start().fields();
        auto any = [](const std::vector<bool>& marks) {
            return std::find(marks.begin(), marks.end(), true) != marks.end();
        };
        if (!f.hand.empty()) return fmt::format("cannot give the pieces in hand ({})", f.hand);
        if (any(f.promoted) || any(f.plus)) return "cannot mark promoted pieces";
        if (f.checks_remaining != home.checks_remaining || f.checks_given != home.checks_given)
            return "cannot give the checks given";
        if (f.counting != home.counting) return "cannot give the count";
        if (f.en_passant != "-")
            return fmt::format("cannot give the en-passant square {}", f.en_passant);
        const std::string implied = castling_from_edit(pos);
        const std::string unmoved = unmoved_from_edit(pos);
        auto letters = [](std::string text) {
            text.erase(std::remove(text.begin(), text.end(), '-'), text.end());
            std::sort(text.begin(), text.end());
            return text;
        };
        if (!unmoved.empty() || letters(implied) != letters(f.castling)) {
            // Where the field also names unmoved squares, compare as sets of letters.
            if (letters(implied + unmoved) != letters(f.castling))
                return fmt::format(
                    "gives the rights of the pieces at home ({}), not the position's ({}): an "
                    "engine takes a piece on its start square for one that has not moved",
                    letters(implied + unmoved).empty() ? "-" : letters(implied + unmoved),
                    f.castling);
        }
        return {};
    }

    // The unmoved squares an engine infers from an edited board, where the variant names
    // them in the castling field (cambodian's king and met, whose first moves they allow;
    // seirawan's gates): each back-rank square the start position names whose piece is
    // still the start's, as its file letter (White's upper case).
    std::string unmoved_from_edit(const rules::Position& pos) const {
        if (!c_.variant.gating && !c_.variant.tracks_unmoved()) return {};
        const auto& start = pos.rules().start();
        const auto& g = pos.rules().geometry();
        const std::string home = start.fields().castling;
        std::string out;
        for (bool white : {true, false})
            for (int file = 0; file < g.width; ++file) {
                const char lower = static_cast<char>('a' + file);
                const char letter =
                    white ? static_cast<char>(std::toupper(static_cast<unsigned char>(lower)))
                          : lower;
                if (home.find(letter) == std::string::npos) continue;
                const auto s = g.at(file, white ? 0 : g.height - 1);
                if (pos.letter_at(s) != '.' && pos.letter_at(s) == start.letter_at(s))
                    out += letter;
            }
        return out;
    }

    // The castling rights an engine infers from an edited board: each right whose king and
    // rook stand on their squares (Black's mirrored), in FEN order ("-" for none).
    std::string castling_from_edit(const rules::Position& pos) const {
        const auto& g = pos.rules().geometry();
        std::string out;
        for (bool white : {true, false})
            for (const auto& rule : c_.variant.castling) {
                if (!rule.applies(white ? rules::White : rules::Black)) continue;
                const auto king = white ? rule.king_from : g.mirror_rank(rule.king_from);
                const auto rook = white ? rule.rook_from : g.mirror_rank(rule.rook_from);
                auto owned = [&](rules::Square s, bool royal) {
                    const char c = pos.letter_at(s);
                    const int type = c_.variant.type_of(c);
                    return c != '.' &&
                           (std::isupper(static_cast<unsigned char>(c)) != 0) == white &&
                           type >= 0 && c_.variant.pieces[type].royal == royal;
                };
                if (owned(king, true) && owned(rook, false))
                    out += white ? rule.right
                                 : static_cast<char>(
                                       std::tolower(static_cast<unsigned char>(rule.right)));
            }
        return out.empty() ? "-" : out;
    }

    void engine_moved(std::string_view text) {
        state_ = State::Idle;
        if (!position_) return;
        if (!info_.empty()) c_.host.search_info(info_);
        rules::Move move;
        try {
            move = read(*position_, from_engine(text, position_->side_to_move()));
        } catch (const rules::MoveError& e) {
            if (e.kind() == rules::MoveError::Kind::Unparsable) return c_.host.unreadable(e.what());
            return c_.host.illegal_move(
                illegal_move_sentence(*position_, from_engine(text, position_->side_to_move()), e));
        }
        ++known_;  // it has its own move; the opponent's comes with the next request
        c_.host.move(move);
    }

    // Coordinates with a promotion letter, castling as O-O or the king's move, or SAN (from
    // engines that asked for san=1, and any other that writes it).
    static rules::Move read(const rules::Position& pos, std::string_view text) {
        try {
            return pos.parse_move(text);
        } catch (const rules::MoveError& e) {
            if (e.kind() != rules::MoveError::Kind::Unparsable) throw;
            return pos.parse_san(text);
        }
    }

    // "Illegal move: X" or "Error (...): X" about a move the referee sent: the engine's
    // reading of the rules against the referee's. About anything else (a command it does
    // not know) it only matters where the game cannot go on without it.
    void complained(const xboard::Complaint& c, std::string_view line) {
        std::string_view subject = c.subject;
        if (subject.substr(0, 9) == "usermove ") subject.remove_prefix(9);
        const auto& texts = game_.texts();
        // As White's move and as Black's: the letters may differ by side (xboard_letters).
        const std::string as_white = from_engine(subject, rules::White);
        const std::string as_black = from_engine(subject, rules::Black);
        for (std::size_t i = texts.size(); i-- > 0;) {
            if (texts[i] != as_white && texts[i] != as_black) continue;
            rules::Position before = game_.position_before(i);
            if (texts[i] != (before.side_to_move() == rules::White ? as_white : as_black)) continue;
            state_ = State::Idle;
            return c_.host.disagree(std::move(before), game_.moves()[i], std::string(line));
        }
        for (std::string_view command : {"setboard", "edit", "variant", "new"})
            if (subject.substr(0, command.size()) == command)
                return c_.host.fault(
                    FaultKind::Unsupported,
                    fmt::format("{} refused '{}': {}", c_.config.name,
                                rules::printable_text(subject), rules::printable_text(line)));
    }

    DialectContext c_;
    State state_ = State::Features;
    State after_sync_ = State::Idle;
    bool said_done0_ = false;
    bool heard_ = false;  // the engine has written a line
    int wakeups_ = 0;
    std::optional<xboard::MoveForm> move_form_;  // how this engine writes its moves
    bool ping_ = false, setboard_ = false, san_ = false, usermove_ = false;
    bool feature_time_ = true, reuse_ = true, memory_ = false, smp_ = false;
    bool listed_variants_ = false;
    std::vector<std::string> variants_;
    std::set<std::string> options_;
    std::string egt_;
    std::string variant_command_;
    std::vector<std::pair<std::string, std::string>> variant_options_;  // sent before it
    int ping_sent_ = 0, ping_answered_ = 0;
    int alive_ping_ = 0;  // ask_alive's ping; its pong calls alive_answer_
    std::function<void()> alive_answer_;
    int depth_ = 0;
    bool force_ = true;
    std::size_t known_ = 0;       // moves of the game the engine has been told or played
    std::size_t batch_from_ = 0;  // the first move sent with the last request
    GameText game_{rules::MoveStyle::Uci};
    const rules::Position* position_ = nullptr;  // of the request being answered
    SearchInfo info_;
};

}  // namespace

std::unique_ptr<Dialect> make_xboard_dialect(DialectContext context) {
    return std::make_unique<XboardDialect>(context);
}

}  // namespace referee::engine
