"""Talon presets as OpenSpiel games (``pyspiel.register_game``).

Importing this module registers ``python_talon_<preset>`` for every preset
(hyphens become underscores: ``python_talon_sixty_six``), so that
``pyspiel.load_game("python_talon_schnapsen")`` and OpenSpiel's Python
algorithms work on Talon games. Rule options are game parameters.

The deal is dealt by chance nodes, one card at a time: each draws the
next card of the pack (top first) uniformly from those left, with the
card's id as its outcome, and once the pack is complete it is dealt as
Talon deals a shuffled pack (``Game.new_initial_state(pack=...)``). So
every order of the pack is reachable, with the probability a fair shuffle
gives it, as in OpenSpiel's own card games. Nobody sees the cards while
they are drawn; each seat sees its hand when the deal is complete.
Observation and information-state tensors and strings are Talon's, built
from the seat's observation only.

OpenSpiel's C++ ``ResampleFromInfostate`` does not reach Python games, so
``resampler`` is offered for the Python ``ISMCTSBot``:

    bot = ISMCTSBot(game, evaluator, 2.0, 200, random_state=rng, ...)
    bot.set_resampler(talon.openspiel.resampler(seed=1))

Needs the ``openspiel`` extra (``pip install talon-py[openspiel]``).
"""

from __future__ import annotations

import random

import numpy as np
import pyspiel

import talon

_MAX_GAME_LENGTH = 400


def _parameters(preset: dict) -> dict:
    """The game's parameters with their defaults: every option, and the
    Sixty-six family's `sharp` shorthand (off unless asked for)."""
    params = {k: _param(v) for k, v in preset["options"].items()}
    if preset["family"] == "SixtySix":
        params.setdefault("sharp", False)
    return params


def short_name(preset: str) -> str:
    return "python_talon_" + preset.replace("-", "_")


def _param(value: str):
    """An option default as OpenSpiel's parameter type (bool, int or str)."""
    if value in ("true", "false"):
        return value == "true"
    try:
        return int(value)
    except ValueError:
        return value


def _game_type(preset: dict) -> pyspiel.GameType:
    zero_sum = preset["family"] == "SixtySix"
    return pyspiel.GameType(
        short_name=short_name(preset["name"]),
        long_name="Talon " + preset["name"],
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        # Sixes and Sevens' returns are the tricks taken (or minus them):
        # every deal they add up to the tricks played.
        utility=(
            pyspiel.GameType.Utility.ZERO_SUM
            if zero_sum
            else pyspiel.GameType.Utility.CONSTANT_SUM
            if preset["family"] == "Sevens"
            else pyspiel.GameType.Utility.GENERAL_SUM
        ),
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=6 if preset["family"] == "Sevens" else preset["players"],
        min_num_players=3 if preset["family"] == "Sevens" else preset["players"],
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=_parameters(preset),
    )


# Talon games by (preset, options). OpenSpiel's C++ side caches loaded games
# until after the interpreter has shut down, so a pyspiel game must not hold
# a native Talon object itself; this module-level table is emptied in time.
_TALON_GAMES: dict = {}


class TalonGame(pyspiel.Game):
    """One Talon preset with its options, as an OpenSpiel game."""

    def __init__(self, preset: dict, params=None):
        params = dict(params or {})
        defaults = _parameters(preset)
        overrides = {k: v for k, v in params.items() if defaults.get(k) != v}
        self._key = (preset["name"], tuple(sorted(overrides.items())))
        if self._key not in _TALON_GAMES:
            _TALON_GAMES[self._key] = talon.load_game(preset["name"], overrides)
        # OpenSpiel fills in every parameter's default before this is
        # called, so a shorthand such as `sharp` cannot tell an option given
        # its soft default from one not given; report the rules in force.
        # (Only the options this preset offers: one that changes nothing
        # here, such as the widow with four hands, is no parameter.)
        in_force = {k: _param(v) for k, v in self.talon_game.options().items() if k in defaults}
        params = {**in_force, **{k: v for k, v in params.items() if k not in in_force}}
        info = pyspiel.GameInfo(
            num_distinct_actions=self.talon_game.num_distinct_actions(),
            # Chance outcomes are card ids (52 cards and the joker).
            max_chance_outcomes=53,
            num_players=self.talon_game.num_players(),
            # The rules' bounds on a deal's returns (safe, not tight).
            min_utility=self.talon_game.min_utility(),
            max_utility=self.talon_game.max_utility(),
            utility_sum=self.talon_game.utility_sum(),
            max_game_length=_MAX_GAME_LENGTH,
        )
        super().__init__(_game_type(preset), info, params)

    def __reduce__(self):
        # By name and parameters ("python_talon_sixty_six(match_target=5)"),
        # loaded again through this module, which registers the games.
        return (_load, (str(self),))

    @property
    def talon_game(self) -> talon.Game:
        return _TALON_GAMES[self._key]

    def new_initial_state(self):
        return TalonState(self)

    def make_py_observer(self, iig_obs_type=None, params=None):
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        # Talon's tensors are one player's view: its own hand and what
        # everyone saw. A public-only or all-players view would need other
        # tensors; refuse rather than hand out the player's hand as public.
        if iig_obs_type is not None and (
            iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER
            or not iig_obs_type.public_info
        ):
            raise ValueError(
                "Talon observes for one player: private_info=SINGLE_PLAYER with "
                f"public_info=True, not private_info={iig_obs_type.private_info} "
                f"with public_info={iig_obs_type.public_info}"
            )
        perfect_recall = iig_obs_type is not None and iig_obs_type.perfect_recall
        return TalonObserver(self.talon_game, perfect_recall)


class TalonState(pyspiel.State):
    """Chance nodes while the pack is drawn, card by card; then a Talon
    state."""

    def __init__(self, game: TalonGame, inner: talon.State | None = None):
        super().__init__(game)
        # OpenSpiel serializes a Python state by pickling its attributes,
        # so they hold no game object (its class is made per preset): the
        # game comes from `get_game()`, and `talon.State` pickles itself.
        self.inner = inner
        # The pack drawn so far (top first) and the cards left to draw.
        self._drawn: list[int] = []
        self._left: list[int] = [] if inner is not None else game.talon_game.pack()

    def current_player(self):
        if self.inner is None:
            return pyspiel.PlayerId.CHANCE
        if self.inner.is_terminal():
            return pyspiel.PlayerId.TERMINAL
        return self.inner.current_player()

    def _legal_actions(self, player):
        return self.inner.legal_actions()

    def chance_outcomes(self):
        if self.inner is not None:
            raise talon.TalonError(
                "chance_outcomes is for chance nodes: the deal is complete and "
                f"player {self.current_player()} is to move"
            )
        p = 1.0 / len(self._left)
        return [(card, p) for card in self._left]

    def _apply_action(self, action):
        if self.inner is not None:
            self.inner.apply_action(int(action))
            return
        card = int(action)
        if card not in self._left:
            raise talon.TalonError(f"{card} is not a card left to draw")
        self._left.remove(card)
        self._drawn.append(card)
        if not self._left:
            self.inner = self.get_game().talon_game.new_initial_state(pack=self._drawn)

    def _action_to_string(self, player, action):
        if player == pyspiel.PlayerId.CHANCE:
            return f"draw {talon.card_name(int(action))}"
        return self.inner.action_to_string(int(action))

    def is_terminal(self):
        return self.inner is not None and self.inner.is_terminal()

    def resample_from_infostate(self, player, sampler):
        """OpenSpiel's way to ask for a world: a full state consistent with
        what ``player`` knows, drawn by Talon's own sampler. ``sampler`` is
        OpenSpiel's (a callable giving a float in [0, 1), as the Python
        ``ISMCTSBot`` passes when no resampler is set) or a seed."""
        if self.inner is None:
            raise talon.TalonError("the deal is not complete: there is no information state yet")
        if callable(sampler):
            u = float(sampler())
            if not 0.0 <= u < 1.0:
                raise ValueError(f"the sampler gave {u}, not a number in [0, 1)")
            seed = int(u * 2**53)
        else:
            seed = sampler
        return TalonState(self.get_game(), self.inner.resample_from_infostate(player, seed))

    def returns(self):
        if self.inner is None:
            return [0.0] * self.get_game().talon_game.num_players()
        return self.inner.returns()

    def __str__(self):
        if self.inner is None:
            total = len(self._drawn) + len(self._left)
            return f"before the deal ({len(self._drawn)} of {total} cards drawn)"
        return str(self.inner)


class TalonObserver:
    """OpenSpiel's PyObserver: Talon's tensors and observation text."""

    def __init__(self, game: talon.Game, perfect_recall: bool):
        self._game = game
        self._perfect_recall = perfect_recall
        if perfect_recall:
            size = game.information_state_tensor_size()
            layout = game.information_state_tensor_layout()
        else:
            size = game.observation_tensor_size()
            layout = game.observation_tensor_layout()
        self.tensor = np.zeros(size, np.float32)
        self.dict = {}
        for block in layout:
            name = block["name"] if block["seat"] is None else f"{block['name']}_{block['seat']}"
            self.dict[name] = self.tensor[block["start"] : block["start"] + block["size"]]

    def set_from(self, state: TalonState, player: int):
        if state.inner is None:
            self.tensor.fill(0)
        elif self._perfect_recall:
            self.tensor[:] = state.inner.information_state_tensor(player)
        else:
            self.tensor[:] = state.inner.observation_tensor(player)

    def string_from(self, state: TalonState, player: int):
        if state.inner is None:
            return f"player {player}, before the deal"
        # Information states are keys (CFR's tables, ISMCTS's nodes): the
        # whole, lossless text. An observation is the protocol's JSON.
        if self._perfect_recall:
            return state.inner.information_state_string(player)
        return state.inner.observation_string(player)


def resampler(seed: int = 0):
    """A callback for ``ISMCTSBot.set_resampler``: draws a full state
    consistent with what ``player`` knows, with Talon's own sampler."""
    rng = random.Random(seed)

    def resample(state: TalonState, player: int) -> TalonState:
        inner = state.inner.resample_from_infostate(player, rng.getrandbits(63))
        return TalonState(state.get_game(), inner)

    return resample


def _load(text: str) -> pyspiel.Game:
    return pyspiel.load_game(text)


def _register():
    # One subclass per preset, registered like OpenSpiel's own Python games.
    # A class (not a closure) because pyspiel's registry outlives the
    # interpreter: a class is never freed by its last reference going away
    # there (it refers to itself through its MRO), a closure would be freed
    # without the GIL and abort the process at exit.
    for preset in talon.presets():

        def __init__(self, params=None):
            TalonGame.__init__(self, type(self).preset, params)

        name = "TalonGame_" + preset["name"].replace("-", "_")
        cls = type(name, (TalonGame,), {"preset": preset, "__init__": __init__})
        # A module attribute, so that pickle finds the class by its name
        # (games and their states pickle, as OpenSpiel's own do).
        globals()[name] = cls
        pyspiel.register_game(_game_type(preset), cls)


_register()
