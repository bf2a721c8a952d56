//! `VecEnv`: N deals stepped together in Rust, writing observations,
//! action masks, rewards and done flags into numpy buffers it owns (the
//! same arrays every call, overwritten in place). The GIL is released while
//! it steps, and the deals can be split over threads.

use crate::core::Core;
use crate::pygame::{Game, State, TERMINAL_PLAYER};
use crate::reference::lcg;
use crate::{talon_err, IllegalActionError};
use numpy::{PyArray1, PyArray2, PyArrayMethods, PyReadonlyArray1};
use pyo3::prelude::*;
use std::sync::Arc;
use talon_rules::{AnyGame, Ruleset, Setup};

/// At most this many deals in one `VecEnv` (each keeps a whole game state).
const MAX_ENVS: usize = 1 << 20;
/// At most this many threads step a `VecEnv` (they start at every step).
const MAX_THREADS: usize = 256;
/// At most this many floats in the tensor buffer (4 GiB).
const MAX_TENSOR_FLOATS: usize = 1 << 30;

/// Views of one environment's rows in the shared buffers.
struct Rows<'a> {
    obs: &'a mut [f32],
    mask: &'a mut [u8],
    reward: &'a mut [f32],
    done: &'a mut u8,
    player: &'a mut i64,
}

struct Env {
    core: Core,
    /// Deals finished so far, for the seed of the next one.
    deals: u64,
}

/// What every environment shares: how to deal, and the tensor kind.
#[derive(Clone)]
struct Spec {
    rules: Ruleset,
    options: Arc<[(String, String)]>,
    seed: u64,
    count: u64,
    info: bool,
}

impl Spec {
    /// The seed of deal `k` of environment `i`: distinct for every (i, k)
    /// and independent of the thread count.
    fn seed(&self, i: usize, k: u64) -> u64 {
        self.seed
            .wrapping_add(k.wrapping_mul(self.count))
            .wrapping_add(i as u64)
    }

    /// Deal `k` of environment `i`.
    fn deal(&self, i: usize, k: u64) -> AnyGame {
        let setup = Setup::Seed(self.seed(i, k));
        self.rules.deal(&setup).expect("a seeded deal is legal")
    }

    fn write(&self, core: &mut Core, rows: &mut Rows<'_>) {
        rows.mask.fill(0);
        match core.to_move() {
            Some(p) => {
                let obs = core.observe(talon_cards::Seat(p as u8));
                if self.info {
                    crate::tensor::information_state_tensor(&obs, rows.obs);
                } else {
                    crate::tensor::observation_tensor(&obs, rows.obs);
                }
                // Cached: the next step checks its action against them.
                for &id in core.legal() {
                    rows.mask[usize::from(id)] = 1;
                }
                *rows.player = p as i64;
            }
            None => {
                rows.obs.fill(0.0);
                *rows.player = TERMINAL_PLAYER;
            }
        }
    }

    /// Applies `action` to environment `i`; when its deal ends, books the
    /// returns as rewards and deals the next one.
    fn step(&self, i: usize, env: &mut Env, action: usize, rows: &mut Rows<'_>) {
        rows.reward.fill(0.0);
        *rows.done = 0;
        env.core.apply_legal(action);
        if env.core.to_move().is_none() {
            for (r, v) in rows.reward.iter_mut().zip(env.core.returns()) {
                *r = v as f32;
            }
            *rows.done = 1;
            env.deals += 1;
            env.core.redeal(self.deal(i, env.deals));
        }
        self.write(&mut env.core, rows);
    }
}

/// N deals of one game stepped in Rust.
#[pyclass(module = "talon._talon")]
pub struct VecEnv {
    spec: Spec,
    envs: Vec<Env>,
    threads: usize,
    seats: usize,
    /// Floats of a tensor row and ids of a mask row.
    widths: [usize; 2],
    obs: Py<PyArray2<f32>>,
    mask: Py<PyArray2<u8>>,
    rewards: Py<PyArray2<f32>>,
    dones: Py<PyArray1<u8>>,
    players: Py<PyArray1<i64>>,
}

type Buffers<'py> = (
    Bound<'py, PyArray2<f32>>,
    Bound<'py, PyArray2<u8>>,
    Bound<'py, PyArray2<f32>>,
    Bound<'py, PyArray1<u8>>,
    Bound<'py, PyArray1<i64>>,
);

impl VecEnv {
    /// Runs `f` on every environment with its rows, over `threads` threads,
    /// with the GIL released.
    fn for_each<F>(&mut self, py: Python<'_>, f: F) -> PyResult<()>
    where
        F: Fn(&Spec, usize, &mut Env, &mut Rows<'_>) + Sync,
    {
        let (obs, mask, rewards, dones, players) = self.buffers(py);
        // Checked before any deal moves: a buffer made read-only (or
        // borrowed elsewhere) is an error, not a panic half-way.
        let unwritable = |e: numpy::BorrowError| {
            talon_err(format!(
                "VecEnv writes its buffers in place; one is not writeable now ({e})"
            ))
        };
        let mut obs = obs.try_readwrite().map_err(unwritable)?;
        let mut mask = mask.try_readwrite().map_err(unwritable)?;
        let mut rewards = rewards.try_readwrite().map_err(unwritable)?;
        let mut dones = dones.try_readwrite().map_err(unwritable)?;
        let mut players = players.try_readwrite().map_err(unwritable)?;
        let (o, m, r) = (
            obs.as_slice_mut()?,
            mask.as_slice_mut()?,
            rewards.as_slice_mut()?,
        );
        let (d, p) = (dones.as_slice_mut()?, players.as_slice_mut()?);
        let n = self.envs.len();
        // numpy lets a caller resize the arrays in place (refcheck=False):
        // rows of another size would be written out of place or past the end.
        let [width, actions] = self.widths;
        let sizes = [
            ("obs", o.len(), n * width),
            ("mask", m.len(), n * actions),
            ("rewards", r.len(), n * self.seats),
            ("dones", d.len(), n),
            ("players", p.len(), n),
        ];
        if let Some((name, has, wants)) = sizes.into_iter().find(|s| s.1 != s.2) {
            return Err(talon_err(format!(
                "VecEnv's {name} buffer holds {has} values, not the {wants} it was made with; \
                 it was resized"
            )));
        }
        let (ol, ml, rl) = (o.len() / n, m.len() / n, r.len() / n);
        let chunk = n.div_ceil(self.threads.max(1));
        let spec = &self.spec;
        let envs = &mut self.envs;
        py.detach(|| {
            let work = |first: usize,
                        envs: &mut [Env],
                        o: &mut [f32],
                        m: &mut [u8],
                        r: &mut [f32],
                        d: &mut [u8],
                        p: &mut [i64]| {
                let rows = o
                    .chunks_mut(ol)
                    .zip(m.chunks_mut(ml))
                    .zip(r.chunks_mut(rl))
                    .zip(d.iter_mut().zip(p.iter_mut()));
                for (k, (env, (((obs, mask), reward), (done, player)))) in
                    envs.iter_mut().zip(rows).enumerate()
                {
                    let mut rows = Rows {
                        obs,
                        mask,
                        reward,
                        done,
                        player,
                    };
                    f(spec, first + k, env, &mut rows);
                }
            };
            if chunk >= n {
                work(0, envs, o, m, r, d, p);
                return;
            }
            std::thread::scope(|s| {
                let parts = envs
                    .chunks_mut(chunk)
                    .zip(o.chunks_mut(chunk * ol))
                    .zip(m.chunks_mut(chunk * ml))
                    .zip(r.chunks_mut(chunk * rl))
                    .zip(d.chunks_mut(chunk).zip(p.chunks_mut(chunk)));
                for (t, ((((e, o), m), r), (d, p))) in parts.enumerate() {
                    let work = &work;
                    s.spawn(move || work(t * chunk, e, o, m, r, d, p));
                }
            });
        });
        Ok(())
    }

    fn buffers<'py>(&self, py: Python<'py>) -> Buffers<'py> {
        (
            self.obs.bind(py).clone(),
            self.mask.bind(py).clone(),
            self.rewards.bind(py).clone(),
            self.dones.bind(py).clone(),
            self.players.bind(py).clone(),
        )
    }
}

#[pymethods]
impl VecEnv {
    /// `num_envs` deals of `game`; deal k of environment i is dealt from
    /// seed `seed + k * num_envs + i`. `tensor` is "observation" or
    /// "information_state"; `threads` splits the environments (1 = the
    /// calling thread only).
    #[new]
    #[pyo3(signature = (game, num_envs, seed=0, threads=1, tensor="observation"))]
    fn new(
        py: Python<'_>,
        game: &Game,
        #[pyo3(from_py_with = crate::args::count)] num_envs: usize,
        #[pyo3(from_py_with = crate::args::seed)] seed: u64,
        #[pyo3(from_py_with = crate::args::count)] threads: usize,
        tensor: &str,
    ) -> PyResult<VecEnv> {
        if !(1..=MAX_ENVS).contains(&num_envs) {
            return Err(talon_err(format!(
                "num_envs must be between 1 and {MAX_ENVS}, not {num_envs}"
            )));
        }
        if !(1..=MAX_THREADS).contains(&threads) {
            return Err(talon_err(format!(
                "threads must be between 1 and {MAX_THREADS}, not {threads}"
            )));
        }
        let info = match tensor {
            "observation" => false,
            "information_state" => true,
            other => {
                return Err(talon_err(format!(
                    "tensor must be \"observation\" or \"information_state\", not {other:?}"
                )))
            }
        };
        let spec = Spec {
            rules: game.rules,
            options: game.options.clone(),
            seed,
            count: num_envs as u64,
            info,
        };
        let width = if info {
            crate::tensor::information_state_len(game.preset().family(), game.seats())
        } else {
            crate::tensor::observation_len(game.seats())
        };
        // numpy's allocation failing would panic: keep the request sane.
        if num_envs.saturating_mul(width) > MAX_TENSOR_FLOATS {
            return Err(talon_err(format!(
                "{num_envs} deals of {width} floats a row need more than {} GiB of {tensor} \
                 tensors; use fewer deals",
                (MAX_TENSOR_FLOATS * 4) >> 30
            )));
        }
        // Up to a million deals: other Python threads run meanwhile.
        let envs = py.detach(|| {
            (0..num_envs)
                .map(|i| Env {
                    core: Core::from_game(spec.deal(i, 0), spec.options.clone()),
                    deals: 0,
                })
                .collect()
        });
        let mut env = VecEnv {
            spec,
            envs,
            threads,
            seats: game.seats(),
            widths: [width, game.actions()],
            obs: PyArray2::zeros(py, [num_envs, width], false).unbind(),
            mask: PyArray2::zeros(py, [num_envs, game.actions()], false).unbind(),
            rewards: PyArray2::zeros(py, [num_envs, game.seats()], false).unbind(),
            dones: PyArray1::zeros(py, num_envs, false).unbind(),
            players: PyArray1::zeros(py, num_envs, false).unbind(),
        };
        env.for_each(py, |spec, _, env, rows| spec.write(&mut env.core, rows))?;
        Ok(env)
    }

    #[getter]
    fn num_envs(&self) -> usize {
        self.envs.len()
    }

    #[getter]
    fn num_players(&self) -> usize {
        self.seats
    }

    /// (obs, mask, rewards, dones, players): obs of the player to move in
    /// each deal, its legal-action mask, per-seat rewards of a deal that
    /// ended on the last step (then the next deal is already dealt), done
    /// flags, and the player to move.
    fn buffers_tuple<'py>(&self, py: Python<'py>) -> Buffers<'py> {
        self.buffers(py)
    }

    /// Applies one action per environment (for its player to move). All
    /// actions are checked first: if any is illegal, nothing moves and
    /// IllegalActionError names the environment.
    fn step<'py>(
        &mut self,
        py: Python<'py>,
        actions: &Bound<'py, PyAny>,
    ) -> PyResult<Buffers<'py>> {
        // Any int64 array (strided slices too), else a sequence of ints;
        // an int beyond 64 bits is an illegal action, not an OverflowError.
        let actions: Vec<i64> = match actions.extract::<PyReadonlyArray1<i64>>() {
            Ok(a) => a.as_array().iter().copied().collect(),
            Err(_) => {
                if let Ok(shape) = actions.getattr("shape") {
                    if shape.len().is_ok_and(|n| n != 1) {
                        return Err(talon_err(format!(
                            "actions are one id per environment (shape ({},)), not shape {shape}",
                            self.envs.len()
                        )));
                    }
                }
                let items = actions.try_iter().map_err(|_| {
                    pyo3::exceptions::PyTypeError::new_err(format!(
                        "actions are a sequence of {} action ids, one per environment, not {}",
                        self.envs.len(),
                        actions
                            .get_type()
                            .name()
                            .map_or_else(|_| "that".into(), |n| n.to_string())
                    ))
                })?;
                let mut out = Vec::new();
                // One more than wanted is enough to say the count is wrong.
                for (i, item) in items.take(self.envs.len() + 1).enumerate() {
                    let item = item?;
                    // A bool would be read as action 0 or 1.
                    if crate::args::is_bool(&item) {
                        return Err(IllegalActionError::new_err(format!(
                            "environment {i}: {item} is no action id (an integer, not a bool)"
                        )));
                    }
                    out.push(item.extract::<i64>().map_err(|e| {
                        if e.is_instance_of::<pyo3::exceptions::PyOverflowError>(py) {
                            IllegalActionError::new_err(format!(
                                "environment {i}: {item} is no action id (ids are whole numbers from 0)"
                            ))
                        } else {
                            e
                        }
                    })?);
                }
                out
            }
        };
        if actions.len() != self.envs.len() {
            return Err(talon_err(format!(
                "expected {} actions, got {}",
                self.envs.len(),
                actions.len()
            )));
        }
        for (i, (env, &a)) in self.envs.iter_mut().zip(&actions).enumerate() {
            let legal = usize::try_from(a)
                .is_ok_and(|a| a < 1 << 16 && env.core.legal().contains(&(a as u16)));
            if !legal {
                let legal = env.core.legal().to_vec();
                let what = usize::try_from(a)
                    .ok()
                    .and_then(|a| env.core.action_name(a).ok())
                    .unwrap_or_else(|| a.to_string());
                return Err(IllegalActionError::new_err(format!(
                    "environment {i}: {what} is not legal (legal: {legal:?})"
                )));
            }
        }
        let actions = &actions;
        self.for_each(py, |spec, i, env, rows| {
            spec.step(i, env, actions[i] as usize, rows)
        })?;
        Ok(self.buffers(py))
    }

    /// Deals every environment afresh, as a new `VecEnv` of `seed` (by
    /// default the seed it was made with) would: deal k of environment i
    /// from `seed + k * num_envs + i`. Rewards and done flags are cleared.
    /// Returns the buffers, as `step` does.
    #[pyo3(signature = (seed=None))]
    fn reset<'py>(
        &mut self,
        py: Python<'py>,
        #[pyo3(from_py_with = crate::args::optional_seed)] seed: Option<u64>,
    ) -> PyResult<Buffers<'py>> {
        // Taken only once the buffers are written (an unwritable one
        // changes nothing, the seed included).
        let fresh = Spec {
            seed: seed.unwrap_or(self.spec.seed),
            ..self.spec.clone()
        };
        let dealing = &fresh;
        self.for_each(py, |_, i, env, rows| {
            env.deals = 0;
            env.core.redeal(dealing.deal(i, 0));
            rows.reward.fill(0.0);
            *rows.done = 0;
            dealing.write(&mut env.core, rows);
        })?;
        self.spec = fresh;
        Ok(self.buffers(py))
    }

    /// One uniformly random legal action per environment (seeded), for
    /// baselines and benchmarks.
    fn random_actions<'py>(
        &mut self,
        py: Python<'py>,
        #[pyo3(from_py_with = crate::args::seed)] seed: u64,
    ) -> Bound<'py, PyArray1<i64>> {
        let mut x = seed;
        let out: Vec<i64> = self
            .envs
            .iter_mut()
            .map(|env| {
                let legal = env.core.legal();
                x = lcg(x);
                i64::from(legal[((x >> 33) % legal.len() as u64) as usize])
            })
            .collect();
        PyArray1::from_vec(py, out)
    }

    /// A copy of environment `i`'s current deal.
    fn state(&self, #[pyo3(from_py_with = crate::args::count)] i: usize) -> PyResult<State> {
        let env = self.envs.get(i).ok_or_else(|| {
            talon_err(format!(
                "there is no environment {i} of {}",
                self.envs.len()
            ))
        })?;
        Ok(State {
            core: env.core.clone(),
        })
    }
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<VecEnv>()
}
