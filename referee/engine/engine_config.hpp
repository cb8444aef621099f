// How to run one engine: what the user writes on the command line or in a tournament
// config, checked before anything is started.
#pragma once

#include <chrono>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "referee/engine/process/limits.hpp"
#include "referee/engine/process/sandbox.hpp"

namespace referee::engine {

// uci: UCI over stdio. imcs: the IMCS server's game messages over stdio. plain: the older
// course engines' stdio dialect (only "! move" lines and the "=" result). imcs-tcp: an IMCS
// client that the referee starts and that connects to the referee as to an IMCS server.
// xboard: the Chess Engine Communication Protocol (CECP) of xboard/WinBoard, versions 1 and 2.
// usi: the shogi engines' protocol (USI), which Fairy-Stockfish speaks when started with `usi`.
enum class Protocol { Uci, Imcs, Plain, ImcsTcp, Xboard, Usi };
const char* protocol_name(Protocol p);
// "uci, usi, xboard, imcs, plain or imcs-tcp", for messages.
const char* protocol_names();
// Why an engine of this protocol cannot be given a search limit on top of its clock: UCI's
// and USI's `go` say a depth and a node count, xboard's `sd` a depth only, IMCS and the plain
// dialect neither. Empty when it can; else "a nodes limit is sent with ...; this engine
// speaks X".
std::string depth_limit_refusal(Protocol p);
std::string nodes_limit_refusal(Protocol p);

// USI: the field of `go` that carries the clock of the side that moves first (sente, the
// referee's White). The USI text says btime; Fairy-Stockfish before 13 (Debian's 11.1) reads
// wtime for it, and loses on time when told the standard's way (its issue 269, fixed in
// 2021). Auto: btime, unless the engine's `id name` is such a Fairy-Stockfish.
enum class UsiSenteClock { Auto, Btime, Wtime };
const char* usi_sente_clock_name(UsiSenteClock c);           // "auto", "btime", "wtime"
UsiSenteClock parse_usi_sente_clock(std::string_view text);  // throws ConfigError

// The largest memory limit accepted (1 TiB): bytes = MiB * 2^20 must not wrap.
inline constexpr std::size_t kMaxMemoryMb = std::size_t{1} << 20;

struct EngineConfig {
    std::string name;
    std::string command;  // executable; no shell
    // May hold placeholders ({color}, {variant}, {seed}, {host}...; see launch.hpp), filled in
    // for each game when the process is started.
    std::vector<std::string> args;
    std::string working_dir;
    Protocol protocol = Protocol::Uci;
    // UCI setoption / xboard `option NAME=VALUE`, in order
    std::vector<std::pair<std::string, std::string>> options;
    std::chrono::milliseconds startup_timeout{10000};  // spawn to ready
    std::size_t memory_limit_mb = 0;                   // 0: limits.address_space_mb
    ResourceLimits limits;                             // always on; see limits.hpp
    Sandbox sandbox = Sandbox::Auto;                   // bwrap where it works
    // An engine built here on engines/common: the referee tells it its protocol, variant,
    // colour and (imcs-tcp) where to connect with the flags engines/common reads, unless the
    // arguments already give them.
    bool in_tree = false;
    // imcs-tcp: the name and password the client must log in with. Empty: the referee makes
    // them up per game (the engine's name; a random password) and passes them as {user} and
    // {password}. Set them for a client whose credentials are fixed.
    std::string tcp_user, tcp_password;
    // imcs-tcp: the server a client has built in ("imcs.svcs.cs.pdx.edu:3589"), for a client
    // that cannot be told where to connect. The referee listens on that port at a loopback
    // address of this client's own (127.x.y.z), and the client's /etc/hosts (bwrap binds one
    // over it) maps the name to that address, so the client reaches the referee unchanged.
    // Needs the bwrap sandbox. Port 0: none; the client is told {host} and {port}.
    std::string tcp_server_name;
    int tcp_server_port = 0;
    // The variant this engine plays without being told ("variant: minitchess"): a UCI engine
    // written for one variant that lists no UCI_Variant option plays it as it is; a game of
    // another variant is refused for it (it cannot play that). Empty: told in its protocol
    // (UCI_Variant, VariantPath, VariantFile) or, for IMCS and plain, assumed.
    std::string variant;
    // Absolute paths outside its scratch folder it may write under the bwrap sandbox (bound
    // read-write): a log or book where its author put it. Must exist.
    std::vector<std::string> writable;
    // Kept beyond each game next to its record (keep: stderr, files): all it wrote to stderr,
    // and the files its scratch folder held when it ended. Such an engine gets a fresh
    // process for every game, so what is kept is that game's.
    bool keep_stderr = false, keep_files = false;
    UsiSenteClock usi_sente_clock = UsiSenteClock::Auto;  // usi only; see UsiSenteClock
};

// "stderr", "files" or both ("stderr,files") into config.keep_*; throws ConfigError.
void parse_keep(std::string_view text, EngineConfig& config);
// A writable path made absolute (from the current folder, or from `base` when given).
std::string writable_path(std::string_view path, const std::string& base = {});

// "NAME:PORT" into config.tcp_server_name and tcp_server_port; throws ConfigError saying what
// is wrong (a name with characters no host name has, a port outside 1-65535).
void parse_tcp_server(std::string_view text, EngineConfig& config);

class ConfigError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

Protocol parse_protocol(std::string_view text);  // throws ConfigError naming the known ones

// Where a name the user wrote for an engine leads. Every place an engine can be named (play,
// tournament configs, validate, cmd= in a description) goes through here, so all accept the
// same names: an in-tree engine ("random", "alphabeta", "broken-hang": <bin_dir>/<name>-engine
// or <bin_dir>/<name>), "fairy-stockfish", a path, or a program on PATH.
struct ResolvedCommand {
    std::string command;  // the path to run, or the bare name when nothing was found
    bool in_tree = false;
};
ResolvedCommand resolve_engine_command(std::string_view name, const std::string& bin_dir);

// The executable a bare program name runs, searched in $PATH as execvp would; nullopt when
// none is found.
std::optional<std::string> find_in_path(std::string_view program);
// The entries of a PATH-like list as written, in order (an empty entry stays empty).
std::vector<std::string> path_entries(std::string_view path);

// One key of a one-line engine description (below): the one list that the description's
// reader names in its errors and that the help of every command taking an engine (play,
// validate, match) prints, so none of them can forget a key.
struct EngineKey {
    const char* key;      // as written: "cmd", "option.NAME"
    const char* value;    // what follows '=': "PATH", "auto|bwrap|none"
    const char* config;   // the key of a tournament config's engine that says the same
    const char* meaning;  // for --help
};
const std::vector<EngineKey>& engine_keys();
// The row of engine_keys() a written key is ("option.Skill Level" is option.NAME's), or null.
const EngineKey* find_engine_key(std::string_view key);
// "cmd, name, arg, ...": for messages.
std::string engine_key_names();
// The keys, one a line ("  cmd=PATH   the program ..."), under a heading: for --help.
std::string engine_keys_help();

// A one-line engine description, as cutechess users know it:
//   "cmd=random arg=--seed arg=3 proto=imcs name=rand option.Skill Level=0"
// Keys: cmd (required; resolved as above), name, arg (repeatable), args (split on spaces),
// dir, proto, option.<Name>=<value>, startup=<seconds>, memory=<MiB>, user=, password=,
// server=NAME:PORT (imcs-tcp), sandbox=auto|bwrap|none, variant=NAME, writable=PATH
// (repeatable), keep=stderr,files, limit.<data|as|cpu|files|procs|core|stdout|stderr>=<number>,
// usi_sente_clock=auto|btime|wtime. Values may be quoted.
EngineConfig parse_engine_spec(std::string_view spec, const std::string& bin_dir);
// The key=value words of a description, in order, unchecked: split on spaces outside quotes,
// quotes removed, "option.Skill Level=0" kept whole. Throws ConfigError for a word that is
// not key=value or an unclosed quote.
std::vector<std::pair<std::string, std::string>> engine_spec_pairs(std::string_view spec);

// The description parse_engine_spec reads back as this config (every key that differs from
// the default; the command as resolved): what a reproduce line passes to `referee play`.
std::string describe_engine(const EngineConfig& config);

// What a user may write for an engine: a full description (anything with '='), or a name or
// path as resolve_engine_command takes it (UCI assumed).
EngineConfig engine_from_text(std::string_view text, const std::string& bin_dir);

// Where the in-tree engines are: beside the referee in a build tree, or the installed
// engine folder.
std::string executable_dir();

// Checks that the command exists and is executable (after a PATH search for bare names) and
// that its arguments use only placeholders its protocol fills in; throws ConfigError naming
// the engine and the problem. Done before any game starts.
void check_engine_command(const EngineConfig& config);

}  // namespace referee::engine
