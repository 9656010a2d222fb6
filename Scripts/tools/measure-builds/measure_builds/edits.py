"""The source changes the incremental scenarios make: pure text functions, no file access.

A body-only change inserts `_ = 0` as the first statement of an existing function, initializer or
deinitializer whose body is not part of the module's interface (no `@inlinable` and friends). Functions
returning a value qualify only when their first statement is `return`, `guard`, `let` or `var`, so the
insertion never turns an implicit single-expression return into a statement list. A public-interface change
appends `public func measureBuildsProbe() {}` in an extension of a top-level public type.
"""

import re
from dataclasses import dataclass

BODY_PROBE = "_ = 0  // measure-builds: body-only change"
INTERFACE_PROBE = "measureBuildsProbe"

_MODIFIERS = (
    "public|open|package|internal|private|fileprivate|static|class|final|override|mutating|nonmutating|"
    "nonisolated|convenience|required|dynamic|isolated|consuming|borrowing|distributed"
)
_ATTRIBUTE = r"@[\w.]+(?:\([^)]*\))?\s+"
_DECLARATION = re.compile(
    rf"^(?P<indent>[ \t]*)(?P<head>(?:{_ATTRIBUTE})*(?:(?:{_MODIFIERS})(?:\([a-z]+\))?\s+)*)"
    r"(?P<kind>func\s+(?P<name>[^\s(<]+)|init[?!]?(?=\s*[(<])|deinit(?=\s*\{))"
)
_INTERFACE_ATTRIBUTES = re.compile(r"@(?:inlinable|usableFromInline|_transparent|_alwaysEmitIntoClient|\w*Builder)\b")
_PUBLIC = re.compile(r"\b(?:public|open|package)\b")
_FIRST_STATEMENTS = ("return", "guard ", "let ", "var ")
_VOID_RESULT = re.compile(r"->\s*(?:Void|\(\s*\))\s*(?:where\b|$)")
_TOP_LEVEL_TYPE = re.compile(
    rf"^(?:{_ATTRIBUTE})*(?P<modifiers>(?:(?:public|open|final|indirect)\s+)+)"
    r"(?P<kind>struct|class|enum|actor|protocol)\s+(?P<name>[A-Za-z_]\w*)(?P<generic><)?"
)


@dataclass(frozen=True)
class BodySite:
    """A declaration line whose body can take an extra first statement."""

    line: int
    is_public: bool
    indent: str


def body_sites(text):
    """Every BodySite in `text`, in source order."""
    lines = text.splitlines()
    sites = []
    for index, line in enumerate(lines):
        match = _DECLARATION.match(line)
        if not match or not line.rstrip().endswith("{"):
            continue
        if _INTERFACE_ATTRIBUTES.search(match["head"]) or _INTERFACE_ATTRIBUTES.search(_attribute_lines(lines, index)):
            continue
        body_start = _next_code_line(lines, index)
        if _returns_value(line, match) and not body_start.strip().startswith(_FIRST_STATEMENTS):
            continue
        indent = _body_indent(match["indent"], body_start)
        sites.append(BodySite(index, bool(_PUBLIC.search(match["head"])), indent))
    return sites


def best_body_site(sources):
    """(path, BodySite) for the preferred site among {path: text}: non-public first, then path, then line."""
    candidates = [(site.is_public, str(path), site.line, path, site) for path, text in sources.items()
                  for site in body_sites(text)]
    if not candidates:
        return None
    *_, path, site = min(candidates, key=lambda candidate: candidate[:3])
    return path, site


def insert_body_probe(text, site):
    """`text` with BODY_PROBE inserted as the first statement of the body at `site`."""
    lines = text.splitlines(keepends=True)
    lines.insert(site.line + 1, f"{site.indent}{BODY_PROBE}\n")
    return "".join(lines)


def public_types(text):
    """[(name, kind, is_generic)] of the top-level public or open types declared in `text`."""
    found = []
    for line in text.splitlines():
        match = _TOP_LEVEL_TYPE.match(line)
        if match and re.search(r"\b(?:public|open)\b", match["modifiers"]):
            found.append((match["name"], match["kind"], bool(match["generic"])))
    return found


def concrete_type(texts):
    """The first public, non-generic, non-protocol top-level type declared in `texts` (in order), or None."""
    for text in texts:
        for name, kind, generic in public_types(text):
            if kind != "protocol" and not generic:
                return name
    return None


def append_interface_probe(text, type_name, name=INTERFACE_PROBE):
    """`text` plus a new public method `name` on `type_name` (a new public top-level function when None)."""
    if type_name:
        probe = f"extension {type_name} {{\n    public func {name}() {{}}\n}}\n"
    else:
        probe = f"public func {name}() {{}}\n"
    separator = "" if text.endswith("\n") or not text else "\n"
    return f"{text}{separator}\n// measure-builds: public-interface change\n{probe}"


def _attribute_lines(lines, index):
    """The attribute-only lines directly above line `index`, joined."""
    above = []
    while index > 0 and lines[index - 1].strip().startswith("@"):
        index -= 1
        above.append(lines[index])
    return " ".join(above)


def _next_code_line(lines, index):
    for line in lines[index + 1:]:
        if line.strip():
            return line
    return ""


def _body_indent(declaration_indent, body_start):
    body_indent = body_start[: len(body_start) - len(body_start.lstrip())]
    if len(body_indent) > len(declaration_indent) and body_start.strip() != "}":
        return body_indent
    return declaration_indent + "    "


def _returns_value(line, match):
    """Whether the declaration on `line` has a non-Void result type (initializers never do)."""
    if not match["kind"].startswith("func"):
        return False
    rest = line[match.end():]
    after_generics = _skip_generics(rest)
    if "(" not in after_generics:
        return False
    close_paren = _matching_paren(rest, len(rest) - len(after_generics) + after_generics.index("("))
    if close_paren is None:
        return False
    signature = rest[close_paren + 1:].rstrip().rstrip("{").rstrip()
    return "->" in signature and not _VOID_RESULT.search(signature)


def _skip_generics(text):
    """`text` after a leading generic parameter clause `<...>`, if any."""
    stripped = text.lstrip()
    if not stripped.startswith("<"):
        return text
    depth = 0
    for position, character in enumerate(stripped):
        depth += {"<": 1, ">": -1}.get(character, 0)
        if depth == 0:
            return stripped[position + 1:]
    return text


def _matching_paren(text, open_index):
    depth = 0
    for position in range(open_index, len(text)):
        depth += {"(": 1, ")": -1}.get(text[position], 0)
        if depth == 0:
            return position
    return None
