#include "referee/rules/variant/yaml/variant_yaml_writer.hpp"

#include <cstdio>

#include <fmt/format.h>

namespace referee::rules {
namespace {

// A double-quoted YAML scalar: any text (names, Betza, UTF-8 KIF names) reads back as is.
std::string quoted(const std::string& text) {
    std::string out = "\"";
    for (unsigned char c : text) {
        if (c == '"' || c == '\\') {
            out += '\\';
            out += static_cast<char>(c);
        } else if (c < 0x20) {
            char buf[8];
            std::snprintf(buf, sizeof buf, "\\x%02x", c);
            out += buf;
        } else {
            out += static_cast<char>(c);
        }
    }
    return out + "\"";
}

std::string letters(const std::vector<char>& list) {
    std::string out;
    for (char c : list) out += (out.empty() ? "" : ", ") + std::string(1, c);
    return "[" + out + "]";
}

std::string numbers(const std::vector<int>& list) {
    std::string out;
    for (int n : list) out += (out.empty() ? "" : ", ") + std::to_string(n);
    return "[" + out + "]";
}

const char* yes(bool b) {
    return b ? "true" : "false";
}

// `files: d-f, ranks: 1-3`, leaving out a whole side of the board.
std::string region_keys(const Geometry& g, const PieceRegion& r) {
    const int last_file = std::min(r.file_hi, g.width - 1),
              last_rank = std::min(r.rank_hi, g.height);
    std::string out;
    if (r.file_lo > 0 || last_file < g.width - 1)
        out += fmt::format("files: {}-{}", static_cast<char>('a' + r.file_lo),
                           static_cast<char>('a' + last_file));
    if (r.rank_lo > 1 || last_rank < g.height)
        out += fmt::format("{}ranks: {}-{}", out.empty() ? "" : ", ", r.rank_lo, last_rank);
    return out;
}

std::string piece_text(const Variant& v, const PieceType& p) {
    const Geometry& g = v.geometry;
    std::string t = fmt::format("  - letter: {}\n    name: {}\n    betza: {}\n", p.letter,
                                quoted(p.name), quoted(p.betza));
    if (p.royal) t += "    royal: true\n";
    if (p.pawn) t += "    pawn: true\n";
    if (!p.double_step_ranks.empty())
        t += fmt::format("    double_step: {}\n", numbers(p.double_step_ranks));
    if (p.en_passant) t += "    en_passant: true\n";
    if (!p.first_move_betza.empty())
        t += fmt::format("    first_move: {}\n", quoted(p.first_move_betza));
    if (p.confined) t += fmt::format("    confined: {{{}}}\n", region_keys(g, *p.confined));
    if (p.extra_moves) {
        const std::string where = region_keys(g, p.extra_moves->region);
        t += fmt::format("    extra_moves: {{betza: {}{}{}}}\n", quoted(p.extra_moves->betza),
                         where.empty() ? "" : ", ", where);
    }
    if (!p.palace_betza.empty()) t += fmt::format("    palace_moves: {}\n", quoted(p.palace_betza));
    if (!p.screens_not.empty()) t += fmt::format("    screens_not: {}\n", letters(p.screens_not));
    if (!p.captures_not.empty())
        t += fmt::format("    captures_not: {}\n", letters(p.captures_not));
    if (p.promoted_form_of) t += fmt::format("    fen: \"+{}\"\n", p.promoted_form_of);
    if (!p.kif.empty()) t += fmt::format("    kif: {}\n", quoted(p.kif));
    if (!p.promotes_to.empty()) {
        t += fmt::format("    promotion:\n      to: {}\n", letters(p.promotes_to));
        if (p.promotion_on_capture) t += "      on_capture: true\n";
        if (p.promotion_every_move) t += "      every_move: true\n";
        if (p.promotion_rank) t += fmt::format("      rank: {}\n", p.promotion_rank);
        if (p.promotion_optional) {
            t += "      optional: true\n";
            if (p.forced_promotion_rank < 0)
                t += "      forced_rank: never\n";
            else if (p.forced_promotion_rank > 0)
                t += fmt::format("      forced_rank: {}\n", p.forced_promotion_rank);
        }
        if (p.promotion_captured_only) t += "      captured_only: true\n";
        if (p.promotion_leaving) t += "      leaving: true\n";
    }
    if (const auto& m = p.promotion_move) {
        std::string squares;
        for (Square s : m->squares) squares += (squares.empty() ? "" : ", ") + g.name(s);
        t += fmt::format("    promotion_move: {{to: {}", m->to);
        if (!m->squares.empty()) t += fmt::format(", squares: [{}]", squares);
        if (m->last_anywhere) t += ", last_anywhere: true";
        if (m->limit) t += fmt::format(", limit: {}", m->limit);
        if (m->no_check) t += ", no_check: true";
        if (m->no_attack) t += ", no_attack: true";
        t += "}\n";
    }
    return t;
}

std::string drops_text(const Variant& v) {
    const DropRules& d = v.drop_rules;
    std::string t = "drops:\n";
    if (!d.forbidden_ranks.empty()) {
        t += "  forbidden_ranks:\n";
        for (const auto& [letter, ranks] : d.forbidden_ranks)
            t += fmt::format("    {}: {}\n", letter, numbers(ranks));
    }
    if (!d.ranks.empty()) t += fmt::format("  ranks: {}\n", numbers(d.ranks));
    if (d.must_drop)
        t += d.must_drop_piece ? fmt::format("  must_drop: {}\n", d.must_drop_piece)
                               : "  must_drop: true\n";
    if (d.opposite_colours) t += fmt::format("  opposite_colours: {}\n", d.opposite_colours);
    if (d.castling) t += "  castling: true\n";
    if (d.keep_promoted) t += "  keep_promoted: true\n";
    if (d.no_doubled) t += fmt::format("  no_doubled: {}\n", d.no_doubled);
    if (d.no_mate) t += fmt::format("  no_mate: {}\n", d.no_mate);
    if (d.promoted) t += "  promoted: true\n";
    if (d.no_check) t += "  no_check: true\n";
    return t == "drops:\n" ? "drops: true\n" : t;
}

std::string end_text(const Variant& v) {
    const EndRules& e = v.end;
    const Geometry& g = v.geometry;
    std::string t = "end:\n";
    if (e.royal_capture)
        t += fmt::format("  royal_capture: {}\n", end_value_name(*e.royal_capture));
    t += fmt::format("  checkmate: {}\n", end_value_name(e.checkmate));
    t += fmt::format("  no_legal_moves: {}\n", end_value_name(e.no_legal_moves));
    if (e.mate_checks)
        t += fmt::format("  mate_checks: {{series_by: {}, alone_loses: {}}}\n",
                         letters(e.mate_checks->series_by), letters(e.mate_checks->alone_loses));
    if (e.stalemate_piece_count) t += "  stalemate_piece_count: true\n";
    if (e.move_limit) t += fmt::format("  move_limit: {}\n", e.move_limit);
    if (e.repetition) t += fmt::format("  repetition: {}\n", e.repetition);
    if (e.repetition && e.repetition_value != EndValue::Draw)
        t += fmt::format("  repetition_value: {}\n", end_value_name(e.repetition_value));
    if (e.perpetual_check)
        t += fmt::format("  perpetual_check: {}\n", end_value_name(*e.perpetual_check));
    if (e.n_move_rule) t += fmt::format("  n_move_rule: {}\n", e.n_move_rule);
    if (e.check_count) t += fmt::format("  check_count: {}\n", e.check_count);
    if (e.bikjang) t += "  bikjang: true\n";
    if (e.double_pass) t += "  double_pass: true\n";
    if (const auto& m = e.material_count) {
        std::string points;
        for (const auto& [letter, value] : m->points)
            points += fmt::format("{}{}: {}", points.empty() ? "" : ", ", letter, value);
        t += fmt::format("  material_count: {{points: {{{}}}, black_bonus: {}}}\n", points,
                         m->black_bonus);
    }
    if (e.region) {
        auto squares = [&](const std::vector<Square>& list) {
            std::string out;
            for (Square s : list) out += (out.empty() ? "" : ", ") + g.name(s);
            return "[" + out + "]";
        };
        t += fmt::format("  region: {{piece: {}, white: {}, black: {}{}{}}}\n",
                         e.region->piece ? std::string(1, e.region->piece) : "any",
                         squares(e.region->squares[0]), squares(e.region->squares[1]),
                         e.region->reply ? ", reply: true" : "",
                         e.region->count > 1 ? fmt::format(", count: {}", e.region->count) : "");
    }
    if (e.bare_king)
        t += fmt::format("  bare_king: {{value: {}, reply: {}}}\n", end_value_name(*e.bare_king),
                         yes(e.bare_king_reply));
    if (e.extinction)
        t += fmt::format("  extinction: {{value: {}, pieces: {}{}{}}}\n",
                         end_value_name(*e.extinction),
                         e.extinction_pieces.empty() ? "all" : letters(e.extinction_pieces),
                         e.extinction_count ? fmt::format(", count: {}", e.extinction_count) : "",
                         e.extinction_opponent_count
                             ? fmt::format(", opponent_count: {}", e.extinction_opponent_count)
                             : "");
    if (e.counting != CountingRule::None)
        t += fmt::format("  counting: {}\n",
                         e.counting == CountingRule::Makruk ? "makruk" : "asean");
    t += "  insufficient_material:";
    if (e.insufficient_material.empty()) t += " []";
    t += "\n";
    for (const MaterialDraw& m : e.insufficient_material) {
        const std::string material =
            quoted(v.royal_first(m.strong) + " v " + v.royal_first(m.weak));
        if (m.same_square_colour)
            t += fmt::format("    - {{material: {}, same_square_colour: {}}}\n", material,
                             m.same_square_colour);
        else
            t += fmt::format("    - {}\n", material);
    }
    return t;
}

}  // namespace

std::string variant_yaml_text(const Variant& v, const std::string& header) {
    const Geometry& g = v.geometry;
    std::string t;
    for (std::size_t start = 0; start < header.size();) {
        auto end = header.find('\n', start);
        if (end == std::string::npos) end = header.size();
        t += "# " + header.substr(start, end - start) + "\n";
        start = end + 1;
    }
    t += fmt::format("name: {}\n", quoted(v.name));
    if (!v.description.empty()) t += fmt::format("description: {}\n", quoted(v.description));
    if (v.uci_default) t += "uci_default: true\n";
    if (v.drawing != Drawing::Squares)
        t += fmt::format("drawing: {}\n", v.drawing == Drawing::Points ? "points" : "tiles");
    t += fmt::format("board: {{files: {}, ranks: {}}}\n", g.width, g.height);
    t += fmt::format("start: {}\n", quoted(v.start_fen));
    t += "pieces:\n";
    for (const PieceType& p : v.pieces) t += piece_text(v, p);
    t += fmt::format("check_rules: {}\n", yes(v.check_rules));
    if (v.checks_forbidden) t += "checks_forbidden: true\n";
    if (v.must_capture) t += "must_capture: true\n";
    if (v.royal_held_in_check) t += "royal_held_in_check: true\n";
    if (v.flying_general) t += "flying_general: true\n";
    if (!v.palace_lines.empty()) {
        std::string points;
        for (Square s : v.palace_lines) points += (points.empty() ? "" : ", ") + g.name(s);
        t += fmt::format("palace_lines: [{}]\n", points);
    }
    if (v.pass) t += "pass: true\n";
    if (v.chess960) t += "chess960: true\n";
    if (v.gating) t += "gating: true\n";
    if (v.captures_to_hand) t += "captures_to_hand: true\n";
    if (v.drops) t += drops_text(v);
    if (!v.castling.empty()) {
        t += "castling:\n";
        for (const CastlingRule& c : v.castling) {
            t += fmt::format("  - {{right: {}, king: {}, rook: {}, king_to: {}, rook_to: {}",
                             c.right, g.name(c.king_from), g.name(c.rook_from), g.name(c.king_to),
                             g.name(c.rook_to));
            if (c.king_piece) t += fmt::format(", king_piece: {}", c.king_piece);
            if (c.rook_piece) t += fmt::format(", rook_piece: {}", c.rook_piece);
            t += "}\n";
        }
    }
    return t + end_text(v);
}

}  // namespace referee::rules
