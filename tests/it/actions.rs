//! Moves as actions (`app/actions.rs`) and positions as numbers
//! (`app/observation.rs`) over random games of every shipped game, variant
//! and option value: every legal move has its own action sequence, walking
//! the tree of actions plays exactly the move chosen, and each action
//! number stands for one step and back.

use crate::common;
use rand::{Rng, SeedableRng};
use rulebook::app::actions::{ActionSpace, Legal};
use rulebook::app::observation::{Layout, View};
use rulebook::engine::Engine;

fn shipped() -> Vec<(String, Engine)> {
    let mut files: Vec<_> = std::fs::read_dir("games").unwrap().map(|e| e.unwrap().path()).collect();
    files.extend(std::fs::read_dir("games/variants").unwrap().map(|e| e.unwrap().path()));
    files.retain(|p| p.is_file());
    files.sort();
    let mut engines = Vec::new();
    for file in files {
        let file = file.to_str().unwrap().to_string();
        let plain = common::engine(&file, &[]);
        for option in &plain.game.options {
            for value in &option.values[1..] {
                let e = common::engine(&file, &[(option.name.as_str(), value.as_str())]);
                engines.push((format!("{file} {}={value}", option.name), e));
            }
        }
        engines.push((file, plain));
    }
    engines
}

#[test]
fn every_move_of_every_shipped_game_is_one_walk_through_its_actions() {
    for (what, e) in shipped() {
        let space = ActionSpace::new(&e);
        let layout = Layout::new(&e);
        // Each number is one step, and the step that number.
        let mut names = std::collections::HashSet::new();
        for a in 0..space.len() {
            let step = space.step(a).unwrap_or_else(|| panic!("{what}: action {a} has no step"));
            assert_eq!(space.index(step), Some(a), "{what}: {step:?}");
            assert!(names.insert(space.name(&e, a).unwrap()), "{what}: two actions named alike at {a}");
        }
        assert_eq!(space.index(rulebook::app::actions::Step::Pass).map(|a| a < space.len()), Some(true));
        let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(5);
        let mut obs = vec![0f32; layout.len()];
        let mut moves = Vec::new();
        for _ in 0..3 {
            let mut pos = e.start();
            for _ in 0..200 {
                if let Some(o) = e.outcome(&pos).unwrap() {
                    if e.dice().is_none() {
                        e.moves(&pos, None, &mut moves).unwrap();
                        assert_eq!(e.outcome_listed(&pos, &moves).unwrap(), Some(o), "{what}");
                    }
                    break;
                }
                let roll = e.roll(&mut rng);
                e.moves(&pos, roll, &mut moves).unwrap();
                // The outcome read from the moves listed is the outcome.
                if roll.is_none() {
                    assert_eq!(e.outcome_listed(&pos, &moves).unwrap(), None, "{what}");
                }
                let legal = Legal::of(&e, &space, moves.clone()).unwrap_or_else(|err| panic!("{what}: {err}"));
                // Each move's actions are its steps' (the one-step fast path
                // included), then at most a `pass`.
                for (j, mv) in moves.iter().enumerate() {
                    let steps: Vec<u32> =
                        ActionSpace::steps(mv).into_iter().map(|s| space.index(s).unwrap() as u32).collect();
                    let seq = legal.seq(j);
                    assert!(seq.starts_with(&steps) && seq.len() <= steps.len() + 1, "{what}: {}", e.notation(mv));
                }
                let i = rng.gen_range(0..moves.len());
                // Walk the tree: the chosen move's actions are open one after
                // the other, and only the last completes a move, the chosen one.
                let mut prefix = Vec::new();
                for &a in legal.seq(i) {
                    assert_eq!(legal.completed(&prefix), None, "{what}: {prefix:?} completes early");
                    let open = legal.open(&prefix);
                    assert!(open.windows(2).all(|w| w[0] < w[1]), "{what}: {open:?} sorted, each once");
                    assert!(open.iter().all(|&b| legal.is_open(&prefix, b)), "{what}");
                    assert!(open.contains(&a), "{what}: {a} not open after {prefix:?}");
                    assert!(open.iter().all(|&b| (b as usize) < space.len()));
                    prefix.push(a);
                    let view = View { pos: &pos, observer: pos.turn, roll, pending: &prefix };
                    layout.write(&e, &space, &view, &mut obs);
                }
                assert_eq!(legal.completed(&prefix), Some(i), "{what}: {}", e.notation(&moves[i]));
                assert!(legal.open(&prefix).is_empty(), "{what}");
                let view = View { pos: &pos, observer: e.next_player(pos.turn), roll, pending: &[] };
                layout.write(&e, &space, &view, &mut obs);
                assert_eq!(obs[layout.len() - 1], 0.0, "{what}: to_move from the other seat");
                pos = e.play_unchecked(&pos, &moves[i]);
            }
        }
    }
}
