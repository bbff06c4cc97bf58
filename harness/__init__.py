"""What the tests and the benchmarks share: browser tabs driven alike, the page played as a person would, hostile records."""
