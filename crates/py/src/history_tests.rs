//! The information-state tensor is lossless: over many random deals of
//! every preset, played from the same few deals in many ways (so that
//! histories differing only in a detail meet), two observations with the
//! same tensor always have the same information-state string, which is
//! perfect recall (crates/rules/tests/*_recall.rs). And no family's longest
//! history outgrows its records.

use super::*;
use crate::core::Core;
use crate::tensor::{information_state_len, information_state_tensor};
use std::collections::HashMap;
use talon_rules::{Preset, Setup};

#[test]
fn the_information_state_tensor_tells_every_information_state_apart() {
    let mut longest: HashMap<Family, usize> = HashMap::new();
    for preset in Preset::ALL {
        let mut seen: HashMap<Vec<u32>, String> = HashMap::new();
        let mut states = 0usize;
        for deal in 0..3u64 {
            for line in 0..60u64 {
                let mut core = Core::new(preset, &[], &Setup::Seed(deal)).unwrap();
                let mut legal = Vec::new();
                let mut step = line;
                loop {
                    let len = information_state_len(core.family(), core.seats());
                    for seat in 0..core.seats() {
                        let obs = core.observe(Seat(seat as u8));
                        let used = records(&obs).len();
                        let most = longest.entry(core.family()).or_default();
                        *most = (*most).max(used);
                        let mut t = vec![0.0f32; len];
                        information_state_tensor(&obs, &mut t);
                        let key: Vec<u32> = t.iter().map(|x| x.to_bits()).collect();
                        let text = format!("{obs:?}");
                        if let Some(other) = seen.insert(key, text.clone()) {
                            assert_eq!(other, text, "{preset}: one tensor, two information states");
                        }
                        states += 1;
                    }
                    if core.to_move().is_none() {
                        break;
                    }
                    core.legal_ids(&mut legal);
                    // A different walk per line: a cheap mixing of the step.
                    step = step
                        .wrapping_mul(6364136223846793005)
                        .wrapping_add(1442695040888963407);
                    core.apply(legal[(step >> 33) as usize % legal.len()])
                        .unwrap();
                }
            }
        }
        assert!(states > 1000, "{preset}: {states}");
    }
    for (family, most) in longest {
        assert!(
            most <= slots(family),
            "{family:?}: {most} records, room for {}",
            slots(family)
        );
        eprintln!(
            "{family:?}: longest history {most} records of {}",
            slots(family)
        );
    }
}
