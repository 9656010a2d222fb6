"""What a `--scale` run measures: networking factors K, feature counts N, runs, and the steps that follows."""

from dataclasses import dataclass

FULL_FACTORS = (1, 2, 4, 8)
FULL_FEATURE_COUNTS = (2, 8, 24)
QUICK_FACTORS = (1, 4)
QUICK_FEATURE_COUNTS = (2, 8)
APP_FACTOR = 4  # networking copies in the whole app of the interface-change and feature-loop measurements
VARIANTS = ("isolated", "naive")


@dataclass(frozen=True)
class ScalePlan:
    factors: tuple
    feature_counts: tuple
    runs: int
    app_factor: int = APP_FACTOR

    @classmethod
    def make(cls, quick, runs):
        if quick:
            return cls(QUICK_FACTORS, QUICK_FEATURE_COUNTS, 1)
        return cls(FULL_FACTORS, FULL_FEATURE_COUNTS, runs)

    @property
    def max_factor(self):
        return max(self.factors + (self.app_factor,))

    @property
    def max_features(self):
        return max(self.feature_counts)

    def step_count(self):
        """The builds the run makes, for progress ("step i of n")."""
        clean = self.runs * (1 + len(self.factors))  # the isolated feature once per run, the naive one per K
        own_loop = 1  # the feature's own package built with its tests
        # per N: both apps built, one no-change build, `runs` interface edits built from both apps, a rebuild
        # after the edit is reverted, then the feature loop from the isolated app and from the feature's package
        per_count = len(VARIANTS) + 1 + self.runs * len(VARIANTS) + 1 + self.runs * 2
        return clean + own_loop + per_count * len(self.feature_counts)
