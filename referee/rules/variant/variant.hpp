// A variant as data: everything the rules engine knows about a game comes from here, read
// from a YAML file in variants/. Code asks the variant ("may the king be captured?",
// "what happens with no legal move?") and never which game it is.
#pragma once

#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "referee/rules/base/geometry.hpp"
#include "referee/rules/variant/betza.hpp"
#include "referee/rules/variant/drop_rules.hpp"
#include "referee/rules/variant/ending.hpp"
#include "referee/rules/variant/piece_region.hpp"
#include "referee/rules/variant/promotion_move.hpp"

namespace referee::rules {

struct PieceType {
    char letter = '?';  // upper case; Black's pieces are written in lower case
    std::string name;
    std::string betza;
    std::vector<MoveRule> moves;    // parsed from betza
    bool royal = false;             // losing it (capture) or its checkmate ends the game
    bool pawn = false;              // its moves reset the n-move rule, like captures do
    std::vector<char> promotes_to;  // letters; empty: never promotes
    // Black's, where the armies differ (chess with different armies); empty: promotes_to.
    std::vector<char> black_promotes_to;
    const std::vector<char>& promotions(Color c) const {
        return c == Black && !black_promotes_to.empty() ? black_promotes_to : promotes_to;
    }
    int promotion_rank = 0;  // relative rank (1 = own back rank); 0: the last rank
    // Optional promotion (shogi): inside the zone the piece may stay as it is, except from
    // forced_promotion_rank on (0: the last rank), where it must promote.
    bool promotion_optional = false;
    int forced_promotion_rank = 0;  // -1: never forced (`forced_rank: never`)
    // Only to a piece the side has lost: as many of a kind as the start position gives the
    // side, no more (grand chess, Fairy-Stockfish's promotionLimit).
    bool promotion_captured_only = false;
    // Shogi: a move that starts in the zone may promote too (on entering the zone, moving
    // inside it or leaving it), not only one that ends there.
    bool promotion_leaving = false;
    // The promoted form of another piece (shogi's tokin): written '+' and that piece's
    // letter in the FEN ("+P"), and goes to the hand as that piece when captured. 0: none.
    char promoted_form_of = 0;
    // Micro shogi (Fairy-Stockfish's piecePromotionOnCapture): it promotes when it captures,
    // always, and on no other move; a promoted form that does so turns back into its piece.
    bool promotion_on_capture = false;
    // Kyoto shogi (Fairy-Stockfish's mandatoryPiecePromotion and pieceDemotion over the whole
    // board): every move of the piece turns it over into `promotes_to`'s piece, and that one's
    // every move turns it back; no zone, so it may stand anywhere.
    bool promotion_every_move = false;
    std::vector<int> double_step_ranks;  // relative ranks from which it may step two forward
    bool en_passant = false;             // its double step may be taken en passant by a like piece
    int source_line = 0;                 // where it was defined, for later error messages
    // Moves its first move may also make: the `first_move` key's and the betza's `i` moves
    // (Ouk Chatrang's king and met, the Berolina pawn's diagonal two steps;
    // rules/core/first_moves.cpp). A royal piece may not make them out of check.
    std::string first_move_betza;
    std::vector<MoveRule> first_moves;
    // Where a piece that has not moved stands: these relative ranks (a pawn's, which it
    // never comes back to), as Fairy-Stockfish's doubleStepRegion. Empty: which squares'
    // pieces have not moved yet is part of the position, file letters in the FEN's castling
    // field (cambodian).
    std::vector<int> first_move_ranks;
    // Where it may go (the xiangqi palace, the elephant's own side of the river); unset:
    // anywhere. And moves it has only from the squares of a region (the soldier's sideways
    // step across the river). Leaping pieces only (piece_region.hpp).
    std::optional<PieceRegion> confined;
    std::optional<RegionMoves> extra_moves;
    // Moves along the palace lines (Variant::palace_lines; janggi's diagonals), made only
    // where the start, every square passed and the end are points of those lines: the
    // general's and guards' F, the chariot's B, the cannon's pB, the soldier's fF.
    std::string palace_betza;
    std::vector<MoveRule> palace_moves;
    // A hopper's limits (the janggi cannon, Fairy-Stockfish's JANGGI_CANNON): letters of the
    // pieces it may not hop over, and of those it may not capture (never a royal one).
    std::vector<char> screens_not, captures_not;
    // Its name in a KIF record (the shogi family's Japanese record, rules/notation/kif.hpp), UTF-8:
    // "歩", "成銀". Empty: a KIF record cannot name it.
    std::string kif;
    // A promotion that is a move of its own, in place or by a leap of the new piece
    // (sittuyin's pawn; promotion_move.hpp). Unset: none.
    std::optional<PromotionMove> promotion_move;
};

// One castling move of White; Black's is the same with ranks mirrored.
struct CastlingRule {
    char right = 'Q';  // FEN letter for White; Black's is the lower case letter
    Square king_from = kNoSquare, king_to = kNoSquare;
    Square rook_from = kNoSquare, rook_to = kNoSquare;
    // The pieces that castle, where the start position does not show them on their squares
    // (placement drops them there); 0: the pieces standing there at the start.
    char king_piece = 0, rook_piece = 0;
    // One side's only, still written for White (chess with different armies: the
    // Clobberers' king castles long by three squares, the other army's by two); unset: both.
    std::optional<Color> only;
    bool applies(Color c) const { return !only || *only == c; }
};

// "KN v K": one side with exactly these pieces, the other with exactly those. With
// same_square_colour, only when every piece of that letter (both sides) stands on squares of
// one colour: "KB v KB" with bishops on like squares is a dead position in chess.
struct MaterialDraw {
    std::string strong;  // sorted letters
    std::string weak;
    char same_square_colour = 0;  // upper-case piece letter, or 0
};

// A region to reach: a piece of the kind `piece` standing on one of its side's squares wins
// (King of the Hill's centre, Racing Kings' last rank). With `reply` the other side first
// gets one more move, and Black reaching its region on that move draws (Racing Kings).
struct RegionRule {
    char piece = 0;  // upper-case letter; 0: any piece (Fairy-Stockfish's flagPiece = *)
    std::vector<Square> squares[2];  // [White], [Black]
    bool reply = false;
    // How many of the side's pieces of that kind must stand in its region at once (Fairy-
    // Stockfish's flagPieceCount: knights-halma's nine knights, aralzaa's three).
    int count = 1;
};

// Fairy-Stockfish's counting rules (makruk's and ASEAN chess's): once the counting starts,
// the game is drawn when its moves are up (endings/counting.cpp).
enum class CountingRule { None, Makruk, Asean };

// Which checks make a checkmate count (shatar, Fairy-Stockfish's shatarMateRule): some check
// of the unbroken series given to the mated side, the mate included, must come from a piece
// of `series_by`, or the mate is a draw; and a mate given by pieces of `alone_loses` alone
// loses for the side that gave it. Upper-case letters.
struct MateChecks {
    std::vector<char> series_by;
    std::vector<char> alone_loses;
};

// The keys of the file's `end:` section as written; `Variant::endings` is what the judge
// reads, built from them.
struct EndRules {
    std::optional<EndValue> royal_capture;     // for the capturer; set: a royal may be captured
    EndValue checkmate = EndValue::Loss;       // for the side in check with no legal move
    std::optional<MateChecks> mate_checks;     // which checks make that checkmate count
    EndValue no_legal_moves = EndValue::Draw;  // for the side not in check with no legal move
    int move_limit = 0;  // draw once each side has made this many moves (0: none)
    int repetition = 0;  // the game ends on the n-th occurrence of a position (0: none)
    // The verdict then, for the side to move (Fairy-Stockfish's nFoldValue: a loss in its
    // empire, pandemonium, mansindam); a draw unless set.
    EndValue repetition_value = EndValue::Draw;
    // At that repetition, a side that gave check with every move since the position's first
    // occurrence gets this verdict (xiangqi: loss); both sides so: still a draw. Unset: none.
    std::optional<EndValue> perpetual_check;
    int n_move_rule = 0;  // draw after n moves each without capture or pawn move (0: none)
    int check_count = 0;  // the side that gives this many checks wins (0: none)
    std::optional<RegionRule> region;
    // A side left with nothing but its royal pieces: this verdict for it (shatranj: loss,
    // losers: win), at once, or with bare_king_reply after the bared side's next move, which
    // saves it if that move bares the other king too (Fairy-Stockfish's bareKingMove).
    std::optional<EndValue> bare_king;
    bool bare_king_reply = false;
    // A side without any piece of one of these kinds (empty: without any piece at all): this
    // verdict for it (horde: loss, antichess: win).
    std::optional<EndValue> extinction;
    std::vector<char> extinction_pieces;
    // Extinct already with this many left (Fairy-Stockfish's extinctionPieceCount: its
    // elimination chess loses with one piece left); 0: with none.
    int extinction_count = 0;
    // And only while the other side has at least this many of them, on the board and in hand
    // (Fairy-Stockfish's extinctionOpponentPieceCount: koedem's side without a king loses once
    // the other side holds both); 0: whatever the other side has.
    int extinction_opponent_count = 0;
    // With no legal move and not in check, the side with fewer pieces on the board gets
    // no_legal_moves' verdict, the side with more the opposite one; equal numbers draw
    // (suicide chess, Fairy-Stockfish's stalematePieceCount).
    bool stalemate_piece_count = false;
    std::vector<MaterialDraw> insufficient_material;
    CountingRule counting = CountingRule::None;
    // Bikjang (janggi, Fairy-Stockfish's bikjangRule): while the royal pieces face each other
    // along a file or rank with nothing between, the side to move must pass or break the
    // facing (rules/core/passing.cpp); passing ends the game, drawn (or counted, below).
    bool bikjang = false;
    // Two passes in a row end the game, drawn (or counted); with Variant::pass.
    bool double_pass = false;
    // Material counting (Fairy-Stockfish's materialCounting): a game that would end drawn by
    // repetition, the n-move rule, bikjang or two passes is won by the side with more points
    // (janggi's JANGGI_MATERIAL); Black, the second player, gets black_bonus on top.
    struct MaterialCount {
        std::vector<std::pair<char, int>> points;  // letter (upper case), points
        double black_bonus = 0;
    };
    std::optional<MaterialCount> material_count;
};

// How its players draw the game (the report's and the live page's board; the rules never
// read it): chess figures on chequered squares; discs on the points where lines cross, with
// the river and the palaces (xiangqi); pointed tiles facing the opponent on lined squares
// (shogi). YAML `drawing: squares | points | tiles`.
enum class Drawing { Squares, Points, Tiles };

struct Variant {
    std::string name;
    std::string description;
    std::string source;  // the file it was read from
    // A variant that is not one of the shipped files (named by a path, or found in a folder
    // of $REFEREE_VARIANTS): its file, absolute, and that file's text. Records of its games
    // name the file and a journal keeps the text, so that they can be checked where the file
    // is not. Both empty for a shipped variant, which every referee knows by name. For a
    // section of a Fairy-Stockfish variants.ini, "FILE.ini:NAME" and the ini file's text.
    std::string file, yaml;
    Geometry geometry;
    std::string start_fen;
    std::vector<PieceType> pieces;
    bool check_rules = false;  // a move may not leave one's own royal piece attacked
    // Duple check (Spartan chess's two kings, Fairy-Stockfish's dupleCheck): with check rules,
    // a side is in check only when all its royal pieces are attacked, and a move may leave
    // some of them attacked, not all; one so left may be captured, and the side plays on
    // with the rest.
    bool duple_check = false;
    std::vector<CastlingRule> castling;
    // Fischer random (chess960): the king and the rooks may start anywhere on the first rank.
    // Each castling rule then gives where the king and the rook end (king_to, rook_to) and,
    // by its king and rook squares, the side; a right names the outermost rook on that side
    // (K, Q) or the rook's file (Shredder-FEN: A-H, a-h).
    bool chess960 = false;
    // Hands (Fairy-Stockfish's capturesToHand and pieceDrops): a captured piece goes to the
    // capturer's hand, as the piece it was before any promotion (the FEN marks promoted
    // pieces with '~'); pieces in hand may be dropped on empty squares, never where they
    // would have to have promoted already.
    bool captures_to_hand = false;
    bool drops = false;
    DropRules drop_rules;  // where drops may go and what they may not do (drop_rules.hpp)
    // Forced capture (Fairy-Stockfish's mustCapture; antichess): a side that can capture
    // must.
    bool must_capture = false;
    // A move may not give check (Racing Kings, Fairy-Stockfish's checking = false).
    bool checks_forbidden = false;
    // In check the royal piece may not step away: it moves only to take the one piece that
    // gives check (Fairy-Stockfish's makpongRule; a double check leaves it no move). Needs
    // check_rules.
    bool royal_held_in_check = false;
    // Gating (Seirawan chess, Fairy-Stockfish's gating): the pieces in hand enter the board
    // only on the square a back-rank piece leaves on its first move (or, castling, on the
    // king's or the rook's square). Which squares may still gate is part of the position,
    // written as file letters in the FEN's castling field.
    bool gating = false;
    EndRules end;
    // Every way the game ends, in the order that settles ties (ending.hpp).
    std::vector<Ending> endings;
    // The game a UCI engine plays when it is told no variant (standard chess): an engine
    // without UCI_Variant can still be used for this one.
    bool uci_default = false;
    // What other programs call this game (xboard's `variant` names; "normal" is xboard's
    // own game, the one an engine plays when told no variant), in order of preference.
    std::vector<std::string> names;
    // Where xboard engines told that name start from another array than `start` (XBoard's
    // and Fairy-Max's courier is the unmoved one): that array, so that a game from `start`
    // is set up for them. Empty: they start from `start`.
    std::string xboard_start_fen;
    // Piece letters xboard engines use where they differ from `pieces` (Fairy-Max's janus
    // is A): this file's letter and theirs, upper case, for both sides or for one side only,
    // where two armies give one letter to different pieces (Fairy-Max's Clobberers-Nutters:
    // White's C is the fad, Black's c the colonel) (rules/variant/yaml/xboard_letters.hpp).
    struct XboardLetter {
        char ours = 0, theirs = 0;
        std::optional<Color> side;  // unset: both sides
        bool applies(Color c) const { return !side || *side == c; }
    };
    std::vector<XboardLetter> xboard_letters;
    // Where xboard engines know this game as one of several under one name, chosen by their
    // options (Fairy-Max's `fairy`, whose option "Variant fairy selects" picks the Chess with
    // Different Armies pairing): that name, tried before `names`, and the options set first.
    struct XboardVariant {
        std::string name;  // empty: none
        std::vector<std::pair<std::string, std::string>> options;
    };
    XboardVariant xboard_variant;
    // Royal pieces may not face each other along a file or rank with nothing between
    // (xiangqi's flying general, Fairy-Stockfish's flyingGeneral): a move that leaves them
    // so is illegal, though neither stands in check.
    bool flying_general = false;
    // Points of the palace lines (Fairy-Stockfish's diagonalLines: janggi's palace diagonals),
    // along which pieces with palace_moves move; both sides' points, as squares.
    std::vector<Square> palace_lines;
    // Passing (Fairy-Stockfish's pass): a side with one royal piece may pass, written as
    // that piece's move to its own square ("e2e2"), but not while in check, unless the
    // bikjang rule has the royal pieces facing (rules/core/passing.cpp).
    bool pass = false;
    Drawing drawing = Drawing::Squares;

    // Index of the piece type with this letter (either case), or -1.
    int type_of(char letter) const;
    // Index of the promoted form written '+' and this letter in the FEN ("+P"), or -1.
    int promoted_form(char letter) const;
    // The names of the pieces of these letters, as a sentence lists them: "rook, knight or
    // bers".
    std::string piece_names(const std::vector<char>& letters) const;
    // "KB", as people write a material, from the sorted "BK" comparisons use: royals first.
    std::string royal_first(std::string letters) const;
    std::string summary() const;  // a few human lines, for `referee variants show`
    // A move limit or an n-move rule bounds every game; repetition alone does not in practice.
    bool guarantees_an_end() const { return end.move_limit > 0 || end.n_move_rule > 0; }
    bool has_hands() const { return captures_to_hand || drops || gating; }
    bool has_first_moves() const {
        for (const PieceType& p : pieces)
            if (!p.first_moves.empty()) return true;
        return false;
    }
    // Some piece's first moves are told by the squares whose pieces have not moved (the
    // FEN's castling field names them), not by ranks.
    bool tracks_unmoved() const {
        for (const PieceType& p : pieces)
            if (!p.first_moves.empty() && p.first_move_ranks.empty()) return true;
        return false;
    }
};

// A malformed variant file: names the file, line, column and key.
class VariantError : public std::runtime_error {
  public:
    VariantError(std::string file, int line, int column, std::string key, const std::string& what);
    const std::string& file() const { return file_; }
    int line() const { return line_; }
    int column() const { return column_; }
    const std::string& key() const { return key_; }

  private:
    std::string file_;
    int line_, column_;
    std::string key_;
};

// Reads and checks a variant file (.yaml, or FILE.ini:NAME). Throws VariantError.
Variant load_variant_file(const std::string& path);
// Parses variant YAML text; `source` names it in errors.
Variant parse_variant(const std::string& yaml_text, const std::string& source);

// Fairy-Stockfish's variants.ini read as it is (rules/variant/ini/): "FILE.ini:NAME" names
// the section [NAME] of FILE.ini wherever a variant is named. A Variant read so keeps in
// `file` the absolute "FILE.ini:NAME" and in `yaml` the whole ini text.
struct IniSpec {
    std::string path, section;
};
// The file and section a name gives, if it names an ini section ("x.ini:name").
std::optional<IniSpec> ini_spec(const std::string& name);
// Section [section] of ini text; `file` names it in errors (file:line: key: why). Throws
// VariantError, also for every key or value the referee cannot play.
Variant parse_ini_variant(const std::string& ini_text, const std::string& file,
                          const std::string& section);
// The sections of ini text, in file order (for `referee variants import`).
std::vector<std::string> ini_section_names(const std::string& ini_text, const std::string& file);
// The text a record kept of a variant file (Variant::yaml), read again: YAML, or for a
// `file` that names an ini section, that section of the ini text.
Variant parse_variant_text(const std::string& text, const std::string& file);

// The folder of the shipped variants: the installed one, or the source tree's variants/
// compiled in.
std::string variant_directory();
// Where variant names are looked up, in order: the folders $REFEREE_VARIANTS lists (':'
// between them), then the shipped folder. A user's folder adds variants, and a file there
// shadows a shipped one of the same name; `extends: chess` still finds the shipped chess.
std::vector<std::string> variant_directories();
// The file a variant name leads to in those folders (the first that has it); "" if none.
std::string find_variant_file(const std::string& name);
// A name from the variant folders ("minichess"), a path to a .yaml file, or "FILE.ini:NAME".
Variant load_variant(const std::string& name_or_path);
// Names of the variants in the variant folders, sorted, each once.
std::vector<std::string> list_variants();
// The shipped variant another program's name means ("King of the Hill", "Three-check",
// "chess960", "Standard"), ignoring case, spaces and hyphens and reading each file's
// `names:`; "" when none does.
std::string shipped_variant_called(const std::string& name);

}  // namespace referee::rules
