#include "referee/validate/transcript.hpp"

#include <cctype>
#include <sstream>

namespace referee::validate {

namespace {

std::string clipped(std::string_view line) {
    if (line.size() <= Transcript::kLineChars) return std::string(line);
    return std::string(line.substr(0, Transcript::kLineChars)) + " [...]";
}

std::string first_word(std::string_view line) {
    std::istringstream in{std::string(line.substr(0, 64))};
    std::string w;
    in >> w;
    return w;
}

// "a2-a3", "! a2-a3", "!a5-a6q": a move in the dash form of the MiniChess world.
bool dash_move(std::string_view line) {
    std::size_t i = line.find_first_not_of(" \t");
    if (i == std::string_view::npos) return false;
    if (line[i] == '!') i = line.find_first_not_of(" \t", i + 1);
    if (i == std::string_view::npos) return false;
    auto square = [&](std::size_t& k) {
        if (k >= line.size() || !std::islower(static_cast<unsigned char>(line[k]))) return false;
        ++k;
        const std::size_t digits = k;
        while (k < line.size() && std::isdigit(static_cast<unsigned char>(line[k]))) ++k;
        return k > digits;
    };
    std::size_t k = i;
    if (!square(k) || k >= line.size() || line[k] != '-') return false;
    ++k;
    return square(k);
}

}  // namespace

bool Transcript::starts_request(std::string_view line) const {
    if (protocol_ == engine::Protocol::Uci || protocol_ == engine::Protocol::Usi)
        return line.rfind("position ", 0) == 0;
    if (protocol_ == engine::Protocol::Xboard) return line.rfind("time ", 0) == 0;
    return line.find_first_not_of(" \t\r") ==
           std::string_view::npos;  // IMCS: the blank line before the board
}

void Transcript::add(bool to_engine, std::string_view line) {
    if (!to_engine && line.rfind("option name Seed ", 0) == 0) seed_option_ = true;
    if (to_engine) {
        if (starts_request(line)) {
            in_request_ = true;
            sent_.clear();
            head_.clear();
            tail_.clear();
            received_in_exchange_ = 0;
        }
        // Lines after the engine's answer to a request (IMCS's "= W wins") belong to no
        // request; during the handshake everything the referee says is part of it.
        const bool answered = in_request_ && received_in_exchange_ > 0;
        if (!answered && sent_.size() < kSentLines) sent_.push_back(clipped(line));
        return;
    }
    ++received_total_;
    ++received_in_exchange_;
    const std::string word = first_word(line);
    if (word == "id" || word == "uciok" || word == "readyok" || word == "option" ||
        word == "bestmove" || word == "info" || line.rfind("Unknown command", 0) == 0)
        uci_like_ = true;
    if (dash_move(line)) imcs_like_ = true;
    if (head_.size() < kReceivedHead) {
        head_.push_back(clipped(line));
        return;
    }
    tail_.push_back(clipped(line));
    if (tail_.size() > kReceivedTail) tail_.pop_front();
}

void Transcript::clear() {
    sent_.clear();
    head_.clear();
    tail_.clear();
    received_in_exchange_ = 0;
    received_total_ = 0;
    uci_like_ = imcs_like_ = false;
    in_request_ = false;
}

Exchange Transcript::last_exchange() const {
    Exchange out;
    out.sent = sent_;
    out.received = head_;
    out.received.insert(out.received.end(), tail_.begin(), tail_.end());
    out.received_omitted = received_in_exchange_ - out.received.size();
    return out;
}

}  // namespace referee::validate
