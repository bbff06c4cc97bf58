"""The figures every bench prints for a list of timings: median, 95th
percentile (nearest rank) and maximum, on one line."""

from __future__ import annotations

import statistics


def percentile(values: list[float], p: float) -> float:
    """Nearest-rank percentile (p in 0..100) of a non-empty list."""
    ordered = sorted(values)
    rank = max(1, -(-len(ordered) * p // 100))
    return ordered[int(rank) - 1]


def line(name: str, values: list[float], unit: str = "ms", width: int = 44) -> str:
    """``name``, then the median, the 95th percentile, the maximum and the count."""
    if not values:
        return f"  {name:{width}} no samples"
    return (
        f"  {name:{width}} median {statistics.median(values):8.1f} {unit}"
        f"   p95 {percentile(values, 95):8.1f} {unit}   max {max(values):8.1f} {unit}"
        f"   ({len(values)} samples)"
    )
