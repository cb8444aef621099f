// Reading the `end:` keys of a variant file (variant_yaml.cpp reads the rest).
#include "referee/rules/variant/yaml/end_yaml.hpp"

#include <algorithm>
#include <cctype>

#include <fmt/format.h>
#include <yaml-cpp/yaml.h>

#include "referee/rules/variant/yaml/yaml_values.hpp"

namespace referee::rules {
namespace {

using Reader = YamlReader<VariantError>;

EndValue parse_end_value(const Reader& r, const YAML::Node& node, const std::string& key) {
    auto text = r.get<std::string>(node, key, "win, loss or draw");
    if (text == "win") return EndValue::Win;
    if (text == "loss") return EndValue::Loss;
    if (text == "draw") return EndValue::Draw;
    r.fail(node, key, fmt::format("'{}' is '{}'; expected win, loss or draw", key, text));
}

// An entry is "KN v K", or a mapping {material: "KB v KB", same_square_colour: B}.
MaterialDraw parse_material(const Reader& r, const Variant& v, const YAML::Node& entry,
                            const std::string& key) {
    // reset(), not '=': assigning a YAML::Node writes into the node it refers to.
    YAML::Node node;
    node.reset(entry);
    char same_colour = 0;
    if (entry.IsMap()) {
        r.only_keys(entry, key, {"material", "same_square_colour"});
        if (!entry["material"])
            r.fail(entry, key + ".material", "the entry needs 'material', such as 'KB v KB'");
        node.reset(entry["material"]);
        if (auto c = entry["same_square_colour"]) {
            auto letters = parse_letters(r, c, key + ".same_square_colour");
            if (letters.size() != 1 || v.type_of(letters[0]) < 0)
                r.fail(c, key + ".same_square_colour",
                       "must name one piece letter of this variant");
            same_colour = letters[0];
        }
    }
    auto text = r.get<std::string>(node, key, "a string such as 'KN v K'");
    auto pos = text.find(" v ");
    if (pos == std::string::npos)
        r.fail(node, key, fmt::format("'{}' is not of the form 'KN v K'", text));
    MaterialDraw m{text.substr(0, pos), text.substr(pos + 3)};
    for (std::string* side : {&m.strong, &m.weak}) {
        std::erase_if(*side, [](char c) { return std::isspace(static_cast<unsigned char>(c)); });
        for (char& c : *side) {
            c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
            if (v.type_of(c) < 0)
                r.fail(node, key,
                       fmt::format("'{}' names a piece '{}' the variant does not have", text, c));
        }
        std::sort(side->begin(), side->end());
    }
    m.same_square_colour = same_colour;
    return m;
}

// A piece letter of this variant, for end rules that name one.
char parse_piece_letter(const Reader& r, const Variant& v, const YAML::Node& node,
                        const std::string& key) {
    auto letters = parse_letters(r, node, key);
    if (letters.size() != 1 || v.type_of(letters[0]) < 0)
        r.fail(node, key, "must name one piece letter of this variant");
    return letters[0];
}

// region: {piece: K, squares: [d4, e4, d5, e5]} (the same squares for both sides), or
// white: [...] and black: [...]; reply: true gives the other side one more move.
RegionRule read_region(const Reader& r, const Variant& v, const YAML::Node& node) {
    const std::string key = "end.region";
    if (!node.IsMap())
        r.fail(node, key, "must be a mapping such as {piece: K, squares: [d4, e4, d5, e5]}");
    r.only_keys(node, key, {"piece", "squares", "white", "black", "reply", "count"});
    RegionRule rule;
    if (!node["piece"]) r.fail(node, key + ".piece", "a region needs the piece that reaches it");
    // `piece: any`: a piece of any kind (Fairy-Stockfish's flagPiece = *).
    if (!(node["piece"].IsScalar() && node["piece"].Scalar() == "any"))
        rule.piece = parse_piece_letter(r, v, node["piece"], key + ".piece");
    auto squares = [&](const YAML::Node& list, const std::string& k) {
        if (!list.IsSequence() || list.size() == 0)
            r.fail(list, k, "must be a non-empty list of squares such as [d4, e4]");
        std::vector<Square> out;
        for (const auto& sq : list) out.push_back(parse_square(r, v.geometry, sq, k));
        return out;
    };
    if (node["squares"] && (node["white"] || node["black"]))
        r.fail(node, key, "give either 'squares' (both sides) or 'white' and 'black'");
    if (node["squares"]) {
        rule.squares[0] = rule.squares[1] = squares(node["squares"], key + ".squares");
    } else {
        for (const char* side : {"white", "black"})
            if (!node[side])
                r.fail(node, key + "." + side, "a region needs 'squares', or 'white' and 'black'");
        rule.squares[0] = squares(node["white"], key + ".white");
        rule.squares[1] = squares(node["black"], key + ".black");
    }
    if (node["reply"]) rule.reply = r.get<bool>(node["reply"], key + ".reply", "true or false");
    if (node["count"]) {
        rule.count = r.get<int>(node["count"], key + ".count", "a whole number");
        // More than the region holds is never reached, as in Fairy-Stockfish (knights-halma
        // lists a square twice and asks nine knights of eight squares): a win for no one.
        if (rule.count < 1) r.fail(node["count"], key + ".count", "must be 1 or more");
    }
    return rule;
}

// mate_checks: {series_by: [R, N, J], alone_loses: [N]} (shatar).
MateChecks read_mate_checks(const Reader& r, const Variant& v, const YAML::Node& node) {
    const std::string key = "end.mate_checks";
    if (!node.IsMap())
        r.fail(node, key, "must be a mapping such as {series_by: [R, N, J], alone_loses: [N]}");
    r.only_keys(node, key, {"series_by", "alone_loses"});
    if (!v.check_rules) r.fail(node, key, "the checks of a checkmate need check_rules");
    if (!node["series_by"]) r.fail(node, key + ".series_by", "mate_checks needs 'series_by'");
    MateChecks rule;
    auto pieces = [&](const char* name, std::vector<char>& out) {
        if (!node[name]) return;
        out = parse_letters(r, node[name], key + "." + name);
        for (char c : out)
            if (v.type_of(c) < 0)
                r.fail(node[name], key + "." + name,
                       fmt::format("'{}' is not a piece of this variant", c));
    };
    pieces("series_by", rule.series_by);
    pieces("alone_loses", rule.alone_loses);
    return rule;
}

// {points: {R: 13, C: 7, ...}, black_bonus: 1.5}: every piece not named counts nothing.
EndRules::MaterialCount read_material_count(const Reader& r, const Variant& v,
                                            const YAML::Node& node) {
    const std::string key = "end.material_count";
    if (!node.IsMap())
        r.fail(node, key, "must be a mapping such as {points: {R: 13, C: 7}, black_bonus: 1.5}");
    r.only_keys(node, key, {"points", "black_bonus"});
    const auto points = node["points"];
    if (!points || !points.IsMap() || points.size() == 0)
        r.fail(points ? points : node, key + ".points",
               "needs 'points': a mapping of piece letters to points, such as {R: 13, C: 7}");
    EndRules::MaterialCount count;
    for (const auto& item : points) {
        const auto letter = r.get<std::string>(item.first, key + ".points", "a piece letter");
        const int type = letter.size() == 1 ? v.type_of(letter[0]) : -1;
        if (type < 0)
            r.fail(item.first, key + ".points",
                   fmt::format("'{}' is not a piece letter of this variant", letter));
        const int value = r.get<int>(item.second, key + ".points." + letter, "a whole number");
        if (value < 0) r.fail(item.second, key + ".points." + letter, "must not be negative");
        count.points.emplace_back(v.pieces[type].letter, value);
    }
    if (node["black_bonus"]) {
        count.black_bonus = r.get<double>(node["black_bonus"], key + ".black_bonus", "a number");
        if (count.black_bonus < 0)
            r.fail(node["black_bonus"], key + ".black_bonus", "must not be negative");
    }
    return count;
}

}  // namespace

void read_end(const Reader& r, const YAML::Node& node, Variant& v) {
    r.only_keys(node, "end",
                {"royal_capture", "checkmate", "no_legal_moves", "move_limit", "repetition",
                 "repetition_value", "n_move_rule", "check_count", "insufficient_material",
                 "region", "bare_king", "extinction", "stalemate_piece_count", "counting",
                 "perpetual_check", "mate_checks", "bikjang", "double_pass", "material_count"});
    EndRules& e = v.end;
    if (auto c = node["counting"]) {
        const auto rule = r.get<std::string>(c, "end.counting", "makruk or asean");
        if (rule == "makruk")
            e.counting = CountingRule::Makruk;
        else if (rule == "asean")
            e.counting = CountingRule::Asean;
        else
            r.fail(c, "end.counting",
                   fmt::format("'{}' is not a counting rule (makruk or asean)", rule));
    }
    if (node["royal_capture"])
        e.royal_capture = parse_end_value(r, node["royal_capture"], "end.royal_capture");
    if (node["checkmate"]) e.checkmate = parse_end_value(r, node["checkmate"], "end.checkmate");
    if (node["no_legal_moves"])
        e.no_legal_moves = parse_end_value(r, node["no_legal_moves"], "end.no_legal_moves");
    auto count = [&](const char* key, int& out) {
        if (!node[key]) return;
        out = r.get<int>(node[key], std::string("end.") + key, "a whole number");
        if (out < 0) r.fail(node[key], std::string("end.") + key, "must not be negative");
    };
    count("move_limit", e.move_limit);
    count("repetition", e.repetition);
    count("n_move_rule", e.n_move_rule);
    count("check_count", e.check_count);
    if (e.check_count > 0 &&
        std::none_of(v.pieces.begin(), v.pieces.end(), [](const PieceType& p) { return p.royal; }))
        r.fail(node["check_count"], "end.check_count",
               "counting checks needs a piece to check: no piece is 'royal: true'");
    if (e.repetition == 1)
        r.fail(node["repetition"], "end.repetition",
               "a repetition count must be 2 or more (0: none)");
    if (node["repetition_value"]) {
        e.repetition_value = parse_end_value(r, node["repetition_value"], "end.repetition_value");
        if (!e.repetition)
            r.fail(node["repetition_value"], "end.repetition_value",
                   "the verdict of a repetition needs 'repetition: N'");
    }
    if (node["perpetual_check"]) {
        e.perpetual_check = parse_end_value(r, node["perpetual_check"], "end.perpetual_check");
        if (!e.repetition)
            r.fail(node["perpetual_check"], "end.perpetual_check",
                   "perpetual check is judged at a repetition: it needs 'repetition: N'");
    }
    if (node["region"]) e.region = read_region(r, v, node["region"]);
    if (node["bikjang"]) e.bikjang = r.get<bool>(node["bikjang"], "end.bikjang", "true or false");
    if (node["double_pass"]) {
        e.double_pass = r.get<bool>(node["double_pass"], "end.double_pass", "true or false");
        if (e.double_pass && !v.pass)
            r.fail(node["double_pass"], "end.double_pass",
                   "two passes in a row need passing: set 'pass: true'");
    }
    if (node["material_count"])
        e.material_count = read_material_count(r, v, node["material_count"]);
    if (auto b = node["bare_king"]) {
        // bare_king: loss, or {value: loss, reply: true}
        if (b.IsMap()) {
            r.only_keys(b, "end.bare_king", {"value", "reply"});
            if (!b["value"]) r.fail(b, "end.bare_king.value", "bare_king needs a 'value'");
            e.bare_king = parse_end_value(r, b["value"], "end.bare_king.value");
            if (b["reply"])
                e.bare_king_reply = r.get<bool>(b["reply"], "end.bare_king.reply", "true or false");
        } else {
            e.bare_king = parse_end_value(r, b, "end.bare_king");
        }
    }
    if (auto x = node["extinction"]) {
        // extinction: {value: loss, pieces: all} or {value: loss, pieces: [P, N, B, R, Q, K]}
        if (!x.IsMap())
            r.fail(x, "end.extinction", "must be a mapping such as {value: loss, pieces: all}");
        r.only_keys(x, "end.extinction", {"value", "pieces", "count", "opponent_count"});
        if (!x["value"]) r.fail(x, "end.extinction.value", "extinction needs a 'value'");
        if (!x["pieces"])
            r.fail(x, "end.extinction.pieces",
                   "extinction needs 'pieces': a list of letters, or 'all'");
        e.extinction = parse_end_value(r, x["value"], "end.extinction.value");
        if (!(x["pieces"].IsScalar() && x["pieces"].Scalar() == "all")) {
            e.extinction_pieces = parse_letters(r, x["pieces"], "end.extinction.pieces");
            for (char c : e.extinction_pieces)
                if (v.type_of(c) < 0)
                    r.fail(x["pieces"], "end.extinction.pieces",
                           fmt::format("'{}' is not a piece of this variant", c));
        }
        if (x["count"]) {
            e.extinction_count = r.get<int>(x["count"], "end.extinction.count", "a whole number");
            if (e.extinction_count < 0)
                r.fail(x["count"], "end.extinction.count", "must be 0 or more");
        }
        if (const auto o = x["opponent_count"]) {
            e.extinction_opponent_count =
                r.get<int>(o, "end.extinction.opponent_count", "a whole number");
            if (e.extinction_opponent_count < 0)
                r.fail(o, "end.extinction.opponent_count", "must be 0 or more");
        }
    }
    if (auto m = node["mate_checks"]) e.mate_checks = read_mate_checks(r, v, m);
    if (node["stalemate_piece_count"])
        e.stalemate_piece_count = r.get<bool>(node["stalemate_piece_count"],
                                              "end.stalemate_piece_count", "true or false");
    if (auto m = node["insufficient_material"]) {
        if (!m.IsSequence())
            r.fail(m, "end.insufficient_material",
                   "must be a list such as ['K v K', 'KN v K', {material: 'KB v KB', "
                   "same_square_colour: B}]");
        for (const auto& item : m)
            e.insufficient_material.push_back(
                parse_material(r, v, item, "end.insufficient_material"));
    }
}

}  // namespace referee::rules
