#include "referee/engine/dialects/uci_setup.hpp"

#include <filesystem>
#include <fstream>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "referee/engine/dialects/fairy_ini.hpp"
#include "referee/rules/text/words.hpp"

namespace referee::engine {
namespace {

// Gives the engine a variants.ini (VariantPath) written into its scratch folder, then the
// section to play (UCI_Variant), in that order: Fairy-Stockfish reads the file when told the
// path, and knows the section's name only after.
void send_ini(const DialectContext& c, const std::string& file_name, const std::string& text,
              const std::string& section) {
    std::filesystem::create_directories(c.scratch_dir);
    auto path = std::filesystem::path(c.scratch_dir) / file_name;
    std::ofstream(path) << text;
    // Under a root referee the engine runs as a user of its own: it must be able to
    // reach the file (the folder lists nothing to it) and read it.
    std::error_code ec;
    std::filesystem::permissions(
        c.scratch_dir, std::filesystem::perms::group_exec | std::filesystem::perms::others_exec,
        std::filesystem::perm_options::add, ec);
    std::filesystem::permissions(
        path, std::filesystem::perms::group_read | std::filesystem::perms::others_read,
        std::filesystem::perm_options::add, ec);
    c.host.send("setoption name VariantPath value " + path.string());
    c.host.send("setoption name UCI_Variant value " + section);
}

bool send_variant(const DialectContext& c, const ListedOptions& listed) {
    const auto& v = c.variant;
    // A section of the user's variants.ini: the engine that reads such files gets the very
    // text the referee plays by (kept with the variant, so a changed file on disk does not
    // split them), even where it knows a built-in variant of that name.
    if (const auto spec = rules::ini_spec(v.file); spec && listed.names.count("VariantPath")) {
        send_ini(c, "variants.ini", v.yaml, spec->section);
    } else if (listed.variants.count(v.name)) {
        c.host.send("setoption name UCI_Variant value " + v.name);
    } else if (listed.names.count("VariantPath")) {
        std::string why;
        auto ini = fairy_ini_for(v, &why);
        if (!ini) {
            c.host.fault(FaultKind::Unsupported, why);
            return false;
        }
        send_ini(c, ini->section_name + ".ini", ini->text, ini->section_name);
    } else if (listed.names.count("VariantFile") && !v.source.empty()) {
        c.host.send("setoption name VariantFile value " +
                    std::filesystem::absolute(v.source).string());
    } else if (!v.uci_default && c.config.variant != v.name) {
        // An engine written for this variant alone plays it without being told: its
        // description says so (the session refused any other variant for it already).
        c.host.fault(
            FaultKind::Unsupported,
            fmt::format("{} does not list '{}' in UCI_Variant and has neither a VariantPath nor a "
                        "VariantFile option; if it plays {} without being told, say so with "
                        "variant: {} in its config (variant={} in an engine description)",
                        c.config.name, v.name, v.name, v.name, v.name));
        return false;
    }
    return true;
}

// The name the engine lists for the config's option: USI_Hash for Hash and the other way
// round, where the engine lists only the other.
std::string listed_name(const ListedOptions& listed, const std::string& name, bool usi) {
    if (!usi || listed.names.count(name)) return name;
    static constexpr std::pair<const char*, const char*> kUsiNames[] = {{"Hash", "USI_Hash"},
                                                                        {"Ponder", "USI_Ponder"}};
    for (const auto& [uci, usi_name] : kUsiNames) {
        if (name == uci && listed.names.count(usi_name)) return usi_name;
        if (name == usi_name && listed.names.count(uci)) return uci;
    }
    return name;
}

}  // namespace

void ListedOptions::read(std::string_view line) {
    auto w = rules::split_words(line);
    std::string name;
    std::size_t i = 2;
    for (; i < w.size() && w[i] != "type"; ++i) name += (name.empty() ? "" : " ") + w[i];
    names.insert(name);
    if (name == "UCI_Variant")
        for (; i < w.size(); ++i)
            if (w[i] == "var" && i + 1 < w.size()) variants.insert(w[i + 1]);
}

bool send_setup(const DialectContext& c, const ListedOptions& listed, bool usi) {
    if (!send_variant(c, listed)) return false;
    for (const auto& [configured, value] : c.config.options) {
        const std::string name = listed_name(listed, configured, usi);
        if (!listed.names.count(name)) {
            c.host.fault(FaultKind::Protocol,
                         fmt::format("{} has no option '{}' (it lists: {})", c.config.name,
                                     configured, fmt::join(listed.names, ", ")));
            return false;
        }
        c.host.send(fmt::format("setoption name {} value {}", name, value));
    }
    return true;
}

}  // namespace referee::engine
