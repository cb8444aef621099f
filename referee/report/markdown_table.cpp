#include "referee/report/markdown_table.hpp"

#include <algorithm>

#include "referee/report/text.hpp"

namespace referee::report {

std::string MarkdownTable::render() const {
    const std::size_t n = columns_.size();
    std::vector<std::size_t> width(n, 3);  // "--:" needs three
    for (std::size_t c = 0; c < n; ++c)
        width[c] = std::max(width[c], display_width(columns_[c].header));
    for (const auto& row : rows_)
        for (std::size_t c = 0; c < n && c < row.size(); ++c)
            width[c] = std::max(width[c], display_width(row[c]));

    auto cell = [&](const std::string& text, std::size_t c) {
        const std::string pad(width[c] - display_width(text), ' ');
        return columns_[c].align == Align::Right ? pad + text : text + pad;
    };
    std::string out = "|";
    for (std::size_t c = 0; c < n; ++c) out += " " + cell(columns_[c].header, c) + " |";
    out += "\n|";
    for (std::size_t c = 0; c < n; ++c)
        out += columns_[c].align == Align::Right ? " " + std::string(width[c] - 1, '-') + ": |"
                                                 : " :" + std::string(width[c] - 1, '-') + " |";
    out += '\n';
    for (const auto& row : rows_) {
        out += "|";
        for (std::size_t c = 0; c < n; ++c)
            out += " " + cell(c < row.size() ? row[c] : "", c) + " |";
        out += '\n';
    }
    return out;
}

}  // namespace referee::report
