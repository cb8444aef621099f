// plain-student: stands in, in tests, for an older course engine of the plain stdio dialect,
// as students wrote them: it must be told its colour with -c W or -c B (it knows no other
// flag but -s SEED, -v VARIANT and -t SECONDS), prints a banner, its board and "thinking..."
// between moves, answers "! a2-a3", plays one game and exits. It plays a random legal move,
// after thinking -t seconds (default 0) whatever its clock says, as course engines did.
// It is deliberately not built on run_engine(): the referee treats it as a foreign program
// and tells it nothing it was not configured to say.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "engines/common/line_reader.hpp"
#include "engines/common/output.hpp"
#include "engines/common/plain_session.hpp"
#include "engines/common/random_player.hpp"
#include "engines/common/text.hpp"

namespace {

int usage(const char* why) {
    std::fprintf(
        stderr,
        "plain-student: %s\nusage: plain-student -c W|B [-s SEED] [-v VARIANT] [-t SECONDS]\n",
        why);
    return 2;
}

// "1.5" -> 1.5; -1 for anything that is not a number of seconds.
double seconds(const std::string& text) {
    char* end = nullptr;
    const double s = std::strtod(text.c_str(), &end);
    return !text.empty() && end == text.c_str() + text.size() && s >= 0 && s < 3600 ? s : -1;
}

}  // namespace

int main(int argc, char** argv) {
    char color = 0;
    std::uint64_t seed = 0;
    std::string variant = "minitchess";
    std::chrono::milliseconds think{0};
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        if (i + 1 >= argc)
            return usage(("'" + a + "' is not -c, -s, -v or -t with a value").c_str());
        const std::string v = argv[++i];
        if (a == "-c" && (v == "W" || v == "B"))
            color = v[0];
        else if (a == "-s" && engines::parse_integer(v) && *engines::parse_integer(v) >= 0)
            seed = static_cast<std::uint64_t>(*engines::parse_integer(v));
        else if (a == "-v")
            variant = v;
        else if (a == "-t" && seconds(v) >= 0)
            think = std::chrono::milliseconds(static_cast<long>(seconds(v) * 1000));
        else
            return usage(("bad argument '" + a + " " + v + "'").c_str());
    }
    if (!color) return usage("no colour: give -c W or -c B");
    try {
        const auto rules = referee::rules::Rules::load(variant);
        engines::RandomPlayer player;
        engines::Output out;
        engines::LineReader in;
        engines::PlainSession session(player, out, rules, seed,
                                      color == 'W' ? referee::rules::White : referee::rules::Black,
                                      std::chrono::seconds(300), {true, think});
        return session.run(in);
    } catch (const std::exception& e) {
        std::fprintf(stderr, "plain-student: %s\n", e.what());
        return 2;
    }
}
