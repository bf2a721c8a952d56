//! Where a vectorised step's time goes (deal, observe, tensor, legal ids,
//! apply), and a whole step as `VecEnv` takes it without Python, single
//! thread: `cargo run --release -p talon-py --example vec_profile`.

use _talon::core::Core;
use _talon::tensor;
use std::sync::Arc;
use std::time::Instant;
use talon_cards::Seat;
use talon_rules::{Preset, Ruleset, Setup};

fn main() {
    for preset in [Preset::SixtySix, Preset::Pedro] {
        let mut states = Vec::new();
        let mut legal = Vec::new();
        for seed in 0..2000u64 {
            let mut c = Core::new(preset, &[], &Setup::Seed(seed)).unwrap();
            for k in 0..(seed % 8) {
                if c.to_move().is_none() {
                    break;
                }
                c.legal_ids(&mut legal);
                c.apply(legal[k as usize % legal.len()]).unwrap();
            }
            if c.to_move().is_some() {
                states.push(c);
            }
        }
        let n = states.len() as f64;
        let mut out = vec![0.0f32; tensor::information_state_len(preset.family(), 4)];
        // The fastest of 30 passes: on a shared machine a pass that was
        // preempted is slower, never faster.
        let time = |label: &str, f: &mut dyn FnMut(&Core)| {
            let best = (0..30)
                .map(|_| {
                    let start = Instant::now();
                    for c in &states {
                        f(c);
                    }
                    start.elapsed().as_nanos()
                })
                .min()
                .unwrap();
            println!("{preset} {label:12} {:7.0} ns", best as f64 / n);
        };
        let rules = Ruleset::new(preset, &[]).unwrap();
        let deal = |seed: u64| rules.deal(&Setup::Seed(seed)).unwrap();
        let mut seed = 0;
        time("deal", &mut |_| {
            seed += 1;
            std::hint::black_box(deal(seed));
        });
        time("observe", &mut |c| {
            std::hint::black_box(c.observe(Seat(c.to_move().unwrap() as u8)));
        });
        time("obs+tensor", &mut |c| {
            let o = c.observe(Seat(c.to_move().unwrap() as u8));
            tensor::observation_tensor(&o, &mut out);
        });
        time("obs+info", &mut |c| {
            let o = c.observe(Seat(c.to_move().unwrap() as u8));
            tensor::information_state_tensor(&o, &mut out);
        });
        time("legal_ids", &mut |c| c.legal_ids(&mut legal));
        time("clone+apply", &mut |c| {
            let mut c = c.clone();
            c.legal_ids(&mut legal);
            c.apply_legal(legal[0]);
            std::hint::black_box(c);
        });
        // A whole step of 256 deals, as `VecEnv::step` takes it: apply,
        // deal again at the end, observe, tensor and mask.
        let mut cores: Vec<Core> = (0..256)
            .map(|i| Core::from_game(deal(i), Arc::from(Vec::new())))
            .collect();
        let mut mask = vec![0u8; _talon::actions::num_distinct_actions(preset.family())];
        let mut x = 1u64;
        let mut k = 256u64;
        let best = (0..30)
            .map(|_| {
                let start = Instant::now();
                for c in cores.iter_mut() {
                    x = x.wrapping_mul(6364136223846793005).wrapping_add(1);
                    let legal = c.legal();
                    let id = usize::from(legal[(x >> 33) as usize % legal.len()]);
                    c.apply_legal(id);
                    if c.to_move().is_none() {
                        k += 1;
                        c.redeal(deal(k));
                    }
                    let o = c.observe(Seat(c.to_move().unwrap() as u8));
                    tensor::observation_tensor(&o, &mut out);
                    mask.fill(0);
                    for &id in c.legal() {
                        mask[usize::from(id)] = 1;
                    }
                }
                start.elapsed().as_nanos()
            })
            .min()
            .unwrap();
        println!(
            "{preset} {:12} {:7.0} ns",
            "whole step",
            best as f64 / 256.0
        );
    }
}
