"""The round track on the Playtest page, as HTML: a space per round of the age (the pack's own
number of rounds), what each round brings in the pack's words grouped by phase, the round
being played marked and those played greyed (interpreter/tools/round_track.py reads them).
A game whose age has no fixed number of rounds draws no track."""

from __future__ import annotations

from html import escape

from interpreter import Game, State
from interpreter.tools.round_track import Round, round_track

STYLE = """<style>
.rt-track{display:flex;flex-wrap:wrap;gap:4px;align-items:stretch;margin:2px 0 10px 0}
.rt-round{flex:1 1 0;min-width:112px;border:2px solid #b0a080;border-radius:6px;
 background:#f6f1e3;padding:4px 6px;font-size:11px;line-height:1.2;color:#333}
.rt-round h4{margin:0 0 3px 0;padding:0;font-size:13px;color:#3e2723}
.rt-now{border-color:#c62828;background:#fff3e0;box-shadow:0 0 0 2px #c62828}
.rt-past{opacity:.5}
.rt-phase{margin:3px 0 0 0;font-weight:600;color:#6d4c41;
 text-transform:uppercase;letter-spacing:.03em;font-size:10px}
.rt-round ul{margin:0;padding-left:14px}
.rt-round li{font-size:11px;margin:0}
.rt-none{color:#777;font-style:italic}
.rt-title{margin:0 0 2px 0}
</style>"""


def _round_html(space: Round) -> str:
    kind = " rt-now" if space.current else " rt-past" if space.past else ""
    mark = " (now)" if space.current else " (played)" if space.past else ""
    parts = [
        f'<div class="rt-round{kind}" data-round="{space.number}">',
        f"<h4>Round {space.number}{mark}</h4>",
    ]
    by_phase: dict[str, list[str]] = {}
    for brought in space.brings:
        by_phase.setdefault(brought.phase, []).append(brought.text)
    for phase, texts in by_phase.items():
        items = "".join(f"<li>{escape(t)}</li>" for t in texts)
        parts.append(f'<p class="rt-phase">{escape(phase)}</p><ul>{items}</ul>')
    if not space.brings:
        parts.append('<span class="rt-none">nothing of its own</span>')
    parts.append("</div>")
    return "".join(parts)


def track_html(game: Game, state: State) -> str:
    """The track, or "" when the pack gives the age no fixed number of rounds."""
    track = round_track(game, state)
    if track is None:
        return ""
    spaces = "".join(_round_html(space) for space in track.rounds)
    now = (
        f"round {track.current} of {track.last}"
        if 0 < track.current <= track.last
        else f"{track.last} rounds"
    )
    return (
        f'{STYLE}<p class="rt-title"><b>Round track</b>: {now}</p>'
        f'<div class="rt-track" title="the round track">{spaces}</div>'
    )
