"""The names a new feature gets, from the NAME on the command line; refuses names that cannot work."""

import keyword
import re
from dataclasses import dataclass

FEATURE_SUFFIX = "Feature"
_IDENTIFIER = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")
_WORD = re.compile(r"[A-Z]+(?![a-z])|[A-Z][a-z0-9]*|[a-z0-9]+")
SWIFT_KEYWORDS = {
    "Any", "Self", "Type", "Protocol", "associatedtype", "class", "deinit", "enum", "extension", "func", "import",
    "init", "inout", "let", "operator", "protocol", "static", "struct", "subscript", "typealias", "var", "break",
    "case", "continue", "default", "defer", "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat",
    "return", "switch", "where", "while", "as", "catch", "false", "is", "nil", "rethrows", "super", "self", "throw",
    "throws", "true", "try",
}

STANDARD_TYPES = {
    "Array", "Bool", "Character", "Data", "Date", "Decodable", "Dictionary", "Double", "Encodable", "Equatable",
    "Error", "Float", "Int", "Optional", "Result", "Sendable", "Sequence", "Set", "String", "Task", "URL", "UUID",
}


class FeatureNameError(ValueError):
    """The NAME cannot make a feature; the message says why and what to type instead."""


@dataclass(frozen=True)
class FeatureNames:
    name: str  # Places
    item: str  # Place: the model type
    words: str  # places: how prose names it
    path: str  # places: the endpoint path
    note: str = ""  # what was done with the NAME, when not taken as is

    @property
    def package(self):
        return f"{self.name}{FEATURE_SUFFIX}"

    def tokens(self):
        """{template token: text}."""
        return {"__NAME__": self.name, "__ITEM__": self.item, "__WORDS__": self.words, "__PATH__": self.path}


def feature_names(raw):
    """FeatureNames for `raw`, or FeatureNameError."""
    name = raw.strip() if raw else ""
    if not name:
        raise FeatureNameError("the feature name is empty; example: Scripts/new-feature Places")
    if not _IDENTIFIER.match(name) or name in SWIFT_KEYWORDS or keyword.iskeyword(name):
        raise FeatureNameError(f"{raw!r} is not a Swift identifier (ASCII letters, digits and _, not starting with "
                               "a digit, not a keyword); example: Places")
    if not name[0].isupper():
        raise FeatureNameError(f"{raw!r} starts with a lowercase letter or _; Swift type and module names start "
                               f"with an uppercase letter: try {name.lstrip('_')[:1].upper() + name.lstrip('_')[1:]!r}")
    note = ""
    if name.endswith(FEATURE_SUFFIX):
        stripped = name[: -len(FEATURE_SUFFIX)]
        if not stripped or not stripped[0].isupper():
            raise FeatureNameError(f"{raw!r} leaves no feature name before 'Feature'; example: Places")
        note = f"{name} ends in 'Feature': taking the feature name {stripped} (package {name})"
        name = stripped
    words = [word.lower() if not word.isupper() or len(word) == 1 else word for word in _WORD.findall(name)]
    return FeatureNames(name, singular(name), " ".join(words), "-".join(word.lower() for word in words), note)


def singular(name):
    """The model type's name: `Place` for `Places`, `Category` for `Categories`, `WeatherItem` for `Weather`
    (and `<Name>Item` whenever the singular would shadow a standard type, as `Strings` → `StringsItem`)."""
    if name.endswith("ies") and len(name) > 3:
        candidate = name[:-3] + "y"
    elif name.endswith("s") and not name.endswith(("ss", "us")) and len(name) > 1 and name[-2].islower():
        candidate = name[:-1]
    else:
        candidate = ""
    return candidate if candidate and candidate not in STANDARD_TYPES else f"{name}Item"
