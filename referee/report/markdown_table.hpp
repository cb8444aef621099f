// A Markdown table padded into columns, so it reads as a table in a terminal too.
#pragma once

#include <string>
#include <vector>

namespace referee::report {

class MarkdownTable {
  public:
    enum class Align { Left, Right };
    struct Column {
        std::string header;
        Align align;
    };
    explicit MarkdownTable(std::vector<Column> columns) : columns_(std::move(columns)) {}
    // Cells are Markdown already (escape untrusted text first); missing cells are empty.
    void add_row(std::vector<std::string> cells) { rows_.push_back(std::move(cells)); }
    std::string render() const;

  private:
    std::vector<Column> columns_;
    std::vector<std::vector<std::string>> rows_;
};

}  // namespace referee::report
