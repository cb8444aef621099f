// The sentences `play` (and anything else that ends engines) prints about how an engine left.
#include <string>
#include <vector>

#include "referee/engine/process/process.hpp"

namespace referee::engine {

namespace {

std::string joined(const std::vector<std::string>& items) {
    std::string out;
    for (const auto& i : items) out += (out.empty() ? "" : ", ") + i;
    return out;
}

}  // namespace

std::vector<std::string> exit_problems(const ExitInfo& info) {
    std::vector<std::string> out;
    if (info.ignored_quit) out.push_back("it did not exit when asked to quit: " + info.description);
    if (!info.escaped.empty())
        out.push_back(
            "processes it started left its process group (setsid or a double fork) "
            "and were killed: " +
            joined(info.escaped));
    if (!info.outlived.empty())
        out.push_back("it left processes behind, which the referee killed: " +
                      joined(info.outlived));
    return out;
}

}  // namespace referee::engine
