#include <ostream>
#include <sstream>

#include "referee/report/report.hpp"

namespace referee::report {

void for_each_whole_game(const ReportInput& in,
                         const std::function<void(const match::GameRecord&)>& visit) {
    if (in.whole_games) {
        in.whole_games(visit);
        return;
    }
    for (const auto& g : in.games) visit(g);
}

void write_pgn_file(std::ostream& out, const ReportInput& in) {
    for_each_whole_game(in, [&](const match::GameRecord& g) { out << match::to_pgn(g); });
}

std::string pgn_file(const ReportInput& in) {
    std::ostringstream out;
    write_pgn_file(out, in);
    return out.str();
}

}  // namespace referee::report
