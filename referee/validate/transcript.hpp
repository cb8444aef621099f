// The lines exchanged with the engine during one probe, kept for the report: the last
// request the referee wrote and everything the engine answered after it. Memory is bounded
// whatever the engine writes (a flooding engine writes megabytes).
#pragma once

#include <cstddef>
#include <deque>
#include <string>
#include <string_view>
#include <vector>

#include "referee/engine/engine_config.hpp"

namespace referee::validate {

struct Exchange {
    std::vector<std::string> sent;      // the referee's lines of the last request, up to the answer
    std::vector<std::string> received;  // the engine's lines since then (first and last ones)
    std::size_t received_omitted = 0;   // lines left out between those
};

class Transcript {
  public:
    static constexpr std::size_t kSentLines = 40;
    static constexpr std::size_t kReceivedHead = 8;
    static constexpr std::size_t kReceivedTail = 16;
    static constexpr std::size_t kLineChars = 300;

    explicit Transcript(engine::Protocol protocol) : protocol_(protocol) {}

    void add(bool to_engine, std::string_view line);
    void clear();  // a new probe starts

    Exchange last_exchange() const;
    bool received_any() const { return received_total_ > 0; }
    // The engine wrote something only a UCI engine writes (uciok, bestmove, info, ...).
    bool sounds_like_uci() const { return uci_like_; }
    // The engine wrote something only an IMCS client writes ("! a2-a3", a bare "a2-a3").
    bool sounds_like_imcs() const { return imcs_like_; }
    // The engine declared a UCI "Seed" option (kept across clear()): reproduce lines pass the
    // game's seed.
    bool declared_seed_option() const { return seed_option_; }

  private:
    bool starts_request(std::string_view line) const;

    engine::Protocol protocol_;
    std::vector<std::string> sent_;
    std::vector<std::string> head_;  // the first lines received since the request
    std::deque<std::string> tail_;   // the last ones after those
    std::size_t received_in_exchange_ = 0;
    std::size_t received_total_ = 0;
    bool uci_like_ = false;
    bool imcs_like_ = false;
    bool in_request_ = false;  // a move request was sent since clear()
    bool seed_option_ = false;
};

}  // namespace referee::validate
