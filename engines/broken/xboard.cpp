// broken-xboard: an xboard (CECP) engine with one protocol fault, chosen with --fault:
//   no-done       says `feature done=0` and never `done=1`
//   late-pong     answers each `ping` only --delay milliseconds later (default 3000)
//   false-claim   after its first move, claims a win the rules do not give ("1-0 {...}")
//   illegal-reply calls the opponent's first move illegal ("Illegal move: e2e4")
//   draw-offers   offers a draw before every move it makes
//   none          no fault: a correct xboard engine playing uniformly random moves
// Otherwise it plays random legal moves (--seed), so every game it is in ends by the rules
// unless its fault ends it first. It takes the in-tree flags the referee adds (--protocol,
// --variant) and speaks only xboard.
#include <algorithm>
#include <array>
#include <cctype>
#include <chrono>
#include <cstdio>
#include <optional>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include <fmt/format.h>

#include "engines/common/line_reader.hpp"
#include "engines/common/output.hpp"
#include "engines/common/random_pick.hpp"
#include "engines/common/text.hpp"
#include "referee/rules/core/position.hpp"

namespace {

using referee::rules::Move;
using referee::rules::Position;
using referee::rules::Rules;

struct Flags {
    std::string fault = "none";
    std::string variant = "chess";
    long long delay_ms = 3000;
    std::uint64_t seed = 1;
};

class BrokenXboard {
  public:
    BrokenXboard(const Flags& f, engines::Output& out)
        : f_(f), out_(out), rules_(Rules::load(f.variant)), pos_(rules_.start()), rng_(f.seed) {}

    bool handle(const std::string& line) {
        const auto w = referee::rules::split_words(line);
        if (w.empty()) return true;
        const std::string& c = w[0];
        if (c == "quit") return false;
        if (c == "protover") {
            out_.line(
                "feature myname=\"broken-xboard\" ping=1 setboard=1 usermove=1 "
                "variants=\"normal," +
                rules_.name() + "\"");
            out_.line(f_.fault == "no-done" ? "feature done=0" : "feature done=1");
        } else if (c == "ping") {
            const std::string answer = "pong " + (w.size() > 1 ? w[1] : "");
            if (f_.fault == "late-pong")
                std::this_thread::sleep_for(std::chrono::milliseconds(f_.delay_ms));
            out_.line(answer);
        } else if (c == "new") {
            pos_ = rules_.start();
            force_ = false;
            side_ = referee::rules::Black;
        } else if (c == "force" || c == "result") {
            force_ = true;
        } else if (c == "go") {
            force_ = false;
            side_ = pos_.side_to_move();
            think();
        } else if (c == "setboard") {
            pos_ = rules_.from_fen(line.substr(line.find("setboard") + 9));
        } else if (c == "usermove") {
            opponent(w.size() > 1 ? w[1] : "");
        } else if (c.size() >= 4 && std::isalpha(static_cast<unsigned char>(c[0])) &&
                   std::isdigit(static_cast<unsigned char>(c[1]))) {
            opponent(c);
        }
        // xboard, accepted, rejected, variant, level, st, sd, time, otim, post, easy: nothing
        // to do for an engine that moves at random.
        return true;
    }

  private:
    void opponent(const std::string& text) {
        if (f_.fault == "illegal-reply" && !complained_) {
            complained_ = true;
            out_.line("Illegal move: " + text);
            return;
        }
        try {
            pos_.play(pos_.parse_move(text));
        } catch (const std::exception&) {
            out_.line("Illegal move: " + text);
            return;
        }
        think();
    }

    void think() {
        if (force_ || pos_.side_to_move() != side_ || pos_.outcome()) return;
        const auto m = engines::pick_uniform(pos_, rng_);
        if (!m) return out_.line("resign");
        if (f_.fault == "draw-offers") out_.line("offer draw");
        out_.line("move " + pos_.move_name(*m, referee::rules::MoveStyle::Uci));
        pos_.play(*m);
        if (f_.fault == "false-claim" && !claimed_) {
            claimed_ = true;
            out_.line(side_ == referee::rules::White ? "1-0 {White mates}" : "0-1 {Black mates}");
        }
    }

    Flags f_;
    engines::Output& out_;
    Rules rules_;
    Position pos_;
    std::mt19937_64 rng_;
    bool force_ = true;
    referee::rules::Color side_ = referee::rules::Black;
    bool complained_ = false, claimed_ = false;
};

}  // namespace

int main(int argc, char** argv) {
    Flags f;
    for (int i = 1; i + 1 < argc; i += 2) {
        const std::string flag = argv[i], value = argv[i + 1];
        if (flag == "--fault")
            f.fault = value;
        else if (flag == "--variant")
            f.variant = value;
        else if (flag == "--delay")
            f.delay_ms = std::stoll(value);
        else if (flag == "--seed")
            f.seed = std::stoull(value);
        else if (flag != "--protocol") {
            std::fprintf(stderr, "broken-xboard: unknown flag '%s'\n", flag.c_str());
            return 2;
        }
    }
    const std::array<std::string_view, 6> faults = {"none",        "no-done",       "late-pong",
                                                    "false-claim", "illegal-reply", "draw-offers"};
    if (std::find(faults.begin(), faults.end(), f.fault) == faults.end()) {
        std::fprintf(stderr, "broken-xboard: unknown fault '%s'\n", f.fault.c_str());
        return 2;
    }
    try {
        engines::Output out;
        engines::LineReader in;
        BrokenXboard engine(f, out);
        while (auto line = in.next()) {
            try {
                if (!engine.handle(*line)) break;
            } catch (const std::exception& e) {
                out.line(fmt::format("Error ({}): {}", e.what(), *line));
            }
        }
    } catch (const std::exception& e) {
        std::fprintf(stderr, "broken-xboard: %s\n", e.what());
        return 2;
    }
    return 0;
}
