"""The measured numbers, as plain records the report and the targets read."""

from dataclasses import dataclass, field

from .graph import Graph
from .stats import median


@dataclass
class CleanResult:
    name: str
    kind: str  # "package", "naive" or "app"
    seconds: list = field(default_factory=list)
    cpu_seconds: list = field(default_factory=list)
    graph: Graph = field(default_factory=Graph)

    @property
    def median(self):
        return median(self.seconds)

    @property
    def cpu_median(self):
        return median(self.cpu_seconds)


@dataclass
class BuildTestResult:
    name: str
    seconds: list = field(default_factory=list)
    tests_passed: bool = True

    @property
    def median(self):
        return median(self.seconds)


@dataclass
class Rebuild:
    seconds: float  # median of the runs
    modules: list  # recompiled in any run


@dataclass
class ScenarioResult:
    letter: str
    label: str
    edit: str  # description of the change, or "" when not measurable
    isolated: Rebuild = None
    naive: Rebuild = None
    app: Rebuild = None


@dataclass
class Retest:
    description: str
    seconds: float  # median of build + test
    build_seconds: float  # median
    test_seconds: float  # median
    tests_passed: bool
    modules: list


@dataclass
class FeatureResult:
    name: str
    naive_name: str
    own_modules: list
    scenarios: list = field(default_factory=list)
    retest: Retest = None


@dataclass
class Report:
    date: str
    command: str
    cores: int
    swift_version: str
    runs: int
    load_average: str
    load_average_end: str = ""
    elapsed_seconds: float = 0.0
    notes: list = field(default_factory=list)
    cleans: list = field(default_factory=list)
    build_tests: list = field(default_factory=list)
    features: list = field(default_factory=list)
    edits: list = field(default_factory=list)  # [(label, description)] of the incremental changes

    def clean(self, name):
        return next((result for result in self.cleans if result.name == name), None)
