"""Benchmarks for issue 4, run by ``make bench`` (``python -m bench`` from the repo root).

Not part of the test run. Each benchmark compares implementations side by side in one process
on the same hands and prints ratios; see docs/analysis.md.
"""
