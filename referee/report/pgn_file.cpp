#include "referee/report/report.hpp"

namespace referee::report {

std::string pgn_file(const ReportInput& in) {
    std::string out;
    for (const auto& g : in.games) out += match::to_pgn(g);
    return out;
}

}  // namespace referee::report
