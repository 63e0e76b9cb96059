//! Permainan Tabal, as /work/shared/RULES.md fixes it (default options: White first,
//! promotion at the end of the move, jumped pieces removed at the end of the sequence,
//! no majority capture).
//!
//! Board: the 37 points in rank order (a1 c1 e1 b2 c2 d2 a3..e3 .. a7..e7 b8 c8 d8 a9 c9 e9),
//! so a position is two `u64` bitboards (one per side) plus a `u64` of kings.
//! White's start is bits 0..16, Black's bits 21..37.

use rand::Rng;

pub const NPTS: usize = 37;
const NONE: u8 = 255;
pub const ALL: u64 = (1u64 << NPTS) - 1;

/// n, s, e, w, ne, nw, se, sw
const DIRS: [(i32, i32); 8] = [(0, 1), (0, -1), (1, 0), (-1, 0), (1, 1), (-1, 1), (1, -1), (-1, -1)];

#[inline(always)]
fn bit(p: u8) -> u64 {
    1u64 << p
}

pub struct Tables {
    /// Neighbour along each direction (or NONE).
    nb: [[u8; 8]; NPTS],
    /// Rays: the points met walking from p along d, nearest first.
    ray: [[[u8; 8]; 8]; NPTS],
    ray_len: [[u8; 8]; NPTS],
    /// Short leaps of a man: (jumped point, landing point), for each direction where both exist.
    jump: [[(u8, u8); 8]; NPTS],
    jump_len: [u8; NPTS],
    /// Plain steps of a man, per side (0 = White, 1 = Black).
    step: [[u64; NPTS]; 2],
    /// The rank a man of each side is crowned on.
    far: [u64; 2],
    pub names: [String; NPTS],
}

impl Tables {
    pub fn new() -> Tables {
        // Points in rank order.
        let mut pts: Vec<(i32, i32)> = Vec::new();
        for y in 0..9 {
            let xs: &[i32] = match y {
                0 | 8 => &[0, 2, 4],
                1 | 7 => &[1, 2, 3],
                _ => &[0, 1, 2, 3, 4],
            };
            for &x in xs {
                pts.push((x, y));
            }
        }
        assert_eq!(pts.len(), NPTS);
        let at = |x: i32, y: i32| pts.iter().position(|&p| p == (x, y));
        let in_square = |x: i32, y: i32| (0..5).contains(&x) && (2..7).contains(&y);
        let mut links: Vec<(usize, usize)> = Vec::new();
        for &(x, y) in &pts {
            if !in_square(x, y) {
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
        let mut step = [[0u64; NPTS]; 2];
        // White: n ne nw e w; Black: s se sw e w.
        let fwd = [[0usize, 4, 5, 2, 3], [1, 6, 7, 2, 3]];
        for s in 0..2 {
            for p in 0..NPTS {
                for &d in &fwd[s] {
                    if nb[p][d] != NONE {
                        step[s][p] |= bit(nb[p][d]);
                    }
                }
            }
        }
        let mut far = [0u64; 2];
        for (i, &(_, y)) in pts.iter().enumerate() {
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
        Tables { nb, ray, ray_len, jump, jump_len, step, far, names }
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
    pub fn start() -> Pos {
        Pos { pcs: [(1 << 16) - 1, ALL & !((1 << 21) - 1)], kings: 0, stm: 0 }
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
    let empty = ALL & !(own | enemy);
    // Captures.
    let mut bb = own;
    while bb != 0 {
        let s = bb.trailing_zeros() as u8;
        bb &= bb - 1;
        let mut g = CapGen { t, enemy, vacant: empty | bit(s), start: s, out };
        if p.kings & bit(s) != 0 {
            g.king(s, 0);
        } else {
            g.man(s, 0);
        }
    }
    if !out.is_empty() {
        return;
    }
    // Plain moves.
    let mut men = own & !p.kings;
    let step = &t.step[p.stm];
    while men != 0 {
        let s = men.trailing_zeros() as u8;
        men &= men - 1;
        let mut to = step[s as usize] & empty;
        while to != 0 {
            let q = to.trailing_zeros() as u8;
            to &= to - 1;
            out.push(Move { from: s, to: q, cap: 0 });
        }
    }
    let mut ks = own & p.kings;
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
    let mut p = Pos::start();
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
