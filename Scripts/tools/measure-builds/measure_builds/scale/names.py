"""How the scale model names its copies, and the text rename that makes a copy compile under its new names.

Copy 1 of a networking package keeps its name (`URLSessionInfrastructure`); copy k > 1 gets the suffix k
(`URLSessionInfrastructure2`). Feature copy i of `QuestionsFeature` is `Questions<i>Feature`, its modules
`Questions<i>Feature`, `Questions<i>FeatureAPI`, `Questions<i>Preview` and so on. Pure functions.
"""

import re

FEATURE_SUFFIX = "Feature"
NAIVE_INFIX = "NaiveK"


def networking_copy(name, index):
    """The name of copy `index` (1-based) of the networking module or package `name`."""
    return name if index == 1 else f"{name}{index}"


def feature_stem(package):
    """`Questions` for `QuestionsFeature`: the part of a feature package's name before `Feature`."""
    return package[: -len(FEATURE_SUFFIX)] if package.endswith(FEATURE_SUFFIX) else package


def feature_copy(name, stem, index):
    """The name of `name` (the feature package or one of its modules) in feature copy `index`."""
    if name.startswith(stem):
        return f"{stem}{index}{name[len(stem):]}"
    return f"{name}{index}"


def naive_package(feature_package, factor):
    """The package name of the naive variant of a feature copy that sees `factor` networking copies."""
    return f"{feature_package}{NAIVE_INFIX}{factor}"


def rename_text(text, mapping):
    """`text` with every whole-word occurrence of a key of `mapping` replaced by its value, in one pass."""
    if not mapping:
        return text
    pattern = re.compile(r"\b(?:" + "|".join(re.escape(key) for key in sorted(mapping, key=len, reverse=True)) + r")\b")
    return pattern.sub(lambda match: mapping[match[0]], text)
