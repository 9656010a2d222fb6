"""The numbers a `--scale` run measures, and their JSON form (the shape issue 13 specifies, plus details)."""

from dataclasses import asdict, dataclass, field

from ..stats import median


@dataclass
class CleanBuild:
    """One feature's clean build at networking factor K, isolated and naive (seconds per run)."""

    networking_factor: int
    networking_lines: int
    isolated: list = field(default_factory=list)
    naive: list = field(default_factory=list)
    isolated_cpu: list = field(default_factory=list)
    naive_cpu: list = field(default_factory=list)
    isolated_modules: int = 0
    naive_modules: int = 0

    def as_json(self):
        return {"networking_factor": self.networking_factor, "networking_lines": self.networking_lines,
                "isolated_s": _round(median(self.isolated)), "naive_s": _round(median(self.naive)),
                "isolated_cpu_s": _round(median(self.isolated_cpu)), "naive_cpu_s": _round(median(self.naive_cpu)),
                "isolated_modules": self.isolated_modules, "naive_modules": self.naive_modules,
                "isolated_runs_s": _rounded(self.isolated), "naive_runs_s": _rounded(self.naive)}


@dataclass
class InterfaceChange:
    """A public-interface change in one networking module, rebuilt from the whole app with N features."""

    features: int
    isolated: list = field(default_factory=list)
    naive: list = field(default_factory=list)
    isolated_recompiled: list = field(default_factory=list)  # feature modules, any run
    naive_recompiled: list = field(default_factory=list)
    isolated_modules: list = field(default_factory=list)  # every module recompiled, any run
    naive_modules: list = field(default_factory=list)
    warm_up_isolated_s: float = None  # the app's build (with tests) before the change, from the previous N's
    warm_up_naive_s: float = None
    no_change_s: float = None  # a `swift build` of the isolated app with nothing changed

    def as_json(self):
        return {"features": self.features,
                "isolated_recompiled_features": len(self.isolated_recompiled),
                "naive_recompiled_features": len(self.naive_recompiled),
                "isolated_s": _round(median(self.isolated)), "naive_s": _round(median(self.naive)),
                "isolated_recompiled_modules": len(self.isolated_modules),
                "naive_recompiled_modules": len(self.naive_modules),
                "isolated_recompiled_feature_modules": self.isolated_recompiled,
                "app_warm_up_build_isolated_s": _round(self.warm_up_isolated_s),
                "app_warm_up_build_naive_s": _round(self.warm_up_naive_s),
                "app_no_change_build_s": _round(self.no_change_s)}


@dataclass
class FeatureLoop:
    """A one-line change in one feature, rebuilt and retested from its own package and from the whole app."""

    features: int
    own_package_s: float
    whole_app_s: float
    own_build_s: float = None
    own_test_s: float = None
    app_build_s: float = None
    app_test_s: float = None
    tests_passed: bool = True

    def as_json(self):
        return {key: _round(value) if isinstance(value, float) else value for key, value in asdict(self).items()}


@dataclass
class ScaleReport:
    date: str
    command: str
    machine: dict  # cores, memory_gib, swift
    load_average_start: list
    plan: dict
    load_average_end: list = None
    elapsed_seconds: float = 0.0
    networking_packages: list = field(default_factory=list)
    model_feature: str = ""
    interface_edit: str = ""
    loop_edit: str = ""
    clean_build: list = field(default_factory=list)  # [CleanBuild]
    interface_change: list = field(default_factory=list)  # [InterfaceChange]
    feature_loops: list = field(default_factory=list)  # [FeatureLoop], one per N

    @property
    def feature_loop(self):
        """The loop at the largest N."""
        return max(self.feature_loops, key=lambda loop: loop.features, default=None)

    def as_json(self, targets):
        loop = self.feature_loop
        return {
            "simulation": True,
            "date": self.date, "command": self.command, "machine": self.machine,
            "load_average_start": self.load_average_start, "load_average_end": self.load_average_end,
            "elapsed_s": _round(self.elapsed_seconds), "plan": self.plan,
            "networking_packages": self.networking_packages, "model_feature": self.model_feature,
            "interface_edit": self.interface_edit, "loop_edit": self.loop_edit,
            "clean_build": [item.as_json() for item in self.clean_build],
            "interface_change": [item.as_json() for item in self.interface_change],
            "feature_loop": loop.as_json() if loop else None,
            "feature_loops": [item.as_json() for item in self.feature_loops],
            "targets": [asdict(check) for check in targets],
        }


def _round(value):
    return None if value is None else round(value, 2)


def _rounded(values):
    return [round(value, 2) for value in values]
