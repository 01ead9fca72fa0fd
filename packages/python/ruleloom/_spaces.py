"""The observation space every environment declares."""

from __future__ import annotations

import gymnasium
import numpy as np

#: The largest finite float32: every observation entry is a finite float32 (the engine's laws
#: check that encodings write finite numbers), so these are its true bounds.
FLOAT32_MAX = float(np.finfo(np.float32).max)


def observation_box(size: int) -> gymnasium.spaces.Box:
    """``Box(-FLOAT32_MAX, FLOAT32_MAX, (size,), float32)``: an observation encoding's space."""
    return gymnasium.spaces.Box(-FLOAT32_MAX, FLOAT32_MAX, (size,), np.float32)
