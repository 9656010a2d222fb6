"""The incremental scenarios (a)-(h) and the source edits behind them."""

from dataclasses import dataclass

from . import edits

SCENARIOS = (
    ("a", "body-only change in URLSessionInfrastructure"),
    ("b", "public-interface change in URLSessionInfrastructure"),
    ("c", "body change in HTTPClientDecorators"),
    ("d", "body change in the other feature"),
    ("e", "body change in the feature itself"),
    ("f", "public-interface change in the HTTPClient module"),
    ("g", "public-interface change in HTTPTransfers (its uploadResumably file)"),
    ("h", "public-interface change in HTTPClientSupport"),
)
INFRASTRUCTURE_BODY = "infrastructure-body"
INFRASTRUCTURE_INTERFACE = "infrastructure-interface"
DECORATORS_BODY = "decorators-body"
ABSTRACTION_INTERFACE = "abstraction-interface"
TRANSFERS_INTERFACE = "transfers-interface"
SUPPORT_INTERFACE = "support-interface"
# The package and target each shared-code scenario edits.
ABSTRACTION = ("HTTPClient", "HTTPClient")
SUPPORT = ("HTTPClient", "HTTPClientSupport")
TRANSFERS = ("HTTPTransfers", "HTTPTransfers")
# The file of the transfer package that scenario (g) edits: the one the claim names.
TRANSFERS_FILE = "HTTPClient+ResumableUpload.swift"
# Scenario (g)'s target: what a transfer edit must not recompile in the App, by module name prefix.
TRANSFER_UNTOUCHED = ("QuestionsFeature", "QuestionsPreview", "TokenFeature", "TokenPreview", "URLSessionInfrastructure",
                      "CurlInfrastructure", "HTTPCaching", "HTTPArchive", "HTTPClientDecorators", "HTTPTelemetry")


@dataclass
class Edit:
    """One source change: {path: new text}, plus a human description of it."""

    key: str
    description: str
    changes: dict


def edit_label(key):
    """How the report names the change behind `key`."""
    labels = {INFRASTRUCTURE_BODY: f"(a) {SCENARIOS[0][1]}", INFRASTRUCTURE_INTERFACE: f"(b) {SCENARIOS[1][1]}",
              DECORATORS_BODY: f"(c) {SCENARIOS[2][1]}", ABSTRACTION_INTERFACE: f"(f) {SCENARIOS[5][1]}",
              TRANSFERS_INTERFACE: f"(g) {SCENARIOS[6][1]}", SUPPORT_INTERFACE: f"(h) {SCENARIOS[7][1]}"}
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
        "f": ABSTRACTION_INTERFACE,
        "g": TRANSFERS_INTERFACE,
        "h": SUPPORT_INTERFACE,
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


def interface_edit(key, package, target, read, file_name=None):
    """A new public method on a top-level public type of `target` (preferring a file named after its type), or a
    new public function in the file of `target` named `file_name` when given."""
    if file_name is not None:
        paths = [path for path in sorted(target.sources) if path.name == file_name]
        site = (paths[0], None) if paths else None
    else:
        site = interface_site(target, read)
    if site is None:
        return None
    path, type_name = site
    owner = f"`{type_name}`" if type_name else "the module"
    where = f"{package.name}/{path.relative_to(package.path)}"
    description = f"`public func {edits.INTERFACE_PROBE}()` added to {owner} ({where})"
    return Edit(key, description, {path: edits.append_interface_probe(read(path), type_name)})
