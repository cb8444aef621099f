// Finding the magic multipliers of the slide groups: for every square, a multiplier that
// maps each occupancy of the squares that can block to a slot of its own (or to a slot
// holding the same reach), tried from a fixed seed so that every run builds the same tables.
#include "referee/rules/core/slide_magic.hpp"

#include <algorithm>
#include <cstdint>
#include <map>
#include <mutex>
#include <tuple>

namespace referee::rules {

namespace {

// The magics already found in this process, by everything that decides them: the board's
// squares and, for each slide, its step, its reach and the rays its blockers cut. Finding
// them is most of a variant's load time (about 30 ms for chess), and validate and the tests
// load the same groups again and again (a variant, its ablations, each probe); the tables
// themselves are rebuilt from the magics, which is quick, so no second copy stays resident.
using MagicKey = std::vector<std::uint64_t>;
using Magics = std::vector<std::pair<std::uint64_t, int>>;  // per square: multiplier, shift

MagicKey magic_key(const Tables<Bits64>& t, const SlideList& slides, int nsq) {
    std::vector<MagicKey> parts;
    for (const auto& [vec, mask] : slides) {
        MagicKey k{static_cast<std::uint64_t>(static_cast<std::int64_t>(t.vec_step[vec]))};
        k.insert(k.end(), mask.begin(), mask.begin() + nsq);
        k.insert(k.end(), t.ray[vec].begin(), t.ray[vec].begin() + nsq);
        parts.push_back(std::move(k));
    }
    std::sort(parts.begin(), parts.end());
    MagicKey key{static_cast<std::uint64_t>(nsq)};
    for (const auto& k : parts) key.insert(key.end(), k.begin(), k.end());
    return key;
}

std::mutex found_mutex;
std::map<MagicKey, Magics>& found_magics() {
    static std::map<MagicKey, Magics> found;
    return found;
}

}  // namespace

Bits64 slide_blockers(const Tables<Bits64>& t, int vec, Bits64 reach) {
    if (!reach) return 0;
    return reach & ~square_bit<Bits64>(t.vec_step[vec] > 0 ? msb(reach) : lsb(reach));
}

const SlideTable* slide_table(Tables<Bits64>& t, SlideList slides, int nsq) {
    std::sort(slides.begin(), slides.end());
    for (const SlideTable& st : t.slide_tables)
        if (st.slides == slides) return &st;
    SlideTable& st = t.slide_tables.emplace_back();
    st.slides = std::move(slides);
    st.squares.resize(nsq);
    const MagicKey key = magic_key(t, st.slides, nsq);
    const Magics known = [&] {
        const std::lock_guard lock(found_mutex);
        const auto it = found_magics().find(key);
        return it == found_magics().end() ? Magics() : it->second;
    }();
    Magics magics;
    std::vector<std::size_t> offsets(nsq);
    SplitMix64 rng{0x2545F4914F6CDD1Dull};
    std::vector<Bits64> occs, reach, seen;
    std::vector<int> stamp;
    for (int s = 0; s < nsq; ++s) {
        SlideMagic& m = st.squares[s];
        for (const auto& [vec, mask] : st.slides) m.mask |= slide_blockers(t, vec, mask[s]);
        const int n = popcount(m.mask);
        occs.clear();
        reach.clear();
        Bits64 sub = 0;
        do {  // every subset of the mask
            Bits64 r = 0;
            for (const auto& [vec, mask] : st.slides) {
                Bits64 ray = mask[s];
                const Bits64 blockers = ray & sub;
                if (blockers)
                    ray &= ~t.ray[vec][t.vec_step[vec] > 0 ? lsb(blockers) : msb(blockers)];
                r |= ray;
            }
            occs.push_back(sub);
            reach.push_back(r);
            sub = (sub - m.mask) & m.mask;
        } while (sub);
        m.shift = 64 - std::max(n, 1);
        if (!known.empty()) std::tie(m.magic, m.shift) = known[s];
        seen.assign(std::size_t(1) << (64 - m.shift), 0);
        stamp.assign(seen.size(), 0);
        for (int attempt = 1;; ++attempt) {
            if (!known.empty()) {  // found before: only the table to fill
                for (std::size_t i = 0; i < occs.size(); ++i)
                    seen[(occs[i] * m.magic) >> m.shift] = reach[i];
                break;
            }
            // Sparse candidates (three words and-ed) suit wide masks; narrow ones on
            // small boards also get denser ones.
            m.magic =
                n == 0 ? 0 : rng.next() & rng.next() & (attempt & 1 || n >= 8 ? rng.next() : ~0ull);
            // A quick reject, as chess programs do: a magic that brings few mask bits
            // into the top byte rarely separates the subsets.
            bool ok = n < 8 || popcount((m.mask * m.magic) >> 56) >= 6;
            for (std::size_t i = 0; i < occs.size() && ok; ++i) {
                const std::size_t idx = (occs[i] * m.magic) >> m.shift;
                if (stamp[idx] != attempt) {
                    stamp[idx] = attempt;
                    seen[idx] = reach[i];
                } else if (seen[idx] != reach[i]) {
                    ok = false;
                }
            }
            if (ok) break;
            // Not every group has a magic of exactly n bits (a 5x6 queen's from a
            // corner has none found quickly): then a table twice the size.
            if (attempt % 20000 == 0) {
                --m.shift;
                seen.assign(std::size_t(1) << (64 - m.shift), 0);
                stamp.assign(seen.size(), 0);
            }
        }
        magics.emplace_back(m.magic, m.shift);
        offsets[s] = st.attacks.size();
        st.attacks.resize(st.attacks.size() + seen.size());
        std::copy(seen.begin(), seen.end(), st.attacks.begin() + offsets[s]);
    }
    if (known.empty()) {
        const std::lock_guard lock(found_mutex);
        found_magics().emplace(key, std::move(magics));
    }
    for (int s = 0; s < nsq; ++s) {
        st.squares[s].attacks = st.attacks.data() + offsets[s];
        st.squares[s].reach = slide_attacks(st.squares.data(), s, 0);
    }
    return &st;
}

}  // namespace referee::rules
