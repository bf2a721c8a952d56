"""Talon card games for Python.

The native core (``talon._talon``, Rust via pyo3) has an OpenSpiel-shaped
API: ``load_game``, ``Game.new_initial_state``, ``State.legal_actions``,
``apply_action``, tensors, ``resample_from_infostate``, bots, the exact
solver, matches and a vectorised environment. Adapters live in
``talon.pettingzoo`` and ``talon.openspiel`` (optional extras).
"""

from talon._talon import (
    Bot,
    Game,
    IllegalActionError,
    Match,
    SolverBudgetError,
    State,
    TalonError,
    VecEnv,
    __version__,
    card_id,
    card_name,
    deserialize_state,
    load_game,
    presets,
    reference_returns as _reference_returns,
    solve,
)

TERMINAL_PLAYER = -4


def preset_names():
    """Every preset's name, e.g. ``["sixty-six", "schnapsen", ...]``."""
    return [p["name"] for p in presets()]


__all__ = [
    "Bot",
    "Game",
    "IllegalActionError",
    "Match",
    "SolverBudgetError",
    "State",
    "TalonError",
    "TERMINAL_PLAYER",
    "VecEnv",
    "__version__",
    "card_id",
    "card_name",
    "deserialize_state",
    "load_game",
    "preset_names",
    "presets",
    "solve",
]
