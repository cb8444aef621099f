// An engine that answers instantly from a script: the n-th move of the file given as its
// argument. Over UCI (the default) n is the number of moves in the last "position" command;
// with a second argument "imcs" it speaks the IMCS dialect, n counting the moves of the game
// ("! move" lines and its own answers to "?"). It does no move generation at all, so a game
// between two of them measures the referee and the pipes.
#include <unistd.h>

#include <cstdio>
#include <cstring>
#include <fstream>
#include <string>
#include <vector>

namespace {

void say(const std::string& line) {
    std::string out = line + "\n";
    if (::write(STDOUT_FILENO, out.data(), out.size()) < 0) _exit(1);
}

}  // namespace

int main(int argc, char** argv) {
    std::vector<std::string> script;
    if (argc > 1) {
        std::ifstream in(argv[1]);
        for (std::string m; in >> m;) script.push_back(m);
    }
    const bool imcs = argc > 2 && std::strcmp(argv[2], "imcs") == 0;
    std::string buffer, line;
    std::size_t moves = 0;
    char chunk[4096];
    for (;;) {
        auto nl = buffer.find('\n');
        if (nl == std::string::npos) {
            ssize_t n = ::read(STDIN_FILENO, chunk, sizeof chunk);
            if (n <= 0) return 0;
            buffer.append(chunk, static_cast<std::size_t>(n));
            continue;
        }
        line = buffer.substr(0, nl);
        buffer.erase(0, nl + 1);
        if (imcs) {
            if (line.rfind("105 ", 0) == 0 || line.rfind("106 ", 0) == 0)
                moves = 0;
            else if (line.rfind("! ", 0) == 0)
                ++moves;
            else if (line.rfind("? ", 0) == 0 || line == "?") {
                say(moves < script.size() ? script[moves] : std::string("resign"));
                ++moves;
            }
            continue;
        }
        if (line == "uci")
            say("id name scripted\noption name UCI_Variant type combo default minitchess var "
                "minitchess\nuciok");
        else if (line == "isready")
            say("readyok");
        else if (line == "quit")
            return 0;
        else if (line.rfind("position", 0) == 0) {
            auto at = line.find(" moves ");
            moves = 0;
            if (at != std::string::npos)
                for (std::size_t i = at + 6; i < line.size(); ++i)
                    if (line[i] == ' ') ++moves;
        } else if (line.rfind("go", 0) == 0) {
            say("bestmove " + (moves < script.size() ? script[moves] : std::string("0000")));
        }
    }
}
