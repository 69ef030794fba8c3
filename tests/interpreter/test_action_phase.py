"""The action phase's decisions are shaped like a player's (a menu, then the detail), every
legal payment stays reachable, the pack declares the kinds of action, and `take actions until
...` honours its condition."""

from __future__ import annotations

import shutil
from collections import Counter
from functools import cache
from itertools import combinations, product
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from cards import bundled
from interpreter import Game
from interpreter.bots.greedy import RandomBot
from interpreter.mechanics.payments import Purse, Source, payments
from rules_dsl.pack import load_pack


@cache
def game() -> Game:
    return Game.load(bundled())


def positions(seeds: range, moves: int = 400):
    """Action-phase decisions met in random games."""
    g = game()
    for seed in seeds:
        state = g.new(3, seed=seed)
        bots = [RandomBot(seed * 10 + i) for i in range(3)]
        for _ in range(moves):
            if state.over:
                break
            if state.pending["kind"] == "action":
                yield state
            state = g.apply(state, bots[state.to_move].choose(g, state, g.choices(state)))


def test_a_card_is_on_the_menu_exactly_when_some_payment_exists() -> None:
    g = game()
    checked = 0
    for state in positions(range(3)):
        menu = {a.params["card"] for a in g.choices(state) if a.kind == "acquire"}
        payable = {a.params["card"] for a in g.legal_actions(state) if a.kind == "acquire"}
        assert menu == payable
        checked += 1
    assert checked > 50


def test_the_menu_is_short_and_the_flat_listing_complete() -> None:
    g = game()
    for state in positions(range(2), 150):
        menu, flat = g.choices(state), g.legal_actions(state)
        assert len(menu) <= len(flat)
        assert {a.kind for a in menu} == {a.kind for a in flat}
        for action in flat:  # each complete action is playable as it is
            assert action.text
    state = g.new(4, seed=1)
    assert len(g.choices(state)) < 25 < len(g.legal_actions(state))


def brute_force(population: int, sources: list[Source]) -> int:
    """Minimal covers counted by trying every subset (sources all different)."""
    count = 0
    for n in range(1, len(sources) + 1):
        for chosen in combinations(sources, n):
            total = sum(s.gives[0][1] for s in chosen)
            if total >= population and all(total - s.gives[0][1] < population for s in chosen):
                count += 1
    return count


def test_every_minimal_payment_is_listed_with_no_cap() -> None:
    sources = [Source("die", i, (("population", i + 1),)) for i in range(12)]
    found = payments("population", 14, Counter(), sources)
    assert len(found) == brute_force(14, sources) > 48
    assert len({tuple(p.dice) for p in found}) == len(found)
    purse = Purse(sources, "population")
    assert purse.payable(14, Counter()) and not purse.payable(79, Counter())


def test_payability_is_exact_with_counters_and_a_legacy_card() -> None:
    choices = ((("population", 3),), (("culture", 1),))
    sources = [
        Source("counter", "universal resource", (), choices),
        Source("archive", 7, (("culture", 1),)),
        Source("archive", 8, (("culture", 1),)),
    ]
    purse = Purse(sources, "population")
    assert purse.payable(3, Counter(culture=1))  # a counter and one legacy card
    assert not purse.payable(0, Counter(culture=3))  # only one legacy card per turn
    assert not purse.payable(3, Counter(culture=2))  # the counter pays one thing
    assert purse.cheapest(3, Counter(culture=1), (0.05, 0.3, 1.0, 1.5)) == 2.5


def pack_with(tmp_path: Path, old: str, new: str) -> Path:
    folder = tmp_path / "along_history"
    shutil.copytree(bundled(), folder)
    path = folder / "game.yaml"
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new), encoding="utf-8")
    return folder


def test_take_actions_honours_its_until(tmp_path: Path) -> None:
    folder = pack_with(
        tmp_path,
        "take actions until you have passed                        # AH-T2, AH-T3, AH-T6",
        "take actions until you acquired a card this turn",
    )
    g = Game.load(folder)
    state = g.new(3, seed=2)
    acquire = next(a for a in g.legal_actions(state) if a.kind == "acquire")
    after = g.apply(state, acquire)
    # the phase is over for the active player: what comes next is not their action menu
    assert not (after.pending["kind"] == "action" and after.to_move == state.to_move)
    # with the plain phase, the same player goes on choosing actions
    plain = game().apply(game().new(3, seed=2), acquire)
    assert plain.pending["kind"] == "action" and plain.to_move == state.to_move


def test_the_pack_declares_the_kinds_of_action(tmp_path: Path) -> None:
    everything = (
        "actions: [acquire, buy, discard, roll a die again, exchange, take gold, golden age, "
        "re-roll, x2,\n          tilt for gold]"
    )
    folder = pack_with(tmp_path, everything, "actions: [acquire, buy]")
    g = Game.load(folder)
    state = g.new(3, seed=1)
    assert {a.kind for a in g.legal_actions(state)} <= {"pass", "acquire", "buy"}
    assert any(a.kind == "reroll" for a in game().legal_actions(game().new(3, seed=1)))


def test_an_unknown_kind_of_action_is_a_located_error(tmp_path: Path) -> None:
    folder = pack_with(tmp_path, "re-roll, x2,\n", "teleport, x2,\n")
    _, diagnostics = load_pack(folder)
    errors = [d for d in diagnostics if d.is_error]
    assert errors and "game.yaml" in errors[0].render() and "teleport" in errors[0].render()
    assert (
        errors[0].code == "action" and "not a kind of action the engine plays" in errors[0].message
    )


def test_a_face_action_the_engine_has_no_meaning_for_is_a_located_error(tmp_path: Path) -> None:
    folder = pack_with(tmp_path, "  x2: double\n", "  x2: doubel\n")
    _, diagnostics = load_pack(folder)
    errors = [d for d in diagnostics if d.is_error]
    assert len(errors) == 1, [d.render() for d in errors]
    d = errors[0]
    assert (d.code, Path(str(d.file)).name) == ("unknown-role", "game.yaml")
    assert d.source_line is not None and "x2: doubel" in d.source_line
    assert 'the face "x2" does "doubel"' in d.message and d.hint == 'did you mean "double"?'


def test_the_menu_offers_a_face_by_what_it_does_not_by_its_name(tmp_path: Path) -> None:
    # the red die's golden age made a re-roll face (and no face left that straightens)
    folder = pack_with(tmp_path, "  golden age: straighten\n", "  golden age: roll again\n")
    g = Game.load(folder)
    state = g.new(3, seed=1)
    red = [i for i, d in enumerate(state.dice) if d["die"] == "red"]
    state.dice[red[0]]["face"] = 0  # golden age
    kinds = {a.kind for a in g.legal_actions(state) if a.params.get("die") == red[0]}
    assert "reroll all" in kinds and "straighten" not in kinds


# ------------------------------------------------------------------ payments against brute force

KINDS = ("population", "culture", "strength")
CHOICES = ((("population", 3),), (("culture", 1),), (("strength", 1),))


def _gives(draw: st.DrawFn) -> tuple[tuple[str, int], ...]:
    kinds = draw(st.lists(st.sampled_from(KINDS), min_size=1, max_size=2, unique=True))
    return tuple(sorted((k, draw(st.integers(1, 3))) for k in kinds))


@st.composite
def purses(draw: st.DrawFn) -> list[Source]:
    sources = [
        Source(
            "die",
            i,
            (
                draw(
                    st.sampled_from(
                        [("population", 1), ("population", 2), ("culture", 1), ("strength", 1)]
                    )
                ),
            ),
        )
        for i in range(draw(st.integers(0, 4)))
    ]
    sources += [Source("card", 100 + i, _gives(draw)) for i in range(draw(st.integers(0, 2)))]
    sources += [Source("archive", 200 + i, _gives(draw)) for i in range(draw(st.integers(0, 2)))]
    sources += [
        Source("counter", "universal resource", (), CHOICES) for _ in range(draw(st.integers(0, 2)))
    ]
    return sources


def _canonical(items: list[tuple]) -> tuple:
    return tuple(sorted(items, key=repr))


def brute_payments(population: int, resources: Counter[str], sources: list[Source]) -> set:
    """Every minimal payment, by trying each subset of sources and each use of a counter,
    as multisets of (what the source is, what it pays)."""
    need = {"population": population, **resources}
    found = set()
    for n in range(len(sources) + 1):
        for chosen in combinations(range(len(sources)), n):
            picked = [sources[i] for i in chosen]
            if sum(s.kind == "archive" for s in picked) > 1:
                continue
            counters = [s for s in picked if s.kind == "counter"]
            plain = [s for s in picked if s.kind != "counter"]
            for uses in product(range(len(CHOICES)), repeat=len(counters)):
                units = [s.gives for s in plain] + [CHOICES[u] for u in uses]
                total = Counter()
                for unit in units:
                    for what, amount in unit:
                        total[what] += amount
                if any(total[k] < v for k, v in need.items()):
                    continue
                if any(
                    all(total[k] - dict(unit).get(k, 0) >= v for k, v in need.items())
                    for unit in units
                ):
                    continue  # a unit could be left out: not minimal
                found.add(
                    _canonical(
                        [(s.kind, s.gives) for s in plain] + [("counter", CHOICES[u]) for u in uses]
                    )
                )
    return found


def listed(found: list, sources: list[Source]) -> set:
    by_ref = {(s.kind if s.kind != "card" else "tilt", s.ref): s for s in sources}
    text = {", ".join(f"{a} {w}" if a != 1 else w for w, a in c): c for c in CHOICES}
    out = set()
    for pay in found:
        items = [("die", by_ref[("die", i)].gives) for i in pay.dice]
        items += [("card", by_ref[("tilt", c)].gives) for c in pay.cards]
        if pay.archive is not None:
            items.append(("archive", by_ref[("archive", pay.archive)].gives))
        items += [("counter", text[what]) for _, what in pay.counters]
        out.add(_canonical(items))
    return out


@settings(max_examples=300, deadline=None)
@given(purses(), st.integers(0, 6), st.integers(0, 2), st.integers(0, 2))
def test_every_minimal_payment_is_found_as_brute_force_finds_it(
    sources: list[Source], population: int, culture: int, strength: int
) -> None:
    resources = Counter({k: v for k, v in (("culture", culture), ("strength", strength)) if v})
    expected = brute_payments(population, resources, sources)
    found = payments("population", population, resources, sources)
    if population == 0 and not resources:
        assert len(found) == 1 and not found[0].dice
        return
    assert listed(found, sources) == expected
    assert len(found) == len(expected)  # alike sources are not told apart
    assert Purse(sources, "population").payable(population, resources) == bool(expected)
