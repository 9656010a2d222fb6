"""Global fault mode: injects a random fault into a share of requests (never /_admin/*)."""

import random
import threading
import time
from dataclasses import dataclass, replace

from .http_types import dropped, text

KINDS = ("503", "503-retry-after", "drop", "slow", "delay")
SLOW_PIECES = 5


@dataclass(frozen=True)
class FaultConfig:
    """Rate in [0, 1], the kinds to draw from, the RNG seed, and timing for delay/slow."""

    rate: float = 0.0
    kinds: tuple = KINDS
    seed: object = None
    delay_ms: int = 500
    slow_ms: int = 500

    def as_json(self):
        return {"rate": self.rate, "kinds": list(self.kinds), "seed": self.seed,
                "delay_ms": self.delay_ms, "slow_ms": self.slow_ms}


def parse_kinds(value):
    """Splits 'a,b' or a list into a tuple of known kinds; raises ValueError otherwise."""
    items = value.split(",") if isinstance(value, str) else list(value)
    kinds = tuple(str(item).strip() for item in items if str(item).strip())
    unknown = [kind for kind in kinds if kind not in KINDS]
    if unknown or not kinds:
        raise ValueError(f"unknown fault kinds {unknown or kinds}; choose from {','.join(KINDS)}")
    return kinds


def config_from_json(base, payload):
    """A copy of `base` updated from an admin JSON object; raises ValueError when invalid."""
    changes = {}
    if "rate" in payload:
        rate = payload["rate"]
        if isinstance(rate, bool) or not isinstance(rate, (int, float)) or not 0 <= rate <= 1:
            raise ValueError("rate must be a number between 0 and 1")
        changes["rate"] = float(rate)
    if "kinds" in payload:
        changes["kinds"] = parse_kinds(payload["kinds"])
    if "seed" in payload:
        if not (payload["seed"] is None or isinstance(payload["seed"], (int, str))):
            raise ValueError("seed must be an integer, a string or null")
        changes["seed"] = payload["seed"]
    for key in ("delay_ms", "slow_ms"):
        if key in payload:
            if not isinstance(payload[key], int) or not 0 <= payload[key] <= 60000:
                raise ValueError(f"{key} must be an integer between 0 and 60000")
            changes[key] = payload[key]
    return replace(base, **changes)


class FaultInjector:
    """Draws faults from a seeded RNG; `reset` returns to the command-line configuration."""

    def __init__(self, config):
        self._lock = threading.Lock()
        self._baseline = config
        self.configure(config)

    def configure(self, config):
        with self._lock:
            self._config = config
            self._rng = random.Random(config.seed)

    def reset(self):
        self.configure(self._baseline)

    @property
    def config(self):
        with self._lock:
            return self._config

    def draw(self):
        """The kind of fault for the next request, or None."""
        with self._lock:
            config = self._config
            if config.rate <= 0 or self._rng.random() >= config.rate:
                return None
            return self._rng.choice(config.kinds), config


class Effect:
    """What a drawn fault does: replace the response, or slow the normal one down."""

    def __init__(self, replacement=None, pieces=1, interval=0.0):
        self.replacement = replacement
        self.pieces = pieces
        self.interval = interval


def apply(kind, config):
    """Performs the fault's pre-route part (e.g. sleeping) and returns its Effect."""
    if kind == "503":
        return Effect(text(503, "injected fault: service unavailable"))
    if kind == "503-retry-after":
        return Effect(text(503, "injected fault: retry later", [("Retry-After", "1")]))
    if kind == "drop":
        return Effect(dropped())
    if kind == "delay":
        time.sleep(config.delay_ms / 1000)
        return Effect()
    return Effect(pieces=SLOW_PIECES, interval=config.slow_ms / 1000 / (SLOW_PIECES - 1))
