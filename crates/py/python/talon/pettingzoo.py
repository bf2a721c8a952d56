"""PettingZoo AEC environments for every Talon preset.

``env(game, **options)`` gives the wrapped environment (order enforcing,
bounds checks), ``raw_env`` the bare one. Each agent ``player_i`` observes

    {"observation": float32 tensor of its seat (Game.observation_tensor_layout()),
     "action_mask": int8 mask over the family's action ids}

built from that seat's observation only. Rewards come at the end of a deal
(the engine's returns); one episode is one deal. Needs the ``pettingzoo``
extra (``pip install talon-py[pettingzoo]``).
"""

from __future__ import annotations

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

import talon

# Tensor values are counts and points scaled to about 0..1; a few scores can
# pass 1 (a Sixty-six hand with marriages), none reaches this bound.
OBS_HIGH = 10.0


def env(game: str = "sixty-six", render_mode: str | None = None, **options):
    """A wrapped AEC environment of ``game`` with rule ``options``."""
    e = raw_env(game, render_mode=render_mode, **options)
    e = wrappers.AssertOutOfBoundsWrapper(e)
    return wrappers.OrderEnforcingWrapper(e)


class raw_env(AECEnv):
    metadata = {
        "render_modes": ["human", "ansi"],
        "name": "talon_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        game: str = "sixty-six",
        render_mode: str | None = None,
        tensor: str = "observation",
        **options,
    ):
        super().__init__()
        if tensor not in ("observation", "information_state"):
            raise talon.TalonError(
                f'tensor must be "observation" or "information_state", not {tensor!r}'
            )
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise talon.TalonError(f"unknown render_mode {render_mode!r}")
        self.game = talon.load_game(game, options)
        self.metadata = dict(self.metadata, name=f"talon_{self.game.name().replace('-', '_')}_v0")
        self.render_mode = render_mode
        self._info_tensor = tensor == "information_state"
        n = self.game.num_players()
        self.possible_agents = [f"player_{i}" for i in range(n)]
        self.agent_name_mapping = {a: i for i, a in enumerate(self.possible_agents)}
        size = (
            self.game.information_state_tensor_size()
            if self._info_tensor
            else self.game.observation_tensor_size()
        )
        actions = self.game.num_distinct_actions()
        self.observation_spaces = {
            a: spaces.Dict(
                {
                    "observation": spaces.Box(0.0, OBS_HIGH, (size,), np.float32),
                    "action_mask": spaces.Box(0, 1, (actions,), np.int8),
                }
            )
            for a in self.possible_agents
        }
        self.action_spaces = {a: spaces.Discrete(actions) for a in self.possible_agents}
        self._rng = np.random.default_rng()
        self.talon_state = None

    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

    def observe(self, agent):
        seat = self.agent_name_mapping[agent]
        if self._info_tensor:
            tensor = self.talon_state.information_state_tensor(seat)
        else:
            tensor = self.talon_state.observation_tensor(seat)
        mask = np.zeros(self.game.num_distinct_actions(), dtype=np.int8)
        if self.talon_state.current_player() == seat:
            mask[self.talon_state.legal_actions()] = 1
        return {"observation": tensor, "action_mask": mask}

    def reset(self, seed=None, options=None):
        if seed is not None:
            self._rng = np.random.default_rng(seed)
        deal_seed = int(self._rng.integers(0, 2**63 - 1))
        self.talon_state = self.game.new_initial_state(seed=deal_seed)
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self.agent_selection = self.possible_agents[self.talon_state.current_player()]

    def step(self, action):
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            return self._was_dead_step(action)
        self._cumulative_rewards[agent] = 0.0
        # The state refuses a bool (True is no action id) and says why.
        self.talon_state.apply_action(action if isinstance(action, (bool, np.bool_)) else int(action))
        if self.talon_state.is_terminal():
            for a, r in zip(self.possible_agents, self.talon_state.returns()):
                self.rewards[a] = float(r)
                self.terminations[a] = True
        else:
            self.agent_selection = self.possible_agents[self.talon_state.current_player()]
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self):
        # The whole deal, every hand included: a view for watching bots,
        # not for a person playing one seat (observation_string is).
        if self.render_mode is None:
            return None
        text = str(self.talon_state)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self):
        pass
