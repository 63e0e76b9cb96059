//! Which of the engine's fast paths a game takes, chosen once from its rules
//! and tables, and the switches tests use to turn them off and check them
//! against the plain paths.

use super::*;

/// The fast paths a game takes beyond its tables: flags tested on the hot
/// paths, so kept rather than derived each time.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Paths {
    /// On a board of up to 128 points, every kind only steps (and takes,
    /// which the captures list): its moves are listed from the step table
    /// alone ([`Engine::plain_steps`]).
    pub(super) plain_steppers: bool,
    /// Every kind moves by vectors alone (chess's family without drops):
    /// each piece's moves are its vectors', asked of no other kind of move.
    pub(super) vector_steppers: bool,
    /// Every kind moves by steps, slides and plain leaps alone, with one
    /// royal kind that stays what it is: the moves are listed legal, each
    /// piece's landings masked by the check and its pin
    /// ([`Engine::generate_legal`]).
    pub(super) royal_masks: bool,
    /// With `royal_masks`, and no pass or compulsory capture: playouts count
    /// the legal moves and list only the picked piece's ([`Engine::pick_legal`]).
    pub(super) royal_picking: bool,
    /// Playouts count steps and slides a direction at a time (at most a few
    /// index offsets a direction, no takes, no runs): see `counting.rs`.
    pub(super) bulk_counting: bool,
    /// Whether any rule looks at a move once it is made (a goal of rows,
    /// of the whole position, of a full board or of counts; runs of quiet
    /// moves; guards that look back; castling and en passant rights;
    /// passes at will): a game with none, most, skips them with one test.
    pub(super) rules_after_move: bool,
    /// Whether counting can stand for the move list ([`Engine::counts`]
    /// decides it, and [`Engine::use_bit_slides`] again).
    pub(super) counts_moves: bool,
    /// Whether perft's last ply may count the capture sequences where one is
    /// open rather than list them ([`Engine::counts_captures`]; set with
    /// `counts_moves`).
    pub(super) counts_captures: bool,
    /// Whether a playout may pick a whole turn by counting before it rolls
    /// (placements, mills, shots, guarded entries, moves that must leave the
    /// royal piece safe): a game with none, most, skips them with one test.
    pub(super) picks_whole_turns: bool,
    /// Playouts pick among the entries a guard allows without listing them
    /// ([`Engine::pick_guarded_entry`]).
    pub(super) entry_picking: bool,
    /// A step, slide or capture by leaps moves the piece, takes what it
    /// jumps or lands on, may reach a goal of capture or of reaching, and
    /// passes the turn, and nothing else: no stacks, landing captures or
    /// traps, rows, shots, swaps, returns, losses of the mover's own, further
    /// turns, finishing places, runs or streaks, nor any rule that looks at
    /// the move once made ([`Engine::make_bare`]).
    pub(super) bare_moves: bool,
}

impl Engine {
    /// Chooses the fast paths, once the tables are built ([`Engine::new`]).
    pub(super) fn choose_paths(&mut self) {
        let game = &self.game;
        let plain_kinds = !self.hands.any && !self.lifts && !self.race.tracks && !self.run_limits;
        let vector_steppers = plain_kinds && only_vectors(game);
        let whole_rays = self.rays.monotonic && self.rays.symmetric;
        let royal_masks = vector_steppers && legal::masks_apply(game, &self.vt, whole_rays, self.guards.on);
        // Takes are counted piece by piece (see counting.rs).
        let takes_any = game.kinds.iter().any(|k| k.moves.take.iter().any(|&t| t != 0));
        let goals = &self.goals;
        let rules_after_move = goals.line_goals
            || goals.position_goals
            || goals.board_full_goal
            || goals.count_goals
            || self.run_limits
            || self.guards.on
            || self.vt.history_state
            || goals.pass_at_will;
        self.paths = Paths {
            plain_steppers: self.small_board && plain_kinds && !self.plans.rows_or_flight && only_steps(game),
            vector_steppers,
            royal_masks,
            royal_picking: royal_masks && !goals.pass_rule && !goals.pass_at_will && !game.jumps.compulsory,
            bulk_counting: self.shifts.is_some() && !takes_any && !self.run_limits,
            rules_after_move,
            entry_picking: self.guards.entry_liberty.is_some()
                && !goals.pass_rule
                && !self.race.tracks
                && !self.vt.per_file
                && self.vt.royal_kinds == 0,
            ..Paths::default()
        };
        self.paths.bare_moves = self.bare_moves();
        self.mill_plan = mills::MillPlan::of(self);
        self.paths.counts_moves = self.counts();
        self.paths.counts_captures = self.counts_captures();
        self.paths.picks_whole_turns = self.picks_whole_turns();
    }

    /// [`Paths::bare_moves`].
    fn bare_moves(&self) -> bool {
        let game = &self.game;
        !self.paths.rules_after_move
            && game.stacks.is_none()
            && game.custodial.is_none()
            && game.traps.is_empty()
            && game.mill.is_none()
            && game.landing_returns.is_empty()
            && !game.swap_places
            && !self.guards.suicide_taken
            && !self.extra_turns
            && !self.ranked
            && self.goals.no_progress.is_none()
            && self.goals.streak.is_none()
            && game.kinds.iter().all(|k| k.shoot.is_none())
    }

    /// Turns off [`Paths::bare_moves`], so that tests can check
    /// [`Engine::make_bare`] plays as [`Engine::make`]'s general path does.
    #[doc(hidden)]
    pub fn make_bare_moves(&mut self, on: bool) -> bool {
        self.paths.bare_moves = on && self.bare_moves();
        self.paths.bare_moves
    }

    /// Turns the bit operations off (slides by bits, steps and the pieces
    /// that may capture by shifts; they are on where the board allows), so
    /// that tests can check they agree with the point-by-point walks.
    #[doc(hidden)]
    pub fn use_bit_slides(&mut self, on: bool) {
        let fresh = Engine::new(self.game.clone());
        self.bit_slides = on && fresh.bit_slides;
        self.outflanks_by_shifts = on && fresh.outflanks_by_shifts;
        self.bit_placements = if on { fresh.bit_placements } else { None };
        self.shifts = if on { fresh.shifts } else { None };
        self.paths.bulk_counting = on && fresh.paths.bulk_counting;
        self.plans.shot_counting = on && fresh.plans.shot_counting;
        self.paths.plain_steppers = on && fresh.paths.plain_steppers;
        self.paths.vector_steppers = on && fresh.paths.vector_steppers;
        self.paths.royal_masks = on && fresh.paths.royal_masks;
        self.paths.royal_picking = on && fresh.paths.royal_picking;
        self.leaps.leapers = if on { fresh.leaps.leapers } else { [0; MAX_PLAYERS] };
        self.leaps.bare = if on { fresh.leaps.bare } else { [0; MAX_PLAYERS] };
        self.paths.counts_moves = self.counts();
        self.paths.counts_captures = self.counts_captures();
        self.paths.picks_whole_turns = self.picks_whole_turns();
    }

    /// Turns off the instructions the CPU may have beyond the portable build
    /// (POPCNT, BMI2), so that tests can check the paths without them pick
    /// the same moves.
    #[doc(hidden)]
    pub fn use_cpu_extensions(&mut self, on: bool) {
        self.cpu = if on { counting::Cpu::detect() } else { counting::Cpu::PORTABLE };
    }

    /// Turns off the playouts' weighing of turns of several actions (a move
    /// and its shot, a row and its removal), so that tests can check the
    /// weighed paths pick the moves the list would.
    #[doc(hidden)]
    pub fn weigh_turns(&mut self, on: bool) -> bool {
        let fresh = Engine::new(self.game.clone());
        self.plans.shot_counting = on && fresh.plans.shot_counting;
        self.plans.mill_counting = on && fresh.plans.mill_counting;
        self.plans.mill_bits = on && fresh.plans.mill_bits;
        self.mill_plan = if on { fresh.mill_plan } else { None };
        self.paths.royal_picking = on && fresh.paths.royal_picking;
        self.plans.shot_counting || self.plans.mill_counting || self.paths.royal_picking
    }

    /// Turns off the playouts' picking of an allowed entry without the list
    /// (`guard.rs`), so that tests can check it picks the moves the list
    /// would. Whether it is on.
    #[doc(hidden)]
    pub fn pick_entries(&mut self, on: bool) -> bool {
        self.paths.entry_picking = on && Engine::new(self.game.clone()).paths.entry_picking;
        self.paths.entry_picking
    }
}

/// Every kind moves by steps alone, perhaps taking too (no slide, leap,
/// jump, vector, track, flight or exit), and captures nothing by jumping.
fn only_steps(game: &Game) -> bool {
    game.kinds.iter().all(|k| {
        let m = &k.moves;
        m.vectors.is_empty()
            && !m.track
            && k.fly.is_none()
            && (0..MAX_PLAYERS)
                .all(|p| m.slide[p] | m.leave[p] | m.jump[p] | m.fly[p] | m.approach[p] | m.withdraw[p] == 0)
    })
}

/// Every kind moves by vectors alone, if at all (no step, slide, take,
/// jump, track, flight, exit or shot of the older forms).
fn only_vectors(game: &Game) -> bool {
    game.mill.is_none()
        && game.kinds.iter().all(|k| {
            let m = &k.moves;
            !m.track
                && k.fly.is_none()
                && k.shoot.is_none()
                && (0..MAX_PLAYERS).all(|p| {
                    m.step[p]
                        | m.slide[p]
                        | m.jump[p]
                        | m.fly[p]
                        | m.take[p]
                        | m.approach[p]
                        | m.withdraw[p]
                        | m.leave[p]
                        == 0
                })
        })
}
