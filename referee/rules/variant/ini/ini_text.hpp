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
    const IniEntry* find(const std::string& key) const {
        for (const IniEntry& e : entries)
            if (e.key == key) return &e;
        return nullptr;
    }
};

// Every section in file order. Throws VariantError naming `file` and the line for a line that
// is neither a section, a key = value pair nor a comment, for a key before any section and
// for a key given twice in one section (Fairy-Stockfish would keep one of them silently).
std::vector<IniSection> split_ini(const std::string& text, const std::string& file);

}  // namespace referee::rules
