//! Pieces in hand: which players and kinds hold some (a slot each in the
//! position, counted in its hash), and the supplies that never run out.

use super::*;

/// No hand slot for a player and kind.
pub(super) const NO_HAND: u8 = u8::MAX;
/// The count a hand slot holds for an unlimited supply: never changed, so
/// never in the hash nor the notation.
pub(super) const UNLIMITED: u8 = u8::MAX;

/// What the engine knows of the game's hands before play.
#[derive(Debug)]
pub(super) struct Hands {
    /// The hand slot of each player and kind (`player * 16 + kind`), or
    /// `NO_HAND`.
    pub(super) slot: [u8; MAX_PLAYERS * 16],
    /// Whether any piece is ever in hand.
    pub(super) any: bool,
    /// Per hand slot: an unlimited supply (`in hand unlimited`); and whether any is.
    pub(super) unlimited: [bool; MAX_HANDS],
    pub(super) any_unlimited: bool,
}

impl Hands {
    pub(super) fn of(game: &Game) -> Hands {
        let slot = slots(game);
        let unlimited = unlimited_supplies(game, &slot);
        Hands { slot, any: slot.iter().any(|&s| s != NO_HAND), unlimited, any_unlimited: unlimited.iter().any(|&u| u) }
    }
}

/// Hand slots: each player and kind that starts with pieces in hand, then
/// each player and kind that can enter, up to [`MAX_HANDS`].
fn slots(game: &Game) -> [u8; MAX_PLAYERS * 16] {
    let mut slots = [NO_HAND; MAX_PLAYERS * 16];
    let mut next = 0u8;
    let enterers = game
        .kinds
        .iter()
        .enumerate()
        .filter(|&(i, k)| {
            let held = game.change_sides && game.kinds.iter().any(|j| !j.royal && j.base as usize == i);
            k.enter.is_some() || k.moves.track || game.return_to_hand || held
        })
        .flat_map(|(k, _)| (0..game.players.len() as PlayerId).map(move |p| (p, k as KindId)));
    for (p, k) in game.hand.iter().map(|&(p, k, _)| (p, k)).chain(enterers) {
        let i = p as usize * 16 + k as usize;
        if slots[i] == NO_HAND && (next as usize) < MAX_HANDS {
            slots[i] = next;
            next += 1;
        }
    }
    slots
}

/// Per hand slot ([`slots`]): whether its supply is unlimited (`in hand unlimited`).
fn unlimited_supplies(game: &Game, hand_slot: &[u8; MAX_PLAYERS * 16]) -> [bool; MAX_HANDS] {
    let mut unlimited = [false; MAX_HANDS];
    for &(p, k) in &game.supply {
        if let Some(&s) = hand_slot.get(p as usize * 16 + k as usize).filter(|&&s| s != NO_HAND) {
            unlimited[s as usize] = true;
        }
    }
    unlimited
}

impl Engine {
    /// Whether the player ever holds pieces of the kind in hand.
    pub fn has_hand(&self, player: PlayerId, kind: KindId) -> bool {
        self.hands.slot[player as usize * 16 + kind as usize] != NO_HAND
    }

    /// Whether the player holds an unlimited supply of the kind.
    pub fn unlimited(&self, player: PlayerId, kind: KindId) -> bool {
        match self.hands.slot[player as usize * 16 + kind as usize] {
            NO_HAND => false,
            s => self.hands.unlimited[s as usize],
        }
    }

    /// How many pieces of the kind the player holds in hand, counted: none
    /// for an unlimited supply (for pictures, notation and evaluations).
    pub fn counted_in_hand(&self, pos: &Position, player: PlayerId, kind: KindId) -> u8 {
        if self.hands.any_unlimited && self.unlimited(player, kind) {
            0
        } else {
            self.in_hand(pos, player, kind)
        }
    }

    /// Whether the player has any piece in hand (an unlimited supply too).
    pub fn holds_any(&self, pos: &Position, player: PlayerId) -> bool {
        self.held(pos, player, u16::MAX) > 0
            || self.hands.any_unlimited && (0..self.game.kinds.len() as KindId).any(|k| self.unlimited(player, k))
    }

    /// How many pieces of `kind` the player has in hand.
    #[inline]
    pub fn in_hand(&self, pos: &Position, player: PlayerId, kind: KindId) -> u8 {
        match self.hands.slot[player as usize * 16 + kind as usize] {
            NO_HAND => 0,
            s => pos.hand[s as usize],
        }
    }

    /// Sets the count in hand (kept in the hash); false if the player and
    /// kind have no hand. An unlimited supply stays as it is.
    pub(super) fn set_hand(&self, pos: &mut Position, player: PlayerId, kind: KindId, n: u8) -> bool {
        let slot = self.hands.slot[player as usize * 16 + kind as usize];
        if slot != NO_HAND && self.hands.unlimited[slot as usize] {
            return true;
        }
        if slot == NO_HAND || n >= 100 {
            return false;
        }
        let s = slot as usize;
        pos.hash ^= self.keys.hands[s * 100 + pos.hand[s] as usize] ^ self.keys.hands[s * 100 + n as usize];
        pos.hand[s] = n;
        true
    }
}
