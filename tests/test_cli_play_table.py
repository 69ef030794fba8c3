"""`agesmith play` draws the table's shared zones as the Playtest page does (one model of them,
interpreter/tools/table_zones.py): The Ancient World's empire row, the titan decks' tops with
their defence, the action spaces with the citizens standing on them, the decks by their counts;
a card row by its places, a gap where it lies; the same zones as the page for every bundled
pack."""

from __future__ import annotations

import re
from pathlib import Path

from click.testing import CliRunner

from agesmith.cli import main
from agesmith.table_text import table_lines
from cards import bundled
from editor import table_view as tv
from interpreter import Game
from interpreter.bots.greedy import RandomBot

TAW = str(bundled("the_ancient_world"))
CARD_ROW = Path(__file__).resolve().parent / "packs" / "conformance" / "card_row"


def _last_position(out: str) -> str:
    """The last position shown: from its ruled heading to the choices."""
    return out[out.rindex("Six rounds, round") :]


def test_the_ancient_worlds_table_in_the_terminal() -> None:
    # place a citizen on Trade (choice 2), the citizen of skill 3, take the 3 coin, then quit
    args = ["play", TAW, "--players", "3", "--seed", "2", "--bots", "greedy"]
    result = CliRunner().invoke(main, args, input="2\n3\n1\nq\n")
    assert result.exit_code == 0, result.output[-3000:]
    out = result.output
    first = out[out.index("The table") : out.index("Your actions")]
    lines = first.splitlines()
    assert "  Empire deck a: 37 cards, face down" in lines
    row = lines[lines.index("  Empire row:") + 1 : lines.index("  Empire row:") + 6]
    assert [line.split(" (")[0].strip() for line in row] == [
        "Woodcutters",
        "Lighthouse",
        "Sacred Guard",
        "Twin Scrolls",
        "Horse Breeders",
    ]
    assert "    Woodcutters (empire; cost 4 coin; 0 pt; bonus green banner, food, sword)" in lines
    top = lines[lines.index("  One-star titans (12 cards; the top one):") + 1]
    assert top.startswith("    Manticore (titan; one-star; defence +6;")
    assert "    Trade (action space; cost nothing; 0 pt)" in lines
    # after the placement, the citizen stands on Trade, and the player has two left
    later = _last_position(out)
    assert "    Trade (action space; cost nothing; 0 pt) — player 1's citizen (skill 3)" in later
    assert "  Free: 2 citizens (skill 1; skill 2)" in later
    # the other players' camps and threats, each card with what lies on it
    assert re.search(r"player 2 \(greedy\): .* · camp: .* · threat: Young Satyr", later)
    # the greedy bots rolled damage dice, which leave no result tokens: none are shown
    assert "player 3 rolls " in out and "result tokens" not in out.lower()
    assert "Traceback" not in out


def test_a_row_shows_its_places_and_a_gap_in_the_terminal() -> None:
    game = Game.load(CARD_ROW)
    state = game.new(2, 1)
    z = next(i for i, spec in enumerate(game.zones.shared) if spec.places)
    places = game.zones.places(z)
    state.gaps[z] = [2]
    state.zones[z] = state.zones[z][: places - 1]
    lines = table_lines(game, state)
    label = game.zones.shared[z].name
    head = f"{label[:1].upper() + label[1:]} ({places - 1} of {places} places held):"
    at = lines.index(head)
    # each place says what its row prints there (`shows: row cost`), an empty place too
    assert lines[at + 2] == "  2. (row cost 1) empty"
    assert lines[at + 1].startswith("  1. (row cost 1) ") and lines[at + 3].startswith("  3. ")
    assert lines[at + 6].startswith("  6. (row cost 2) ")
    assert lines[at + 10].startswith("  10. (row cost 3) ")


def test_the_playtest_page_prints_each_places_cost_under_a_row() -> None:
    """Through the Ages' card row shows what taking the card of each place costs, 1, 2 or 3
    civil actions by the place (TTA-A2), under the card, as the board prints it."""
    game = Game.load(bundled("through_the_ages"))
    state = game.new(3, 1)
    html = tv.table_html(game, state)
    row = html[html.index(">Card row<") :]
    captions = re.findall(r'<div class="pt-caption">([^<]+)</div>', row)
    assert captions == ["row cost 1"] * 5 + ["row cost 2"] * 4 + ["row cost 3"] * 4


def test_the_terminal_and_the_playtest_page_draw_the_same_zones() -> None:
    """Over random games of each bundled pack, the zones the terminal writes are those the
    page draws, in its order, with the same counts."""
    for name in ("along_history", "the_ancient_world", "through_the_ages"):
        game = Game.load(bundled(name))
        state = game.new(3, 5)
        bot = RandomBot(5)
        for _ in range(40):
            if state.over:
                break
            html = tv.table_html(game, state)
            labels = re.findall(r'<p class="pt-label">([^<(:]+)', html)
            text = [
                re.split(r"[(:]", line)[0] for line in table_lines(game, state) if line[:1] != " "
            ]
            assert [label.strip() for label in labels] == [t.strip() for t in text], name
            state = game.apply(state, bot.choose(game, state, game.choices(state)))


def test_the_round_track_in_the_terminal() -> None:
    """`t` shows The Ancient World's six rounds, the first marked, and the heading counts them;
    Along History, whose age ends on a deck, has none and says so."""
    args = ["play", TAW, "--players", "2", "--seed", "1", "--bots", "greedy"]
    result = CliRunner().invoke(main, args, input="t\nq\n")
    assert result.exit_code == 0, result.output[-3000:]
    out = result.output
    assert "Six rounds, round 1 of 6: player 1 is active" in out
    track = out[out.index("Round track: 6 rounds") :].splitlines()
    assert track[1] == "  Round 1 (now):" and "  Round 6:" in track
    round_2 = track[track.index("  Round 2:") : track.index("  Round 3:")]
    assert "      move the first card in the covered spaces into the action spaces" in round_2
    round_6 = track[track.index("  Round 6:") :]
    assert '      each player in turn order plays "final count"' in round_6
    ah = ["play", str(bundled("along_history")), "--players", "2", "--seed", "1"]
    result = CliRunner().invoke(main, ah, input="t\nq\n")
    assert result.exit_code == 0
    assert "This game has no round track" in result.output
    assert "round 1 of" not in result.output


def test_a_player_board_reads_its_banks_sections_on_the_page_and_in_the_terminal() -> None:
    """Through the Ages' board: the tables the pack looks up with the player's own yellow and
    blue banks read what that section of the board prints now (a full yellow bank: food 2 for
    a population increase, nothing eaten; TTA-A1, E3), and the free worker is in the supply;
    an emptier bank reads another section."""
    game = Game.load(bundled("through_the_ages"))
    state = game.new(2, 1)
    html = tv.player_board_html(game, state, 0)
    assert "18 yellow bank" in html and "16 blue token" in html
    readings = re.findall(r'<span class="pt-chip">([^<]+)</span>', html)
    assert {"population cost 2", "consumption 0", "contentment 0", "corruption 0"} <= set(readings)
    assert "In the supply: " in html and "1 worker" in readings
    state.players[0].counters["yellow bank"] = 4
    html = tv.player_board_html(game, state, 0)
    assert "population cost 7" in html and "consumption 4" in html
    result = CliRunner().invoke(
        main,
        ["play", str(bundled("through_the_ages")), "--players", "2", "--seed", "1"],
        input="q\n",
    )
    assert result.exit_code == 0, result.output[-3000:]
    assert (
        "  Board reads now: population cost 2, consumption 0, contentment 0, corruption 0"
        in result.output.splitlines()
    )
    # a pack whose tables read no player's number has no such line; its supply still shows
    taw = Game.load(bundled("the_ancient_world"))
    html = tv.player_board_html(taw, taw.new(3, 1), 0)
    assert "Board reads now" not in html and "3 citizens (skill 1; skill 2; skill 3)" in html
