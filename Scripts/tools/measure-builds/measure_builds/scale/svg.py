"""A small SVG line chart, Python standard library only: axes, ticks, labels, legend, one line per series."""

import math
from dataclasses import dataclass
from xml.sax.saxutils import escape

WIDTH, PLOT_HEIGHT = 760, 330
LEFT, RIGHT, HEADER, BOTTOM = 78, 48, 62, 62
LEGEND_ROW = 20
FONT = "font-family=\"Helvetica, Arial, sans-serif\""


@dataclass
class Series:
    name: str
    points: list  # [(x, y)], None values skipped
    color: str
    dashed: bool = False


def nice_ticks(low, high, count=5):
    """Round tick values covering [low, high]: steps of 1, 2 or 5 times a power of ten."""
    if high <= low:
        high = low + 1
    raw = (high - low) / count
    magnitude = 10 ** math.floor(math.log10(raw))
    step = next(factor * magnitude for factor in (1, 2, 5, 10) if factor * magnitude >= raw)
    first = math.floor(low / step) * step
    ticks, value = [], first
    while True:
        ticks.append(round(value, 10))
        if value >= high - step * 1e-9:
            return ticks
        value += step


def tick_label(value):
    if value >= 1000 and value % 1000 == 0:
        return f"{value / 1000:g}k"
    return f"{value:g}"


def line_chart(title, subtitle, x_label, y_label, series, value_format="{:.1f}"):
    """The SVG text of a line chart; the y axis starts at 0 so that ratios read true."""
    points = [(x, y) for item in series for x, y in item.points if x is not None and y is not None]
    xs, ys = [x for x, _ in points] or [0, 1], [y for _, y in points] or [1]
    x_ticks = nice_ticks(0, max(xs))
    y_ticks = nice_ticks(0, max(ys) * 1.1)
    top = HEADER + LEGEND_ROW * len(series) + 16  # the legend sits between the subtitle and the plot
    plot_w, plot_h = WIDTH - LEFT - RIGHT, PLOT_HEIGHT
    height = top + plot_h + BOTTOM

    def sx(x):
        return LEFT + plot_w * (x - x_ticks[0]) / (x_ticks[-1] - x_ticks[0])

    def sy(y):
        return top + plot_h * (1 - (y - y_ticks[0]) / (y_ticks[-1] - y_ticks[0]))

    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{height}" '
             f'viewBox="0 0 {WIDTH} {height}" role="img" aria-label="{escape(title)}">',
             f'<rect width="{WIDTH}" height="{height}" fill="white"/>',
             _text(LEFT, 28, title, size=17, weight="bold"),
             _text(LEFT, 50, subtitle, size=12, fill="#555")]
    for value in y_ticks:
        y = sy(value)
        parts.append(f'<line x1="{LEFT}" y1="{y:.1f}" x2="{WIDTH - RIGHT}" y2="{y:.1f}" stroke="#e3e3e3"/>')
        parts.append(_text(LEFT - 8, y + 4, tick_label(value), anchor="end"))
    for value in x_ticks:
        x = sx(value)
        parts.append(f'<line x1="{x:.1f}" y1="{top + plot_h}" x2="{x:.1f}" y2="{top + plot_h + 5}" stroke="#333"/>')
        parts.append(_text(x, top + plot_h + 20, tick_label(value), anchor="middle"))
    parts.append(f'<line x1="{LEFT}" y1="{top + plot_h}" x2="{WIDTH - RIGHT}" y2="{top + plot_h}" stroke="#333"/>')
    parts.append(f'<line x1="{LEFT}" y1="{top}" x2="{LEFT}" y2="{top + plot_h}" stroke="#333"/>')
    parts.append(_text(LEFT + plot_w / 2, height - 14, x_label, anchor="middle", size=13))
    parts.append(f'<text transform="translate(20 {top + plot_h / 2:.1f}) rotate(-90)" text-anchor="middle" '
                 f'{FONT} font-size="13" fill="#222">{escape(y_label)}</text>')
    for item in series:
        parts += _series(item, sx, sy, value_format)
    parts += _legend(series, HEADER + 4)
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def _series(item, sx, sy, value_format):
    points = [(x, y) for x, y in item.points if x is not None and y is not None]
    if not points:
        return []
    dash = ' stroke-dasharray="7 5"' if item.dashed else ""
    path = " ".join(f"{sx(x):.1f},{sy(y):.1f}" for x, y in points)
    parts = [f'<polyline points="{path}" fill="none" stroke="{item.color}" stroke-width="2.5"{dash}/>']
    for x, y in points:
        parts.append(f'<circle cx="{sx(x):.1f}" cy="{sy(y):.1f}" r="4" fill="{item.color}"/>')
        parts.append(_text(sx(x) + 6, sy(y) - 8, value_format.format(y), size=11, fill=item.color))
    return parts


def _legend(series, y):
    x = LEFT
    parts = []
    for index, item in enumerate(series):
        line_y = y + 10 + LEGEND_ROW * index
        dash = ' stroke-dasharray="7 5"' if item.dashed else ""
        parts.append(f'<line x1="{x + 8}" y1="{line_y}" x2="{x + 34}" y2="{line_y}" stroke="{item.color}" '
                     f'stroke-width="2.5"{dash}/>')
        parts.append(_text(x + 42, line_y + 4, item.name, size=12))
    return parts


def _text(x, y, text, anchor="start", size=12, weight="normal", fill="#222"):
    return (f'<text x="{x:.1f}" y="{y:.1f}" text-anchor="{anchor}" {FONT} font-size="{size}" '
            f'font-weight="{weight}" fill="{fill}">{escape(str(text))}</text>')
