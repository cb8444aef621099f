// Reading a variant from YAML. Every error names the file, line, column and key, because
// the people writing variant files are not the people who wrote this parser.
#include <algorithm>
#include <cctype>
#include <filesystem>
#include <set>

#include <fmt/format.h>
#include <yaml-cpp/yaml.h>

#include "referee/rules/base/fen.hpp"
#include "referee/rules/text/input_file.hpp"
#include "referee/rules/variant/variant.hpp"
#include "referee/rules/variant/yaml/drop_rules_yaml.hpp"
#include "referee/rules/variant/yaml/end_yaml.hpp"
#include "referee/rules/variant/yaml/first_moves_yaml.hpp"
#include "referee/rules/variant/yaml/palace_lines_yaml.hpp"
#include "referee/rules/variant/yaml/piece_region_yaml.hpp"
#include "referee/rules/variant/yaml/promotion_move_yaml.hpp"
#include "referee/rules/variant/yaml/xboard_letters.hpp"
#include "referee/rules/variant/yaml/yaml_reader.hpp"
#include "referee/rules/variant/yaml/yaml_values.hpp"

namespace referee::rules {
namespace {

using Reader = YamlReader<VariantError>;

void read_piece(const Reader& r, const YAML::Node& node, const std::string& where, Variant& v) {
    r.only_keys(node, where,
                {"letter", "name", "betza", "royal", "pawn", "promotion", "double_step",
                 "en_passant", "first_move", "first_move_ranks", "confined", "extra_moves", "fen",
                 "kif", "promotion_move", "palace_moves", "screens_not", "captures_not"});
    PieceType p;
    p.source_line = node.Mark().line + 1;
    if (!node["letter"]) r.fail(node, where + ".letter", "a piece needs a letter");
    auto letter = r.get<std::string>(node["letter"], where + ".letter", "a letter");
    if (letter.size() != 1 || !std::isalpha(static_cast<unsigned char>(letter[0])))
        r.fail(node["letter"], where + ".letter",
               fmt::format("'{}' is not a single letter", letter));
    p.letter = static_cast<char>(std::toupper(static_cast<unsigned char>(letter[0])));
    if (v.type_of(p.letter) >= 0)
        r.fail(node["letter"], where + ".letter",
               fmt::format("the letter '{}' is used by two pieces", p.letter));
    p.name = node["name"] ? r.get<std::string>(node["name"], where + ".name", "a name")
                          : std::string(1, p.letter);
    if (!node["betza"])
        r.fail(node, where + ".betza", fmt::format("piece '{}' has no betza movement", p.letter));
    // A Betza string of this piece (its moves, or its first move's leaps), errors at the
    // offending character.
    auto betza = [&](const YAML::Node& text_node, const std::string& key, std::string& text) {
        text = r.get<std::string>(text_node, key, "a Betza string");
        try {
            return parse_betza(text);
        } catch (const BetzaError& e) {
            r.fail_at(text_node, key, static_cast<int>(e.position()),
                      fmt::format("piece '{}' ({}): {} in '{}' (unsupported part: '{}')", p.letter,
                                  p.name, e.what(), text, e.part()));
        }
        return std::vector<MoveRule>{};
    };
    p.moves = betza(node["betza"], where + ".betza", p.betza);
    if (node["first_move"])
        p.first_moves = betza(node["first_move"], where + ".first_move", p.first_move_betza);
    read_first_moves(r, node, where, v.geometry, p);
    read_piece_regions(r, node, where, v.geometry, p);
    read_promotion_move(r, node, where, v.geometry, p);
    read_palace_moves(r, node, where, p);
    if (node["fen"]) {
        // "+P": the promoted form of P (the letter is checked once every piece is read).
        const auto fen = r.get<std::string>(node["fen"], where + ".fen", "a string such as '+P'");
        if (fen.size() != 2 || fen[0] != '+' || !std::isalpha(static_cast<unsigned char>(fen[1])))
            r.fail(node["fen"], where + ".fen",
                   fmt::format("'{}' is not '+' and a piece letter, as in '+P'", fen));
        p.promoted_form_of = static_cast<char>(std::toupper(static_cast<unsigned char>(fen[1])));
    }
    if (node["kif"]) p.kif = r.get<std::string>(node["kif"], where + ".kif", "a name such as 歩");
    if (node["royal"]) p.royal = r.get<bool>(node["royal"], where + ".royal", "true or false");
    if (node["pawn"]) p.pawn = r.get<bool>(node["pawn"], where + ".pawn", "true or false");
    if (node["en_passant"])
        p.en_passant = r.get<bool>(node["en_passant"], where + ".en_passant", "true or false");
    if (node["double_step"])
        p.double_step_ranks =
            parse_ranks(r, node["double_step"], where + ".double_step", v.geometry.height);
    if (auto promo = node["promotion"]) {
        const std::string key = where + ".promotion";
        if (promo.IsMap()) {
            r.only_keys(promo, key,
                        {"to", "rank", "optional", "forced_rank", "captured_only", "leaving",
                         "on_capture", "every_move", "black"});
            if (promo["on_capture"]) {
                p.promotion_on_capture =
                    r.get<bool>(promo["on_capture"], key + ".on_capture", "true or false");
                for (const char* zone_key : {"rank", "optional", "forced_rank", "leaving"})
                    if (p.promotion_on_capture && promo[zone_key])
                        r.fail(promo[zone_key], key + "." + zone_key,
                               "a piece that promotes by capturing has no promotion zone");
            }
            if (promo["every_move"]) {
                p.promotion_every_move =
                    r.get<bool>(promo["every_move"], key + ".every_move", "true or false");
                for (const char* zone_key :
                     {"rank", "optional", "forced_rank", "leaving", "on_capture", "captured_only"})
                    if (p.promotion_every_move && promo[zone_key])
                        r.fail(promo[zone_key], key + "." + zone_key,
                               "a piece that turns over with every move has no promotion zone "
                               "nor other promotion rule");
            }
            if (promo["leaving"])
                p.promotion_leaving =
                    r.get<bool>(promo["leaving"], key + ".leaving", "true or false");
            if (promo["captured_only"])
                p.promotion_captured_only =
                    r.get<bool>(promo["captured_only"], key + ".captured_only", "true or false");
            if (promo["optional"])
                p.promotion_optional =
                    r.get<bool>(promo["optional"], key + ".optional", "true or false");
            if (promo["forced_rank"] && promo["forced_rank"].IsScalar() &&
                promo["forced_rank"].Scalar() == "never") {
                // Shogi's silver, bishop and rook: never forced, even on the last rank.
                if (!p.promotion_optional)
                    r.fail(promo["forced_rank"], key + ".forced_rank",
                           "forced_rank only means something with 'optional: true'");
                p.forced_promotion_rank = -1;
            } else if (promo["forced_rank"]) {
                if (!p.promotion_optional)
                    r.fail(promo["forced_rank"], key + ".forced_rank",
                           "forced_rank only means something with 'optional: true'");
                auto ranks =
                    parse_ranks(r, promo["forced_rank"], key + ".forced_rank", v.geometry.height);
                if (ranks.size() != 1)
                    r.fail(promo["forced_rank"], key + ".forced_rank",
                           "give one rank (the first rank where promotion is compulsory)");
                p.forced_promotion_rank = ranks[0];
            }
            if (!promo["to"]) r.fail(promo, key + ".to", "a promotion needs 'to'");
            p.promotes_to = parse_letters(r, promo["to"], key + ".to");
            if (promo["black"])
                p.black_promotes_to = parse_letters(r, promo["black"], key + ".black");
            if (promo["rank"]) {
                auto ranks = parse_ranks(r, promo["rank"], key + ".rank", v.geometry.height);
                if (ranks.size() != 1)
                    r.fail(
                        promo["rank"], key + ".rank",
                        fmt::format("give one rank (the first rank of the promotion zone), not {}",
                                    ranks.size()));
                p.promotion_rank = ranks[0];
            }
            // -1 is `never` (read above), not a rank.
            if (p.forced_promotion_rank > 0 && p.forced_promotion_rank < p.promotion_rank)
                r.fail(promo["forced_rank"], key + ".forced_rank",
                       fmt::format("forced_rank {} lies before the promotion zone, which starts "
                                   "on rank {}",
                                   p.forced_promotion_rank, p.promotion_rank));
        } else {
            p.promotes_to = parse_letters(r, promo, key);
        }
    }
    v.pieces.push_back(std::move(p));
}

void read_castling(const Reader& r, const YAML::Node& node, const std::string& where, Variant& v) {
    r.only_keys(
        node, where,
        {"right", "king", "rook", "king_to", "rook_to", "king_piece", "rook_piece", "side"});
    for (const char* k : {"right", "king", "rook", "king_to", "rook_to"})
        if (!node[k]) r.fail(node, r.join(where, k), fmt::format("castling needs '{}'", k));
    CastlingRule c;
    auto right = r.get<std::string>(node["right"], where + ".right", "a letter");
    if (right.size() != 1 || !std::isupper(static_cast<unsigned char>(right[0])))
        r.fail(node["right"], where + ".right",
               fmt::format("the right '{}' must be one upper-case letter such as K or Q", right));
    c.right = right[0];
    const Geometry& g = v.geometry;
    c.king_from = parse_square(r, g, node["king"], where + ".king");
    c.rook_from = parse_square(r, g, node["rook"], where + ".rook");
    c.king_to = parse_square(r, g, node["king_to"], where + ".king_to");
    c.rook_to = parse_square(r, g, node["rook_to"], where + ".rook_to");
    if (g.rank_of(c.king_from) != g.rank_of(c.rook_from) ||
        g.rank_of(c.king_to) != g.rank_of(c.king_from) ||
        g.rank_of(c.rook_to) != g.rank_of(c.king_from))
        r.fail(node, where, "castling squares must all be on one rank");
    if (c.king_from == c.rook_from) r.fail(node, where, "the king and rook squares are the same");
    for (auto [key, letter] :
         {std::pair{"king_piece", &c.king_piece}, {"rook_piece", &c.rook_piece}})
        if (node[key]) {
            const auto text = r.get<std::string>(node[key], r.join(where, key), "a piece letter");
            if (text.size() != 1 || v.type_of(text[0]) < 0)
                r.fail(node[key], r.join(where, key),
                       fmt::format("'{}' is not the letter of a piece of this variant", text));
            *letter = static_cast<char>(std::toupper(static_cast<unsigned char>(text[0])));
        }
    if (const auto side = node["side"]) {
        const auto text = r.get<std::string>(side, where + ".side", "white or black");
        if (text != "white" && text != "black")
            r.fail(side, where + ".side", fmt::format("'{}' is not a side: white or black", text));
        c.only = text == "white" ? White : Black;
    }
    for (const auto& other : v.castling)
        if (other.right == c.right && ((other.applies(White) && c.applies(White)) ||
                                       (other.applies(Black) && c.applies(Black))))
            r.fail(node["right"], where + ".right",
                   fmt::format("the right '{}' is defined twice", c.right));
    v.castling.push_back(c);
}

// A FEN of the variant file (`key`) read on the variant's board; `what` names it in the
// error ("the start position ", or nothing where the key says it).
PositionFields fen_on_board(const Reader& r, const YAML::Node& node, const std::string& key,
                            const std::string& fen, const Variant& v, std::string_view what) {
    try {
        return parse_fen(v.geometry, fen);
    } catch (const PositionError& e) {
        r.fail(node, key,
               fmt::format("{}'{}' does not fit the {}x{} board: {}", what, fen, v.geometry.width,
                           v.geometry.height, e.what()));
    }
}

// The array xboard engines start from: a position of this board and these pieces.
void check_xboard_start(const Reader& r, const YAML::Node& node, const Variant& v) {
    const PositionFields f = fen_on_board(r, node, "xboard_start", v.xboard_start_fen, v, "");
    for (char c : f.placement)
        if (c != '.' && v.type_of(c) < 0)
            r.fail(node, "xboard_start",
                   fmt::format("'{}' has '{}', which is not a piece of this variant",
                               v.xboard_start_fen, c));
}

void check_start(const Reader& r, const YAML::Node& node, const Variant& v) {
    const PositionFields f = fen_on_board(r, node, "start", v.start_fen, v, "the start position ");
    int royals[2] = {0, 0};
    for (Square sq = 0; sq < static_cast<Square>(f.placement.size()); ++sq) {
        const char c = f.placement[sq];
        if (c == '.') continue;
        if (v.type_of(c) < 0)
            r.fail(node, "start",
                   fmt::format("the start position has '{}', which is not a piece of this variant",
                               c));
        const PieceType& piece = v.pieces[v.type_of(c)];
        const Color side = std::isupper(static_cast<unsigned char>(c)) ? White : Black;
        if (piece.royal) ++royals[side];
        // A piece in its promotion zone (the zone Tables builds: from promotion_rank, else
        // the last rank) would have had to promote on arriving. Said here, where the file
        // and line are known; the position itself would refuse it with neither.
        const int zone = piece.promotion_rank ? piece.promotion_rank : v.geometry.height;
        if (!piece.promotes_to.empty() && !piece.promotion_on_capture &&
            !piece.promotion_every_move && v.geometry.relative_rank(side, sq) >= zone)
            r.fail(node, "start",
                   fmt::format("the start position has {}'s {} on {}, where it must already have "
                               "promoted (its promotion zone starts on its rank {})",
                               color_name(side), piece.name, v.geometry.name(sq), zone));
    }
    for (char c : f.hand) {
        // A royal piece in hand at the start (placement) is dropped before anything moves.
        if (v.type_of(c) >= 0 && v.pieces[v.type_of(c)].royal)
            ++royals[std::isupper(static_cast<unsigned char>(c)) ? White : Black];
        if (v.type_of(c) < 0)
            r.fail(node, "start",
                   fmt::format("the start position has '{}' in hand, which is not a piece of "
                               "this variant",
                               c));
    }
    if (!v.has_hands() && !f.hand.empty())
        r.fail(node, "start",
               "the start position has pieces in hand, but the variant has no hands (set "
               "'drops: true' or 'gating: true')");
    // The piece that castles is the one standing on the rook's square at the start: there
    // must be one of each side there (no piece is guessed by its letter).
    for (const auto& c : v.castling)
        for (int side = 0; side < 2; ++side) {
            if (!c.applies(side == 0 ? White : Black)) continue;
            const Square sq = side == 0 ? c.rook_from : v.geometry.mirror_rank(c.rook_from);
            const char piece = f.placement[sq];
            if (c.rook_piece) continue;  // named: it may be dropped there later
            if (piece == '.' ||
                (std::isupper(static_cast<unsigned char>(piece)) != 0) != (side == 0))
                r.fail(node, "start",
                       fmt::format("castling '{}' moves the {} piece on {}, but the start position "
                                   "has none there",
                                   side == 0 ? c.right : static_cast<char>(std::tolower(c.right)),
                                   side == 0 ? "White" : "Black", v.geometry.name(sq)));
        }
    // Check rules without royal capture need a royal piece on each side from the first move,
    // but where losing every piece ends the game a side may have none (horde's White).
    if (v.check_rules && !v.end.royal_capture && !v.end.extinction)
        for (int side = 0; side < 2; ++side)
            if (royals[side] == 0)
                r.fail(node, "start",
                       fmt::format("with check_rules, {} needs a royal piece in the start position",
                                   side == 0 ? "White" : "Black"));
}

// The variants whose files are being read, innermost last: `extends` chains are followed
// through parse_variant itself, so a cycle shows up here.
thread_local std::vector<std::string> reading_chain;

// Merges a child variant's YAML into its parent's: mappings key by key, the piece list by
// letter (a child's piece replaces the parent's piece of the same letter, or is added),
// anything else replaced whole. The child's nodes are taken as they are, not cloned (a clone
// has no marks), so a mistake in the child's keys is still reported at its line and column.
YAML::Node merge_into(const YAML::Node& parent, const YAML::Node& child, const std::string& key) {
    if (key == "pieces" && parent.IsSequence() && child.IsSequence()) {
        YAML::Node out = YAML::Clone(parent);
        for (const auto& piece : child) {
            bool replaced = false;
            for (std::size_t i = 0; i < out.size() && piece.IsMap() && piece["letter"]; ++i)
                if (out[i].IsMap() && out[i]["letter"] &&
                    out[i]["letter"].Scalar() == piece["letter"].Scalar()) {
                    out[i] = YAML::Node(piece);
                    replaced = true;
                }
            if (!replaced) out.push_back(YAML::Node(piece));
        }
        return out;
    }
    if (!parent.IsMap() || !child.IsMap()) return child;
    // A new mapping holding the original key nodes (force_insert keeps them, with their marks).
    YAML::Node out(YAML::NodeType::Map);
    for (auto it = parent.begin(); it != parent.end(); ++it)
        if (!child[it->first.Scalar()])
            out.force_insert(YAML::Node(it->first), YAML::Node(it->second));
    for (auto it = child.begin(); it != child.end(); ++it) {
        const auto k = it->first.Scalar();
        const YAML::Node inherited = parent[k];
        out.force_insert(YAML::Node(it->first),
                         inherited ? merge_into(inherited, it->second, k) : YAML::Node(it->second));
    }
    return out;
}

// `extends: NAME` (a shipped variant) or `extends: FILE.yaml` (relative to this file), as
// Fairy-Stockfish's [name:parent] sections: the parent is checked on its own first, so an
// error in it names the parent's file, then this file's keys are merged over it.
YAML::Node resolve_extends(const Reader& r, YAML::Node root, const std::string& source) {
    namespace fs = std::filesystem;
    if (!root["extends"]) return root;
    const auto parent_name =
        r.get<std::string>(root["extends"], "extends", "a variant name or .yaml file");
    const bool is_path =
        parent_name.find('/') != std::string::npos || parent_name.ends_with(".yaml");
    // By name: the first file of that name in the variant folders, but not this file itself
    // (a user's chess.yaml may extend the shipped chess).
    std::string found;
    for (const auto& dir : is_path ? std::vector<std::string>{} : variant_directories()) {
        const fs::path candidate = fs::path(dir) / (parent_name + ".yaml");
        std::error_code ec;
        if (fs::exists(candidate, ec) && !fs::equivalent(candidate, source, ec)) {
            found = candidate.string();
            break;
        }
    }
    const fs::path parent_path = is_path ? fs::path(source).parent_path() / parent_name
                                 : found.empty()
                                     ? fs::path(variant_directory()) / (parent_name + ".yaml")
                                     : fs::path(found);
    // Only a regular file, as for the variant itself: a FIFO named here would hang the read.
    std::string text;
    try {
        text = read_input_file(parent_path.string(), kMaxInputFileBytes);
    } catch (const InputFileError& e) {
        r.fail(root["extends"], "extends",
               fmt::format("the parent variant '{}' cannot be read ({})", parent_name, e.what()));
    }
    auto same_file = [&](const fs::path& a) {
        std::error_code ec1, ec2;
        return fs::weakly_canonical(a, ec1) == fs::weakly_canonical(parent_path, ec2);
    };
    if (same_file(source) || std::any_of(reading_chain.begin(), reading_chain.end(), same_file))
        r.fail(root["extends"], "extends",
               fmt::format("'{}' extends itself through its parents", parent_name));
    reading_chain.push_back(source);
    struct Pop {
        ~Pop() { reading_chain.pop_back(); }
    } pop;
    parse_variant(text, parent_path.string());  // the parent must stand on its own
    const Reader parent_reader(parent_path.string());
    YAML::Node parent =
        resolve_extends(parent_reader, parent_reader.load(text), parent_path.string());
    parent.remove("name");
    parent.remove("description");
    parent.remove("names");           // other programs' names for the parent are not the child's
    parent.remove("xboard_start");    // nor is their array for those names
    parent.remove("xboard_letters");  // nor their letters
    parent.remove("xboard_variant");  // nor the game of theirs it is
    root.remove("extends");
    return merge_into(parent, root, "");
}

}  // namespace

Variant parse_variant(const std::string& yaml_text, const std::string& source) {
    Reader r(source);
    YAML::Node root = r.load(yaml_text);
    if (!root.IsMap())
        throw VariantError(source, 1, 1, "", "a variant file must be a YAML mapping");
    // Packed: clang-format would lay out twenty keys one a line.
    // clang-format off
    r.only_keys(
        root, "",
        {"name", "description", "extends", "board", "start", "pieces", "check_rules", "castling",
         "end", "uci_default", "captures_to_hand", "drops", "must_capture", "chess960", "names",
         "xboard_start", "checks_forbidden", "gating", "flying_general", "xboard_letters", "drawing",
         "duple_check", "xboard_variant", "royal_held_in_check", "palace_lines", "pass"});
    // clang-format on
    // The file's own piece list, before `extends` merges the parent's into it: an error in a
    // piece is reported by its index in this list, where the author counts it.
    const YAML::Node own_pieces = root["pieces"];
    root = resolve_extends(r, root, source);
    for (const char* k : {"name", "board", "start", "pieces"})
        if (!root[k]) r.fail(root, k, fmt::format("the variant has no '{}'", k));

    Variant v;
    v.source = source;
    v.name = r.get<std::string>(root["name"], "name", "a string");
    if (!is_plain_name(v.name))
        r.fail(root["name"], "name",
               fmt::format(
                   "'{}' is not a plain name (letters, digits, '-', '_' or '.', not '.' or '..')",
                   v.name));
    if (root["description"])
        v.description = r.get<std::string>(root["description"], "description", "a string");
    if (root["uci_default"])
        v.uci_default = r.get<bool>(root["uci_default"], "uci_default", "true or false");
    if (const auto names = root["names"]) {
        if (!names.IsSequence()) r.fail(names, "names", "'names' must be a list of names");
        for (std::size_t i = 0; i < names.size(); ++i) {
            const std::string where = fmt::format("names[{}]", i);
            auto name = r.get<std::string>(names[i], where, "a string");
            // One word: other programs take it as the word after a command (`variant NAME`).
            if (!is_plain_name(name) || name.find(' ') != std::string::npos)
                r.fail(names[i], where,
                       fmt::format("'{}' is not a plain name of one word (letters, digits, '-', "
                                   "'_', '+' or '.')",
                                   name));
            v.names.push_back(std::move(name));
        }
    }

    const auto board = root["board"];
    r.only_keys(board, "board", {"files", "ranks"});
    for (const char* k : {"files", "ranks"})
        if (!board[k])
            r.fail(board, std::string("board.") + k, fmt::format("the board needs '{}'", k));
    v.geometry.width = r.get<int>(board["files"], "board.files", "a whole number");
    v.geometry.height = r.get<int>(board["ranks"], "board.ranks", "a whole number");
    if (v.geometry.width < 1 || v.geometry.width > kMaxFiles)
        r.fail(board["files"], "board.files",
               fmt::format("{} files: the board must have 1 to {}", v.geometry.width, kMaxFiles));
    if (v.geometry.height < 2 || v.geometry.height > kMaxRanks)
        r.fail(board["ranks"], "board.ranks",
               fmt::format("{} ranks: the board must have 2 to {}", v.geometry.height, kMaxRanks));

    const auto pieces = root["pieces"];
    if (!pieces.IsSequence() || pieces.size() == 0)
        r.fail(pieces, "pieces", "'pieces' must be a non-empty list");
    if (pieces.size() > 30) r.fail(pieces, "pieces", "at most 30 piece types are supported");
    // Where piece i of the merged list stands: its index in the file's own list, or, for a
    // piece only the parent names, its letter and that it is the parent's.
    const auto piece_where = [&](std::size_t i) {
        for (std::size_t j = 0; own_pieces && own_pieces.IsSequence() && j < own_pieces.size(); ++j)
            if (pieces[i].is(own_pieces[j])) return fmt::format("pieces[{}]", j);
        const auto letter = pieces[i].IsMap() ? pieces[i]["letter"] : YAML::Node();
        return fmt::format("pieces (the parent's piece '{}')",
                           letter && letter.IsScalar() ? letter.Scalar() : "?");
    };
    for (std::size_t i = 0; i < pieces.size(); ++i) read_piece(r, pieces[i], piece_where(i), v);
    for (std::size_t i = 0; i < pieces.size(); ++i) {
        const PieceType& p = v.pieces[i];
        if (p.promoted_form_of &&
            (v.type_of(p.promoted_form_of) < 0 || v.promoted_form(p.promoted_form_of) != int(i) ||
             v.pieces[v.type_of(p.promoted_form_of)].promoted_form_of))
            r.fail(pieces[i]["fen"], piece_where(i) + ".fen",
                   fmt::format("'+{}' must be the promoted form of one unpromoted piece of this "
                               "variant, and of no other piece",
                               p.promoted_form_of));
        check_promotion_move(r, pieces[i], piece_where(i), v, p);
        const auto node = pieces[i]["promotion"];
        std::vector<char> letters = p.promotes_to;
        letters.insert(letters.end(), p.black_promotes_to.begin(), p.black_promotes_to.end());
        for (char t : letters)
            if (v.type_of(t) < 0)
                r.fail(
                    node, piece_where(i) + ".promotion",
                    fmt::format("piece '{}' promotes to '{}', which is not a piece of this variant",
                                p.letter, t));
    }

    v.start_fen = r.get<std::string>(root["start"], "start", "a FEN string");
    if (root["check_rules"])
        v.check_rules = r.get<bool>(root["check_rules"], "check_rules", "true or false");
    if (const auto duple = root["duple_check"]) {
        v.duple_check = r.get<bool>(duple, "duple_check", "true or false");
        if (v.duple_check && !v.check_rules)
            r.fail(duple, "duple_check", "duple check is a rule of check: it needs check_rules");
    }
    if (root["captures_to_hand"])
        v.captures_to_hand =
            r.get<bool>(root["captures_to_hand"], "captures_to_hand", "true or false");
    if (root["drops"]) read_drop_rules(r, root["drops"], v);  // true, or a mapping of rules
    if (root["gating"]) v.gating = r.get<bool>(root["gating"], "gating", "true or false");
    if (root["chess960"]) v.chess960 = r.get<bool>(root["chess960"], "chess960", "true or false");
    if (root["must_capture"])
        v.must_capture = r.get<bool>(root["must_capture"], "must_capture", "true or false");
    if (root["checks_forbidden"])
        v.checks_forbidden =
            r.get<bool>(root["checks_forbidden"], "checks_forbidden", "true or false");
    if (const auto held = root["royal_held_in_check"]) {
        v.royal_held_in_check = r.get<bool>(held, "royal_held_in_check", "true or false");
        if (v.royal_held_in_check && !v.check_rules)
            r.fail(held, "royal_held_in_check",
                   "a royal piece held in check is a rule of check: it needs check_rules");
    }
    if (root["flying_general"])
        v.flying_general = r.get<bool>(root["flying_general"], "flying_general", "true or false");
    read_palace_lines(r, root, pieces, piece_where, v);
    if (root["pass"]) v.pass = r.get<bool>(root["pass"], "pass", "true or false");
    if (const auto d = root["drawing"]) {
        const auto text = r.get<std::string>(d, "drawing", "squares, points or tiles");
        if (text == "points")
            v.drawing = Drawing::Points;
        else if (text == "tiles")
            v.drawing = Drawing::Tiles;
        else if (text != "squares")
            r.fail(d, "drawing",
                   fmt::format("'drawing' is '{}'; expected squares, points or tiles", text));
    }
    if (auto c = root["castling"]) {
        if (!c.IsSequence()) r.fail(c, "castling", "'castling' must be a list");
        for (std::size_t i = 0; i < c.size(); ++i)
            read_castling(r, c[i], fmt::format("castling[{}]", i), v);
    }
    if (v.chess960 && v.castling.empty())
        r.fail(root["chess960"], "chess960",
               "chess960 needs castling rules: they say where the king and the rook end");
    if (v.chess960 && std::any_of(v.castling.begin(), v.castling.end(),
                                  [](const CastlingRule& c) { return c.only.has_value(); }))
        r.fail(root["castling"], "castling",
               "chess960 castles by its rules' sides of the king; a rule of one side only has "
               "no meaning there");
    if (v.tracks_unmoved() && (v.gating || v.chess960))
        r.fail(root["pieces"], "pieces",
               "first moves, gating and chess960 all write file letters in the FEN's castling "
               "field; a variant may have one of them");
    if (v.gating && v.chess960)
        r.fail(root["gating"], "gating",
               "gating and chess960 both write file letters in the FEN's castling field; a "
               "variant may have one of them");
    if (root["end"]) read_end(r, root["end"], v);
    v.endings = list_endings(v.end);
    check_start(r, root["start"], v);
    if (const auto node = root["xboard_start"]) {
        v.xboard_start_fen = r.get<std::string>(node, "xboard_start", "a FEN string");
        check_xboard_start(r, node, v);
    }
    if (const auto node = root["xboard_letters"]) read_xboard_letters(r, node, v);
    if (const auto node = root["xboard_variant"]) read_xboard_variant(r, node, v);

    bool has_royal =
        std::any_of(v.pieces.begin(), v.pieces.end(), [](const PieceType& p) { return p.royal; });
    if (!has_royal && (v.end.royal_capture || v.check_rules || v.end.check_count || v.chess960))
        r.fail(root["pieces"], "pieces",
               "royal capture, check rules, check counts and chess960 castling need a piece "
               "with 'royal: true'");
    if (!has_royal && v.flying_general)
        r.fail(root["flying_general"], "flying_general",
               "the flying-general rule needs a piece with 'royal: true'");
    if (!has_royal && (v.pass || v.end.bikjang))
        r.fail(root["pass"] ? root["pass"] : root["end"], root["pass"] ? "pass" : "end.bikjang",
               "passing and bikjang need a piece with 'royal: true'");
    if (v.end.region && v.end.region->squares[0].empty())
        r.fail(root["end"]["region"], "end.region", "a region needs squares");
    return v;
}

Variant load_variant_file(const std::string& path) {
    if (const auto spec = ini_spec(path)) {
        // A section of a Fairy-Stockfish variants.ini: recorded as the absolute file and
        // section, with the whole ini text (parse_variant_text reads it back).
        std::string text;
        try {
            text = read_input_file(spec->path, kMaxInputFileBytes);
        } catch (const InputFileError& e) {
            throw VariantError(
                spec->path, 0, 0, "",
                fmt::format("cannot read the variants.ini file '{}': {}", spec->path, e.what()));
        }
        std::error_code ec;
        const auto absolute = std::filesystem::absolute(spec->path, ec);
        const std::string file =
            (ec ? std::filesystem::path(spec->path) : absolute).lexically_normal().string();
        return parse_variant_text(text, file + ":" + spec->section);
    }
    std::string text;
    try {
        text = read_input_file(path, kMaxInputFileBytes);
    } catch (const InputFileError& e) {
        throw VariantError(path, 0, 0, "",
                           fmt::format("cannot read the variant file '{}': {}", path, e.what()));
    }
    Variant v = parse_variant(text, path);
    std::error_code ec;
    const auto absolute = std::filesystem::absolute(path, ec);
    v.file = (ec ? std::filesystem::path(path) : absolute).lexically_normal().string();
    v.yaml = std::move(text);
    return v;
}

std::vector<std::string> variant_directories() {
    std::vector<std::string> dirs;
    if (const char* env = std::getenv("REFEREE_VARIANTS"); env && *env) {
        const std::string_view list = env;
        for (std::size_t start = 0; start <= list.size();) {
            auto end = list.find(':', start);
            if (end == std::string_view::npos) end = list.size();
            if (end > start) dirs.emplace_back(list.substr(start, end - start));
            start = end + 1;
        }
    }
    dirs.push_back(variant_directory());
    return dirs;
}

std::string find_variant_file(const std::string& name) {
    namespace fs = std::filesystem;
    for (const auto& dir : variant_directories()) {
        const fs::path path = fs::path(dir) / (name + ".yaml");
        std::error_code ec;
        if (fs::exists(path, ec)) return path.string();
    }
    return "";
}

std::string variant_directory() {
    namespace fs = std::filesystem;
    // An installed referee (cmake --install, the Debian package) keeps the variants beside
    // its own prefix; a build tree uses the source folder it was configured from.
    std::error_code ec;
    const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
    if (!ec) {
        const fs::path installed =
            exe.parent_path().parent_path() / "share" / "minichess-referee" / "variants";
        if (fs::is_directory(installed, ec)) return installed.string();
    }
    return REFEREE_VARIANT_DIR;
}

Variant load_variant(const std::string& name_or_path) {
    namespace fs = std::filesystem;
    bool is_path = name_or_path.find('/') != std::string::npos || name_or_path.ends_with(".yaml") ||
                   ini_spec(name_or_path).has_value();
    if (is_path) return load_variant_file(name_or_path);
    const std::string path = find_variant_file(name_or_path);
    if (path.empty()) {
        // The names other programs give a shipped variant (Fairy-Stockfish's and Fairy-Max's
        // "normal", "mini", "los-alamos"; lichess's "King of the Hill"; a file's `names:`).
        if (const std::string shipped = shipped_variant_called(name_or_path);
            !shipped.empty() && shipped != name_or_path)
            return load_variant(shipped);
        std::string known;
        for (const auto& n : list_variants()) known += (known.empty() ? "" : ", ") + n;
        throw VariantError((fs::path(variant_directory()) / (name_or_path + ".yaml")).string(), 0,
                           0, "",
                           fmt::format("no variant named '{}' (known: {})", name_or_path, known));
    }
    Variant v = load_variant_file(path);
    // A shipped variant is known by its name wherever a referee runs.
    std::error_code ec;
    if (fs::equivalent(fs::path(path).parent_path(), variant_directory(), ec)) {
        v.file.clear();
        v.yaml.clear();
    }
    return v;
}

std::vector<std::string> list_variants() {
    namespace fs = std::filesystem;
    std::vector<std::string> names;
    for (const auto& dir : variant_directories()) {
        std::error_code ec;
        for (const auto& entry : fs::directory_iterator(dir, ec))
            if (entry.path().extension() == ".yaml") names.push_back(entry.path().stem().string());
    }
    std::sort(names.begin(), names.end());
    names.erase(std::unique(names.begin(), names.end()), names.end());
    return names;
}

VariantError::VariantError(std::string file, int line, int column, std::string key,
                           const std::string& what)
    : std::runtime_error(line > 0 ? fmt::format("{}:{}:{}: {}{}", file, line, column,
                                                key.empty() ? "" : key + ": ", what)
                                  : fmt::format("{}: {}", file, what)),
      file_(std::move(file)),
      line_(line),
      column_(column),
      key_(std::move(key)) {}

}  // namespace referee::rules
