//! Permainan Tabal, as docs/rules.md fixes it (default options: White first,
//! promotion at the end of the move, jumped pieces removed at the end of the sequence,
//! no majority capture).
//!
//! Board: the 37 points sit on the 5x9 lattice, bit y * 5 + x of a `u64` (the 8 lattice
//! cells that are not points are never set), so a position is two bitboards (one per side)
//! plus a bitboard of kings. A step along direction d is a shift by a fixed offset, masked to
//! the points that have a link that way; the two cross lines a1-c1-e1 and a9-c9-e9, whose
//! links are two lattice cells long, have their own masks. That finds, for all men at once,
//! which can capture and where they can step; the capture sequences themselves are walked
//! with precomputed leap and ray tables.

use rand::Rng;

pub const NPTS: usize = 45;
const NONE: u8 = 255;

/// n, s, e, w, ne, nw, se, sw
const DIRS: [(i32, i32); 8] = [(0, 1), (0, -1), (1, 0), (-1, 0), (1, 1), (-1, 1), (1, -1), (-1, -1)];
/// Lattice offset of one step along each direction.
const OFF: [i32; 8] = [5, -5, 1, -1, 6, 4, -4, -6];
/// The direction opposite each direction.
const BACK: [usize; 8] = [1, 0, 3, 2, 7, 6, 5, 4];

#[inline(always)]
fn sh(b: u64, off: i32) -> u64 {
    if off >= 0 {
        b << off
    } else {
        b >> -off
    }
}

#[inline(always)]
fn bit(p: u8) -> u64 {
    1u64 << p
}

pub struct Tables {
    /// Every point.
    pub all: u64,
    /// link1[d]: points whose neighbour along d is one lattice step away; link2[d]: two.
    link1: [u64; 8],
    link2: [u64; 8],
    /// Rays: the points met walking from p along d, nearest first.
    ray: [[[u8; 8]; 8]; NPTS],
    ray_len: [[u8; 8]; NPTS],
    /// Short leaps of a man: (jumped point, landing point), for each direction where both exist.
    jump: [[(u8, u8); 8]; NPTS],
    jump_len: [u8; NPTS],
    /// The rank a man of each side is crowned on.
    far: [u64; 2],
    pub names: [String; NPTS],
}

impl Tables {
    pub fn new() -> Tables {
        // The lattice; `is_point` marks the 37 points.
        let pts: Vec<(i32, i32)> = (0..NPTS as i32).map(|i| (i % 5, i / 5)).collect();
        let is_point = |x: i32, y: i32| match y {
            0 | 8 => x % 2 == 0,
            1 | 7 => (1..4).contains(&x),
            _ => true,
        };
        let at = |x: i32, y: i32| {
            ((0..5).contains(&x) && (0..9).contains(&y) && is_point(x, y)).then(|| (y * 5 + x) as usize)
        };
        let in_square = |x: i32, y: i32| (0..5).contains(&x) && (2..7).contains(&y);
        let mut links: Vec<(usize, usize)> = Vec::new();
        for &(x, y) in &pts {
            if !in_square(x, y) || !is_point(x, y) {
                continue;
            }
            let p = at(x, y).unwrap();
            let mut steps = vec![(1, 0), (0, 1)];
            if (x + y) % 2 == 0 {
                steps.push((1, 1));
                steps.push((1, -1));
            }
            for (dx, dy) in steps {
                if in_square(x + dx, y + dy) {
                    links.push((p, at(x + dx, y + dy).unwrap()));
                }
            }
        }
        let tri = [
            "c3 b2 a1", "c3 c2 c1", "c3 d2 e1", "b2 c2 d2", "a1 c1 e1", "c7 b8 a9", "c7 c8 c9",
            "c7 d8 e9", "b8 c8 d8", "a9 c9 e9",
        ];
        let by_name = |s: &str| {
            let b = s.as_bytes();
            at((b[0] - b'a') as i32, (b[1] - b'1') as i32).unwrap()
        };
        for line in tri {
            let ps: Vec<usize> = line.split(' ').map(by_name).collect();
            for w in ps.windows(2) {
                links.push((w[0], w[1]));
            }
        }
        assert_eq!(links.len(), 76);
        let mut nb = [[NONE; 8]; NPTS];
        for &(a, b) in &links {
            let (ax, ay) = pts[a];
            let (bx, by) = pts[b];
            let d = ((bx - ax).signum(), (by - ay).signum());
            let di = DIRS.iter().position(|&q| q == d).unwrap();
            let ri = DIRS.iter().position(|&q| q == (-d.0, -d.1)).unwrap();
            assert!(nb[a][di] == NONE && nb[b][ri] == NONE);
            nb[a][di] = b as u8;
            nb[b][ri] = a as u8;
        }
        let mut ray = [[[NONE; 8]; 8]; NPTS];
        let mut ray_len = [[0u8; 8]; NPTS];
        let mut jump = [[(NONE, NONE); 8]; NPTS];
        let mut jump_len = [0u8; NPTS];
        for p in 0..NPTS {
            for d in 0..8 {
                let mut q = nb[p][d];
                while q != NONE {
                    ray[p][d][ray_len[p][d] as usize] = q;
                    ray_len[p][d] += 1;
                    q = nb[q as usize][d];
                }
                if ray_len[p][d] >= 2 {
                    jump[p][jump_len[p] as usize] = (ray[p][d][0], ray[p][d][1]);
                    jump_len[p] += 1;
                }
            }
        }
        let mut link1 = [0u64; 8];
        let mut link2 = [0u64; 8];
        for p in 0..NPTS {
            for d in 0..8 {
                if nb[p][d] != NONE {
                    let delta = nb[p][d] as i32 - p as i32;
                    if delta == OFF[d] {
                        link1[d] |= 1 << p;
                    } else {
                        assert_eq!(delta, 2 * OFF[d]);
                        link2[d] |= 1 << p;
                    }
                }
            }
        }
        let mut all = 0u64;
        for &(x, y) in &pts {
            if is_point(x, y) {
                all |= 1 << (y * 5 + x);
            }
        }
        assert_eq!(all.count_ones(), 37);
        let mut far = [0u64; 2];
        for (i, &(x, y)) in pts.iter().enumerate() {
            if !is_point(x, y) {
                continue;
            }
            if y == 8 {
                far[0] |= 1 << i;
            }
            if y == 0 {
                far[1] |= 1 << i;
            }
        }
        let names = std::array::from_fn(|i| {
            let (x, y) = pts[i];
            format!("{}{}", (b'a' + x as u8) as char, y + 1)
        });
        Tables { all, link1, link2, ray, ray_len, jump, jump_len, far, names }
    }

    /// The points of b's neighbourhood whose step along d lands in b.
    #[inline(always)]
    fn back<const D: usize>(&self, b: u64) -> u64 {
        let e = BACK[D];
        let one = sh(b, OFF[e]) & self.link1[D];
        // Only e and w have two-cell links (a1-c1-e1, a9-c9-e9).
        if D == 2 || D == 3 {
            one | (sh(b, 2 * OFF[e]) & self.link2[D])
        } else {
            one
        }
    }
}

#[derive(Clone, Copy, Debug)]
pub struct Pos {
    /// Pieces of White (0) and Black (1).
    pub pcs: [u64; 2],
    pub kings: u64,
    pub stm: usize,
}

impl Pos {
    pub fn start(t: &Tables) -> Pos {
        Pos { pcs: [t.all & ((1 << 20) - 1), t.all & !((1 << 25) - 1)], kings: 0, stm: 0 }
    }
}

/// A move: its start, its end and the pieces it takes (its path is not kept; two capture
/// paths with the same ends are still two moves, as their notation differs).
#[derive(Clone, Copy, Debug, Default)]
pub struct Move {
    pub from: u8,
    pub to: u8,
    pub cap: u64,
}

struct CapGen<'a> {
    t: &'a Tables,
    enemy: u64,
    vacant: u64,
    start: u8,
    out: &'a mut Vec<Move>,
}

impl CapGen<'_> {
    fn man(&mut self, cur: u8, jumped: u64) {
        let t = self.t;
        let mut found = false;
        let c = cur as usize;
        for i in 0..t.jump_len[c] as usize {
            let (over, land) = t.jump[c][i];
            if (self.enemy & !jumped) & bit(over) != 0 && self.vacant & bit(land) != 0 {
                found = true;
                self.man(land, jumped | bit(over));
            }
        }
        if !found && jumped != 0 {
            self.out.push(Move { from: self.start, to: cur, cap: jumped });
        }
    }

    fn king(&mut self, cur: u8, jumped: u64) {
        let t = self.t;
        let mut found = false;
        let c = cur as usize;
        for d in 0..8 {
            let len = t.ray_len[c][d] as usize;
            let r = &t.ray[c][d];
            let mut i = 0;
            while i < len && self.vacant & bit(r[i]) != 0 {
                i += 1;
            }
            if i + 1 >= len || (self.enemy & !jumped) & bit(r[i]) == 0 {
                continue;
            }
            let over = bit(r[i]);
            let mut j = i + 1;
            while j < len && self.vacant & bit(r[j]) != 0 {
                found = true;
                self.king(r[j], jumped | over);
                j += 1;
            }
        }
        if !found && jumped != 0 {
            self.out.push(Move { from: self.start, to: cur, cap: jumped });
        }
    }
}

/// All legal moves of the side to move (captures if any exist, else plain moves).
pub fn gen(t: &Tables, p: &Pos, out: &mut Vec<Move>) {
    out.clear();
    let own = p.pcs[p.stm];
    let enemy = p.pcs[p.stm ^ 1];
    let empty = t.all & !(own | enemy);
    let men = own & !p.kings;
    let kings = own & p.kings;
    // Men that have a first leap: an enemy next to them along d and a vacant point behind.
    let jumpers_d = |b: u64| -> u64 {
        t.back::<0>(enemy & t.back::<0>(b))
            | t.back::<1>(enemy & t.back::<1>(b))
            | t.back::<2>(enemy & t.back::<2>(b))
            | t.back::<3>(enemy & t.back::<3>(b))
            | t.back::<4>(enemy & t.back::<4>(b))
            | t.back::<5>(enemy & t.back::<5>(b))
            | t.back::<6>(enemy & t.back::<6>(b))
            | t.back::<7>(enemy & t.back::<7>(b))
    };
    let mut jumpers = men & jumpers_d(empty);
    while jumpers != 0 {
        let s = jumpers.trailing_zeros() as u8;
        jumpers &= jumpers - 1;
        CapGen { t, enemy, vacant: empty | bit(s), start: s, out: &mut *out }.man(s, 0);
    }
    let mut ks = kings;
    while ks != 0 {
        let s = ks.trailing_zeros() as u8;
        ks &= ks - 1;
        CapGen { t, enemy, vacant: empty | bit(s), start: s, out: &mut *out }.king(s, 0);
    }
    if !out.is_empty() {
        return;
    }
    // Plain moves: men one step forward, diagonally forward or sideways.
    if p.stm == 0 {
        men_steps::<0>(t, men, empty, out);
        men_steps::<4>(t, men, empty, out);
        men_steps::<5>(t, men, empty, out);
    } else {
        men_steps::<1>(t, men, empty, out);
        men_steps::<6>(t, men, empty, out);
        men_steps::<7>(t, men, empty, out);
    }
    men_steps::<2>(t, men, empty, out);
    men_steps::<3>(t, men, empty, out);
    let mut ks = kings;
    while ks != 0 {
        let s = ks.trailing_zeros() as u8;
        ks &= ks - 1;
        for d in 0..8 {
            let r = &t.ray[s as usize][d];
            for i in 0..t.ray_len[s as usize][d] as usize {
                if empty & bit(r[i]) == 0 {
                    break;
                }
                out.push(Move { from: s, to: r[i], cap: 0 });
            }
        }
    }
}

/// Men's steps along direction D onto empty points.
#[inline(always)]
fn men_steps<const D: usize>(t: &Tables, men: u64, empty: u64, out: &mut Vec<Move>) {
    let mut to = sh(men & t.link1[D], OFF[D]) & empty;
    while to != 0 {
        let q = to.trailing_zeros() as i32;
        to &= to - 1;
        out.push(Move { from: (q - OFF[D]) as u8, to: q as u8, cap: 0 });
    }
    // Only e and w have two-cell links (a1-c1-e1, a9-c9-e9).
    if D == 2 || D == 3 {
        let mut to = sh(men & t.link2[D], 2 * OFF[D]) & empty;
        while to != 0 {
            let q = to.trailing_zeros() as i32;
            to &= to - 1;
            out.push(Move { from: (q - 2 * OFF[D]) as u8, to: q as u8, cap: 0 });
        }
    }
}

#[inline]
pub fn make(t: &Tables, p: &mut Pos, m: &Move) {
    let me = p.stm;
    let from = bit(m.from);
    let to = bit(m.to);
    p.pcs[me] = (p.pcs[me] & !from) | to;
    p.pcs[me ^ 1] &= !m.cap;
    let was_king = p.kings & from != 0;
    p.kings &= !(m.cap | from);
    if was_king || t.far[me] & to != 0 {
        p.kings |= to;
    }
    p.stm ^= 1;
}

pub fn notation(t: &Tables, m: &Move) -> String {
    let sep = if m.cap != 0 { "x" } else { "-" };
    format!("{}{}{}", t.names[m.from as usize], sep, t.names[m.to as usize])
}

pub fn perft(t: &Tables, p: &Pos, depth: usize, bufs: &mut [Vec<Move>]) -> u64 {
    if depth == 0 {
        return 1;
    }
    let (buf, rest) = bufs.split_first_mut().unwrap();
    gen(t, p, buf);
    if depth == 1 {
        return buf.len() as u64;
    }
    let mut n = 0;
    for i in 0..buf.len() {
        let mut c = *p;
        make(t, &mut c, &buf[i]);
        n += perft(t, &c, depth - 1, rest);
    }
    n
}

#[derive(Default, Debug)]
pub struct Stats {
    pub games: u64,
    pub plies: u64,
    pub moves_seen: u64,
    /// [winner][0 = loser had no pieces, 1 = loser had no move]
    pub wins: [[u64; 2]; 2],
    pub unfinished: u64,
}

/// One random playout from the start, up to `limit` plies.
pub fn playout<R: Rng>(t: &Tables, rng: &mut R, buf: &mut Vec<Move>, limit: u32, st: &mut Stats) {
    let mut p = Pos::start(t);
    let mut plies = 0u32;
    loop {
        gen(t, &p, buf);
        if buf.is_empty() {
            let why = if p.pcs[p.stm] == 0 { 0 } else { 1 };
            st.wins[p.stm ^ 1][why] += 1;
            break;
        }
        if plies >= limit {
            st.unfinished += 1;
            break;
        }
        st.moves_seen += buf.len() as u64;
        let i = rng.gen_range(0..buf.len() as u32) as usize;
        make(t, &mut p, &buf[i]);
        plies += 1;
    }
    st.games += 1;
    st.plies += plies as u64;
}

/// Position notation, e.g. `W:Wa1,c1,Kc5:Bd6,e7`.
pub fn fen(t: &Tables, p: &Pos) -> String {
    let mut s = String::from(if p.stm == 0 { "W" } else { "B" });
    for side in 0..2 {
        s.push_str(if side == 0 { ":W" } else { ":B" });
        let mut first = true;
        let mut b = p.pcs[side];
        while b != 0 {
            let q = b.trailing_zeros() as usize;
            b &= b - 1;
            if !first {
                s.push(',');
            }
            first = false;
            if p.kings & (1 << q) != 0 {
                s.push('K');
            }
            s.push_str(&t.names[q]);
        }
    }
    s
}

pub fn parse_fen(t: &Tables, s: &str) -> Option<Pos> {
    let parts: Vec<&str> = s.split(':').collect();
    if parts.len() != 3 {
        return None;
    }
    let stm = match parts[0] {
        "W" => 0,
        "B" => 1,
        _ => return None,
    };
    let mut p = Pos { pcs: [0, 0], kings: 0, stm };
    for part in &parts[1..] {
        let side = match part.get(..1)? {
            "W" => 0,
            "B" => 1,
            _ => return None,
        };
        for item in part[1..].split(',').filter(|x| !x.is_empty()) {
            let (king, name) = match item.strip_prefix('K') {
                Some(n) => (true, n),
                None => (false, item),
            };
            let q = (0..NPTS).find(|&q| t.all & (1 << q) != 0 && t.names[q] == name)?;
            p.pcs[side] |= 1 << q;
            if king {
                p.kings |= 1 << q;
            }
        }
    }
    Some(p)
}

/// The position after `plies` random plies from the start, if the game is still going.
pub fn random_position<R: Rng>(t: &Tables, rng: &mut R, plies: u32) -> Option<Pos> {
    let mut p = Pos::start(t);
    let mut buf = Vec::new();
    for _ in 0..plies {
        gen(t, &p, &mut buf);
        if buf.is_empty() {
            return None;
        }
        let i = rng.gen_range(0..buf.len());
        make(t, &mut p, &buf[i]);
    }
    Some(p)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn perft_start() {
        let t = Tables::new();
        let p = Pos::start(&t);
        let mut bufs: Vec<Vec<Move>> = (0..9).map(|_| Vec::new()).collect();
        let got: Vec<u64> = (1..=8).map(|d| perft(&t, &p, d, &mut bufs)).collect();
        assert_eq!(got, [9, 21, 61, 263, 1320, 6416, 34712, 198940]);
    }

    #[test]
    fn fen_round_trip() {
        let t = Tables::new();
        for s in ["W:Wa1,c1,Kc5:Bd6,e7", "B:Wa1,c1,e1,b2,c2,d2:BKa9,c9"] {
            assert_eq!(fen(&t, &parse_fen(&t, s).unwrap()), s);
        }
    }
}
