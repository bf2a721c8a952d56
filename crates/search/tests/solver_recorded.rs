//! Values recorded from the solver before its second round of speed work
//! (commit f52c11c), so faster search can never change an answer: whole
//! Sixty-six deals and after one trick, and positions a few random moves
//! into Sixty-six and both Schnapsen rule sets (talon open or closed).
//! One letter a position, a..g for −3..3, `-` for a deal already over.
//! Regenerate only with a solver whose values are trusted (the tests in
//! `solver.rs` and `solver_deals.rs` check it against plain minimax).

mod common;

use common::{check_recorded, opening, random_moves};
use talon_rules::sixty_six::{SixtySix, SixtySixOptions};

const SIXTY_SIX_WHOLE: &str = "egbfabbcgabcbfbgbbbbeabbfbbcgffeecccecbeaefbffacfcegfbaggfcbcgeb";
const SIXTY_SIX_AFTER_1: &str = "fgafabbceabebfcgaecbfbbcfbbbgffecbcefcbebefbffaefcegebbgefcccgbb";
const SIXTY_SIX_RANDOM_6: &str = "gggaabbbgaaagagggagcgagbgggaggfcgggggabggaebagggeagagagaagagaggaaggggagaeafagfgaacgggaggeggafagagaga";
const SIXTY_SIX_RANDOM_12: &str = "gggagfbbgaaagagfgfgggagggggaggffgggggagggaffagggbagagagaagagafgaaggggagaaafagfgaabgggaggfggafagagagagagagcgagabaaagaaaafbbfeaggggfgagggagagagaggaagagaabgggaggbagaagaagggafaaagaabgfgggfaaggcagabagaggga";
const SCHNAPSEN_RANDOM_4: &str = "gfafggabgabegbgaaaffaaaaaecggabacgfbgcbaaacggaegbaaabagbfcaaaaaaafgffabgcabfaebgaffcafaaaagfabgbbeafgeeebacaggfcaebgbagcafagebbfgaccgfbebgeaaafceffccagbaabbcffffcaefcgaeabcbacagbaaggbggacggeaegecbfeba";
const SCHNAPSEN_RANDOM_10: &str = "gfbcgfbbgabbgbgabacfaabaaebcfababaefgfbacaeggacfgaaaeagbfebaecbaafgebababacfbfffbecacegaaabacbgabacacegebaeagfbcacfefagfacgfgebefbbagfbebffaaafbgfeegagfgagcaebgbgcebfgababbfbeagbaaaeagfaefgfbegfgeeeba";
const SCHNAPSEN_VU_RANDOM_4: &str = "cfbcbfcbcebcfccbbaafbceffbcffceaegebaebebccgcbbgccfgcffbeecebbbbbfeeeccgcecfbbcgcffccgeeabefacfecaaeeffbeacebffcabbebbbeefbcebbeecccfccfcbefcefcebbceeecfaccgffgfbbececbebbcbbeefaaebcagbccbecebccgccfcf";
const SCHNAPSEN_VU_RANDOM_10: &str = "efb-b-ebcbeaeffc-aaaafef-ceggcfafgfbbcbfefbcefbgbee-befbe-ceebbbeeecebcgcec--be-b-eeegaeeccfaefebaafcffceafecgcc-f-gbbb--gbfcbcfgebfeebeceeceefcebcfc--c-bccgfegfbaccacbebbabe-eca-ffbafefbbfccfccfecfbf";

/// Every fifth position is also solved with a fresh table.
fn check(recorded: &str, debug_count: usize, position: impl Fn(u64) -> SixtySix) {
    check_recorded(recorded, debug_count, 5, position);
}

#[test]
fn whole_sixty_six_deals_keep_their_values() {
    let opts = SixtySixOptions::SIXTY_SIX;
    check(SIXTY_SIX_WHOLE, 1, |s| opening(opts, s, 0));
    check(SIXTY_SIX_AFTER_1, 1, |s| opening(opts, s, 1));
}

#[test]
fn random_sixty_six_positions_keep_their_values() {
    let opts = SixtySixOptions::SIXTY_SIX;
    check(SIXTY_SIX_RANDOM_6, 20, |s| random_moves(opts, s, 0x5eed, 6));
    check(SIXTY_SIX_RANDOM_12, 40, |s| {
        random_moves(opts, s, 0x5eed, 12)
    });
}

#[test]
fn random_schnapsen_positions_keep_their_values() {
    for (opts, four, ten) in [
        (
            SixtySixOptions::SCHNAPSEN,
            SCHNAPSEN_RANDOM_4,
            SCHNAPSEN_RANDOM_10,
        ),
        (
            SixtySixOptions::SCHNAPSEN_VU,
            SCHNAPSEN_VU_RANDOM_4,
            SCHNAPSEN_VU_RANDOM_10,
        ),
    ] {
        check(four, 20, |s| random_moves(opts, s, 0x5eed, 4));
        check(ten, 40, |s| random_moves(opts, s, 0x5eed, 10));
    }
}
