"""The Pareto front as a picture for notebooks, without a plotting library: an SVG that Jupyter shows as it shows
a figure (``_repr_svg_``), with the same reading as the jar's pareto.png: complexity against the training error on a
log axis labelled sparsely, and the chosen formula named."""

import math
from xml.sax.saxutils import escape

WIDTH, HEIGHT = 640, 420
LEFT, RIGHT, TOP, BOTTOM = 70, 20, 20, 90
#: At most this many labels on the error axis, whatever its span.
MAX_TICKS = 7


class ParetoPlot:
    """An SVG picture of a fitted model's Pareto front; ``save(path)`` writes it, a notebook displays it."""

    def __init__(self, svg):
        self.svg = svg

    def _repr_svg_(self):
        return self.svg

    def save(self, path):
        with open(path, "w", encoding="utf-8") as f:
            f.write(self.svg)


def _decade_ticks(lo, hi):
    """log10 values of the labels: whole decades, every k-th so that at most MAX_TICKS remain."""
    first, last = math.floor(lo), math.ceil(hi)
    step = max(1, math.ceil((last - first + 1) / MAX_TICKS))
    return list(range(first, last + 1, step))


def _label(decade):
    return "1" if decade == 0 else ("0.1" if decade == -1 else "1e%d" % decade)


def pareto_svg(complexity, loss, chosen_index, chosen_formula):
    """The SVG text of a front: lists of complexity and training loss, the chosen row's index and formula."""
    points = [(c, math.log10(v)) for c, v in zip(complexity, loss)
              if c is not None and v is not None and math.isfinite(v) and v > 0]
    x_max = max([c for c, _ in points] + [1])
    y_values = [y for _, y in points] or [0.0]
    ticks = _decade_ticks(min(y_values), max(y_values))
    y_lo, y_hi = ticks[0], max(ticks[-1], ticks[0] + 1)
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def px(c):
        return LEFT + plot_w * c / x_max

    def py(y):
        return TOP + plot_h * (y_hi - y) / (y_hi - y_lo)

    out = ['<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" font-family="sans-serif" '
           'font-size="12">' % (WIDTH, HEIGHT),
           '<rect x="%d" y="%d" width="%d" height="%d" fill="none" stroke="#888"/>' % (LEFT, TOP, plot_w, plot_h)]
    for t in ticks:
        y = py(t)
        out.append('<line x1="%d" y1="%.1f" x2="%d" y2="%.1f" stroke="#ddd"/>' % (LEFT, y, LEFT + plot_w, y))
        out.append('<text x="%d" y="%.1f" text-anchor="end">%s</text>' % (LEFT - 6, y + 4, _label(t)))
    out.append('<text x="%d" y="%d" text-anchor="middle">complexity</text>' % (LEFT + plot_w // 2,
                                                                              TOP + plot_h + 32))
    out.append('<text x="16" y="%d" transform="rotate(-90 16 %d)" text-anchor="middle">training MSE</text>'
               % (TOP + plot_h // 2, TOP + plot_h // 2))
    path = " ".join("%.1f,%.1f" % (px(c), py(y)) for c, y in sorted(points))
    if path:
        out.append('<polyline points="%s" fill="none" stroke="#4477aa"/>' % path)
    for i, (c, y) in enumerate(points):
        out.append('<circle cx="%.1f" cy="%.1f" r="3" fill="#4477aa"/>' % (px(c), py(y)))
    if chosen_index is not None and 0 <= chosen_index < len(complexity):
        c, v = complexity[chosen_index], loss[chosen_index]
        if v is not None and math.isfinite(v) and v > 0:
            out.append('<circle cx="%.1f" cy="%.1f" r="6" fill="none" stroke="#cc3311" stroke-width="2"/>'
                       % (px(c), py(math.log10(v))))
        text = chosen_formula if len(chosen_formula) <= 90 else chosen_formula[:87] + "..."
        out.append('<text x="%d" y="%d" fill="#cc3311">chosen, complexity %s: %s</text>'
                   % (LEFT, HEIGHT - 20, c, escape(text)))
    out.append("</svg>")
    return "\n".join(out)
