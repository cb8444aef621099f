#include "referee/report/kif_files.hpp"

#include <stdexcept>

#include <fmt/format.h>

#include "referee/match/kif_record.hpp"
#include "referee/rules/notation/kif.hpp"
#include "referee/tournament/output_files.hpp"

namespace referee::report {

bool write_kif_records(const std::filesystem::path& dir, const ReportInput& in) {
    namespace fs = std::filesystem;
    if (!rules::can_write_kif(in.rules.variant())) return false;
    const fs::path folder = dir / kKifFolder;
    const fs::path tmp_folder = dir / (std::string(kKifFolder) + ".tmp");
    fs::remove_all(tmp_folder);
    fs::create_directories(tmp_folder);
    {
        const tournament::OutputDir out(tmp_folder.string());
        std::size_t n = 0;
        for_each_whole_game(in, [&](const match::GameRecord& g) {
            ++n;
            std::string text;
            try {
                text = match::to_kif(in.rules, g);
            } catch (const std::exception& e) {
                // A record the rules refuse (a journal edited by hand) keeps its number, so
                // the files still line up with games.pgn, and says why it has no moves.
                text = fmt::format("# no KIF record for this game: {}\n", e.what());
            }
            out.write_new(fmt::format("game-{:04}.kifu", n), text);
        });
    }
    fs::remove_all(folder);
    fs::rename(tmp_folder, folder);
    return true;
}

}  // namespace referee::report
