// A section of Fairy-Stockfish's variants.ini as a Variant: its chain of parents (earlier
// sections of the file, or a Fairy-Stockfish variant the referee ships, or the default
// template), each section's keys applied over its parent's, then the result written as the
// referee's own variant file and read back by the YAML reader, so that every check a
// variant file gets applies here too and `referee variants import` writes what is played.
#include <algorithm>

#include <fmt/format.h>

#include "referee/rules/variant/ini/ini_draft.hpp"
#include "referee/rules/variant/ini/ini_text.hpp"
#include "referee/rules/variant/yaml/variant_yaml_writer.hpp"

namespace referee::rules {
namespace {

constexpr const char* kChessStart = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

IniDraft draft_of(const std::vector<IniSection>& sections, std::size_t index,
                  const std::string& file, std::vector<std::string>& chain) {
    const IniSection& s = sections[index];
    const IniPlace at{file, s};
    for (const IniEntry& again : s.repeated)
        at.fail(again, fmt::format("given again with another value ('{}' on line {}); "
                                   "Fairy-Stockfish keeps the last one silently: give it once",
                                   s.find(again.key)->value, s.find(again.key)->line));
    IniDraft d;
    if (s.parent.empty()) {
        d = default_draft();
    } else {
        std::size_t parent = sections.size();
        for (std::size_t i = 0; i < index; ++i)
            if (sections[i].name == s.parent) parent = i;
        if (parent < sections.size()) {
            if (std::find(chain.begin(), chain.end(), s.parent) != chain.end())
                at.fail_section(fmt::format("[{}] inherits from itself", s.name));
            chain.push_back(s.name);
            d = draft_of(sections, parent, file, chain);
            chain.pop_back();
        } else {
            const std::string shipped = shipped_variant_called(s.parent);
            if (shipped.empty()) {
                for (std::size_t i = index + 1; i < sections.size(); ++i)
                    if (sections[i].name == s.parent)
                        at.fail_section(fmt::format(
                            "its parent [{}] comes later in the file (line {}); Fairy-Stockfish "
                            "reads a parent before its children",
                            s.parent, sections[i].line));
                at.fail_section(fmt::format(
                    "its parent '{}' is neither an earlier section of this file nor a "
                    "Fairy-Stockfish variant the referee ships (referee variants lists them)",
                    s.parent));
            }
            d = draft_from_variant(load_variant(shipped));
        }
    }
    std::set<std::string> used;
    apply_piece_keys(at, d, used);
    apply_rule_keys(at, d, used);
    for (const IniEntry& e : s.entries)
        if (!used.count(e.key))
            at.fail(e,
                    "the referee does not play this key (variants/README.md lists the "
                    "variants.ini keys it reads); it is refused rather than ignored, so that "
                    "the game is not played by other rules than the file's");
    return d;
}

// The YAML key an error of the written file names, as the ini keys that may have set it.
std::vector<std::string> ini_keys_for(const std::string& yaml_key) {
    auto starts = [&](const char* prefix) { return yaml_key.rfind(prefix, 0) == 0; };
    if (yaml_key == "start") return {"startFen"};
    if (starts("castling")) return {"castling"};
    if (starts("drops")) return {"pieceDrops"};
    if (starts("end.region")) return {"flagRegion"};
    if (starts("end.extinction")) return {"extinctionPieceTypes"};
    if (yaml_key == "pass" || starts("end.double_pass")) return {"kingPass", "pass"};
    if (starts("end.bikjang")) return {"bikjangRule"};
    if (starts("end.material_count")) return {"materialCounting"};
    if (starts("palace_lines") || yaml_key.find(".palace_moves") != std::string::npos)
        return {"diagonalLines"};
    return {};
}

}  // namespace

IniDraft default_draft() {
    IniDraft d;
    d.v.geometry.width = d.v.geometry.height = 8;
    d.v.start_fen = kChessStart;
    d.v.check_rules = true;
    d.v.end.repetition = 3;
    d.v.end.n_move_rule = 50;
    d.promotion_types = {"queen", "rook", "bishop", "knight"};
    d.touched_promotion = d.touched_double_step = d.touched_castling = d.touched_drops = true;
    return d;
}

std::optional<IniSpec> ini_spec(const std::string& name) {
    const auto at = name.rfind(".ini:");
    if (at == std::string::npos) return std::nullopt;
    return IniSpec{name.substr(0, at + 4), name.substr(at + 5)};
}

std::vector<std::string> ini_section_names(const std::string& ini_text, const std::string& file) {
    std::vector<std::string> names;
    for (const IniSection& s : split_ini(ini_text, file)) names.push_back(s.name);
    return names;
}

Variant parse_ini_variant(const std::string& ini_text, const std::string& file,
                          const std::string& section) {
    const auto sections = split_ini(ini_text, file);
    std::size_t index = sections.size();
    for (std::size_t i = 0; i < sections.size(); ++i)
        if (sections[i].name == section) index = i;
    if (index == sections.size()) {
        std::string known;
        for (const IniSection& s : sections) known += (known.empty() ? "" : ", ") + s.name;
        throw VariantError(file, 0, 0, "",
                           fmt::format("has no section [{}] (its sections: {})", section,
                                       known.empty() ? "none" : known));
    }
    std::vector<std::string> chain;
    IniDraft d = draft_of(sections, index, file, chain);
    const IniPlace at{file, sections[index]};
    d.v.name = section;
    d.v.description = fmt::format("section [{}] of a Fairy-Stockfish variants.ini", section);
    const Variant resolved = resolve_draft(at, std::move(d));
    const std::string yaml = variant_yaml_text(resolved);
    try {
        return parse_variant(yaml, file);
    } catch (const VariantError& e) {
        // What the YAML reader says of the written file, placed at the ini key that set it
        // (or the section, for a rule its parent brought).
        std::string why = e.what();
        const std::string prefix = fmt::format("{}:{}:{}: {}", file, e.line(), e.column(),
                                               e.key().empty() ? "" : e.key() + ": ");
        if (why.rfind(prefix, 0) == 0) why = why.substr(prefix.size());
        for (const std::string& key : ini_keys_for(e.key()))
            if (const IniEntry* entry = sections[index].find(key)) at.fail(*entry, why);
        at.fail_section(fmt::format("the variant its keys make is refused: {} ({})", why,
                                    e.key().empty() ? "the whole variant" : e.key()));
    }
}

Variant parse_variant_text(const std::string& text, const std::string& file) {
    if (const auto spec = ini_spec(file)) {
        Variant v = parse_ini_variant(text, spec->path, spec->section);
        v.source = file;
        v.file = file;
        v.yaml = text;
        return v;
    }
    return parse_variant(text, file);
}

}  // namespace referee::rules
