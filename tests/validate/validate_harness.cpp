#include "validate_harness.hpp"

#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <thread>

#include <gtest/gtest.h>

#include "referee/validate/process_group.hpp"

namespace referee::test {

validate::ValidateOptions options_for(const std::string& variant, const std::string& engine,
                                      std::optional<engine::Protocol> protocol,
                                      std::vector<std::string> only) {
    validate::ValidateOptions o;
    o.variant = variant;
    o.engine = engine;
    o.protocol = protocol;
    o.bin_dir = REFEREE_BIN_DIR;
    o.referee_path = std::string(REFEREE_BIN_DIR) + "/referee";
    o.startup_limit = std::chrono::milliseconds(5000);
    o.margin_ms = 250;
    o.only = std::move(only);
    return o;
}

validate::ProbeResult probe(const validate::Report& report, const std::string& name) {
    for (const auto& p : report.probes)
        if (p.name == name) return p;
    ADD_FAILURE() << "no probe named " << name << " in the report:\n"
                  << validate::format_text(report);
    return {};
}

bool no_children_left() {
    for (int i = 0; i < 100; ++i) {
        if (validate::live_descendants(::getpid()).empty()) return true;
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    return false;
}

bool have_variant(const std::string& name) {
    return std::filesystem::exists(std::string(REFEREE_VARIANT_DIR) + "/" + name + ".yaml");
}

bool have_fairy_stockfish() {
    return ::access("/usr/games/fairy-stockfish", X_OK) == 0;
}

}  // namespace referee::test
