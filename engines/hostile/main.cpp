// hostile-engine: plays random legal moves, and at its first move request attacks the
// referee, its opponent or their files (--attack NAME, --target WHAT). It exists to show in
// tests that every attack fails and the game is still refereed to a result. It only ever
// targets its own parent (the referee, or whatever runs it) and its siblings (the opponent),
// found through /proc, never other processes of the machine.
//
//   symlink          plants a symlink at --target (the record path) pointing to --target.victim
//   journal-forge    appends a forged "1-0" game line to the journal --target
//   journal-empty    truncates the journal --target to nothing
//   stop-opponent    SIGSTOPs its siblings          kill-opponent   SIGKILLs its siblings
//   stop-referee     SIGSTOPs its parent
//   escape           setsid + double fork: a grandchild that sleeps an hour
//   ignore-quit      ignores quit, end of input, SIGTERM/INT/HUP (then sleeps an hour)
//   opponent-files   reads the opponent's working folder and plants a file there (the folder
//                    --target names, or else the one /proc shows as the opponent's)
//   ptrace-opponent  attaches to its siblings with ptrace (which stops them)
//   connect          opens a TCP connection to 127.0.0.1:--target
//   flood            writes stderr without end
#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <signal.h>
#include <sys/ptrace.h>
#include <sys/socket.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

#include "engines/common/engine_main.hpp"
#include "engines/common/random_player.hpp"

namespace {

namespace fs = std::filesystem;

std::string g_attack, g_target;

void say(const std::string& text) {
    std::fprintf(stderr, "hostile %s: %s\n", g_attack.c_str(), text.c_str());
    std::fflush(stderr);
}

// Processes whose parent is `parent`, from /proc ("pid (comm) state ppid ...").
std::vector<pid_t> children_of(pid_t parent) {
    std::vector<pid_t> out;
    std::error_code ec;
    for (fs::directory_iterator it("/proc", ec), end; !ec && it != end; it.increment(ec)) {
        const auto name = it->path().filename().string();
        if (name.find_first_not_of("0123456789") != std::string::npos) continue;
        std::ifstream in(it->path() / "stat");
        std::string line;
        if (!std::getline(in, line)) continue;
        const auto close = line.rfind(')');
        if (close == std::string::npos) continue;
        char state = 0;
        int ppid = 0;
        if (std::sscanf(line.c_str() + close + 2, "%c %d", &state, &ppid) == 2 && ppid == parent)
            out.push_back(static_cast<pid_t>(std::stol(name)));
    }
    return out;
}

std::vector<pid_t> siblings() {
    std::vector<pid_t> out;
    for (pid_t p : children_of(::getppid()))
        if (p != ::getpid()) out.push_back(p);
    return out;
}

void signal_all(const std::vector<pid_t>& pids, int sig, const char* whom) {
    if (pids.empty()) say(std::string("no ") + whom + " visible");
    for (pid_t p : pids)
        say(std::string(whom) + " " + std::to_string(p) + ": " +
            (::kill(p, sig) == 0 ? "signalled" : std::strerror(errno)));
}

void attack() {
    if (g_attack == "symlink") {
        std::error_code ec;
        fs::remove(g_target, ec);  // whatever the referee reserved there, replaced by a link
        fs::create_symlink(g_target + ".victim", g_target, ec);
        say(ec ? "could not plant the link: " + ec.message() : "link planted at " + g_target);
    } else if (g_attack == "journal-forge") {
        std::ofstream out(g_target, std::ios::app);
        out << R"({"type":"game","slot":9999,"game":{"result":"1-0"}})"
            << "\n";
        say(out.flush() ? "forged a line" : "could not open the journal");
    } else if (g_attack == "journal-empty") {
        say(::truncate(g_target.c_str(), 0) == 0 ? "emptied it" : std::strerror(errno));
    } else if (g_attack == "stop-opponent") {
        signal_all(siblings(), SIGSTOP, "opponent");
    } else if (g_attack == "kill-opponent") {
        signal_all(siblings(), SIGKILL, "opponent");
    } else if (g_attack == "stop-referee") {
        signal_all({::getppid()}, SIGSTOP, "parent");
    } else if (g_attack == "escape") {
        if (::fork() == 0) {
            ::setsid();
            if (::fork() == 0) {
                say("escapee " + std::to_string(::getpid()) + " running");
                std::this_thread::sleep_for(std::chrono::hours(1));
            }
            ::_exit(0);
        }
    } else if (g_attack == "opponent-files") {
        std::vector<fs::path> folders;
        if (g_target != "none") folders.emplace_back(g_target);
        for (pid_t p : siblings()) {
            std::error_code ec;
            const auto dir = fs::read_symlink("/proc/" + std::to_string(p) + "/cwd", ec);
            if (ec)
                say("opponent " + std::to_string(p) + "'s folder: " + ec.message());
            else
                folders.push_back(dir);
        }
        for (const auto& dir : folders) {
            std::error_code ec;
            fs::directory_iterator listing(dir, ec);
            say("opponent folder " + dir.string() +
                (ec ? ": cannot list (" + ec.message() + ")" : ": listed"));
            std::ofstream(dir / "planted-by-hostile") << "x";
            say("opponent folder " + dir.string() +
                (fs::exists(dir / "planted-by-hostile") ? ": planted" : ": could not plant"));
        }
    } else if (g_attack == "ptrace-opponent") {
        for (pid_t p : siblings())
            say("opponent " + std::to_string(p) + ": " +
                (::ptrace(PTRACE_ATTACH, p, nullptr, nullptr) == 0 ? "attached"
                                                                   : std::strerror(errno)));
    } else if (g_attack == "connect") {
        const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
        sockaddr_in addr{};
        addr.sin_family = AF_INET;
        addr.sin_port = htons(static_cast<std::uint16_t>(std::stoi(g_target)));
        addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        const bool ok = ::connect(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) == 0;
        say(ok ? "connected" : std::string("could not connect: ") + std::strerror(errno));
        ::close(fd);
    } else if (g_attack == "flood") {
        std::string line(4096, 'x');
        line.back() = '\n';
        while (::write(2, line.data(), line.size()) > 0) {
        }
        say("stderr closed on me");
    }
}

class HostilePlayer : public engines::RandomPlayer {
  public:
    engines::Reply choose(const engines::Turn& turn) override {
        if (!attacked_) {
            attacked_ = true;
            attack();
        }
        return RandomPlayer::choose(turn);
    }

  private:
    bool attacked_ = false;
};

}  // namespace

int main(int argc, char** argv) {
    // Takes --attack and --target out; the rest is the in-tree engines' command line.
    std::vector<char*> rest{argv[0]};
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        if ((a == "--attack" || a == "--target") && i + 1 < argc)
            (a == "--attack" ? g_attack : g_target) = argv[++i];
        else
            rest.push_back(argv[i]);
    }
    if (g_attack == "ignore-quit")
        for (int sig : {SIGTERM, SIGINT, SIGHUP}) ::signal(sig, SIG_IGN);
    HostilePlayer player;
    const int code =
        engines::run_engine(static_cast<int>(rest.size()), rest.data(),
                            {"hostile", "minichess-referee", "attacks (a test engine)"}, player);
    if (code == 0 && g_attack == "ignore-quit") std::this_thread::sleep_for(std::chrono::hours(1));
    return code;
}
