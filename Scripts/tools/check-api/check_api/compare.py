"""The difference between a committed listing (Tests/API/<Module>.txt) and the current API's listing."""

from .listing import path_of


class Difference:
    """Breaks (what a client of the baseline may fail to compile against) and additions (compatible)."""

    def __init__(self, breaks, additions):
        self.breaks = breaks
        self.additions = additions


def compare(baseline_lines, current):
    """Compares the baseline's lines with `current` (a listing.Listing).

    A baseline line the current API lacks is a break: 'changed' when the current API has other lines for the same
    symbol path, else 'removed'. A new requirement (without a default) of a protocol the baseline has is a break.
    Every other new line is an addition.
    """
    baseline = set(baseline_lines)
    present = set(current.lines)
    gone = [line for line in sorted(baseline) if line not in present]
    new = [line for line in current.lines if line not in baseline]
    new_by_path = {}
    for line in new:
        new_by_path.setdefault(path_of(line), []).append(line)
    breaks, replacements = [], set()
    for line in gone:
        if successors := new_by_path.get(path_of(line)):
            replacements.update(successors)
            breaks.append(f"changed: {line}\n      now: " + "\n      now: ".join(successors))
        else:
            breaks.append(f"removed: {line}")
    known_paths = {path_of(line) for line in baseline}
    for line in new:
        if line in current.requirements and path_of(line).rsplit(".", 1)[0] in known_paths:
            replacements.add(line)
            breaks.append(f"new protocol requirement without a default: {line}")
    additions = [line for line in new if line not in replacements]
    return Difference(breaks, additions)
