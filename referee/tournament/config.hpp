// A tournament as the user describes it in YAML (see configs/README.md), checked whole
// before any engine starts.
#pragma once

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include <yaml-cpp/yaml.h>

#include "referee/engine/engine_config.hpp"
#include "referee/match/game.hpp"
#include "referee/tournament/openings.hpp"
#include "referee/tournament/sprt.hpp"

namespace referee::tournament {

enum class Format { RoundRobin, Gauntlet };
const char* format_name(Format f);

// Search limits for one engine, sent to UCI engines with every "go" (0: none), and its own
// time control (time odds; none: the tournament's).
struct EngineLimits {
    std::int64_t nodes = 0;
    int depth = 0;
    std::string time_control_text;  // as written: "10+0.1", "st=0.5"; empty: none of its own
    std::optional<match::TimeControl> time_control;
};

struct TournamentConfig {
    std::string name;
    std::string source;  // the config file
    std::string variant;
    Format format = Format::RoundRobin;
    std::vector<std::string> seeds;  // gauntlet: the engines that meet everyone else
    int games_per_pairing = 2;
    std::string time_control_text = "10+0.1";
    match::TimeControl time_control;
    Openings openings;
    int concurrency = 1;
    // Event loops (threads) the games at once are spread over, each with its own engine
    // processes; at most `concurrency` are used. 0: one (the main thread plays every game),
    // or with `affinity` one a usable core.
    int threads = 0;
    // Each of those threads, and the engines it starts, kept to one core (cpu_affinity.hpp).
    bool affinity = false;
    match::IllegalMovePolicy illegal_moves = match::IllegalMovePolicy::Loss;
    int max_plies = 0;
    bool max_plies_given = false;  // adjudication.max_plies was written (0 included)
    bool max_plies_default =
        false;               // the referee set max_plies: the variant cannot guarantee an end
    std::uint64_t seed = 1;  // engines with a "Seed" option get seed + game index
    SprtConfig sprt;         // two engines only: stop when the test decides
    std::string pgn_out;     // also append every finished game to this PGN file
    // Every line to and from every engine, with times (empty: no log; see engine_log.hpp).
    std::string engine_log;
    match::ScoreAdjudication score_adjudication;  // adjudication.resign and .draw
    std::string output_dir;
    std::vector<engine::EngineConfig> engines;
    std::vector<EngineLimits> limits;  // by engine index, as many as engines

    int engine_index(const std::string& name) const;  // -1 if none
    // time_control_text, then the engines with their own: "10+0.1; A plays 1+0", for reports.
    std::string time_controls_text() const;
    // The control engine `e` plays with: its own, or the tournament's.
    const match::TimeControl& control_of(int e) const {
        return e >= 0 && e < static_cast<int>(limits.size()) && limits[e].time_control
                   ? *limits[e].time_control
                   : time_control;
    }
    // A digest of everything that decides which games are played and how, so a journal or
    // shard from another config is recognised. Output folder and concurrency are left out.
    std::string fingerprint() const;
};

inline constexpr int kMaxScheduledGames = 1'000'000;
// The move cap a tournament gets when its variant has neither a move limit nor an n-move
// rule and the config sets none: without it a game between weak engines may never end.
inline constexpr int kDefaultMaxPlies = 500;

class TournamentConfigError : public std::runtime_error {
  public:
    TournamentConfigError(const std::string& file, int line, int column, const std::string& key,
                          const std::string& what);
    using std::runtime_error::runtime_error;
};

// Reads and checks the file: keys, values, the variant, the openings (each played through
// the rules), and that every engine's command exists. Throws TournamentConfigError.
TournamentConfig load_tournament_config(const std::string& path, const std::string& bin_dir);
// The same from a YAML document already in memory (the `referee match` command line builds
// one, so both ways of describing a match give the same config). `source` names it in
// messages; relative paths are read from `base_dir`.
TournamentConfig tournament_config_from_yaml(const YAML::Node& root, const std::string& source,
                                             const std::string& base_dir,
                                             const std::string& bin_dir);

}  // namespace referee::tournament
