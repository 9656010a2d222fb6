"""Small numeric helpers."""

import statistics


def median(values):
    """The median of `values`, or None when there are none."""
    values = [value for value in values if value is not None]
    return statistics.median(values) if values else None


def ratio(numerator, denominator):
    """numerator / denominator, or None when either is unknown or the denominator is zero."""
    if numerator is None or not denominator:
        return None
    return numerator / denominator


def linear_fit(points):
    """(intercept, slope) of the least-squares line through [(x, y)], or None without two distinct x values."""
    points = [(x, y) for x, y in points if x is not None and y is not None]
    if len({x for x, _ in points}) < 2:
        return None
    mean_x = sum(x for x, _ in points) / len(points)
    mean_y = sum(y for _, y in points) / len(points)
    slope = (sum((x - mean_x) * (y - mean_y) for x, y in points)
             / sum((x - mean_x) ** 2 for x, _ in points))
    return mean_y - slope * mean_x, slope
