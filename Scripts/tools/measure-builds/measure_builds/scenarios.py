"""The incremental scenarios (a)-(e) and the source edits behind them."""

from dataclasses import dataclass

from . import edits

SCENARIOS = (
    ("a", "body-only change in URLSessionInfrastructure"),
    ("b", "public-interface change in URLSessionInfrastructure"),
    ("c", "body change in HTTPClientDecorators"),
    ("d", "body change in the other feature"),
    ("e", "body change in the feature itself"),
)
INFRASTRUCTURE_BODY = "infrastructure-body"
INFRASTRUCTURE_INTERFACE = "infrastructure-interface"
DECORATORS_BODY = "decorators-body"


@dataclass
class Edit:
    """One source change: {path: new text}, plus a human description of it."""

    key: str
    description: str
    changes: dict


def edit_label(key):
    """How the report names the change behind `key`."""
    labels = {INFRASTRUCTURE_BODY: f"(a) {SCENARIOS[0][1]}", INFRASTRUCTURE_INTERFACE: f"(b) {SCENARIOS[1][1]}",
              DECORATORS_BODY: f"(c) {SCENARIOS[2][1]}"}
    if key in labels:
        return labels[key]
    feature = key.split(":", 1)[1]
    return f"(e) for {feature}, (d) for the other feature: body change in {feature}"


def feature_key(feature):
    return f"feature:{feature}"


def scenario_keys(feature, features):
    """{scenario letter: edit key (None when the package it needs is absent)} for `feature`."""
    other = next((name for name in features if name != feature), None)
    return {
        "a": INFRASTRUCTURE_BODY,
        "b": INFRASTRUCTURE_INTERFACE,
        "c": DECORATORS_BODY,
        "d": feature_key(other) if other else None,
        "e": feature_key(feature),
    }


def body_edit(key, package, target, read, mirrors=()):
    """A body-only change in `target` of `package`, repeated on the same file of each mirror package path."""
    sources = {path: read(path) for path in target.sources if path.suffix == ".swift"}
    chosen = edits.best_body_site(sources)
    if chosen is None:
        return None
    path, site = chosen
    text = edits.insert_body_probe(sources[path], site)
    changes = {path: text}
    for mirror in mirrors:
        twin = mirror / path.relative_to(package.path)
        if read(twin) == sources[path]:
            changes[twin] = text
    declaration = sources[path].splitlines()[site.line].strip().rstrip("{").strip()
    where = f"{package.name}/{path.relative_to(package.path)}:{site.line + 2}"
    return Edit(key, f"`_ = 0` added to `{declaration}` ({where})", changes)


def interface_site(target, read):
    """(path, type name or None) where a public-interface change goes in `target`: a top-level public type,
    preferring a file named after its type; None when the target has no source."""
    candidates = []
    for path in sorted(source for source in target.sources if source.suffix == ".swift"):
        for name, _, _ in edits.public_types(read(path)):
            candidates.append((path.stem != name, str(path), path, name))
    if candidates:
        *_, path, type_name = min(candidates)
        return path, type_name
    return (sorted(target.sources)[0], None) if target.sources else None


def interface_edit(key, package, target, read):
    """A new public method on a top-level public type of `target` (preferring a file named after its type)."""
    site = interface_site(target, read)
    if site is None:
        return None
    path, type_name = site
    owner = f"`{type_name}`" if type_name else "the module"
    where = f"{package.name}/{path.relative_to(package.path)}"
    description = f"`public func {edits.INTERFACE_PROBE}()` added to {owner} ({where})"
    return Edit(key, description, {path: edits.append_interface_probe(read(path), type_name)})
