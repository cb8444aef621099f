#include "referee/rules/core/slide_magic.hpp"
#include "referee/rules/core/tables.hpp"

namespace referee::rules {

// Zobrist keys, from a fixed seed, in a fixed order: pieces, castling rights, en passant
// files, side to move.
template <class BB>
void build_zobrist_keys(Tables<BB>& t, const Variant& v) {
    using T = Tables<BB>;
    const int nsq = t.nsq;
    SplitMix64 rng;
    t.zobrist_piece.resize(kMaxPieceCodes * nsq);
    for (auto& z : t.zobrist_piece) z = rng.next();
    t.zobrist_castle.resize(t.castle_set.castles.size());
    for (auto& z : t.zobrist_castle) z = rng.next();
    t.zobrist_ep.resize(nsq);
    for (auto& z : t.zobrist_ep) z = rng.next();
    t.zobrist_side = rng.next();
    // After the others, so that their keys stay what they were.
    if (t.drops || t.captures_to_hand || v.gating) {
        t.zobrist_hand.resize(2 * t.ntypes * (T::kMaxInHand + 1));
        for (auto& z : t.zobrist_hand) z = rng.next();
    }
    if (t.counts_checks) {
        t.zobrist_checks.resize(2 * 256);
        for (auto& z : t.zobrist_checks) z = rng.next();
    }
    if (v.gating || t.unmoved_squares) {
        t.zobrist_gate.resize(2 * nsq);
        for (auto& z : t.zobrist_gate) z = rng.next();
    }
    if (v.chess960) {
        t.zobrist_free_castle.resize(2 * v.castling.size() * nsq);
        for (auto& z : t.zobrist_free_castle) z = rng.next();
    }
    for (std::size_t i = 0; i < t.castle_set.castles.size(); ++i)
        t.castle_set.castles[i].key = t.zobrist_castle[i];
}

template void build_zobrist_keys<Bits64>(Tables<Bits64>&, const Variant&);
template void build_zobrist_keys<Bits256>(Tables<Bits256>&, const Variant&);

}  // namespace referee::rules
