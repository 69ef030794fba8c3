"""The table drawn for the Playtest page, as HTML: each player's zones as card faces, the dice,
the tokens, and the achievements board as its graph (SVG) with the markers and the tokens.

Faces are the workshop's own (`faces.card_face`), cached per card: a position draws the same few
dozen cards again and again.
"""

from __future__ import annotations

from html import escape

from editor.faces import CARD_SIZES, as_html, card_face
from interpreter import Game, State
from interpreter.mechanics.action_phase import waiting_pool_of
from interpreter.mechanics.dice import die_text, gives_result_tokens, roller
from interpreter.model.zones import TABLEAU
from interpreter.tools.table_zones import (
    TableZone,
    board_readings,
    free_pieces,
    pieces_on,
    shared_zones,
)
from rules_dsl.printer import condition as condition_text

CARD_WIDTH = 108  # pixels of a card face on the table
ZOOM_WIDTH = 300  # ... and under the pointer (or focused by a click or Tab)
SEAT_COLOURS = ("#c62828", "#1565c0", "#2e7d32", "#ef6c00", "#6a1b9a")
# The dice's colours, in the order the pack declares its dice (Along History's green, blue,
# red and black dice come out in those colours).
DIE_PALETTE = ("#2e7d32", "#1565c0", "#c62828", "#555555", "#6a1b9a", "#ef6c00")

STYLE = """<style>
.pt-zone{display:flex;flex-wrap:wrap;gap:6px;align-items:flex-end;margin:2px 0 8px 0}
.pt-pile{position:relative;display:inline-block}
.pt-under{display:block;margin-bottom:-138px}
.pt-under .card-face{opacity:.55;filter:grayscale(.7)}
.pt-tilted{margin:0 22px}
.pt-tilted .card-face{transform:rotate(90deg)}
.pt-label{font-size:.75rem;color:#555;margin:0}
.pt-die{display:inline-block;padding:3px 7px;margin:2px;border-radius:5px;color:#fff;
 font-size:.8rem;font-weight:600}
.pt-used{opacity:.35;text-decoration:line-through}
.pt-token{display:inline-block;width:22px;height:22px;border-radius:11px;background:#d4a017;
 color:#000;text-align:center;font-weight:700;font-size:.8rem;line-height:22px;margin:1px}
.pt-back{display:inline-block;border-radius:6px;border:2px solid #3e2723;line-height:1.2;
 background:repeating-linear-gradient(45deg,#6d4c41 0 6px,#8d6e63 6px 12px);color:#fff;
 font-size:.75rem;font-weight:700;text-align:center;padding-top:40%;box-sizing:border-box}
.pt-empty{display:inline-block;border-radius:6px;border:2px dashed #9e9e9e;color:#757575;
 font-size:.75rem;text-align:center;padding-top:40%;box-sizing:border-box}
.pt-on{display:block;font-size:.72rem;line-height:1.2;color:#333;text-align:center}
.pt-chip{display:inline-block;padding:1px 7px;margin:1px 2px;border-radius:9px;
 background:#efe9da;font-size:.8rem;white-space:nowrap}
.pt-place{display:inline-flex;flex-direction:column;align-items:center}
.pt-caption{font-size:.72rem;line-height:1.3;color:#333;font-weight:600}
.pt-card{position:relative;display:inline-block;cursor:zoom-in;outline:none;line-height:0}
.pt-card:hover .card-face,.pt-card:focus .card-face{position:fixed;left:50%;top:50%;
 transform:translate(-50%,-50%);width:min(ZOOMpx,90vw,64vh)!important;max-width:none!important;opacity:1;
 filter:none;z-index:1000;box-shadow:0 8px 32px rgba(0,0,0,.5);border-radius:8px}
</style>""".replace("ZOOM", str(ZOOM_WIDTH))


_FACES: dict[tuple[int, int], tuple[object, str]] = {}  # (id of card, width) -> face


def _face(game: Game, index: int, width: int) -> str:
    card = game.pack.cards[index]
    key = (id(card), width)
    if key not in _FACES:  # the card is kept with its face: its id is not reused
        if len(_FACES) > 4096:
            _FACES.clear()
        _FACES[key] = (card, as_html(card_face(game.pack, card, CARD_SIZES["poker"]), width))
    return _FACES[key][1]


def face(game: Game, copy: int, width: int = CARD_WIDTH) -> str:
    """A card copy's face as an <img>, its name as the tooltip; under the pointer, or clicked
    (focused, also by Tab), it is shown ZOOM_WIDTH wide, upright, in the middle of the window
    so that its rules can be read (an SVG: as sharp as the small one). Its place keeps its size
    meanwhile, so nothing on the table moves. A pile's greying and a tilt are drawn on the
    image, not on a wrapper: a wrapper's filter or transform would hold the zoomed face."""
    info = game.catalog.info(copy)
    html = _face(game, info.index, width)
    size = CARD_SIZES["poker"]
    height = round(width * size.height / size.width)  # kept while the face grows over it
    return (
        f'<span class="pt-card" tabindex="0" title="{escape(info.name)}" '
        f'style="width:{width}px;height:{height}px">{html}</span>'
    )


def card_html(game: Game, state: State, copy: int) -> str:
    """A copy as it lies on the table: its face, or its back when it is face down (the pack's
    face-down state, named on it; its name is the tooltip), the pack's marks on it and the
    tokens and pieces it holds written under it."""
    entry = state.cards.get(copy) if state.cards else None
    standing = pieces_on(game, state, copy)
    if entry is None and not standing:
        return face(game, copy)
    entry = entry or {}
    table = game.catalog.card_states
    down = table.face_down
    if "down" in entry and down is not None:
        size = CARD_SIZES["poker"]
        height = round(CARD_WIDTH * size.height / size.width)
        drawn = (
            f'<span class="pt-back" title="{escape(game.name(copy))}: {escape(down.name)}" '
            f'style="width:{CARD_WIDTH}px;height:{height}px">{escape(down.name)}</span>'
        )
    else:
        drawn = face(game, copy)
    notes = [*entry.get("marks", ())]
    notes += [f"{n} {counter}" for counter, n in sorted(entry.get("tokens", {}).items())]
    notes += standing
    if notes:
        drawn += f'<span class="pt-on">{escape(", ".join(notes))}</span>'
    return f'<span class="pt-pile">{drawn}</span>'


def dice_html(game: Game, dice: list[dict]) -> str:
    out = []
    names = [str(name) for name in game.pack.game.get("dice") or {}]
    for d in dice:
        name = str(d.get("die"))
        colour = DIE_PALETTE[names.index(name) % len(DIE_PALETTE)] if name in names else "#555"
        used = " pt-used" if d.get("used") else ""
        label = escape(die_text(game, d)) + (" (used)" if d.get("used") else "")
        out.append(f'<span class="pt-die{used}" style="background:{colour}">{label}</span>')
    return "".join(out) or "<i>none</i>"


def dice_strip(game: Game, state: State) -> str:
    """The dice or result tokens the decision waiting may use, named by whose they are: off the
    active player's turn, that player's own result tokens, not the active player's dice."""
    found = waiting_pool_of(state)
    active = escape(game.player_name(state.active))
    if found is not None and found[1] is not state.dice and gives_result_tokens(game):
        seat, pool = found
        return (
            f"{STYLE}<b>Result tokens of {escape(game.player_name(seat))}</b> (the "
            f"results of {active}'s dice): {dice_html(game, pool)}"
        )
    if not state.dice:
        return ""
    rolled = escape(game.player_name(roller(state)))  # a step's roll: its doer's dice
    return f"{STYLE}<b>Dice of {rolled}</b>: {dice_html(game, state.dice)}"


NOT_SCORED = "–"  # an age not yet scored (not yet ended), in the score by age


def score_rows(game: Game, state: State, who) -> list[dict[str, object]]:
    """The score of each player in each age played, by the age's name ("–" until the age is
    scored), and the total: the rows of the page's "Score by age"."""
    names = {a.id: a.name for a in game.pack.ages}
    return [
        {
            "player": who(p.seat),
            **{
                names.get(age, age): (p.age_scores[n] if n < len(p.age_scores) else NOT_SCORED)
                for n, age in enumerate(game.ages)
            },
            "total": p.score,
        }
        for p in state.players
    ]


def tokens_html(tokens: list[int]) -> str:
    return (
        "".join(f'<span class="pt-token">{t}</span>' for t in sorted(tokens, reverse=True))
        or "<i>no token</i>"
    )


def zones_html(game: Game, state: State, seat: int, hidden: bool = False) -> str:
    """A player's zones in the order the pack declares them: the tableau's decadent cards
    under their pile and its tilted cards turned; a zone without a role (rules_dsl/zones.py)
    only when it holds cards. `hidden`: the viewer is not this player, so a zone only its owner
    sees (`seen by: owner`) shows how many cards it holds, not which."""
    player = state.players[seat]
    zones = game.zones
    parts = [STYLE]
    for name, index in zones.player_order():
        label = escape(name[:1].upper() + name[1:])
        if index != TABLEAU:
            cards = player.zones[index]
            if not cards and zones.player[index].role in (None, "archive"):
                continue
            if hidden and zones.player[index].seen_by == "owner":
                held = f"{len(cards)} card" + ("" if len(cards) == 1 else "s")
                parts.append(f'<p class="pt-label">{label}: {held}, unseen</p>')
                continue
            parts += [
                f'<p class="pt-label">{label}</p><div class="pt-zone">',
                "".join(card_html(game, state, c) for c in cards) or "<i>none</i>",
                "</div>",
            ]
            continue
        notes = []  # what the drawing shows, said only where the position has it
        if any(len(pile) > 1 for pile in player.tableau):
            notes.append("decadent cards greyed under their pile")
        if player.tilted:
            notes.append("tilted cards turned")
        note = f" ({', '.join(notes)})" if notes else ""
        parts.append(f'<p class="pt-label">{label}{note}</p><div class="pt-zone">')
        for pile in player.tableau:
            under = "".join(
                f'<span class="pt-under" title="decadent: '
                f'{escape(game.name(c))}">{face(game, c)}</span>'
                for c in reversed(pile[1:])
            )
            top = card_html(game, state, pile[0])
            if pile[0] in player.tilted:
                top = f'<div class="pt-tilted" title="tilted">{top}</div>'
            parts.append(f'<div class="pt-pile">{under}{top}</div>')
        if not player.tableau:
            parts.append("<i>none</i>")
        parts.append("</div>")
    return "".join(parts)


def player_board_html(game: Game, state: State, seat: int) -> str:
    """A player's numbers as their board shows them: each counter with its amount, what the
    board's sections read now (the tables looked up with the player's own numbers:
    `board_readings`), and the pieces still in their supply."""
    player = state.players[seat]

    def chips(items: list[str]) -> str:
        return "".join(f'<span class="pt-chip">{escape(item)}</span>' for item in items)

    parts = [STYLE, "<div>", chips([f"{n} {name}" for name, n in player.counters.items()])]
    readings = board_readings(game, state, seat)
    if readings:
        parts.append(f'<p class="pt-label">Board reads now: {chips(readings)}</p>')
    free = free_pieces(game, state, seat)
    if free:
        parts.append(f'<p class="pt-label">In the supply: {chips(free)}</p>')
    return "".join(parts) + "</div>"


def table_html(game: Game, state: State) -> str:
    """The zones of the table in the order the pack declares them (a card row, the board's
    action spaces with the pieces and tokens on them, the top of each pile), as the model of
    the table's shared zones has them (interpreter/tools/table_zones.py, which the terminal
    game draws too): a zone nobody sees shows how many cards it holds; an empty zone without
    a role is left out."""
    parts = [STYLE]
    for zone in shared_zones(game, state):
        label = escape(zone.label)
        if zone.places:
            parts.append(row_html(game, state, zone, label))
            continue
        if zone.hidden:
            parts.append(f'<p class="pt-label">{label}: {zone.held}, face down</p>')
            continue
        note = f" ({zone.held}; the top one)" if zone.top_only else ""
        drawn = "".join(card_html(game, state, c.copy) for c in zone.cards if c is not None)
        parts += [
            f'<p class="pt-label">{label}{note}</p><div class="pt-zone">',
            drawn or "<i>none</i>",
            "</div>",
        ]
    return "".join(parts)


def row_html(game: Game, state: State, zone: TableZone, label: str) -> str:
    """A row (`{kind: row, places: N}`) as its places, left to right: each card where it
    lies, and each empty place drawn as an outline saying its number, so a gap shows."""
    size = CARD_SIZES["poker"]
    height = round(CARD_WIDTH * size.height / size.width)
    drawn = []
    for place, card in enumerate(zone.cards, start=1):
        if card is None:
            shown = (
                f'<span class="pt-empty" title="place {place}: empty" '
                f'style="width:{CARD_WIDTH}px;height:{height}px">{place}: empty</span>'
            )
        else:
            shown = card_html(game, state, card.copy)
        if zone.place_labels:  # what the place prints (its cost), under what lies there
            caption = escape(zone.place_labels[place - 1])
            shown = f'<div class="pt-place">{shown}<div class="pt-caption">{caption}</div></div>'
        drawn.append(shown)
    full = all(card is not None for card in zone.cards)
    note = "" if full else f" ({zone.count} of {zone.places} places held)"
    return f'<p class="pt-label">{label}{note}</p><div class="pt-zone">{"".join(drawn)}</div>'


def board_svg(game: Game, state: State, width: int = 640) -> str:
    """The achievements board of the side played: spaces in columns by their level, the paths,
    the tokens still on it (their condition on hover) and the players' markers."""
    achievements = game.pack.game.get("achievements") or {}
    board = (achievements.get("boards") or {}).get(game.board_side or "")
    if not board:
        return ""
    spaces: dict[str, int] = {str(k): int(v) for k, v in (board.get("spaces") or {}).items()}
    levels: dict[int, list[str]] = {}
    for name, level in spaces.items():
        levels.setdefault(level, []).append(name)
    top = max(len(v) for v in levels.values())
    column = width / (max(levels) + 1 if levels else 1)
    height = 70 * top + 20
    where = {}
    for level, names in levels.items():
        gap = height / (len(names) + 1)
        for i, name in enumerate(names):
            where[name] = (column * (level + 0.5), gap * (i + 1))
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="100%" style="max-width:{width}px" '
        f'viewBox="0 0 {width} {height:.0f}" font-family="Helvetica, Arial, sans-serif">',
        f'<rect width="{width}" height="{height:.0f}" fill="#f6f1e3" rx="8"/>',
    ]
    for a, b in board.get("paths") or []:
        if a in where and b in where:
            (x1, y1), (x2, y2) = where[a], where[b]
            out.append(
                f'<line x1="{x1:.0f}" y1="{y1:.0f}" x2="{x2:.0f}" y2="{y2:.0f}" '
                'stroke="#8d7b55" stroke-width="2"/>'
            )
    for name, (x, y) in where.items():
        token = state.board.get(name)
        tip = f"space {name} (level {spaces[name]})"
        fill = "#fff"
        label = name
        if token is not None:
            t = game.pack.tokens[token]
            tip += f": a {t.value} token, taken when {condition_text(t.condition)}"
            fill, label = "#d4a017", str(t.value)
        out.append(
            f'<g><title>{escape(tip)}</title><circle cx="{x:.0f}" cy="{y:.0f}" r="20" '
            f'fill="{fill}" stroke="#5d4e2f" stroke-width="2"/>'
            f'<text x="{x:.0f}" y="{y + 5:.0f}" text-anchor="middle" font-size="14" '
            f'font-weight="bold">{escape(label)}</text></g>'
        )
    for seat, player in enumerate(state.players):
        if player.space in where:
            x, y = where[player.space]
            dx = -16 + 8 * seat
            out.append(
                f"<g><title>{escape(game.player_name(seat))} is here</title>"
                f'<rect x="{x + dx - 5:.0f}" y="{y - 34:.0f}" width="10" height="14" '
                f'fill="{SEAT_COLOURS[seat % len(SEAT_COLOURS)]}" stroke="#000"/></g>'
            )
    out.append("</svg>")
    return "".join(out)


def seat_colour(seat: int) -> str:
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]
