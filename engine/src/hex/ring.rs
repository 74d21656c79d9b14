//! The ring test, tabulated, shared by the solver's and the generator's searches:
//! whether leaving a cell can cut the unvisited cells around it apart, decided
//! from its six neighbours without a flood fill.

/// The ring test, tabulated: for the six cells around the cell just left, bit `x`
/// of `links` says cells `x` and `x + 1` are both still there and joined by an
/// open edge, and `members` are the ones the left cell had open edges to. Bit
/// `members` of entry `links` is set when all members lie on one run of joined
/// cells, so leaving the cell cannot have cut them apart (no flood fill needed).
pub const RING_SAFE: [u64; 64] = ring_table();

const fn ring_table() -> [u64; 64] {
    let mut table = [0u64; 64];
    let mut links = 0;
    while links < 64 {
        let mut members = 0;
        while members < 64 {
            if ring_safe(links, members) {
                table[links] |= 1 << members;
            }
            members += 1;
        }
        links += 1;
    }
    table
}

const fn ring_safe(links: usize, members: usize) -> bool {
    if members.count_ones() <= 1 || links == 63 {
        return true;
    }
    // start just after a break in the ring
    let mut b = 0;
    while links >> ((b + 5) % 6) & 1 == 1 {
        b += 1;
    }
    let (mut arcs, mut cur, mut i) = (0, false, 0);
    while i < 6 {
        let d = (b + i) % 6;
        if i > 0 && links >> ((d + 5) % 6) & 1 == 0 {
            if cur {
                arcs += 1;
            }
            cur = false;
        }
        if members >> d & 1 == 1 {
            cur = true;
        }
        i += 1;
    }
    if cur {
        arcs += 1;
    }
    arcs <= 1
}
