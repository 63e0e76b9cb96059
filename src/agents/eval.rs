//! The evaluation `alphabeta` scores positions with, read from the game file
//! alone: material (each kind's `value N`, default 1), mobility, and progress
//! toward the file's own goals where they say where a piece is going (men to
//! their promotion zone, a piece to the region its side wins by reaching, a
//! king to the edge it escapes from, a racing piece along its track, a piece
//! past the enemy's pieces it wins by passing), with the threat to a piece
//! whose capture loses the game, and the worth of walls to a side that must
//! keep such a piece in. Where a die limits the distance, a threat along a
//! line counts the chance that a roll allows the slide.

use crate::engine::{kind_of, Engine, Position};
use crate::game::*;

/// Centi-pieces: the least valuable kind is worth 100.
const UNIT: i32 = 100;
/// Per empty neighbour a piece could move to.
const MOBILITY: i32 = 3;
/// The most a piece earns for nearing a region its side wins by reaching.
const REACH: i32 = 300;
/// The most a piece earns for nearing an edge it wins by leaving from.
const ESCAPE: i32 = 150;
/// Clear lines to a goal (a sliding piece one move from winning): one, and two or more.
const ONE_LINE: i32 = 120;
const TWO_LINES: i32 = 400;
/// Per point such a piece could slide to and have a clear line from: the
/// gaps in the enemy's ring, each a threat one move away (measured in
/// docs/agents.md: Tablut's attackers, keeping the king in, won 3 to 4
/// points more often against `greedy`).
const OPENING: i32 = 30;
/// Per point it could get to in two slides but not one and have a clear
/// line from: a loose ring, two moves from a threat (measured in
/// docs/agents.md: 2 to 3 points more often won; half or twice the weight, fewer).
const FAR_OPENING: i32 = 10;
/// Per line to a goal that one piece of the same side alone blocks: a
/// threat its moving aside makes (measured in docs/agents.md: Tablut's
/// attackers won 1.4 to 1.7 points more often without the die; with it,
/// only once lines count the chance a roll allows them).
const MASKED_LINE: i32 = 30;
/// Per step a piece that must fill a region stands inside it.
const DEPTH: i32 = 20;
/// Per point a hunted side (one that starts with at most [`HUNTED_PIECES`]
/// pieces and loses when it cannot move: a fox, a hare) could get to: the
/// room it has left to be trapped in.
const ROOM: i32 = 70;
const HUNTED_PIECES: usize = 2;
/// Per enemy next to a piece whose capture loses the game.
const THREAT: i32 = 80;
/// How many times its worth each piece counts for a side that must keep an
/// enemy piece from getting through (a clear-line goal: an escape, or a
/// region reached by sliding) and has no such goal of its own: its pieces
/// are its walls. Counted once, Tablut's attackers trade a piece for a
/// piece and empty the board the king escapes across (measured in
/// docs/agents.md: twice as many games won against `greedy`).
const WALLS: i32 = 4;
/// Driving a bare royal piece to be mated (the "mop-up" of chess programs),
/// for the side at least [`MOP_UP_LEAD`] ahead: per step the enemy royal
/// piece stands nearer the edge, and per step its own royal piece stands
/// nearer it. Without it a won ending is shuffled until the ply limit.
const MOP_UP_EDGE: i32 = 20;
const MOP_UP_NEAR: i32 = 10;
const MOP_UP_LEAD: i32 = 2 * UNIT;
/// The steps from the edge, and between the royal pieces, past which the
/// mop-up term no longer falls.
const MOP_UP_EDGE_STEPS: i32 = 4;
const MOP_UP_NEAR_STEPS: i32 = 8;
/// Per step a piece that wins by getting past the enemy's pieces stands
/// ahead of (or short of) each of them, counted up to [`PAST_STEPS`].
const PAST: i32 = 40;
const PAST_STEPS: i32 = 2;
/// Per point a racing piece has come along its track (off the board past
/// its end counts as one point more than the last).
const RACE_STEP: i32 = 25;

/// A kind of one player that wins by getting somewhere along clear lines.
#[derive(Clone, Debug)]
struct LineGoal {
    kind: KindId,
    player: PlayerId,
    /// Directions it leaves the board in (an escape goal).
    leave: DirSet,
    /// Directions it slides in (toward `zone`, where the goal is a region).
    slide: DirSet,
    zone: Option<PointSet>,
}

/// The evaluation's tables for one game, built once.
#[derive(Clone, Debug)]
pub struct Evaluation {
    points: usize,
    value: [i32; MAX_KINDS],
    /// Directions in which a neighbour's being empty counts as mobility.
    mobility: [[DirSet; MAX_PLAYERS]; MAX_KINDS],
    /// `progress[(kind * MAX_PLAYERS + player) * points + p]`: a piece's static
    /// bonus for standing on `p`.
    progress: Vec<i32>,
    lines: Vec<LineGoal>,
    /// Kinds whose capture loses for their owner (this player), and the sides that count.
    threatened: Vec<(KindId, PlayerId, DirSet)>,
    /// Per mille, the chance that a turn's roll allows a slide of each
    /// length (index: squares, leaving the board counting one): 1000 for
    /// every length in a game without dice.
    reach: Vec<i32>,
    /// Each player that is hunted (see [`ROOM`]).
    hunted: [bool; MAX_PLAYERS],
    /// What a piece of each kind counts for each player on the board: its
    /// value, [`WALLS`] times over for a player that only stops the other's
    /// clear-line goals.
    on_board: [[i32; MAX_KINDS]; MAX_PLAYERS],
    /// The players whose pieces count as walls (see [`WALLS`]).
    walls: [bool; MAX_PLAYERS],
    /// Kinds held in hand at some time.
    hand_kinds: Vec<KindId>,
    /// For a game with royal kinds (as bits): their steps in any direction
    /// from the edge (`edge[p]`) and between points (`apart[p * points + q]`).
    royal: Option<MopUp>,
    /// Kinds that race along tracks, with each player's start count of them
    /// and the worth of one borne off (all the way along, and off).
    racers: Vec<(KindId, [i32; MAX_PLAYERS], [i32; MAX_PLAYERS])>,
    /// `past` goals: the player who wins by one, its kind, the enemy kinds
    /// to get past, and which way along the lattice counts as ahead.
    chases: Vec<Chase>,
}

#[derive(Clone, Copy, Debug)]
struct Chase {
    player: PlayerId,
    kind: KindId,
    of: u16,
    ahead: (i32, i32),
}

impl Evaluation {
    pub fn new(engine: &Engine) -> Evaluation {
        let game = &engine.game;
        let n = game.board.len();
        let value = kind_values(game);
        let mut mobility = [[0; MAX_PLAYERS]; MAX_KINDS];
        for (dirs, kind) in mobility.iter_mut().zip(&game.kinds) {
            let m = &kind.moves;
            *dirs = std::array::from_fn(|pl| m.step[pl] | m.slide[pl] | m.jump[pl] | m.fly[pl] | m.take[pl]);
        }
        let mut progress = vec![0; game.kinds.len() * MAX_PLAYERS * n];
        let mut lines = Vec::new();
        for (k, kind) in game.kinds.iter().enumerate() {
            for pl in 0..game.players.len() {
                let table = &mut progress[(k * MAX_PLAYERS + pl) * n..][..n];
                let goals = goal_progress(game, k as KindId, pl as PlayerId, &value, table);
                lines.extend(goals.into_iter().filter(|g| g.leave != 0 || kind.moves.slide[pl] != 0));
            }
        }
        let mut threatened = Vec::new();
        for g in &game.goals {
            let Condition::Captured(k) = g.condition else { continue };
            let sides = game.traps.iter().find(|t| t.kind == k).map_or(0xFF, |t| t.sides);
            // (`captured` goals are for two players.)
            for pl in 0..game.players.len() as PlayerId {
                // As the engine judges it: without a named player, the capturer wins or the owner loses.
                let subject = g.player.unwrap_or(if g.wins { 1 - pl } else { pl });
                if g.winner(subject) == Some(1 - pl) {
                    threatened.push((k, pl, sides));
                }
            }
        }
        let mut hand_kinds: Vec<KindId> = game.hand.iter().map(|&(_, k, _)| k).collect();
        hand_kinds.extend((0..game.kinds.len()).filter(|&k| game.kinds[k].enter.is_some()).map(|k| k as KindId));
        hand_kinds.sort_unstable();
        hand_kinds.dedup();
        let racers = race_progress(game, &value, &mut progress);
        let chases = chases(game);
        let walls: [bool; MAX_PLAYERS] = std::array::from_fn(|pl| {
            let goals = |mine: bool| lines.iter().any(|g| (g.player as usize == pl) == mine);
            game.players.len() == 2 && pl < 2 && goals(false) && !goals(true)
        });
        let on_board = std::array::from_fn(|pl| value.map(|v| if walls[pl] { WALLS * v } else { v }));
        let hunted = std::array::from_fn(|pl| {
            let army = engine.setup_count(pl as PlayerId, u16::MAX);
            let stuck_loses = |g: &Goal| {
                matches!(g.condition, Condition::NoMove)
                    && g.winner(g.player.unwrap_or(pl as PlayerId)) == Some(1 - pl as PlayerId)
            };
            // (A sowing game's seeds are not pieces set up: its army is none.)
            game.players.len() == 2
                && pl < 2
                && (1..=HUNTED_PIECES).contains(&army)
                && game.goals.iter().any(stuck_loses)
        });
        // (With drops, material in hand would have to count: left out.)
        let royal = if hand_kinds.is_empty() { MopUp::of(game) } else { None };
        let reach = slide_chances(engine);
        Evaluation {
            points: n,
            value,
            mobility,
            progress,
            lines,
            reach,
            threatened,
            hunted,
            on_board,
            walls,
            hand_kinds,
            royal,
            racers,
            chases,
        }
    }

    /// Whether `player` only keeps an enemy piece from getting through (a
    /// clear-line goal of the other side's, none of its own): its pieces
    /// count as walls, and random play almost never wins for it.
    pub fn keeps_in(&self, player: PlayerId) -> bool {
        self.walls[player as usize]
    }

    /// What a kind is worth, in centi-pieces.
    pub fn value(&self, kind: KindId) -> i32 {
        self.value[kind as usize]
    }

    /// The score of `pos` for the side to move (positive: better for it).
    pub fn evaluate(&self, engine: &Engine, pos: &Position) -> i32 {
        self.evaluate_for(engine, pos, pos.turn)
    }

    /// The score of `pos` for player `me`: its side's against the other's,
    /// or with more players, against the best placed of the others.
    pub fn evaluate_for(&self, engine: &Engine, pos: &Position, me: PlayerId) -> i32 {
        if engine.sows() {
            // Seeds captured, and a little for seeds kept on one's own side.
            let side = |pl| 100 * engine.stored(pos, pl) as i32 + 10 * engine.holdings(pos, pl) as i32;
            return side(me) - side(1 - me);
        }
        if engine.players() == 2 {
            let mop_up = self.royal.as_ref().map_or(0, |m| m.score(self, pos, me));
            return self.side(engine, pos, me) - self.side(engine, pos, 1 - me) + mop_up;
        }
        let best_other = (0..engine.players()).filter(|&p| p != me).map(|p| self.side(engine, pos, p)).max();
        self.side(engine, pos, me) - best_other.unwrap_or(0)
    }

    /// One side's material, mobility and progress.
    fn side(&self, engine: &Engine, pos: &Position, pl: PlayerId) -> i32 {
        let board = engine.board();
        let mut score = 0;
        for p in pos.occupied_by(pl).iter() {
            let k = kind_of(pos.at(p)) as usize;
            score += self.on_board[pl as usize][k]
                + self.progress[(k * MAX_PLAYERS + pl as usize) * self.points + p as usize];
            let mut free = 0;
            for d in dirs(self.mobility[k][pl as usize]) {
                let q = board.step(p, d);
                free += (q != NONE && pos.at(q) == 0) as i32;
            }
            score += free * MOBILITY;
        }
        for &k in &self.hand_kinds {
            score += engine.counted_in_hand(pos, pl, k) as i32 * self.value[k as usize];
        }
        for g in self.lines.iter().filter(|g| g.player == pl) {
            for p in pos.occupied_by(pl).iter().filter(|&p| kind_of(pos.at(p)) == g.kind) {
                let [near, far] = self.openings(engine, pos, p, g);
                let [best, second] = self.line_chances(engine, pos, p, g, NONE);
                let masked = self.masked_lines(engine, pos, p, g);
                score += (OPENING * near + FAR_OPENING * far + MASKED_LINE * masked) / PER_MILLE;
                score += (ONE_LINE * best + (TWO_LINES - ONE_LINE) * second) / PER_MILLE;
            }
        }
        // A piece borne off is no loss: it has run the whole race.
        for &(k, start, off) in &self.racers {
            let on_board = pos.occupied_by(pl).iter().filter(|&p| kind_of(pos.at(p)) == k).count() as i32;
            let borne = start[pl as usize] - on_board - engine.counted_in_hand(pos, pl, k) as i32;
            score += borne.max(0) * off[pl as usize];
        }
        for &(k, _, sides) in self.threatened.iter().filter(|t| t.1 == pl) {
            for p in pos.occupied_by(pl).iter().filter(|&p| kind_of(pos.at(p)) == k) {
                let enemies = dirs(sides).filter(|&d| pos.occupied_by(1 - pl).contains(board.step(p, d))).count();
                score -= enemies as i32 * THREAT;
            }
        }
        for c in self.chases.iter().filter(|c| c.player == pl) {
            score += chase_score(engine, pos, c);
        }
        if self.hunted[pl as usize] {
            score += ROOM * self.room(engine, pos, pl) as i32;
        }
        score
    }

    /// The empty points `pl`'s pieces could get to, one step after another
    /// or by a leap over an enemy piece (a gap in a line of them opens all
    /// that lies behind it).
    fn room(&self, engine: &Engine, pos: &Position, pl: PlayerId) -> usize {
        let board = engine.board();
        let mut seen = PointSet::default();
        let mut queue = Vec::new();
        for p in pos.occupied_by(pl).iter() {
            let k = kind_of(pos.at(p)) as usize;
            queue.push((p, self.mobility[k][pl as usize], engine.game.kinds[k].moves.jump[pl as usize]));
        }
        while let Some((p, moving, leaping)) = queue.pop() {
            for d in dirs(moving) {
                let q = board.step(p, d);
                if q != NONE && pos.at(q) == 0 && !seen.contains(q) {
                    seen.insert(q);
                    queue.push((q, moving, leaping));
                }
            }
            for d in dirs(leaping) {
                let over = board.step(p, d);
                if over == NONE || pos.at(over) == 0 || pos.occupied_by(pl).contains(over) {
                    continue;
                }
                let q = board.step(over, d);
                if q != NONE && pos.at(q) == 0 && !seen.contains(q) {
                    seen.insert(q);
                    queue.push((q, moving, leaping));
                }
            }
        }
        seen.len()
    }
}

/// The `past` goals of a game, per player that wins by one.
fn chases(game: &Game) -> Vec<Chase> {
    let mut chases = Vec::new();
    for g in &game.goals {
        let Condition::Holds { any } = &g.condition else { continue };
        for c in any.iter().flatten().filter(|c| !c.not) {
            let Test::Past { kind, of, behind } = c.test else { continue };
            for pl in 0..game.players.len() as PlayerId {
                if g.winner(g.player.unwrap_or(pl)) == Some(pl) {
                    let (fx, fy) = DIRECTION_STEPS[game.players[pl as usize].forward as usize];
                    let sign = if behind { -1 } else { 1 };
                    chases.push(Chase { player: pl, kind, of, ahead: (sign * fx, sign * fy) });
                }
            }
        }
    }
    chases
}

/// How far the chasing side's farthest piece stands ahead of each enemy
/// piece it must get past (behind it: negative), each counted up to
/// [`PAST_STEPS`] either way.
fn chase_score(engine: &Engine, pos: &Position, c: &Chase) -> i32 {
    let coords = &engine.board().coords;
    let along = |p: Point| coords[p as usize].0 * c.ahead.0 + coords[p as usize].1 * c.ahead.1;
    let of_kinds = |pl: PlayerId, kinds: u16| {
        pos.occupied_by(pl).iter().filter(move |&p| kinds & (1 << kind_of(pos.at(p))) != 0).map(along)
    };
    let Some(mine) = of_kinds(c.player, 1 << c.kind).max() else { return 0 };
    // Every other player's pieces (`1 - player` would not do past two players).
    (0..engine.players())
        .filter(|&pl| pl != c.player)
        .flat_map(|pl| of_kinds(pl, c.of))
        .map(|theirs| (mine - theirs).clamp(-PAST_STEPS, PAST_STEPS) * PAST)
        .sum()
}

/// The tables of the mop-up term (see [`MOP_UP_EDGE`]).
#[derive(Clone, Debug)]
struct MopUp {
    kinds: u32,
    points: usize,
    edge: Vec<u8>,
    apart: Vec<u8>,
}

impl MopUp {
    fn of(game: &Game) -> Option<MopUp> {
        let kinds = game.kinds.iter().enumerate().filter(|(_, k)| k.royal).fold(0u32, |b, (i, _)| b | 1 << i);
        if kinds == 0 {
            return None;
        }
        let board = &game.board;
        let n = board.len();
        // Steps in any direction, the links found once for every table.
        let back = links_back(board, 0xFF);
        let mut rim = PointSet::default();
        for p in 0..n as Point {
            if [0, 2, 4, 6].iter().any(|&d| board.step(p, d) == NONE) {
                rim.insert(p);
            }
        }
        let edge = distances_back(&back, &rim);
        let mut apart = Vec::with_capacity(n * n);
        for p in 0..n as Point {
            let mut one = PointSet::default();
            one.insert(p);
            apart.extend(distances_back(&back, &one));
        }
        Some(MopUp { kinds, points: n, edge, apart })
    }

    /// The term for `me` against the other side: positive where `me` leads,
    /// negative where it trails.
    fn score(&self, eval: &Evaluation, pos: &Position, me: PlayerId) -> i32 {
        let mut material = [0i32; 2];
        let mut royal = [NONE; 2];
        for pl in 0..2 {
            for p in pos.occupied_by(pl as PlayerId).iter() {
                let k = kind_of(pos.at(p));
                if self.kinds & (1 << k) != 0 {
                    royal[pl] = p;
                } else {
                    material[pl] += eval.value[k as usize];
                }
            }
        }
        let lead = material[me as usize] - material[1 - me as usize];
        if lead.abs() < MOP_UP_LEAD || royal.contains(&NONE) {
            return 0;
        }
        let (strong, weak) = if lead > 0 { (me as usize, 1 - me as usize) } else { (1 - me as usize, me as usize) };
        let (s, w) = (royal[strong] as usize, royal[weak] as usize);
        let far = |d: u8| if d == u8::MAX { 0 } else { d as i32 };
        let most_apart = MOP_UP_NEAR_STEPS.min(self.points as i32);
        let drive = MOP_UP_EDGE * (MOP_UP_EDGE_STEPS - far(self.edge[w]).min(MOP_UP_EDGE_STEPS))
            + MOP_UP_NEAR * (most_apart - far(self.apart[s * self.points + w]).min(most_apart));
        if lead > 0 {
            drive
        } else {
            -drive
        }
    }
}

/// For kinds that move along tracks: a bonus in `progress` for each point
/// of the player's track, growing along it; and each such kind with the
/// players' start counts and a borne-off piece's worth.
fn race_progress(
    game: &Game,
    value: &[i32; MAX_KINDS],
    progress: &mut [i32],
) -> Vec<(KindId, [i32; MAX_PLAYERS], [i32; MAX_PLAYERS])> {
    let n = game.board.len();
    let mut racers = Vec::new();
    for k in (0..game.kinds.len()).filter(|&k| game.kinds[k].moves.track) {
        let mut start = [0i32; MAX_PLAYERS];
        let mut off = [0i32; MAX_PLAYERS];
        for pl in 0..MAX_PLAYERS {
            let track = &game.tracks[pl];
            for (i, &p) in track.iter().enumerate() {
                progress[(k * MAX_PLAYERS + pl) * n + p as usize] = (i as i32 + 1) * RACE_STEP;
            }
            start[pl] = game.setup.iter().filter(|s| s.0 as usize == pl && s.1 as usize == k).count() as i32
                + game.hand.iter().filter(|h| h.0 as usize == pl && h.1 as usize == k).map(|h| h.2 as i32).sum::<i32>();
            off[pl] = value[k] + (track.len() as i32 + 1) * RACE_STEP;
        }
        racers.push((k as KindId, start, off));
    }
    racers
}

/// Each kind's worth: `value N` scaled so the least is [`UNIT`]. When the
/// file gives every kind the same value, a kind that promotion makes counts
/// half again (a crowned piece moves more freely).
fn kind_values(game: &Game) -> [i32; MAX_KINDS] {
    let least = game.kinds.iter().map(|k| k.value).min().unwrap_or(1).max(1) as i64;
    let mut value = [UNIT; MAX_KINDS];
    for (k, kind) in game.kinds.iter().enumerate() {
        value[k] = (kind.value as i64 * UNIT as i64 / least).min(1 << 24) as i32;
    }
    if game.kinds.iter().all(|k| k.value == game.kinds[0].value) {
        for kind in &game.kinds {
            if let Some(p) = &kind.promotion {
                value[p.into as usize] = UNIT * 3 / 2;
            }
        }
    }
    value
}

/// Fills `table` (one kind and player) with the bonus of nearing the kind's
/// promotion zone and the regions or edges its goals are about; returns
/// the goals that clear lines can reach.
fn goal_progress(game: &Game, k: KindId, pl: PlayerId, value: &[i32], table: &mut [i32]) -> Vec<LineGoal> {
    let kind = &game.kinds[k as usize];
    let m = &kind.moves;
    let p = pl as usize;
    let moving = m.directions(p);
    let mut lines = Vec::new();
    if let Some(promo) = &kind.promotion {
        let gain = (value[promo.into as usize] - value[k as usize]).max(UNIT / 2);
        add_gradient(&game.board, &promo.zone[p], moving, table, gain / 2, false);
    }
    for g in &game.goals {
        let owner_wins = |subject: PlayerId| g.winner(g.player.unwrap_or(subject)) == Some(pl);
        match &g.condition {
            Condition::Reaches(gk, zones) if *gk == k && owner_wins(pl) => {
                add_gradient(&game.board, &zones[p], moving, table, REACH, true);
                lines.push(LineGoal { kind: k, player: pl, leave: 0, slide: m.slide[p], zone: Some(zones[p]) });
            }
            // `all KIND in REGION`: every piece of the kind toward the region.
            Condition::Holds { any } => {
                let zones = any.iter().flatten().filter_map(|c| match &c.test {
                    Test::AllIn { kinds, zone, .. } if !c.not && kinds & (1 << k) != 0 => Some(zone[p]),
                    _ => None,
                });
                for zone in zones.collect::<Vec<_>>() {
                    if owner_wins(pl) {
                        add_gradient(&game.board, &zone, moving, table, REACH, false);
                        add_depth(&game.board, &zone, moving, table, DEPTH);
                    }
                }
            }
            Condition::Escapes(gk) if *gk == k && owner_wins(pl) && m.leave[p] != 0 => {
                let mut exits = PointSet::default();
                for q in 0..game.board.len() as Point {
                    if dirs(m.leave[p]).any(|d| game.board.step(q, d) == NONE) {
                        exits.insert(q);
                    }
                }
                add_gradient(&game.board, &exits, moving, table, ESCAPE, false);
                lines.push(LineGoal { kind: k, player: pl, leave: m.leave[p], slide: m.slide[p], zone: None });
            }
            _ => {}
        }
    }
    lines
}

/// Adds `most * (D - d) / D` (squared when `steep`) to each point `d` moves
/// from `zone` (moving one step at a time in `moving`'s directions).
fn add_gradient(board: &Board, zone: &PointSet, moving: DirSet, table: &mut [i32], most: i32, steep: bool) {
    let dist = distances(board, zone, moving);
    let far = dist.iter().filter(|&&d| d != u8::MAX).max().copied().unwrap_or(0) as i64 + 1;
    for (t, &d) in table.iter_mut().zip(&dist) {
        if d == u8::MAX {
            continue;
        }
        let near = far - d as i64;
        *t += if steep { most as i64 * near * near / (far * far) } else { most as i64 * near / far } as i32;
    }
}

/// Adds `per_step` for each step a point of `zone` lies from the nearest
/// point outside it: a piece that must fill a region goes deep and leaves
/// its mouth free for the pieces still coming.
fn add_depth(board: &Board, zone: &PointSet, moving: DirSet, table: &mut [i32], per_step: i32) {
    let mut outside = PointSet::default();
    (0..board.len() as Point).filter(|&p| !zone.contains(p)).for_each(|p| outside.insert(p));
    let dist = distances(board, &outside, moving);
    for p in zone.iter() {
        if let Some(&d) = dist.get(p as usize).filter(|&&d| d != u8::MAX) {
            table[p as usize] += d as i32 * per_step;
        }
    }
}

/// Steps from each point to the nearest point of `zone`, moving in `moving`
/// (u8::MAX where it cannot get there).
fn distances(board: &Board, zone: &PointSet, moving: DirSet) -> Vec<u8> {
    distances_back(&links_back(board, moving), zone)
}

/// For each point, the points with a link to it in `moving`.
fn links_back(board: &Board, moving: DirSet) -> Vec<Vec<Point>> {
    let n = board.len();
    let mut back: Vec<Vec<Point>> = vec![Vec::new(); n];
    for x in 0..n as Point {
        for d in dirs(moving) {
            let y = board.step(x, d);
            if y != NONE {
                back[y as usize].push(x);
            }
        }
    }
    back
}

/// [`distances`], given the links backwards ([`links_back`]): breadth first from the zone.
fn distances_back(back: &[Vec<Point>], zone: &PointSet) -> Vec<u8> {
    let n = back.len();
    let mut dist = vec![u8::MAX; n];
    let mut queue: std::collections::VecDeque<Point> = zone.iter().filter(|&p| (p as usize) < n).collect();
    for &p in &queue {
        dist[p as usize] = 0;
    }
    while let Some(y) = queue.pop_front() {
        for &x in &back[y as usize] {
            if dist[x as usize] == u8::MAX {
                dist[x as usize] = dist[y as usize].saturating_add(1).min(u8::MAX - 1);
                queue.push_back(x);
            }
        }
    }
    dist
}

/// Chances are counted in thousandths.
const PER_MILLE: i32 = 1000;

/// Per mille, the chance that a turn's roll allows a slide of each length
/// (up to the longest a board has, leaving it included): with a die that
/// limits the distance, the rolls at least as long; with one that sets it,
/// the rolls of that length; without dice (or a pair used separately),
/// every length is sure.
fn slide_chances(engine: &Engine) -> Vec<i32> {
    let longest = engine.board().len() + 1;
    let dice = match engine.dice() {
        Some(d) if !d.pair => d,
        _ => return vec![PER_MILLE; longest + 1],
    };
    let total: u32 = dice.rolls().map(|r| dice.ways(r)).sum();
    // (Not `roll_allows`, which takes a move longer than the highest roll as the highest's: a
    // slide is never longer than its roll.)
    let allows = |r: u8, len: usize| if dice.exact { r as usize == len } else { r as usize >= len.max(1) };
    (0..=longest)
        .map(|len| {
            let ways: u32 = dice.rolls().filter(|&r| allows(r, len)).map(|r| dice.ways(r)).sum();
            (ways as u64 * PER_MILLE as u64 / total.max(1) as u64) as i32
        })
        .collect()
}

impl Evaluation {
    /// The chance (per mille) a slide of `len` is allowed.
    fn reach(&self, len: usize) -> i32 {
        self.reach[len.min(self.reach.len() - 1)]
    }

    /// The clear lines from `p` to the goal (off the board in a leave
    /// direction, or sliding onto an empty point of the zone), the point
    /// `gone` taken as empty: the chances (per mille) of the two likeliest
    /// that a roll allows the slide along them; without dice, 1000 for each
    /// of the first two lines.
    fn line_chances(&self, engine: &Engine, pos: &Position, p: Point, g: &LineGoal, gone: Point) -> [i32; 2] {
        let empty = |q: Point| q == gone || pos.at(q) == 0;
        let mut top = [0; 2];
        let mut add = |len: usize| {
            let c = self.reach(len);
            if c > top[0] {
                top = [c, top[0]];
            } else if c > top[1] {
                top[1] = c;
            }
        };
        for d in dirs(g.leave) {
            let ray = engine.ray(p, d);
            if ray.iter().all(|&q| empty(q)) {
                add(ray.len() + 1);
            }
        }
        if let Some(zone) = &g.zone {
            for d in dirs(g.slide) {
                let mut open = engine.ray(p, d).iter().take_while(|&&q| empty(q));
                if let Some(at) = open.position(|&q| zone.contains(q)) {
                    add(at + 1);
                }
            }
        }
        top
    }

    /// The lines from `p` to its goal that the first piece on them, one of
    /// its own side's, alone blocks: each counts (per mille) the chance that
    /// a roll allows the slide along it.
    fn masked_lines(&self, engine: &Engine, pos: &Position, p: Point, g: &LineGoal) -> i32 {
        let own = pos.occupied_by(g.player);
        let mut sum = 0;
        for d in dirs(g.leave) {
            let ray = engine.ray(p, d);
            let mut blockers = ray.iter().filter(|&&q| pos.at(q) != 0);
            if let (Some(&q), None) = (blockers.next(), blockers.next()) {
                sum += if own.contains(q) { self.reach(ray.len() + 1) } else { 0 };
            }
        }
        if let Some(zone) = &g.zone {
            for d in dirs(g.slide) {
                let ray = engine.ray(p, d);
                let Some(at) = ray.iter().position(|&q| pos.at(q) != 0) else { continue };
                // Its own piece first, and no zone point before it (the line is not clear already).
                if !own.contains(ray[at]) || ray[..at].iter().any(|&r| zone.contains(r)) {
                    continue;
                }
                let mut past = ray[at + 1..].iter().take_while(|&&r| pos.at(r) == 0);
                if let Some(to) = past.position(|&r| zone.contains(r)) {
                    sum += self.reach(at + to + 2);
                }
            }
        }
        sum
    }

    /// The empty points the piece at `p` could get to with a clear line to
    /// its goal from there: in one slide, and in two but not one (the point
    /// it left taken as empty). Each counts (per mille) the chance that the
    /// rolls allow its slide there and the likeliest line on: without dice,
    /// 1000 a point.
    fn openings(&self, engine: &Engine, pos: &Position, p: Point, g: &LineGoal) -> [i32; 2] {
        let empty = |q: Point| q == p || pos.at(q) == 0;
        let mut near = PointSet::default();
        let mut sum = [0; 2];
        for d in dirs(g.slide) {
            for (at, &q) in engine.ray(p, d).iter().take_while(|&&q| pos.at(q) == 0).enumerate() {
                near.insert(q);
                let [line, _] = self.line_chances(engine, pos, q, g, p);
                sum[0] += self.reach(at + 1) * line / PER_MILLE;
            }
        }
        let mut far = PointSet::default();
        for q in near.iter() {
            for d in dirs(g.slide) {
                for &r in engine.ray(q, d).iter().take_while(|&&r| empty(r)) {
                    if r != p && !near.contains(r) {
                        far.insert(r);
                    }
                }
            }
        }
        sum[1] = far.iter().map(|r| self.line_chances(engine, pos, r, g, p)[0]).sum();
        sum
    }
}

/// A shipped game, for the agents' unit tests.
#[cfg(test)]
pub(super) fn shipped(file: &str) -> Engine {
    shipped_with(file, &[])
}

/// A shipped game under options.
#[cfg(test)]
pub(super) fn shipped_with(file: &str, options: &[(&str, &str)]) -> Engine {
    let text = std::fs::read_to_string(format!("{}/games/{file}", env!("CARGO_MANIFEST_DIR"))).unwrap();
    crate::load_text(&text, options).unwrap()
}

#[cfg(test)]
mod tests {
    use super::shipped as engine;
    use super::*;

    #[test]
    fn the_start_of_a_symmetric_game_is_even() {
        for file in ["breakthrough.game", "english-draughts.game", "tabal.game"] {
            let e = engine(file);
            let eval = Evaluation::new(&e);
            assert_eq!(eval.evaluate(&e, &e.start()), 0, "{file}");
        }
    }

    #[test]
    fn a_hunted_side_is_worth_the_room_it_has_left() {
        let e = engine("fox-and-geese.game");
        let eval = Evaluation::new(&e);
        // The fox is hunted (one piece, loses when stuck); the geese are not.
        assert_eq!(eval.hunted[..2], [false, true]);
        for other in ["english-draughts.game", "oware.game"] {
            assert_eq!(Evaluation::new(&engine(other)).hunted[..2], [false, false], "{other}");
        }
        let fox = |position: &str| eval.evaluate_for(&e, &e.parse_position(position).unwrap(), 1);
        // A wall of geese across rank 4: in front of it the fox has twelve
        // points to run to, shut behind it five.
        let wall = "Ga4,b4,c4,d4,e4,f4,g4,c3,d3,e3";
        let (open, shut) = (fox(&format!("F:{wall}:Fd6")), fox(&format!("F:{wall}:Fd1")));
        assert!(open > shut + 6 * ROOM, "{open} {shut}");
        // A gap behind the wall lets the fox leap through it to all that lies behind.
        let gap = fox("F:Ga4,b4,c4,d4,e4,f4,g4,c3,e3:Fd5");
        let solid = fox("F:Ga4,b4,c4,d4,e4,f4,g4,c3,d3,e3:Fd5");
        assert!(gap > solid + UNIT + 3 * ROOM, "{gap} {solid}");
    }

    #[test]
    fn progress_and_material_count() {
        let e = engine("breakthrough.game");
        let eval = Evaluation::new(&e);
        // A white pawn near the far rank is worth more than one at home.
        let near = e.parse_position("W:Wa7:Bh8").unwrap();
        let home = e.parse_position("W:Wa2:Bh8").unwrap();
        assert!(eval.evaluate(&e, &near) > eval.evaluate(&e, &home) + 100);
        // A piece more is worth more than any progress.
        let more = e.parse_position("W:Wa2,b2:Bh7").unwrap();
        assert!(eval.evaluate(&e, &more) > 50);
        let tablut = engine("tablut.game");
        let eval = Evaluation::new(&tablut);
        // The king with two clear lines to the edge is near escaping.
        let open = tablut.parse_position("D:Ac1:DKe5").unwrap();
        let shut = tablut.parse_position("D:Ae4,e6,d5,f5:DKe5").unwrap();
        assert!(eval.evaluate(&tablut, &open) > eval.evaluate(&tablut, &shut) + TWO_LINES);
    }

    #[test]
    fn a_side_that_only_stops_an_escape_counts_its_pieces_as_walls() {
        // Tablut's attackers (the first player) stop the king's escape and
        // have no such goal of their own; Brandubh's stop a king reaching a
        // corner by sliding. Breakthrough's sides both race: no walls.
        let counts = |file: &str| {
            let eval = Evaluation::new(&engine(file));
            [0, 1].map(|pl| eval.on_board[pl][0] / eval.value[0])
        };
        for file in ["tablut.game", "brandubh.game"] {
            assert_eq!(counts(file), [WALLS, 1], "{file}");
        }
        assert_eq!(counts("breakthrough.game"), [1, 1]);
        // An attacker lost costs the attackers WALLS times what a defender's
        // soldier lost costs the defenders.
        let e = engine("tablut.game");
        let eval = Evaluation::new(&e);
        let attackers = |text: &str| eval.evaluate_for(&e, &e.parse_position(text).unwrap(), 0);
        let whole = attackers("A:Aa1,i1:DKe5,a9,i9");
        let (attacker_lost, defender_lost) = (attackers("A:Aa1:DKe5,a9,i9"), attackers("A:Aa1,i1:DKe5,a9"));
        assert!(whole - attacker_lost > (WALLS - 1) * UNIT, "{whole} {attacker_lost}");
        assert!(defender_lost - whole < 2 * UNIT, "{whole} {defender_lost}");
    }

    #[test]
    fn a_piece_that_wins_by_getting_past_gains_as_it_passes() {
        let e = engine("hare-and-hounds.game");
        let eval = Evaluation::new(&e);
        // (The room the hare has left aside: see
        // `a_hunted_side_is_worth_the_room_it_has_left`.)
        let hare = |text: &str| {
            let pos = e.parse_position(text).unwrap();
            -eval.evaluate(&e, &pos) - ROOM * eval.room(&e, &pos, 1) as i32
        };
        // The hare (going west) level with the hounds, then past one of
        // them, is better placed than east of them all.
        let (east, level, past_one) = (hare("H:Ha2,b1,b3:Re2"), hare("H:Hb1,b3,c2:Rb2"), hare("H:Hb3,c1,c3:Rb2"));
        assert!(east < level && level < past_one, "{east} {level} {past_one}");
    }

    #[test]
    fn a_racing_piece_gains_along_its_track_and_most_when_borne_off() {
        let e = engine("ur.game");
        let eval = Evaluation::new(&e);
        let score = |text: &str| eval.evaluate(&e, &e.parse_position(text).unwrap());
        assert_eq!(score("W:W@7:B@7"), 0);
        // In hand < entered < far along < borne off (white has six in hand in each).
        let (entered, far, off) = (score("W:Wd1,@6:B@7"), score("W:Wg1,@6:B@7"), score("W:W@6:B@7"));
        assert!(score("W:W@7:B@7") < entered && entered < far && far < off, "{entered} {far} {off}");
        // Sending an enemy back to its hand helps the side that did it.
        assert!(score("W:We2,@6:Bd3,@6") > score("W:We2,@6:Bf2,@6"));
    }

    /// Where the piece of the evaluation's first line goal (a tafl king) stands.
    fn first_goal_piece(eval: &Evaluation, pos: &Position) -> Point {
        let g = &eval.lines[0];
        pos.occupied_by(g.player).iter().find(|&p| kind_of(pos.at(p)) == g.kind).unwrap()
    }

    #[test]
    fn a_king_counts_the_points_one_or_two_slides_away_with_a_clear_line_from_them() {
        let e = super::shipped_with("tablut.game", &[("dice", "false")]);
        let eval = Evaluation::new(&e);
        let openings = |text: &str| {
            let pos = e.parse_position(text).unwrap();
            let king = first_goal_piece(&eval, &pos);
            eval.openings(&e, &pos, king, &eval.lines[0]).map(|c| c / PER_MILLE)
        };
        // Boxed at the four edges: every point it could stop on opens a side line, and every
        // point two slides away but the four corners (each shut off by two attackers).
        assert_eq!(openings("A:Ae1,e9,a5,i5:DKe5"), [12, 60]);
        // In a near ring: e4 looks east, e6 west (the point it left counts as empty); two
        // slides away, the twelve points along rows 4 and 6 past them.
        assert_eq!(openings("A:Ad5,f5,e3,e7,d4:DKe5"), [2, 12]);
        assert_eq!(openings("A:Ad5,f5,e3,e7,d4,f4,d6,f6:DKe5"), [0, 0]);
        // A ring with one gap two slides out: e4-f4, then f4 looks south.
        assert_eq!(openings("A:Ad5,f5,e3,e7,d4,d6,f6,g4:DKe5"), [0, 1]);
        // The gaps count against the side that keeps the king in.
        let score = |text: &str| eval.evaluate_for(&e, &e.parse_position(text).unwrap(), 0);
        assert!(score("A:Ad5,f5,e3,e7,d4,f4,d6,f6:DKe5") > score("A:Ad5,f5,e3,e7,d4,f4,b1,a9:DKe5"));
    }

    #[test]
    fn with_a_die_a_line_counts_the_chance_that_a_roll_allows_the_slide() {
        // Tablut's d6 limits the distance: a slide of k squares needs a roll of k or more.
        let e = engine("tablut.game");
        let eval = Evaluation::new(&e);
        assert_eq!((1..=7).map(|k| eval.reach(k)).collect::<Vec<_>>(), [1000, 833, 666, 500, 333, 166, 0]);
        let king = |text: &str| {
            let pos = e.parse_position(text).unwrap();
            let at = first_goal_piece(&eval, &pos);
            eval.line_chances(&e, &pos, at, &eval.lines[0], NONE)
        };
        // From e5 every line is five squares with the exit; from b5 west two, north and south
        // five, east eight (longer than any roll).
        assert_eq!(king("A:Ae1,e9,a5:DKe5"), [333, 0]);
        assert_eq!(king("A:Aa1:DKb5"), [833, 333]);
        assert_eq!(king("A:Aa5,b1:DKb5"), [333, 0]);
        // Without the die any clear line is sure, and the first two count.
        let e = super::shipped_with("tablut.game", &[("dice", "false")]);
        let eval = Evaluation::new(&e);
        let pos = e.parse_position("A:Aa1:DKb5").unwrap();
        let at = pos.occupied_by(1).iter().next().unwrap();
        assert_eq!(eval.line_chances(&e, &pos, at, &eval.lines[0], NONE), [1000, 1000]);
    }

    #[test]
    fn a_line_only_the_kings_own_piece_blocks_counts_as_masked() {
        let masked = |e: &Engine, text: &str| {
            let eval = Evaluation::new(e);
            let pos = e.parse_position(text).unwrap();
            let king = first_goal_piece(&eval, &pos);
            eval.masked_lines(e, &pos, king, &eval.lines[0]) / PER_MILLE
        };
        let e = super::shipped_with("tablut.game", &[("dice", "false")]);
        // North a defender alone (e7); south a defender with an attacker behind it (e3, e2);
        // west two defenders; east an attacker first.
        assert_eq!(masked(&e, "A:Ae2,g5:DKe5,e7,e3,c5,b5"), 1);
        // A defender with an attacker past it (e7, e9) does not mask a line.
        assert_eq!(masked(&e, "A:Ae9,e1,a5,i5:DKe5,e7"), 0);
        assert_eq!(masked(&e, "A:Ae1,a5,i5:DKe5,e7"), 1);
        // With the die, the chance of a roll long enough: five squares from e5 with the exit.
        let e = engine("tablut.game");
        let eval = Evaluation::new(&e);
        let pos = e.parse_position("A:Ae1,a5,i5:DKe5,e7").unwrap();
        assert_eq!(eval.masked_lines(&e, &pos, e.board().point("e5").unwrap(), &eval.lines[0]), 333);
        // Where the goal is a region slid onto (a corner): the line north along the edge.
        let e = engine("copenhagen-hnefatafl.game");
        assert_eq!(masked(&e, "A:Af1:DKa6,a8"), 1);
        assert_eq!(masked(&e, "A:Af1,a10:DKa6,a8"), 0);
    }
}
