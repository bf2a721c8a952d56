//! Where a vectorised step's time goes (observe, tensor, legal ids, apply),
//! single thread: `cargo run --release -p talon-py --example vec_profile`.

use _talon::core::Core;
use _talon::dealer::Dealer;
use _talon::tensor;
use std::time::Instant;
use talon_cards::Seat;
use talon_rules::{Preset, Setup};

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
        let mut out = vec![0.0f32; tensor::information_state_len(4)];
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
        let dealer = Dealer::new(preset, &[]).unwrap();
        let mut seed = 0;
        time("deal", &mut |_| {
            seed += 1;
            std::hint::black_box(dealer.deal(seed));
        });
        time("observe", &mut |c| {
            std::hint::black_box(c.observe(Seat(c.to_move().unwrap() as u8)));
        });
        time("obs+tensor", &mut |c| {
            let o = c.observe(Seat(c.to_move().unwrap() as u8));
            tensor::observation_tensor(&o, &mut out);
        });
        time("legal_ids", &mut |c| c.legal_ids(&mut legal));
        time("clone+apply", &mut |c| {
            let mut c = c.clone();
            c.legal_ids(&mut legal);
            c.apply_legal(legal[0]);
            std::hint::black_box(c);
        });
    }
}
