//! Tablut (the dice version), as docs/rules.md fixes it. Options: `dice`
//! (default on) and `capture` (default one-of-each, `opposite` for the classic rule).
//!
//! Board: square index y * 9 + x (x = file a..i, y = rank 1..9), one `u128` bitboard per
//! kind of soldier and the king's square. Soldiers' moves are generated a whole set at a
//! time by shifting: after k shifts in one direction through empty squares, each bit is the
//! destination of one move of distance k (its origin is k steps back), so counting the moves
//! of each distance is a popcount, and a random move is picked by index without a move list.

use rand::Rng;

pub const N: usize = 81;
const NONE: u8 = 255;
pub const BOARD: u128 = (1u128 << N) - 1;
pub const THRONE: usize = 40;
const THR: u128 = 1u128 << THRONE;
/// The dice-less game's longest move (a king leaving from one edge across the board).
pub const NO_DICE: usize = 9;

const fn file_mask(x: usize) -> u128 {
    let mut m = 0u128;
    let mut y = 0;
    while y < 9 {
        m |= 1u128 << (y * 9 + x);
        y += 1;
    }
    m
}
const NOT_A: u128 = BOARD & !file_mask(0);
const NOT_I: u128 = BOARD & !file_mask(8);
const EDGE: u128 = file_mask(0) | file_mask(8) | 0x1ff | (0x1ffu128 << 72);
/// e, w, n, s
const OFF: [i32; 4] = [1, -1, 9, -9];

#[inline(always)]
fn bit(s: usize) -> u128 {
    1u128 << s
}

#[inline(always)]
fn shift(b: u128, d: usize) -> u128 {
    match d {
        0 => (b << 1) & NOT_A,
        1 => (b >> 1) & NOT_I,
        2 => (b << 9) & BOARD,
        _ => b >> 9,
    }
}

pub struct Tables {
    nb: [[u8; 4]; N],
    neigh: [u128; N],
    pub start: Pos,
}

impl Tables {
    pub fn new() -> Tables {
        let mut nb = [[NONE; 4]; N];
        let mut neigh = [0u128; N];
        for s in 0..N {
            let (x, y) = ((s % 9) as i32, (s / 9) as i32);
            for (d, (dx, dy)) in [(1, 0), (-1, 0), (0, 1), (0, -1)].into_iter().enumerate() {
                let (nx, ny) = (x + dx, y + dy);
                if (0..9).contains(&nx) && (0..9).contains(&ny) {
                    let q = (ny * 9 + nx) as usize;
                    nb[s][d] = q as u8;
                    neigh[s] |= bit(q);
                }
            }
        }
        Tables { nb, neigh, start: Pos::start() }
    }
}

pub fn sq(label: &str) -> usize {
    let b = label.as_bytes();
    ((b[1] - b'1') as usize) * 9 + (b[0] - b'a') as usize
}

pub fn name(s: usize) -> String {
    format!("{}{}", (b'a' + (s % 9) as u8) as char, s / 9 + 1)
}

#[derive(Clone, Copy, Debug)]
pub struct Pos {
    pub att: u128,
    /// Defenders other than the king.
    pub def: u128,
    pub king: usize,
    /// 0 = attackers, 1 = defenders.
    pub stm: usize,
}

impl Pos {
    pub fn start() -> Pos {
        let mut att = 0;
        for s in "d1 e1 f1 e2 d9 e9 f9 e8 a4 a5 a6 b5 i4 i5 i6 h5".split(' ') {
            att |= bit(sq(s));
        }
        let mut def = 0;
        for s in "e3 e4 e6 e7 c5 d5 f5 g5".split(' ') {
            def |= bit(sq(s));
        }
        Pos { att, def, king: sq("e5"), stm: 0 }
    }
    #[inline(always)]
    fn occ(&self) -> u128 {
        self.att | self.def | bit(self.king)
    }
}

/// The moves of the side to move up to some distance, kept as sets.
pub struct MoveSet {
    /// f[k][d]: destinations of soldiers' moves of distance k in direction d (throne removed).
    pub f: [[u128; 4]; NO_DICE + 1],
    /// Number of moves of each distance (soldiers and king).
    pub c: [u32; NO_DICE + 2],
    /// King moves: (destination or NONE for leaving the board, distance).
    pub km: [(u8, u8); 4 * NO_DICE],
    pub nk: usize,
}

impl MoveSet {
    pub fn new() -> MoveSet {
        MoveSet { f: [[0; 4]; NO_DICE + 1], c: [0; NO_DICE + 2], km: [(0, 0); 4 * NO_DICE], nk: 0 }
    }
}

/// Fills `ms` with every move of distance <= lim; returns their number.
#[inline]
pub fn gen(t: &Tables, p: &Pos, lim: usize, ms: &mut MoveSet) -> u32 {
    let occ = p.occ();
    let empty = BOARD & !occ;
    let soldiers = if p.stm == 0 { p.att } else { p.def };
    let slim = lim.min(8);
    let mut total = 0;
    for k in 1..=lim + 1 {
        ms.c[k] = 0;
    }
    for d in 0..4 {
        let mut f = soldiers;
        for k in 1..=slim {
            f = shift(f, d) & empty;
            let dest = f & !THR;
            ms.f[k][d] = dest;
            let n = dest.count_ones();
            ms.c[k] += n;
            total += n;
            if f == 0 {
                for kk in k + 1..=slim {
                    ms.f[kk][d] = 0;
                }
                break;
            }
        }
    }
    ms.nk = 0;
    if p.stm == 1 {
        for d in 0..4 {
            let mut q = p.king;
            for k in 1..=lim {
                let q2 = t.nb[q][d];
                if q2 == NONE {
                    ms.km[ms.nk] = (NONE, k as u8);
                    ms.nk += 1;
                    ms.c[k] += 1;
                    total += 1;
                    break;
                }
                if occ & bit(q2 as usize) != 0 {
                    break;
                }
                ms.km[ms.nk] = (q2, k as u8);
                ms.nk += 1;
                ms.c[k] += 1;
                total += 1;
                q = q2 as usize;
            }
        }
    }
    total
}

/// Whether the side to move has any move of distance <= lim (no move list is built).
#[inline]
pub fn has_move(t: &Tables, p: &Pos, lim: usize) -> bool {
    let occ = p.occ();
    let empty = BOARD & !occ;
    let soldiers = if p.stm == 0 { p.att } else { p.def };
    for d in 0..4 {
        let mut f = soldiers;
        for _ in 0..lim.min(8) {
            f = shift(f, d) & empty;
            if f & !THR != 0 {
                return true;
            }
            if f == 0 {
                break;
            }
        }
    }
    if p.stm == 1 {
        for d in 0..4 {
            let q = t.nb[p.king][d];
            // Distance 1 is a move unless the neighbour is occupied.
            if q == NONE || occ & bit(q as usize) == 0 {
                return true;
            }
        }
    }
    false
}

/// The moves of distance <= r as one set of destinations per direction: along one
/// direction two soldiers never reach the same square (the nearer one would block the
/// farther), so each destination is one move and each count is one popcount.
pub struct Reach {
    u: [u128; 4],
    n: [u32; 4],
    soldiers: u128,
    km: [(u8, u8); 4 * NO_DICE],
    nk: usize,
}

impl Reach {
    pub fn new() -> Reach {
        Reach { u: [0; 4], n: [0; 4], soldiers: 0, km: [(0, 0); 4 * NO_DICE], nk: 0 }
    }

    /// The index-th move.
    #[inline]
    pub fn nth(&self, p: &Pos, mut index: u32) -> Move {
        for d in 0..4 {
            if index < self.n[d] {
                let b = self.u[d];
                let lo = b as u64;
                let lon = lo.count_ones();
                let (mut w, base) = if index < lon {
                    (lo, 0)
                } else {
                    index -= lon;
                    ((b >> 64) as u64, 64)
                };
                for _ in 0..index {
                    w &= w - 1;
                }
                let to = base + w.trailing_zeros() as i32;
                let mut from = to - OFF[d];
                while self.soldiers & bit(from as usize) == 0 {
                    from -= OFF[d];
                }
                return Move { from: from as u8, to: to as u8 };
            }
            index -= self.n[d];
        }
        Move { from: p.king as u8, to: self.km[index as usize].0 }
    }
}

#[inline(always)]
fn fill<const D: usize>(s: u128, empty: u128, r: usize) -> u128 {
    let mut f = s;
    let mut acc = 0;
    for _ in 0..r {
        f = shift(f, D) & empty;
        if f == 0 {
            break;
        }
        acc |= f;
    }
    acc & !THR
}

/// Fills `m` with the moves of distance <= r (r <= 8 for soldiers, the king up to r);
/// returns their number.
#[inline]
pub fn reach(t: &Tables, p: &Pos, r: usize, m: &mut Reach) -> u32 {
    let empty = BOARD & !p.occ();
    let s = if p.stm == 0 { p.att } else { p.def };
    let sr = r.min(8);
    m.soldiers = s;
    m.u = [fill::<0>(s, empty, sr), fill::<1>(s, empty, sr), fill::<2>(s, empty, sr), fill::<3>(s, empty, sr)];
    m.n = [m.u[0].count_ones(), m.u[1].count_ones(), m.u[2].count_ones(), m.u[3].count_ones()];
    let mut total = m.n[0] + m.n[1] + m.n[2] + m.n[3];
    m.nk = 0;
    if p.stm == 1 {
        for d in 0..4 {
            let mut q = p.king;
            for k in 1..=r {
                let q2 = t.nb[q][d];
                if q2 == NONE {
                    m.km[m.nk] = (NONE, k as u8);
                    m.nk += 1;
                    break;
                }
                if empty & bit(q2 as usize) == 0 {
                    break;
                }
                m.km[m.nk] = (q2, k as u8);
                m.nk += 1;
                q = q2 as usize;
            }
        }
        total += m.nk as u32;
    }
    total
}

pub const NONE_WON: u8 = 0;
pub const ATT_WON: u8 = 1;
pub const DEF_WON: u8 = 2;

/// A move: origin, destination (NONE = the king leaves the board).
#[derive(Clone, Copy, Debug)]
pub struct Move {
    pub from: u8,
    pub to: u8,
}

/// Plays a move; returns who won by it (NONE_WON, ATT_WON, DEF_WON).
#[inline]
pub fn make(t: &Tables, p: &mut Pos, m: Move, one_of_each: bool) -> u8 {
    let me = p.stm;
    p.stm ^= 1;
    let q = m.to as usize;
    let (friends, enemy);
    if me == 0 {
        p.att ^= bit(m.from as usize) | bit(q);
        friends = p.att;
        enemy = p.def;
    } else {
        if m.from as usize == p.king {
            if m.to == NONE {
                return DEF_WON;
            }
            p.king = q;
        } else {
            p.def ^= bit(m.from as usize) | bit(q);
        }
        friends = p.def | bit(p.king);
        enemy = p.att;
    }
    // Custodial captures, judged on the board as the piece lands.
    let mut cap = 0u128;
    let cand = t.neigh[q] & enemy;
    if cand != 0 {
        let others = friends & !bit(q);
        for d in 0..4 {
            let s = t.nb[q][d];
            if s == NONE || cand & bit(s as usize) == 0 {
                continue;
            }
            let s = s as usize;
            let taken = if one_of_each {
                // Opposite side or either of the two other sides: any other side.
                others & t.neigh[s] != 0
            } else {
                let o = t.nb[s][d];
                o != NONE && others & bit(o as usize) != 0
            };
            if taken {
                cap |= bit(s);
            }
        }
    }
    let mut won = NONE_WON;
    if me == 0 && king_taken(t, p, q) {
        won = ATT_WON;
    }
    if me == 0 {
        p.def &= !cap;
    } else {
        p.att &= !cap;
    }
    won
}

/// After an attacker lands on q: is the king captured?
#[inline]
fn king_taken(t: &Tables, p: &Pos, q: usize) -> bool {
    let k = p.king;
    let kb = bit(k);
    if kb & EDGE != 0 {
        return false;
    }
    let sides = t.neigh[k];
    let hostile = p.att | if k == THRONE { 0 } else { THR };
    let qb = bit(q);
    if sides & qb != 0 && sides & !hostile == 0 {
        return true;
    }
    let d = p.def & sides;
    if d == 0 || d & (d - 1) != 0 {
        return false;
    }
    let f = d.trailing_zeros() as usize;
    let around = t.neigh[f] & !kb;
    (sides & !d) & !hostile == 0 && around & !hostile == 0 && (sides | around) & qb != 0
}

/// Perft with the dice (sum over rolls 1..6; a move of distance k is legal under 7 - k
/// rolls; a roll with no move is one pass) or without.
pub fn perft(t: &Tables, p: &Pos, depth: usize, dice: bool, one_of_each: bool) -> u64 {
    if depth == 0 {
        return 1;
    }
    let lim = if dice { 6 } else { NO_DICE };
    let mut ms = MoveSet::new();
    let total = gen(t, p, lim, &mut ms);
    if total == 0 {
        return 0;
    }
    let mut passes = 0u64;
    if dice {
        let mut cum = 0;
        let mut leaves = 0u64;
        for r in 1..=6 {
            cum += ms.c[r];
            leaves += cum as u64;
            if cum == 0 {
                passes += 1;
            }
        }
        if depth == 1 {
            return leaves + passes;
        }
    } else if depth == 1 {
        return total as u64;
    }
    let weight = |k: usize| if dice { (7 - k) as u64 } else { 1 };
    let mut n = 0u64;
    let mut child = |m: Move, k: usize| {
        let mut c = *p;
        if make(t, &mut c, m, one_of_each) == NONE_WON {
            n += weight(k) * perft(t, &c, depth - 1, dice, one_of_each);
        }
    };
    for k in 1..=lim.min(8) {
        for d in 0..4 {
            let mut b = ms.f[k][d];
            while b != 0 {
                let to = b.trailing_zeros() as i32;
                b &= b - 1;
                let from = to - OFF[d] * k as i32;
                child(Move { from: from as u8, to: to as u8 }, k);
            }
        }
    }
    for i in 0..ms.nk {
        let (to, k) = ms.km[i];
        child(Move { from: p.king as u8, to }, k as usize);
    }
    if passes > 0 {
        let mut c = *p;
        c.stm ^= 1;
        n += passes * perft(t, &c, depth - 1, dice, one_of_each);
    }
    n
}

#[derive(Default, Debug)]
pub struct Stats {
    pub games: u64,
    pub plies: u64,
    pub passes: u64,
    pub moves_seen: u64,
    /// Attackers won: [king captured, defenders had no move].
    pub att_wins: [u64; 2],
    /// Defenders won: [king escaped, attackers had no move].
    pub def_wins: [u64; 2],
    pub unfinished: u64,
}

/// One random playout from the start, up to `limit` plies (a pass is a ply).
pub fn playout<R: Rng>(
    t: &Tables,
    rng: &mut R,
    ms: &mut Reach,
    limit: u32,
    dice: bool,
    one_of_each: bool,
    st: &mut Stats,
) {
    let mut p = t.start;
    let mut plies = 0u32;
    let full = if dice { 6 } else { NO_DICE };
    loop {
        if plies >= limit {
            if has_move(t, &p, full) {
                st.unfinished += 1;
            } else if p.stm == 0 {
                st.def_wins[1] += 1;
            } else {
                st.att_wins[1] += 1;
            }
            break;
        }
        let r = if dice { rng.gen_range(1..=6u32) as usize } else { NO_DICE };
        let n = reach(t, &p, r, ms);
        if n == 0 {
            if dice && has_move(t, &p, full) {
                p.stm ^= 1;
                plies += 1;
                st.passes += 1;
                st.moves_seen += 1;
                continue;
            }
            if p.stm == 0 {
                st.def_wins[1] += 1;
            } else {
                st.att_wins[1] += 1;
            }
            break;
        }
        st.moves_seen += n as u64;
        let i = rng.gen_range(0..n);
        let m = ms.nth(&p, i);
        let won = make(t, &mut p, m, one_of_each);
        plies += 1;
        if won == ATT_WON {
            st.att_wins[0] += 1;
            break;
        }
        if won == DEF_WON {
            st.def_wins[0] += 1;
            break;
        }
    }
    st.games += 1;
    st.plies += plies as u64;
}

/// Position notation, e.g. `D:Ad1,e1,f1:De3,Ke5`.
pub fn fen(p: &Pos) -> String {
    let list = |mut b: u128, king: Option<usize>| {
        let mut v = Vec::new();
        while b != 0 {
            v.push(name(b.trailing_zeros() as usize));
            b &= b - 1;
        }
        if let Some(k) = king {
            v.push(format!("K{}", name(k)));
        }
        v.join(",")
    };
    format!(
        "{}:A{}:D{}",
        if p.stm == 0 { "A" } else { "D" },
        list(p.att, None),
        list(p.def, Some(p.king))
    )
}

pub fn parse_fen(s: &str) -> Option<Pos> {
    let parts: Vec<&str> = s.split(':').collect();
    if parts.len() != 3 {
        return None;
    }
    let stm = match parts[0] {
        "A" => 0,
        "D" => 1,
        _ => return None,
    };
    let mut p = Pos { att: 0, def: 0, king: usize::MAX, stm };
    for part in &parts[1..] {
        let side = part.get(..1)?;
        for item in part[1..].split(',').filter(|x| !x.is_empty()) {
            match (side, item.strip_prefix('K')) {
                ("D", Some(n)) => p.king = sq(n),
                ("D", None) => p.def |= bit(sq(item)),
                ("A", None) => p.att |= bit(sq(item)),
                _ => return None,
            }
        }
    }
    (p.king != usize::MAX).then_some(p)
}

/// The position after `plies` random plies from the start, if the game is still going.
pub fn random_position<R: Rng>(t: &Tables, rng: &mut R, plies: u32, dice: bool, one_of_each: bool) -> Option<Pos> {
    let mut p = t.start;
    let mut ms = Reach::new();
    for _ in 0..plies {
        let r = if dice { rng.gen_range(1..=6u32) as usize } else { NO_DICE };
        let n = reach(t, &p, r, &mut ms);
        if n == 0 {
            if dice && has_move(t, &p, 6) {
                p.stm ^= 1;
                continue;
            }
            return None;
        }
        let m = ms.nth(&p, rng.gen_range(0..n));
        if make(t, &mut p, m, one_of_each) != NONE_WON {
            return None;
        }
    }
    Some(p)
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    /// The playouts' move sets (`reach`, `nth`) hold exactly the moves perft's `gen` lists.
    #[test]
    fn reach_matches_gen() {
        let t = Tables::new();
        let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(7);
        for plies in [0, 5, 20, 60, 120] {
            for _ in 0..50 {
                for dice in [true, false] {
                    let Some(p) = random_position(&t, &mut rng, plies, dice, true) else { continue };
                    for r in 1..=NO_DICE {
                        let mut ms = MoveSet::new();
                        gen(&t, &p, r, &mut ms);
                        let mut want = Vec::new();
                        for k in 1..=r.min(8) {
                            for d in 0..4 {
                                let mut b = ms.f[k][d];
                                while b != 0 {
                                    let to = b.trailing_zeros() as i32;
                                    b &= b - 1;
                                    want.push(((to - OFF[d] * k as i32) as u8, to as u8));
                                }
                            }
                        }
                        for i in 0..ms.nk {
                            want.push((p.king as u8, ms.km[i].0));
                        }
                        let mut rs = Reach::new();
                        let n = reach(&t, &p, r, &mut rs);
                        let mut got: Vec<(u8, u8)> =
                            (0..n).map(|i| rs.nth(&p, i)).map(|m| (m.from, m.to)).collect();
                        want.sort();
                        got.sort();
                        assert_eq!(want, got, "{} r={r}", fen(&p));
                        assert_eq!(has_move(&t, &p, r), n > 0);
                    }
                }
            }
        }
    }

    #[test]
    fn perft_start() {
        let t = Tables::new();
        let p = t.start;
        assert_eq!((1..=3).map(|d| perft(&t, &p, d, true, true)).collect::<Vec<_>>(), [384, 99272, 38430760]);
        assert_eq!((1..=3).map(|d| perft(&t, &p, d, false, true)).collect::<Vec<_>>(), [80, 4376, 351896]);
        assert_eq!((1..=2).map(|d| perft(&t, &p, d, false, false)).collect::<Vec<_>>(), [80, 4400]);
    }
}
