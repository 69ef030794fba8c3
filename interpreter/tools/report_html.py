"""The balance report as one self-contained HTML page, charts drawn as inline SVG.

Nothing is loaded from the network: the page opens offline, can be mailed, and prints.
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape
from typing import Any

from rules_dsl.nouns import plural

from .report import failing_kind

GOOD, BAD, PLAIN, GRID = "#2e7d32", "#c62828", "#546e7a", "#e0e0e0"
STYLE = """
body{font-family:system-ui,sans-serif;margin:2rem auto;max-width:70rem;color:#222}
h1{margin-bottom:.2rem} h2{margin-top:2.2rem;border-bottom:1px solid #ddd}
.note{color:#666} table{border-collapse:collapse;font-size:.9rem}
td,th{padding:.2rem .6rem;border-bottom:1px solid #eee;text-align:right}
td:first-child,th:first-child{text-align:left} .flag{color:#c62828;font-weight:600}
svg text{font-size:12px;font-family:system-ui,sans-serif}
"""


def render_html(data: dict[str, Any], card_link: Callable[[str, str], str] | None = None) -> str:
    """The page of a report's JSON (`Report.to_json()`). `card_link` gives the address of a
    card by its id and age (the workshop's Cards page): each rule that never ran then links to its
    card, opened in a new tab."""
    title = f"Balance of {data['pack']}"
    names = data.get("age_names") or {}
    shown = {
        **data,
        "ages": " to ".join(names.get(a, a) for a in str(data.get("ages") or "").split("+") if a),
    }
    setting = ", ".join(f"{k} {shown[k]}" for k in ("variant", "board", "ages") if shown.get(k))
    parts = [
        f"<!doctype html><html lang=en><meta charset=utf-8><title>{escape(title)}</title>",
        f"<style>{STYLE}</style><h1>{escape(title)}</h1>",
        f"<p class=note>{data['finished']} games finished of {data['games']}, "
        f"{data['players']} players ({escape(', '.join(data['bots']))}), seed {data['seed']}"
        f"{escape(', ' + setting) if setting else ''}. Intervals are 95%."
        + (" Interrupted: the figures cover the games finished." if data.get("interrupted") else "")
        + "</p>",
        "<h2>Seats</h2>",
        _seat_chart(data["seats"]),
        "<h2>Cards that change who wins</h2>",
        "<p class=note>Win rate of the players who owned the card minus that of those who did "
        "not. A bar whose interval leaves out 0 is a real difference, not chance (it is drawn in "
        "colour): right of 0 the card helps its owner, left of 0 it hurts.</p>",
        _advantage_chart(data["cards"], names),
        "<h2>Scores by age</h2>",
        _histograms(data["scores_by_age"], names),
        "<h2>Game length</h2>",
        _length_table(data["length"]),
        "<h2>Cards</h2>",
        _card_table(data["cards"], names),
        *_measures(data.get("measures") or {}),
        *(
            [
                f"<h2>{escape(plural(failing_kind(data['cards'])).capitalize())}</h2>",
                _failure_table(data["cards"], names),
            ]
            if any("failed" in c for c in data["cards"])
            else []
        ),
        *(
            ["<h2>Achievement tokens and wars</h2>", _tokens_wars(data)]
            if data.get("has_tokens", True) or data.get("has_wars", True)
            else []
        ),
        "<h2>Effect coverage</h2>",
        _coverage(data["coverage"], card_link),
    ]
    if data["errors"]:
        parts += [f"<h2>Games that failed ({data.get('failed', len(data['errors']))})</h2><ul>"]
        parts += [
            f"<li>game {e['game']} (seed {e['seed']}): {escape(e['error'])}</li>"
            for e in data["errors"]
        ]
        parts += ["</ul>"]
    return "\n".join(parts) + "\n</html>\n"


def _bars(
    rows: list[tuple[str, float, float, float, str]], low: float, high: float, unit: str = ""
) -> str:
    """Horizontal bars with whiskers: (label, value, ci low, ci high, colour) per row."""
    width, label_w, row_h = 720, 230, 22
    plot = width - label_w - 60
    height = row_h * len(rows) + 30

    def x(v: float) -> float:
        return label_w + (v - low) / (high - low or 1) * plot

    out = [f"<svg width='{width}' height='{height}' role='img'>"]
    for tick in _ticks(low, high):
        out.append(
            f"<line x1='{x(tick):.1f}' x2='{x(tick):.1f}' y1='0' y2='{height - 20}' "
            f"stroke='{GRID}'/><text x='{x(tick):.1f}' y='{height - 5}' "
            f"text-anchor='middle'>{tick:g}{unit}</text>"
        )
    zero = x(max(low, min(0.0, high)))
    for i, (label, value, lo, hi, colour) in enumerate(rows):
        y = i * row_h + 4
        left, right = sorted((zero, x(value)))
        out.append(f"<text x='{label_w - 8}' y='{y + 13}' text-anchor='end'>{escape(label)}</text>")
        out.append(
            f"<rect x='{left:.1f}' y='{y + 3}' width='{max(1.0, right - left):.1f}' "
            f"height='{row_h - 8}' fill='{colour}' opacity='.75'><title>{escape(label)}: "
            f"{value:.3f} ({lo:.3f} to {hi:.3f})</title></rect>"
        )
        out.append(
            f"<line x1='{x(lo):.1f}' x2='{x(hi):.1f}' y1='{y + 9}' y2='{y + 9}' "
            f"stroke='#222' stroke-width='1.5'/>"
        )
    out.append("</svg>")
    return "".join(out)


def _ticks(low: float, high: float) -> list[float]:
    span = high - low or 1
    step = next(s for s in (0.05, 0.1, 0.2, 0.25, 0.5, 1, 2, 5, 10, 20, 50, 100) if span / s <= 8)
    start = int(low / step) * step
    return [
        round(start + i * step, 6)
        for i in range(int(span / step) + 2)
        if low <= start + i * step <= high
    ]


def _seat_chart(seats: list[dict[str, Any]]) -> str:
    rows = [
        (
            f"seat {s['seat']} ({s['bot']})",
            s["win_rate"] or 0.0,
            *(s["win_ci"] or (0.0, 0.0)),
            PLAIN,
        )
        for s in seats
    ]
    return _bars(rows, 0.0, 1.0)


def _advantage_chart(
    cards: list[dict[str, Any]], names: dict[str, str], each_side: int = 12
) -> str:
    judged = [c for c in cards if c["win_rate_advantage"] is not None and c["owners"]]
    if not judged:
        return "<p class=note>No card was owned: play more games.</p>"
    judged.sort(key=lambda c: c["win_rate_advantage"]["estimate"], reverse=True)
    shown = judged if len(judged) <= 2 * each_side else judged[:each_side] + judged[-each_side:]
    rows = []
    for c in shown:
        a = c["win_rate_advantage"]
        colour = (GOOD if a["low"] > 0 else BAD) if a["significant"] else PLAIN
        rows.append(
            (
                f"{c['name']} ({names.get(c['age'], c['age'])})",
                a["estimate"],
                a["low"],
                a["high"],
                colour,
            )
        )
    low = min(-0.1, *(r[2] for r in rows))
    high = max(0.1, *(r[3] for r in rows))
    return _bars(rows, low, high)


def _histograms(by_age: dict[str, Any], names: dict[str, str]) -> str:
    out = []
    for age, entry in by_age.items():
        counts = {int(k): v for k, v in entry["histogram"].items()}
        if not counts:
            continue
        s = entry["score"]
        out.append(
            f"<h3>{escape(names.get(age, age))}</h3><p class=note>mean "
            f"{_num(s['mean'])} points ({_num(s['ci_low'])} to {_num(s['ci_high'])}), "
            f"from {s['min']} to {s['max']}</p>" + _histogram(counts)
        )
    return "".join(out) or "<p class=note>No age finished.</p>"


def _histogram(counts: dict[int, int]) -> str:
    """Players by points scored: bars over the points, a y-axis counting the players."""
    lo, hi = min(counts), max(counts)
    left, width, height, bar = 56, 720, 140, max(4, min(30, 640 // (hi - lo + 1)))
    axis = _count_ticks(max(counts.values()))
    top = axis[-1]
    # drawn 12 px down: the top tick's label stays inside the picture
    svg = [
        f"<svg width='{width}' height='{height + 56}' role='img'><g transform='translate(0 12)'>",
        f"<text x='12' y='{height / 2:.0f}' text-anchor='middle' "
        f"transform='rotate(-90 12 {height / 2:.0f})'>players</text>",
    ]
    for tick in axis:
        y = height - tick / top * height
        svg.append(
            f"<line x1='{left - 4}' x2='{left + (hi - lo + 1) * bar}' y1='{y:.1f}' "
            f"y2='{y:.1f}' stroke='{GRID}'/><text x='{left - 7}' y='{y + 4:.1f}' "
            f"text-anchor='end'>{tick}</text>"
        )
    svg.append(f"<line x1='{left - 1}' x2='{left - 1}' y1='0' y2='{height}' stroke='#888'/>")
    for k, v in counts.items():
        h = v / top * height
        x = left + (k - lo) * bar
        svg.append(
            f"<rect x='{x}' y='{height - h:.1f}' width='{bar - 2}' height='{h:.1f}' "
            f"fill='{PLAIN}'><title>{k} points: {v} players</title></rect>"
        )
    for k in sorted({lo, hi, *range(lo - lo % 5 + 5, hi, 5)}):
        svg.append(
            f"<text x='{left + (k - lo) * bar + bar / 2}' y='{height + 15}' "
            f"text-anchor='middle'>{k}</text>"
        )
    svg.append(
        f"<text x='{left + (hi - lo + 1) * bar / 2:.0f}' y='{height + 36}' "
        "text-anchor='middle'>points</text></g></svg>"
    )
    return "".join(svg)


def _count_ticks(most: int) -> list[int]:
    """Round numbers from 0 to at least `most`, at most 6 of them past 0."""
    step = (
        next(
            s
            for m in (1, 10, 100, 1000, 10**4, 10**5, 10**6)
            for s in (m, 2 * m, 5 * m)
            if most / s <= 5
        )
        if most > 0
        else 1
    )
    return list(range(0, (most + step - 1) // step * step + 1, step))


def _num(x: float | int | None, digits: int = 1) -> str:
    """A figure as a reader wants it: a count as it is, a mean with one decimal."""
    if x is None:
        return "–"
    if isinstance(x, int):
        return str(x)
    return f"{x:.{digits}f}"


def _table(header: list[str], rows: list[list[Any]]) -> str:
    head = "".join(f"<th>{escape(h)}</th>" for h in header)
    body = "".join("<tr>" + "".join(f"<td>{cell}</td>" for cell in row) + "</tr>" for row in rows)
    return f"<table><tr>{head}</tr>{body}</table>"


def _length_table(length: dict[str, Any]) -> str:
    return _table(
        ["per game", "mean", "95% interval", "min", "max"],
        [
            [
                what,
                _num(v["mean"]),
                f"{_num(v['ci_low'])} to {_num(v['ci_high'])}",
                v["min"],
                v["max"],
            ]
            for what, v in length.items()
        ],
    )


def _pct(x: float | None) -> str:
    return "–" if x is None else f"{100 * x:.1f}%"


def _card_table(cards: list[dict[str, Any]], names: dict[str, str]) -> str:
    rows = []
    ages = list(names)
    for c in sorted(
        cards, key=lambda c: (ages.index(c["age"]) if c["age"] in ages else len(ages), c["name"])
    ):
        a = c["win_rate_advantage"]
        advantage = (
            "–"
            if a is None
            else (
                f"{100 * a['estimate']:+.1f} ({100 * a['low']:+.1f} to {100 * a['high']:+.1f})"
                + (" *" if a["significant"] else "")
            )
        )
        name = escape(c["name"]) + (
            " <span class=flag>never acquired</span>" if c["never_acquired"] else ""
        )
        rows.append(
            [
                name,
                escape(names.get(c["age"], c["age"])),
                escape(c["type"]),
                c["offered"],
                c["acquired"],
                _pct(c["acquired_when_offered"]),
                _num(c["mean_round"]),
                _pct(c["owner_win_rate"]),
                advantage,
                _num(c["mean_points"]),
            ]
        )
    return _table(
        [
            "card",
            "age",
            "type",
            "offered",
            "acquired",
            "taken when offered",
            "mean round",
            "owners' win rate",
            "advantage (points of %)",
            "points",
        ],
        rows,
    )


def _failure_table(cards: list[dict[str, Any]], names: dict[str, str]) -> str:
    rows = [
        [
            escape(c["name"]),
            escape(names.get(c["age"], c["age"])),
            c["failed"],
            escape(", ".join(f"{k} ×{v}" for k, v in c["destroyed"].items()) or "nothing"),
        ]
        for c in cards
        if "failed" in c
    ]
    kind = escape(failing_kind(cards))
    return (
        _table([kind, "age", "failed", "destroyed"], rows)
        if rows
        else f"<p class=note>No {kind} failed.</p>"
    )


def _measures(measures: dict[str, Any]) -> list[str]:
    """The pack's own measures at the games' end (game.yaml `report:`): mean and 95% interval
    for all players, the winners and the others."""
    if not measures:
        return []

    def mean(stats: dict[str, Any]) -> str:
        if not stats["n"]:
            return "—"
        return f"{stats['mean']:.1f} ({stats['ci_low']:.1f} – {stats['ci_high']:.1f})"

    rows = [
        [escape(name), *(mean(groups[k]) for k in ("all", "winners", "others"))]
        for name, groups in measures.items()
    ]
    return [
        "<h2>At the end of the games</h2>",
        "<p class=note>The pack's own measures (game.yaml <code>report:</code>), taken for "
        "every player when a game ends.</p>",
        _table(["measure", "all players", "winners", "others"], rows),
    ]


def _tokens_wars(data: dict[str, Any]) -> str:
    tokens = ", ".join(f"{v} taken {n}×" for v, n in data["tokens"].items()) or "none"
    wars = data["wars"]
    return (
        f"<p>Tokens taken: {escape(tokens)}.</p><p>Wars declared: {wars['declared']}, "
        f"won by the attacker: {wars['won_by_attacker']} "
        f"({_pct(wars['attacker_win_rate'])}).</p>"
    )


def _coverage(coverage: dict[str, Any], card_link: Callable[[str, str], str] | None) -> str:
    text = f"<p>{coverage['fired']} of {coverage['rules']} triggered rules ran at least once.</p>"
    if coverage["never_fired"]:
        text += "<p class=note>Never ran (untested by this simulation):</p>" + _table(
            ["card", "when", "where"],
            [
                [_card_cell(r, card_link), escape(r["event"]), escape(r["where"])]
                for r in coverage["never_fired"]
            ],
        )
    return text


def _card_cell(rule: dict[str, Any], card_link: Callable[[str, str], str] | None) -> str:
    """The card's name, linked to the card where the report has a link for it (a report kept
    before rules carried their card's id has none)."""
    name = escape(rule["card"])
    if card_link is None or not rule.get("card_id"):
        return name
    href = escape(card_link(rule["card_id"], rule.get("age") or ""))
    return f'<a href="{href}" target="_blank" rel="noopener">{name}</a>'
