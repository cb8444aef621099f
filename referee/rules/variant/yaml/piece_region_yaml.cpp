#include "referee/rules/variant/yaml/piece_region_yaml.hpp"

#include <fmt/format.h>

namespace referee::rules {
namespace {

using Reader = YamlReader<VariantError>;

// {files: d-f, ranks: 1-3}: either may be left out (every file, every rank).
PieceRegion read_region(const Reader& r, const YAML::Node& node, const std::string& key,
                        const Geometry& g) {
    PieceRegion region;
    region.file_hi = g.width - 1;
    region.rank_hi = g.height;
    if (auto files = node["files"]) {
        const auto parsed = parse_file_range(
            r.get<std::string>(files, key + ".files", "files such as d-f"), g.width);
        if (!parsed.error.empty()) r.fail(files, key + ".files", parsed.error);
        region.file_lo = parsed.lo, region.file_hi = parsed.hi;
    }
    if (auto ranks = node["ranks"]) {
        const auto parsed = parse_rank_range(
            r.get<std::string>(ranks, key + ".ranks", "ranks such as 1-3"), g.height);
        if (!parsed.error.empty()) r.fail(ranks, key + ".ranks", parsed.error);
        region.rank_lo = parsed.lo, region.rank_hi = parsed.hi;
    }
    return region;
}

// Regions act on each square's own targets (leap tables), which plain and lame leaps have
// and rides do not: a rider's reach is looked up along whole lines.
void require_leaps(const Reader& r, const YAML::Node& node, const std::string& key,
                   const std::vector<MoveRule>& moves, const std::string& what) {
    for (const MoveRule& m : moves)
        if (m.is_rider() || m.hop != Hop::None || m.bent || m.any_way)
            r.fail(node, key,
                   fmt::format("{}: regions only work with leaping moves (such as K, F, nN, "
                               "nA), not with rides, hops or moves of several legs",
                               what));
}

}  // namespace

void read_piece_regions(const Reader& r, const YAML::Node& node, const std::string& where,
                        const Geometry& g, PieceType& p) {
    if (auto c = node["confined"]) {
        const std::string key = where + ".confined";
        if (!c.IsMap()) r.fail(c, key, "must be a mapping such as {files: d-f, ranks: 1-3}");
        r.only_keys(c, key, {"files", "ranks"});
        p.confined = read_region(r, c, key, g);
        require_leaps(r, c, key, p.moves,
                      fmt::format("confining piece '{}' ({}, '{}')", p.letter, p.name, p.betza));
    }
    if (auto x = node["extra_moves"]) {
        const std::string key = where + ".extra_moves";
        if (!x.IsMap()) r.fail(x, key, "must be a mapping such as {betza: sW, ranks: 6-10}");
        r.only_keys(x, key, {"betza", "files", "ranks"});
        if (!x["betza"]) r.fail(x, key + ".betza", "extra moves need their 'betza'");
        RegionMoves extra;
        extra.betza = r.get<std::string>(x["betza"], key + ".betza", "a Betza string");
        try {
            extra.moves = parse_betza(extra.betza);
        } catch (const BetzaError& e) {
            r.fail_at(x["betza"], key + ".betza", static_cast<int>(e.position()),
                      fmt::format("piece '{}' ({}): {} in '{}' (unsupported part: '{}')", p.letter,
                                  p.name, e.what(), extra.betza, e.part()));
        }
        require_leaps(r, x["betza"], key + ".betza", extra.moves,
                      fmt::format("extra moves of piece '{}' ({})", p.letter, p.name));
        extra.region = read_region(r, x, key, g);
        p.extra_moves = std::move(extra);
    }
}

}  // namespace referee::rules
