// Fairy-Stockfish's variants.ini as text: sections `[name]` or `[name:parent]`, each followed
// by `key = value` lines; `#` and `;` start comment lines. Only the shape is read here; what
// the keys mean is ini_keys.cpp's and ini_pieces.cpp's job.
#pragma once

#include <string>
#include <vector>

namespace referee::rules {

struct IniEntry {
    std::string key, value;
    int line = 0;
};

struct IniSection {
    std::string name, parent;  // parent: "" when the section names none
    int line = 0;              // of the `[...]` line
    std::vector<IniEntry> entries;
    // A key given again with another value (Fairy-Stockfish would keep the last silently):
    // that later entry; the section is refused naming it when it is read, not the whole file.
    // A key repeated with the same value changes nothing and is kept once.
    std::vector<IniEntry> repeated;
    const IniEntry* find(const std::string& key) const {
        for (const IniEntry& e : entries)
            if (e.key == key) return &e;
        return nullptr;
    }
};

// Every section in file order. Throws VariantError naming `file` and the line for a line that
// is neither a section, a key = value pair nor a comment, and for a key before any section.
std::vector<IniSection> split_ini(const std::string& text, const std::string& file);

}  // namespace referee::rules
