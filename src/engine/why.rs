//! Why a move is illegal, in words: the rule that forbids it.

use super::notation::sort_by_numbers;
use super::*;

/// The verdict on a typed ply.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    Legal(Option<u8>, Move),
    Illegal { reason: String, legal: Vec<String> },
}

impl Engine {
    /// Says whether `text` is a legal ply at `pos` (with `roll` the die's value
    /// in a dice game, if the ply does not give its own) and, if not, why not.
    /// A search limit gives no verdict at all: a cut-short list of legal
    /// moves could call a legal move illegal.
    pub fn why(&self, pos: &Position, roll: Option<u8>, text: &str) -> Result<Verdict, Limit> {
        let text = text.trim();
        if let (Some(r), Some((typed, _))) = (roll, text.split_once(':')) {
            if typed.trim() != r.to_string() {
                let legal = self.move_list(pos, Some(r))?.iter().map(|m| format!("{r}:{m}")).collect();
                return Ok(Verdict::Illegal { reason: format!("the roll is {r}, not {typed}"), legal });
            }
        }
        let with_roll = match (self.game.dice, roll) {
            (Some(_), Some(r)) if !text.contains(':') => format!("{r}:{text}"),
            _ => text.to_string(),
        };
        let err = match self.parse_ply(pos, &with_roll) {
            Ok((r, mv)) => return Ok(Verdict::Legal(r, mv)),
            Err(e) => e,
        };
        let (roll, legal) = match &err {
            ParseMoveError::Illegal { roll, legal, .. } => (*roll, legal.clone()),
            ParseMoveError::Limit(limit) => return Err(*limit),
            other => return Ok(Verdict::Illegal { reason: other.to_string(), legal: Vec::new() }),
        };
        let mv_text = with_roll.split_once(':').map_or(with_roll.as_str(), |(_, m)| m);
        // A move typed in square numbers is judged in labels and answered in numbers.
        let numbers = self.typed_in_numbers(mv_text);
        let reason = self.reason(pos, roll, &self.labels_for_numbers(mv_text), &legal, numbers)?;
        let mut legal: Vec<String> = legal.iter().map(|m| self.as_typed(m, numbers)).collect();
        if numbers {
            sort_by_numbers(&mut legal);
        }
        Ok(Verdict::Illegal { reason, legal })
    }

    fn reason(
        &self,
        pos: &Position,
        roll: Option<u8>,
        text: &str,
        legal: &[String],
        numbers: bool,
    ) -> Result<String, Limit> {
        if self.outcome(pos)?.is_some() {
            return Ok("the game is over".into());
        }
        if self.sow.is_some() {
            return Ok(self.sowing_rule_against(pos, text));
        }
        if self.dice.pair {
            return self.turn_rule_against(pos, roll, text, legal);
        }
        if let Some(n) = self.game.mill {
            // A move that makes a row, written without the piece it removes (or with a wrong one).
            let base = text.rsplit_once('x').filter(|(b, _)| !b.is_empty()).map_or(text, |(b, _)| b);
            let with: Vec<&String> = legal.iter().filter(|m| m.starts_with(&format!("{base}x"))).collect();
            if let Some(first) = with.first() {
                let shown: Vec<String> = with.iter().map(|m| self.as_typed(m, numbers)).collect();
                return Ok(format!(
                    "{base} makes a row of {n}, so it also removes an enemy piece, one in no row of {n} \
                     (any if all are): {} (for example `{}`)",
                    shown.join(" "),
                    self.as_typed(first, numbers)
                ));
            }
        }
        if self.game.forbid_stranded {
            // The same move staying unpromoted, where only the promotion is legal.
            let promoted: Vec<&String> = legal.iter().filter(|m| m.starts_with(&format!("{text}="))).collect();
            if let Some(first) = promoted.first() {
                return Ok(format!(
                    "the piece could never move again from where this leaves it, and the rules forbid \
                     stranded pieces: it must promote there (`{}`)",
                    self.as_typed(first, numbers)
                ));
            }
        }
        if self.vt.royal_kinds != 0 || self.vt.castlers != 0 {
            // A move the pieces could make that would leave its side in check.
            let mut untried = Vec::new();
            self.generate_untried(pos, self.dice.max_roll, &mut untried, None)?;
            if let Some(verdict) =
                untried.iter().find(|m| self.notation(m) == text).and_then(|m| self.check_verdict(pos, m))
            {
                return Ok(verdict);
            }
            if let Some(verdict) = self.castle_refusal(pos, text) {
                return Ok(verdict);
            }
        }
        if self.vt.history_state {
            if let Some(verdict) = self.passant_refusal(pos, text) {
                return Ok(verdict);
            }
        }
        if self.guards.on {
            // A move the pieces could make, forbidden by the position it would leave.
            let mut untried = Vec::new();
            self.generate_untried(pos, self.dice.max_roll, &mut untried, None)?;
            if let Some(verdict) =
                untried.iter().find(|m| self.notation(m) == text).and_then(|m| self.guard_verdict(pos, m))
            {
                return Ok(verdict);
            }
        }
        let mut any = Vec::new();
        if let Some(d) = self.game.dice {
            self.generate(pos, if d.exact { ANY_ROLL } else { self.dice.max_roll }, &mut any)?;
        }
        Ok(self.rule_against(pos, roll, text, legal, &any, numbers))
    }

    /// Whether the landing rule is what forbids the capture `text`: it would
    /// be legal without the rule. Names the landings the rule requires.
    fn landing_rule_against(
        &self,
        pos: &Position,
        text: &str,
        legal: &[String],
        kind: &str,
        numbers: bool,
    ) -> Option<String> {
        let free = self.without(|g| g.jumps.land_to_continue = false).move_list(pos, None).ok()?;
        if !free.iter().any(|m| m == text) {
            return None;
        }
        // Where the typed sequence and a legal one part along the same leap:
        // the landing it should have taken.
        let board = &self.game.board;
        let heading = |from: &str, to: &str| {
            let (Some(p), Some(q)) = (board.point(from), board.point(to)) else { return None };
            let ((px, py), (qx, qy)) = (board.coords[p as usize], board.coords[q as usize]);
            direction_of(qx - px, qy - py)
        };
        let typed: Vec<&str> = text.split('x').collect();
        let mut required: Vec<&str> = Vec::new();
        for m in legal {
            let landings: Vec<&str> = m.split('x').collect();
            let same = typed.iter().zip(&landings).take_while(|(a, b)| a == b).count();
            if same == 0 || same >= typed.len() || same >= landings.len() || required.contains(&landings[same]) {
                continue;
            }
            let at = typed[same - 1];
            if heading(at, typed[same]).is_some() && heading(at, typed[same]) == heading(at, landings[same]) {
                required.push(landings[same]);
            }
        }
        if required.is_empty() {
            return None;
        }
        let required: Vec<String> = required.iter().map(|p| self.as_typed(p, numbers)).collect();
        Some(format!("a {kind} must land where it can go on capturing: {}", required.join(" ")))
    }

    /// Whether the move `text` captures by its own move: a leap (`x`) or a
    /// step marked A or W (approach, withdrawal).
    fn captures_in_text(&self, text: &str) -> bool {
        text.contains('x') || text.split('-').skip(1).any(|p| self.without_capture_mark(p).is_some())
    }

    /// Whether a rule on the course of a sequence (`no repeated direction`,
    /// `no revisiting`) is what forbids the capture `text`.
    fn sequence_rule_against(&self, pos: &Position, text: &str) -> Option<String> {
        let j = &self.game.jumps;
        let legal_without = |change: fn(&mut Game)| {
            self.without(change).move_list(pos, None).is_ok_and(|l| l.iter().any(|m| m == text))
        };
        if j.no_repeated_direction && legal_without(|g| g.jumps.no_repeated_direction = false) {
            return Some("a capturing sequence may not go the same direction twice in a row".into());
        }
        if j.no_revisiting && legal_without(|g| g.jumps.no_revisiting = false) {
            return Some(
                "a capturing sequence may not land on a point the piece has already stood on during the move".into(),
            );
        }
        None
    }

    /// The same game with one rule taken out (by `change`): what a move would
    /// be without it tells whether that rule is what forbids it.
    pub(super) fn without(&self, change: impl FnOnce(&mut Game)) -> Engine {
        let mut game = self.game.clone();
        change(&mut game);
        Engine::new(game)
    }

    /// Why lifting the piece on `from` (`xd4`) is not legal here.
    fn lift_rule_against(&self, pos: &Position, from: &str) -> String {
        let g = &self.game;
        let me = pos.turn;
        let Some(p) = g.board.point(from) else { return format!("`{from}` is not a point") };
        let c = pos.at(p);
        if c == 0 || owner(c) != me {
            return format!(
                "a player lifts only its own pieces, and {from} holds none of {}'s",
                g.players[me as usize].name
            );
        }
        let kind = &g.kinds[kind_of(c) as usize];
        let Some(lift) = kind.lift[me as usize] else { return format!("a {} is never lifted", kind.name) };
        if lift.first && !self.untouched(pos, me) {
            return format!("a {} is lifted only as its side's first move", kind.name);
        }
        match lift.on {
            Some(on) => {
                let labels: Vec<&str> = on.iter().map(|q| g.board.labels[q as usize].as_str()).collect();
                format!("a {} is lifted only from {}", kind.name, labels.join(" "))
            }
            None => format!("a {} is lifted only from a point next to an empty one", kind.name),
        }
    }

    /// Why entering a piece (`@c3`, `K@c3`) is not legal here.
    fn entry_rule_against(&self, pos: &Position, kind: &str, to: &str) -> String {
        let g = &self.game;
        let me = pos.turn;
        let k = match kind.chars().next() {
            None => 0,
            Some(c) => match g.kinds.iter().position(|k| k.letter == c) {
                Some(k) => k,
                None => return format!("`{c}` is not a piece's letter"),
            },
        };
        let name = &g.kinds[k].name;
        let Some(enter) = g.kinds[k].enter else { return format!("a {name} does not enter from the hand") };
        if self.in_hand(pos, me, k as KindId) == 0 {
            return format!("{} has no {name} in hand", g.players[me as usize].name);
        }
        let Some(p) = g.board.point(to) else { return format!("`{to}` is not a point") };
        if pos.at(p) != 0 {
            return format!("{to} is occupied");
        }
        if let Some(d) = enter.falling[me as usize] {
            let mut rest = p;
            while g.board.step(rest, d) != NONE && pos.at(g.board.step(rest, d)) == 0 {
                rest = g.board.step(rest, d);
            }
            if rest != p {
                return format!(
                    "a {name} falls {} as far as the points are empty: it would come to rest on {}, not {to}",
                    DIRECTION_NAMES[d as usize], g.board.labels[rest as usize]
                );
            }
        }
        if !enter.on[me as usize].contains(p) {
            let on: Vec<&str> = enter.on[me as usize].iter().map(|q| g.board.labels[q as usize].as_str()).collect();
            return format!("a {name} may enter only on {}", on.join(" "));
        }
        if enter.capturing {
            return format!("a {name} enters only where it captures as it lands, and on {to} it would capture nothing");
        }
        if self.vt.stranded[k][me as usize].contains(p) {
            return format!("a {name} on {to} could never move again, and the rules forbid stranded pieces");
        }
        if let (Some(most), true) = (g.kinds[k].per_file, self.vt.per_file) {
            if self.file_full(pos, k as KindId, p, NONE, true) {
                return format!("at most {most} {name} of a side may stand on one file, and {to}'s file has that many");
            }
        }
        let m = Move { kind: MoveType::Enter, to: p, distance: 1, becomes: k as KindId, ..Move::PASS };
        if enter.unless_mates && self.mates(pos, &m) {
            return format!("a {name} entered on {to} would checkmate, and a {name} may not enter to checkmate");
        }
        "no rule allows it here".into()
    }

    /// Whether the capture `text` would take a piece the capturing kind may
    /// not capture (`can capture ...`): names the piece.
    fn prey_against(&self, pos: &Position, from: Point, text: &str) -> Option<String> {
        let g = &self.game;
        let kind = &g.kinds[kind_of(pos.at(from)) as usize];
        let all = (1u16 << g.kinds.len()) - 1;
        if kind.can_capture & all == all {
            return None;
        }
        // The first enemy piece on the way to each landing.
        let board = &g.board;
        let mut at = from;
        for label in text.split('x').skip(1) {
            let to = board.point(label)?;
            let ((fx, fy), (tx, ty)) = (board.coords[at as usize], board.coords[to as usize]);
            let d = direction_of(tx - fx, ty - fy)?;
            let mut q = board.step(at, d);
            while q != NONE && q != to {
                let c = pos.at(q);
                if c != 0 && owner(c) != pos.turn && kind.can_capture & (1 << kind_of(c)) == 0 {
                    let prey = g.kind_names(kind.can_capture).join(" or a ");
                    return Some(format!(
                        "a {} may capture only a {prey}, and the piece on {} is a {}",
                        kind.name,
                        board.labels[q as usize],
                        g.kinds[kind_of(c) as usize].name
                    ));
                }
                q = board.step(q, d);
            }
            at = to;
        }
        None
    }

    /// The rule that forbids `text`, given the legal moves and, in a dice
    /// game, the moves any roll would allow (`any`). Points are named in
    /// square numbers when `numbers` is set.
    fn rule_against(
        &self,
        pos: &Position,
        roll: Option<u8>,
        text: &str,
        legal: &[String],
        any: &[Move],
        numbers: bool,
    ) -> String {
        let g = &self.game;
        let me = pos.turn;
        let shown = |t: &str| self.as_typed(t, numbers);
        let strip = |m: &String| m.split_once(':').map_or(m.clone(), |(_, x)| x.to_string());
        let legal_moves: Vec<String> = legal.iter().map(strip).collect();
        if text == "pass" {
            return if self.goals.pass_rule {
                "a player passes only when it has no move".into()
            } else {
                "a pass is legal only when the roll allows no move".into()
            };
        }
        if self.race.tracks {
            if let Some(reason) = self.track_rule_against(pos, roll, text) {
                return reason;
            }
        }
        if let Some((kind, to)) = text.split_once('@') {
            return self.entry_rule_against(pos, kind, to);
        }
        if let Some(from) = text.strip_prefix('x') {
            return self.lift_rule_against(pos, from);
        }
        let from_label = text.split(['-', 'x']).next().unwrap_or("");
        let Some(from) = g.board.point(from_label) else { return format!("`{from_label}` is not a point") };
        let from_name = shown(from_label);
        let c = pos.at(from);
        if c == 0 {
            return format!("there is no piece on {from_name}");
        }
        if owner(c) != me {
            return format!(
                "the piece on {from_name} belongs to {}, and the player to move is {}",
                g.players[owner(c) as usize].name,
                g.players[me as usize].name
            );
        }
        let kind = &g.kinds[kind_of(c) as usize];
        if let Some(reason) = self.capture_rule_against(pos, text, from, &legal_moves, &kind.name, numbers) {
            return reason;
        }
        if let Some(reason) = self.piece_rule_against(pos, roll, text, from, any, &from_name) {
            return reason;
        }
        // A plain move: check the destination's rules.
        if let Some((_, to_label)) = text.split_once('-') {
            if let Some(reason) = self.plain_move_rule(pos, from, to_label, numbers) {
                return reason;
            }
        }
        let mine: Vec<String> =
            legal_moves.iter().filter(|m| m.split(['-', 'x']).next() == Some(from_label)).map(|m| shown(m)).collect();
        if mine.is_empty() {
            format!("the {} on {from_name} has no legal move", kind.name)
        } else {
            format!("no rule allows it; the {} on {from_name} can play {}", kind.name, mine.join(" "))
        }
    }

    /// What forbids `text` (from `from`) as a capture, or a move where a
    /// capture is compulsory: a longer capture, the captures that exist, a
    /// preference, the prey, the landing, the sequence.
    fn capture_rule_against(
        &self,
        pos: &Position,
        text: &str,
        from: Point,
        legal_moves: &[String],
        kind_name: &str,
        numbers: bool,
    ) -> Option<String> {
        let g = &self.game;
        let shown = |t: &str| self.as_typed(t, numbers);
        // A capture that stops too early, or a capture sequence that is not the longest.
        if let Some(longer) = legal_moves.iter().find(|m| m.starts_with(&format!("{text}x"))) {
            return Some(format!("the capture must go on while it can: {} continues it", shown(longer)));
        }
        let all_captures = legal_moves.iter().all(|m| self.captures_in_text(m));
        let is_capture = self.captures_in_text(text);
        if !is_capture && all_captures && g.jumps.compulsory && !legal_moves.is_empty() {
            let captures: Vec<String> = legal_moves.iter().map(|m| shown(m)).collect();
            return Some(format!("capturing is compulsory, and captures exist: {}", captures.join(" ")));
        }
        if is_capture {
            if let Some(reason) = self.preference_against(pos, text) {
                return Some(reason);
            }
            if let Some(reason) = self.prey_against(pos, from, text) {
                return Some(reason);
            }
        }
        if is_capture && g.jumps.land_to_continue {
            if let Some(reason) = self.landing_rule_against(pos, text, legal_moves, kind_name, numbers) {
                return Some(reason);
            }
        }
        if is_capture {
            if let Some(reason) = self.sequence_rule_against(pos, text) {
                return Some(reason);
            }
        }
        None
    }

    /// What forbids the piece on `from` its move `text` (not a capture's
    /// rule): pieces waiting in hand, a run of moves used up, the roll.
    fn piece_rule_against(
        &self,
        pos: &Position,
        roll: Option<u8>,
        text: &str,
        from: Point,
        any: &[Move],
        from_name: &str,
    ) -> Option<String> {
        let g = &self.game;
        let c = pos.at(from);
        let kind = &g.kinds[kind_of(c) as usize];
        let is_capture = self.captures_in_text(text);
        if self.held_back(pos, kind_of(c)) {
            return Some(format!(
                "a {k} may not move while its side still has a {k} in hand: enter one first (@POINT)",
                k = kind.name
            ));
        }
        if !is_capture && self.run_exhausted(pos, from, kind_of(c)) {
            if let Some(limit) = kind.run_limit {
                let while_has = g.while_has(&limit).map_or(String::new(), |w| format!(" {w}"));
                return Some(format!(
                    "the {} on {from_name} has made {} moves in a row without capturing, the most it may make{while_has}",
                    kind.name, limit.max
                ));
            }
        }
        // Under a die: would the move be legal with a higher roll?
        if let (Some(r), Some(_)) = (roll, g.dice) {
            if let Some(m) = any.iter().find(|m| self.notation(m) == text) {
                return Some(if g.dice.is_some_and(|d| d.exact) {
                    format!(
                        "the roll is {r}, and this move covers {} spaces: a move covers exactly the roll",
                        m.distance
                    )
                } else {
                    format!("the roll is {r}, and this move covers {} spaces", m.distance)
                });
            }
        }
        None
    }

    /// What forbids a plain move from `from` to `to_label` in the board's
    /// own rules: a place it may not stop, a blocked or missing line, the
    /// piece's directions and reach.
    fn plain_move_rule(&self, pos: &Position, from: Point, to_label: &str, numbers: bool) -> Option<String> {
        let g = &self.game;
        let c = pos.at(from);
        let me = pos.turn;
        let kind = &g.kinds[kind_of(c) as usize];
        let to = g.board.point(to_label)?;
        let (from_name, to_name) = (self.point_name(from, numbers), self.point_name(to, numbers));
        let bit = 1u16 << kind_of(c);
        if g.stops.iter().any(|s| s.region.contains(to) && s.allowed & bit == 0) {
            let allowed: Vec<&str> = g
                .stops
                .iter()
                .filter(|s| s.region.contains(to))
                .flat_map(|s| g.kinds.iter().enumerate().filter(move |(i, _)| s.allowed & (1 << i) != 0))
                .map(|(_, k)| k.name.as_str())
                .collect();
            return Some(format!("only a {} may stop on {to_name}", crate::diagnostics::one_of(&allowed)));
        }
        // Along which direction does it go, and is the way clear?
        let (fx, fy) = g.board.coords[from as usize];
        let (tx, ty) = g.board.coords[to as usize];
        let d = direction_of(tx - fx, ty - fy)?;
        let mut q = g.board.step(from, d);
        let mut distance = 1;
        while q != NONE && q != to {
            if pos.at(q) != 0 {
                let at = self.point_name(q, numbers);
                return Some(format!("the way from {from_name} to {to_name} is blocked at {at}"));
            }
            q = g.board.step(q, d);
            distance += 1;
        }
        if q == NONE {
            return Some(format!("no straight line of the board leads from {from_name} to {to_name}"));
        }
        if pos.at(to) != 0 {
            return Some(format!("{to_name} is occupied"));
        }
        let m = &kind.moves;
        let p = me as usize;
        let dir = DIRECTION_NAMES[d as usize];
        let steps = m.step[p] & (1 << d) != 0;
        let slides = m.slide[p] & (1 << d) != 0;
        if !steps && !slides {
            return Some(format!("a {} does not move towards {dir}", kind.name));
        }
        if !slides && distance > 1 {
            return Some(format!("a {} moves one space at a time", kind.name));
        }
        match m.slide_limit {
            Some(limit) if distance > limit as usize => Some(format!("a {} slides at most {limit} spaces", kind.name)),
            _ => None,
        }
    }
}
