// The one judge of game ends. find_ending() walks the variant's endings in their order and
// says which holds and for whom; describe() says it in words. outcome() (the referee, check,
// validate), ending() (parse_move: "the game is over"), ends() (perft, divide) and
// draw_by_rule() (search engines) are all this walk with a different set of endings. Perft
// asks the same conditions (Board's predicates) through Stops, taken from the list once.
#include <algorithm>
#include <bit>

#include <fmt/format.h>

#include "referee/rules/core/board.hpp"

namespace referee::rules {
namespace {

GameResult result_for(Color side, EndValue v) {
    if (v == EndValue::Draw) return GameResult::Draw;
    const bool white_wins = (side == White) == (v == EndValue::Win);
    return white_wins ? GameResult::WhiteWins : GameResult::BlackWins;
}

std::string royal_name(const Variant& v) {
    for (const auto& p : v.pieces)
        if (p.royal) return p.name;
    return "king";
}

}  // namespace

// Whether c's pieces of this kind (-1: all of them) are too few to go on: none left, or no
// more than the variant's extinction count. Pieces in hand count too: koedem's king, taken
// off the board, is still there to be dropped.
// With an opponent count, only while the other side holds at least that many (koedem).
template <class BB>
bool Board<BB>::extinct(Color c, int type) const {
    auto held = [&](Color side) {
        int n = popcount(type < 0 ? by_color_[side] : pieces(side, type));
        if (t_->drops)
            for (int in = 0; in < t_->ntypes; ++in)
                if (type < 0 || in == type) n += hand_[side][in];
        return n;
    };
    const int n = held(c);
    if (t_->extinction_count == 0 ? n != 0 : n > t_->extinction_count) return false;
    const int opponent_count = t_->variant->end.extinction_opponent_count;
    return opponent_count == 0 || held(~c) >= opponent_count;
}

// Whether as many of c's pieces of the region's kinds as the rule asks stand in c's region.
template <class BB>
bool Board<BB>::in_region(Color c) const {
    BB ours{};
    for (std::uint32_t ts = t_->region_types; ts; ts &= ts - 1)
        ours |= pieces(c, std::countr_zero(ts));
    return t_->region_count == 1 ? any(ours & t_->region[c])
                                 : popcount(ours & t_->region[c]) >= t_->region_count;
}

// "KB", as people write it, from the sorted "BK" the comparison uses.
template <class BB>
std::string Board<BB>::royal_first(std::string letters) const {
    return t_->variant->royal_first(std::move(letters));
}

template <class BB>
bool Board<BB>::material_draw(std::string* which) const {
    const auto& draws = t_->variant->end.insufficient_material;
    if (!material_draw_size()) return false;
    std::string sides[2];
    BB all = occupied();
    while (any(all)) {
        const int s = pop_lsb(all);
        sides[color_of(squares_[s])] += t_->variant->pieces[type_of(squares_[s])].letter;
    }
    std::sort(sides[0].begin(), sides[0].end());
    std::sort(sides[1].begin(), sides[1].end());
    for (const auto& d : draws)
        for (int strong = 0; strong < 2; ++strong)
            if (sides[strong] == d.strong && sides[1 - strong] == d.weak &&
                on_one_colour(d.same_square_colour)) {
                if (which)
                    *which =
                        royal_first(d.strong) + " v " + royal_first(d.weak) +
                        (d.same_square_colour
                             ? fmt::format(
                                   ", every {} on one square colour",
                                   t_->variant->pieces[t_->variant->type_of(d.same_square_colour)]
                                       .name)
                             : "");
                return true;
            }
    return false;
}

// Whether every piece with this letter, of either side, stands on squares of one colour
// (true for 0: no condition).
template <class BB>
bool Board<BB>::on_one_colour(char letter) const {
    if (!letter) return true;
    const int type = t_->variant->type_of(letter);
    int seen[2] = {0, 0};
    BB all = occupied();
    while (any(all)) {
        const int s = pop_lsb(all);
        if (type_of(squares_[s]) == type) ++seen[(t_->g.file_of(s) + t_->g.rank_of(s)) & 1];
    }
    return seen[0] == 0 || seen[1] == 0;
}

// Whether the position now on the board has occurred `times` times (this one included).
template <class BB>
bool Board<BB>::repeated(int times) const {
    if (halfmove_ < 4) return false;
    int seen = 1;
    const int n = static_cast<int>(history_.size());
    // Only positions since the last irreversible move, with the same side to move, can repeat.
    for (int i = n - 2; i >= 0 && i >= n - halfmove_ && seen < times; i -= 2)
        if (history_[i].key == key_) ++seen;
    return seen >= times;
}

// The side a bare king, extinction or a region reached happens to, or -1 where it does not
// hold (endings the catalogue brought; find_ending's cold part).
template <class BB>
[[gnu::noinline]] int Board<BB>::catalogue_ending_side(EndReason reason) const {
    switch (reason) {
        case EndReason::BareKing: {
            // Without the reply: the side to move was just bared. With it (shatranj): the
            // side that has just moved is still bare after its own move, unless it bared
            // the other king back with it (both bare is no win for either).
            auto bare = [&](Color c) { return !any(by_color_[c] & ~royals_); };
            if (!t_->bare_king_reply) return bare(stm_) ? stm_ : -1;
            return bare(~stm_) && !bare(stm_) ? ~stm_ : -1;
        }
        case EndReason::Extinction:
            if (t_->extinction_types.empty()) {
                for (Color c : {stm_, ~stm_})
                    if (extinct(c, -1)) return c;
            } else {
                for (int type : t_->extinction_types)
                    for (Color c : {stm_, ~stm_})
                        if (extinct(c, type)) return c;
            }
            return -1;
        case EndReason::Region: {
            const Color c = t_->region_reply ? stm_ : ~stm_;
            return in_region(c) ? c : -1;
        }
        // Fairy-Stockfish's "bikjang now and before the last move": no move but a pass
        // keeps the generals facing (the facing must be broken: leaves_royal_safe).
        case EndReason::Bikjang:
            return passed(false) && royals_face(stm_) ? stm_ : -1;
        case EndReason::DoublePass:
            return passed(true) ? stm_ : -1;
        default:
            return -1;
    }
}

// The first ending among `which` that holds, in the variant's order; `side` gets the side
// it happened to (the one that lost its royal piece, the one that gave the checks, the one
// with no move). Having no legal move is looked at only when has_legal_move is given.
template <class BB>
const Ending* Board<BB>::find_ending(EndingSet which, const bool* has_legal_move,
                                     Color* side) const {
    auto hit = [&](const Ending& e, Color c) {
        if (side) *side = c;
        return &e;
    };
    for (const Ending& e : t_->endings) {
        if (!(which & ending_bit(e.reason))) continue;
        switch (e.reason) {
            case EndReason::RoyalCapture:
                if (Color loser; royal_lost(&loser)) return hit(e, loser);
                break;
            case EndReason::BareKing:
            case EndReason::Extinction:
            case EndReason::Region:
                // Out of line: the common endings' walk stays small enough to inline in perft.
                if (const int c = catalogue_ending_side(e.reason); c >= 0)
                    return hit(e, static_cast<Color>(c));
                break;
            case EndReason::Counting:
                if (counting_over()) return hit(e, stm_);
                break;
            case EndReason::PerpetualCheck:  // a Repetition's outcome, not a list entry
                break;
            case EndReason::Bikjang:
            case EndReason::DoublePass:
                if (const int c = catalogue_ending_side(e.reason); c >= 0)
                    return hit(e, static_cast<Color>(c));
                break;
            case EndReason::MoveLimit:
                if (past_move_limit(e.count)) return hit(e, stm_);
                break;
            case EndReason::CheckCount:
                if (Color giver; checks_reached(e.count, &giver)) return hit(e, giver);
                break;
            case EndReason::NoLegalMoves:
            case EndReason::Checkmate:
                if (has_legal_move && !*has_legal_move) return hit(e, stm_);
                break;
            case EndReason::InsufficientMaterial:
                if (material_draw_size() && material_draw(nullptr)) return hit(e, stm_);
                break;
            case EndReason::Repetition:
                if (repeated(e.count)) return hit(e, stm_);
                break;
            case EndReason::NMoveRule:
                if (n_moves_reached(e.count)) return hit(e, stm_);
                break;
        }
    }
    return nullptr;
}

// A draw by rule that the variant decides by material instead (janggi's counting, Fairy-
// Stockfish's materialCounting: it asks the points wherever its verdict would be a draw).
template <class BB>
Outcome Board<BB>::describe(const Ending& e, Color side) const {
    Outcome out = describe_rule(e, side);
    const auto& count = t_->variant->end.material_count;
    if (!count || out.result != GameResult::Draw) return out;
    switch (out.reason) {
        case EndReason::Repetition:
        case EndReason::PerpetualCheck:
        case EndReason::NMoveRule:
        case EndReason::Bikjang:
        case EndReason::DoublePass:
            break;
        default:
            return out;
    }
    int points[2] = {0, 0};
    for (BB all = occupied(); any(all);) {
        const int s = pop_lsb(all);
        const char letter = t_->variant->pieces[type_of(squares_[s])].letter;
        for (const auto& [l, value] : count->points)
            if (l == letter) points[color_of(squares_[s])] += value;
    }
    const double white = points[White], black = points[Black] + count->black_bonus;
    out.result = white > black   ? GameResult::WhiteWins
                 : black > white ? GameResult::BlackWins
                                 : GameResult::Draw;
    // "draw: ..." becomes the reason the points were counted.
    std::string why = out.description;
    if (why.rfind("draw: ", 0) == 0) why = why.substr(6);
    out.description = fmt::format(
        "{}; counted by points, White {} and Black {}{}: {}", why, points[White], points[Black],
        count->black_bonus ? fmt::format(" + {}", count->black_bonus) : "",
        out.result == GameResult::WhiteWins   ? "White wins"
        : out.result == GameResult::BlackWins ? "Black wins"
                                              : "a draw");
    return out;
}

template <class BB>
Outcome Board<BB>::describe_rule(const Ending& e, Color side) const {
    const Variant& v = *t_->variant;
    switch (e.reason) {
        case EndReason::RoyalCapture:
            return Outcome{result_for(~side, e.value), EndReason::RoyalCapture,
                           fmt::format("{} captured {}'s {}", color_name(~side), color_name(side),
                                       royal_name(v))};
        case EndReason::BareKing:
            return Outcome{
                result_for(side, e.value), EndReason::BareKing,
                fmt::format("{} has nothing left but its {}", color_name(side), royal_name(v))};
        case EndReason::Extinction: {
            std::string lost = "every piece";
            for (int type : t_->extinction_types)
                if (extinct(side, type)) {
                    lost = "every " + v.pieces[type].name;
                    break;
                }
            if (t_->extinction_count)
                lost = fmt::format(
                    "all but {} of {}", t_->extinction_count,
                    lost == "every piece" ? "its pieces" : "its " + lost.substr(6) + "s");
            return Outcome{result_for(side, e.value), EndReason::Extinction,
                           fmt::format("{} has lost {}", color_name(side), lost)};
        }
        case EndReason::Region: {
            const std::string piece =
                v.end.region->piece ? v.pieces[std::countr_zero(t_->region_types)].name : "piece";
            // Racing Kings: Black's king reaching the last rank on its reply evens the race.
            if (t_->region_reply && side == White && in_region(Black))
                return Outcome{GameResult::Draw, EndReason::Region,
                               fmt::format("draw: both {}s have reached their goal", piece)};
            if (t_->region_count > 1)
                return Outcome{result_for(side, e.value), EndReason::Region,
                               fmt::format("{}'s {} {}s have reached their goal", color_name(side),
                                           t_->region_count, piece)};
            return Outcome{result_for(side, e.value), EndReason::Region,
                           fmt::format("{}'s {} has reached its goal", color_name(side), piece)};
        }
        case EndReason::Counting:
            return Outcome{GameResult::Draw, EndReason::Counting,
                           "draw: the counting rule's moves are up"};
        case EndReason::MoveLimit:
            return Outcome{GameResult::Draw, EndReason::MoveLimit,
                           fmt::format("draw: {} moves by each side have been played", e.count)};
        case EndReason::CheckCount:
            return Outcome{result_for(side, e.value), EndReason::CheckCount,
                           fmt::format("{} has given check {} times", color_name(side), e.count)};
        case EndReason::NoLegalMoves:
        case EndReason::Checkmate: {
            if (v.check_rules && in_check() && mated_by_forbidden_drop())
                return Outcome{
                    result_for(~side, EndValue::Loss), EndReason::Checkmate,
                    fmt::format("{} is checkmated by a {} drop, which loses for {}",
                                color_name(side), v.pieces[v.type_of(v.drop_rules.no_mate)].name,
                                color_name(~side))};
            if (v.check_rules && in_check() && v.end.mate_checks)
                return mate_checks_outcome(e, side);
            if (v.check_rules && in_check())
                return Outcome{result_for(side, e.value_in_check), EndReason::Checkmate,
                               fmt::format("{} is checkmated", color_name(side))};
            EndValue verdict = e.value;
            if (v.end.stalemate_piece_count) {
                // Suicide chess: the side with fewer pieces gets the verdict.
                const int ours = popcount(by_color_[side]), theirs = popcount(by_color_[~side]);
                if (ours == theirs)
                    verdict = EndValue::Draw;
                else if (ours > theirs)
                    verdict = verdict == EndValue::Win    ? EndValue::Loss
                              : verdict == EndValue::Loss ? EndValue::Win
                                                          : verdict;
            }
            return Outcome{result_for(side, verdict), EndReason::NoLegalMoves,
                           verdict == EndValue::Draw
                               ? fmt::format("draw: {} has no legal move{}", color_name(side),
                                             v.check_rules ? " (stalemate)" : "")
                               : fmt::format("{} has no legal move and {}", color_name(side),
                                             verdict == EndValue::Loss ? "loses" : "wins")};
        }
        case EndReason::InsufficientMaterial: {
            std::string which;
            material_draw(&which);
            return Outcome{GameResult::Draw, EndReason::InsufficientMaterial,
                           fmt::format("draw: insufficient material ({})", which)};
        }
        case EndReason::PerpetualCheck:
            break;
        case EndReason::Bikjang:
            return Outcome{GameResult::Draw, EndReason::Bikjang,
                           fmt::format("draw: {} passed while the {}s faced each other (bikjang)",
                                       color_name(~side), royal_name(v))};
        case EndReason::DoublePass:
            return Outcome{GameResult::Draw, EndReason::DoublePass,
                           "draw: both sides passed, one after the other"};
        case EndReason::Repetition:
            if (v.end.perpetual_check) {
                const int checker = perpetual_checker(e.count);
                if (checker == 2)
                    return Outcome{GameResult::Draw, EndReason::PerpetualCheck,
                                   fmt::format("draw: the same position occurred {} times, "
                                               "both sides checking throughout",
                                               e.count)};
                if (checker >= 0)
                    return Outcome{
                        result_for(static_cast<Color>(checker), *v.end.perpetual_check),
                        EndReason::PerpetualCheck,
                        fmt::format("{} gave perpetual check (the same position {} times)",
                                    color_name(static_cast<Color>(checker)), e.count)};
            }
            if (e.value != EndValue::Draw)
                return Outcome{result_for(side, e.value), EndReason::Repetition,
                               fmt::format("{} to move {}: the same position occurred {} times",
                                           color_name(side),
                                           e.value == EndValue::Loss ? "loses" : "wins", e.count)};
            return Outcome{GameResult::Draw, EndReason::Repetition,
                           fmt::format("draw: the same position occurred {} times", e.count)};
        case EndReason::NMoveRule: {
            // Named after the variant's own pawns: "pawn" in chess, "carp" in
            // Elephant-Monkey-Carp.
            std::string pawns;
            for (const auto& p : v.pieces)
                if (p.pawn) pawns += (pawns.empty() ? "" : " or ") + p.name;
            return Outcome{GameResult::Draw, EndReason::NMoveRule,
                           fmt::format("draw: {} moves by each side without a capture{}", e.count,
                                       pawns.empty() ? std::string() : " or a " + pawns + " move")};
        }
    }
    return Outcome{GameResult::Draw, e.reason, "the game is over"};
}

template <class BB>
std::optional<Outcome> Board<BB>::outcome(bool has_legal_move) {
    // A position without a legal move gets a second look: Position's "none" is trusted, but
    // checked here so that a caller that guessed cannot end a game that goes on.
    if (!has_legal_move) {
        MoveList list;
        generate_legal(list);
        has_legal_move = !list.empty();
    }
    Color side = stm_;
    if (const Ending* e = find_ending(kEveryEnding, &has_legal_move, &side))
        return describe(*e, side);
    if (const Ending* e = bared_for_good()) return describe(*e, stm_);
    return std::nullopt;
}

// Shatranj's bare king with its reply: a bared side to move that cannot bare the other
// king back with this move has lost already (Fairy-Stockfish's engine gives up there), so
// the referee's game ends now. Perft still walks that move, as Fairy-Stockfish's does.
template <class BB>
const Ending* Board<BB>::bared_for_good() {
    if (!t_->bare_king_reply) return nullptr;
    auto bare = [&](Color c) { return !any(by_color_[c] & ~royals_); };
    if (!bare(stm_) || bare(~stm_)) return nullptr;
    const Ending* ending = nullptr;
    for (const Ending& e : t_->endings)
        if (e.reason == EndReason::BareKing) ending = &e;
    // One capture takes one piece: with two or more left the other side stays clothed.
    if (!ending || popcount(by_color_[~stm_] & ~royals_) > 1) return ending;
    MoveList list;
    generate_legal(list);
    const Color them = ~stm_;
    for (const Move m : list) {
        make(m);
        const bool bares_back = bare(them);
        unmake();
        if (bares_back) return nullptr;
    }
    return ending;
}

template <class BB>
bool Board<BB>::ends(EndingSet which) const {
    return find_ending(which, nullptr) != nullptr;
}

template <class BB>
std::optional<Outcome> Board<BB>::ending(EndingSet which) const {
    Color side = stm_;
    if (const Ending* e = find_ending(which, nullptr, &side)) return describe(*e, side);
    return std::nullopt;
}

// Perft lives beside the judge so that its question at every node ("is the game over
// here?") is inlined into the walk.
template <class BB>
std::uint64_t Board<BB>::perft(int depth, PerftStop stop) {
    const EndingSet which = stop == PerftStop::AnyEnd ? kEndingsWithoutMoves : immediate_endings();
    // Repetition is the one rule that reads the key: without it the tree is walked without
    // keeping the key.
    const bool keyed = (which & ending_bit(EndReason::Repetition)) &&
                       std::any_of(t_->endings.begin(), t_->endings.end(), [](const Ending& e) {
                           return e.reason == EndReason::Repetition;
                       });
    const Stops stops = stops_for(which);
    return keyed ? perft_walk<true>(depth, stops) : perft_walk<false>(depth, stops);
}

template <class BB>
typename Board<BB>::Stops Board<BB>::stops_for(EndingSet which) const {
    Stops s;
    for (const Ending& e : t_->endings) {
        if (!(which & ending_bit(e.reason))) continue;
        switch (e.reason) {
            case EndReason::RoyalCapture:
                s.royal_capture = true;
                break;
            case EndReason::MoveLimit:
                s.move_limit = e.count;
                break;
            case EndReason::CheckCount:
                s.check_count = e.count;
                break;
            case EndReason::InsufficientMaterial:
                s.material = true;
                break;
            case EndReason::Repetition:
                s.repetition = e.count;
                break;
            case EndReason::NMoveRule:
                s.n_move_rule = e.count;
                break;
            case EndReason::BareKing:
            case EndReason::Extinction:
            case EndReason::Region:
            case EndReason::Bikjang:
            case EndReason::DoublePass:
                s.catalogue |= ending_bit(e.reason);
                break;
            case EndReason::Counting:
            case EndReason::PerpetualCheck:
            case EndReason::NoLegalMoves:
            case EndReason::Checkmate:
                break;  // perft counts no moves there by itself; counting is not immediate
        }
    }
    return s;
}

template <class BB>
[[gnu::noinline]] bool Board<BB>::catalogue_stopped(EndingSet which) const {
    for (EndReason r : {EndReason::BareKing, EndReason::Extinction, EndReason::Region,
                        EndReason::Bikjang, EndReason::DoublePass})
        if ((which & ending_bit(r)) && catalogue_ending_side(r) >= 0) return true;
    return false;
}

// Whether any of the stops holds (which one does not matter to a count).
template <class BB>
[[gnu::always_inline]] inline bool Board<BB>::stopped(const Stops& s) const {
    Color side;
    return (s.royal_capture && royal_lost(&side)) ||
           (s.move_limit && past_move_limit(s.move_limit)) ||
           (s.check_count && checks_reached(s.check_count, &side)) ||
           (s.n_move_rule && n_moves_reached(s.n_move_rule)) ||
           (s.repetition && repeated(s.repetition)) ||
           (s.material && material_draw_size() && material_draw(nullptr)) ||
           (s.catalogue && catalogue_stopped(s.catalogue));
}

template <class BB>
template <bool kKeyed>
std::uint64_t Board<BB>::perft_walk(int depth, const Stops& stop) {
    if (depth == 0) return 1;
    if (stopped(stop)) return 0;
    if (depth == 1) return static_cast<std::uint64_t>(count_legal());
    MoveList list;
    generate_legal(list);
    std::uint64_t nodes = 0;
    if (depth == 2) {
        // The last ply counted here, without a call per move.
        for (const Move& m : list) {
            play<kKeyed>(m);
            if (!stopped(stop)) nodes += static_cast<std::uint64_t>(count_legal());
            unmake();
        }
        return nodes;
    }
    for (const Move& m : list) {
        play<kKeyed>(m);
        nodes += perft_walk<kKeyed>(depth - 1, stop);
        unmake();
    }
    return nodes;
}

template class Board<Bits64>;
template class Board<Bits256>;

}  // namespace referee::rules
