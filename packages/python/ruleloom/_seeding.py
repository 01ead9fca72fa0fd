"""Seeds for environments made without one."""

from __future__ import annotations

import secrets


def entropy_seed() -> int:
    """A seed drawn from the operating system's entropy (``secrets``), in ``[0, 2**31)``: an
    environment made without a seed plays a different game in every process. Pass ``seed=``
    (for example ``base + worker_rank``) for reproducible runs."""
    return secrets.randbits(31)
