// referee variants [show NAME | import FILE.ini [NAME...]]: what variants exist and what
// their rules are; sections of a Fairy-Stockfish variants.ini written as variant files.
#include <iostream>

#include <fmt/format.h>

#include "referee/cli/commands.hpp"
#include "referee/rules/text/input_file.hpp"
#include "referee/rules/variant/variant.hpp"
#include "referee/rules/variant/yaml/variant_yaml_writer.hpp"
#include "referee/tournament/output_files.hpp"

namespace referee::cli {

namespace {

struct ImportArgs {
    std::string file, out = ".";
    std::vector<std::string> sections;
    bool force = false;
};

// Each section asked for (every section if none is) written as SECTION.yaml, the file the
// referee plays that section by; a section refused is said with its file, line and key, and
// the others are still written. Fails if any was refused.
void import_ini(const ImportArgs& a) {
    const std::string text = rules::read_input_file(a.file);
    auto sections = a.sections.empty() ? rules::ini_section_names(text, a.file) : a.sections;
    const tournament::OutputDir out(a.out);
    int refused = 0;
    for (const auto& name : sections) {
        try {
            const rules::Variant v = rules::parse_ini_variant(text, a.file, name);
            const std::string yaml = rules::variant_yaml_text(
                v, fmt::format("Section [{}] of {}, imported by `referee variants import`: it "
                               "plays and counts as that section does.",
                               name, a.file));
            const std::string file = name + ".yaml";
            if (a.force)
                out.replace(file, yaml);
            else
                out.write_new(file, yaml);
            std::cout << fmt::format("wrote {}/{}\n", a.out, file);
        } catch (const rules::VariantError& e) {
            ++refused;
            std::cerr << fmt::format("refused [{}]: {}\n", name, e.what());
        }
    }
    if (refused)
        throw std::runtime_error(
            fmt::format("{} of {} sections refused", refused, sections.size()));
}

}  // namespace

void add_variants_command(CLI::App& app) {
    auto* cmd = app.add_subcommand("variants", "list the shipped variants, or show one");
    auto* show = cmd->add_subcommand("show", "print a variant's rules");
    auto name = std::make_shared<std::string>();
    show->add_option("NAME", *name, "variant name, .yaml path or FILE.ini:SECTION")->required();
    auto* import = cmd->add_subcommand(
        "import", "write sections of a Fairy-Stockfish variants.ini as variant files (.yaml)");
    auto args = std::make_shared<ImportArgs>();
    import->add_option("FILE", args->file, "the variants.ini file")->required();
    import->add_option("SECTION", args->sections, "sections to write (default: every one)");
    import->add_option("--out", args->out, "folder to write SECTION.yaml into (default: .)");
    import->add_flag("--force", args->force, "replace files that exist");
    import->callback([args] { import_ini(*args);
});
cmd->callback([cmd, show, import, name] {
    if (import->parsed()) return;
    if (show->parsed()) {
        std::cout << rules::load_variant(*name).summary();
        return;
    }
    (void)cmd;
    for (const auto& n : rules::list_variants()) {
        try {
            auto v = rules::load_variant(n);
            std::cout << fmt::format("{:<22} {}x{}  {}\n", n, v.geometry.width, v.geometry.height,
                                     v.description);
        } catch (const std::exception& e) {
            std::cout << fmt::format("{:<22} (broken: {})\n", n, e.what());
        }
    }
});
}  // namespace referee::cli

}  // namespace referee::cli
