"""The RLlib self-play example runs one small PPO iteration.

Ray and torch are too heavy for requirements-test.txt, so this is skipped
unless they are installed (see README, "RLlib"). Run it alone with
`pytest -m ray`.
"""

import os
import subprocess
import sys

import pytest

pytestmark = pytest.mark.ray

EXAMPLE = os.path.join(os.path.dirname(__file__), "..", "examples", "rllib_selfplay.py")


def test_rllib_selfplay_example_trains_one_iteration():
    pytest.importorskip("ray.rllib")
    pytest.importorskip("torch")
    pytest.importorskip("talon.pettingzoo")
    out = subprocess.run(
        [sys.executable, EXAMPLE, "--iterations", "1", "--env-runners", "0",
         "--batch", "200", "--minibatch", "100", "--epochs", "1"],
        capture_output=True, text=True, timeout=600,
    )
    assert out.returncode == 0, out.stderr[-3000:]
    assert "iteration 1:" in out.stdout
    assert "total:" in out.stdout
