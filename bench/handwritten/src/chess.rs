//! Chess random playouts on shakmaty, the rules of games/chess.game: a game
//! ends at checkmate (a loss), stalemate, the third time a position stands
//! (positions since the last capture or pawn move, by shakmaty's Zobrist
//! hash with castling and en passant rights), or 100 plies without a capture
//! or a pawn move; a move is chosen uniformly among the legal moves.

use rand::Rng;
use shakmaty::zobrist::{Zobrist64, ZobristHash};
use shakmaty::{Chess, EnPassantMode, Move, MoveList, Position};

#[derive(Default)]
pub struct Stats {
    pub games: u64,
    pub plies: u64,
    pub moves_seen: u64,
    /// Checkmates won by white, by black; draws; unfinished at the ply limit.
    pub wins: [u64; 2],
    pub draws: u64,
    pub unfinished: u64,
}

pub fn playout<R: Rng>(rng: &mut R, max_plies: u32, history: &mut Vec<u64>, st: &mut Stats) {
    let mut pos = Chess::default();
    history.clear();
    history.push(pos.zobrist_hash::<Zobrist64>(EnPassantMode::Legal).0);
    let mut plies = 0;
    st.games += 1;
    loop {
        let moves: MoveList = pos.legal_moves();
        if moves.is_empty() {
            if pos.is_check() {
                st.wins[pos.turn().other() as usize ^ 1] += 1; // the side not to move mated
            } else {
                st.draws += 1;
            }
            break;
        }
        if plies >= max_plies {
            st.unfinished += 1;
            break;
        }
        st.moves_seen += moves.len() as u64;
        let m: &Move = &moves[rng.gen_range(0..moves.len())];
        let irreversible = m.is_capture() || m.role() == shakmaty::Role::Pawn;
        pos.play_unchecked(m);
        plies += 1;
        st.plies += 1;
        if irreversible {
            history.clear();
        }
        let h = pos.zobrist_hash::<Zobrist64>(EnPassantMode::Legal).0;
        history.push(h);
        if history.iter().filter(|&&x| x == h).count() >= 3 || pos.halfmoves() >= 100 {
            st.draws += 1;
            break;
        }
    }
}
