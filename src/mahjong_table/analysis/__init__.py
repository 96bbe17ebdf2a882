"""Hand analysis: decomposition, win detection, shanten, waits (see issue 4)."""

from .decompose import (
    decompositions,
    is_seven_pairs,
    is_standard_complete,
    is_thirteen_orphans,
)

__all__ = ["decompositions", "is_seven_pairs", "is_standard_complete", "is_thirteen_orphans"]
