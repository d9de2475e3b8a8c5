"""National Objectives (19.0-19.2, 13.0): control, normalization and Victory Points.

- 19.11 "C": control of a country: a pre-war possession or satellite never invaded by a
  hostile force; else every hostile force gone, every hex passed through or held in an
  effective zone of control by the player (``control``), and at least one SP of his as a
  garrison; no ally who could score control there with forces above 50% of his; the USSR
  solely by all Soviet Resource Centers and the garrison of 14.4. Units out of supply at the
  very end are removed before control is judged. No shared control.
- 19.12 "N": no hostile forces in the country; allies may score N where another ally controls,
  a player at war with the controller may not.
- 19.13: a major power whose home country has more than half its hexes under hostile control
  scores nothing.
- 19.2: a player with two identities scores the German or the US column, or his secretly
  recorded synthesis.
"""

from __future__ import annotations

from collections.abc import Mapping

from umpire.core.recent import Recent
from umpire.games.spi_ww2 import politics
from umpire.games.spi_ww2.board import Board

SATELLITE_OF = "GER"  # 16.12: the pro-Axis minors are the German Player's satellites


def column(board: Board, player: str) -> dict[str, str]:
    """The player's objectives: his own column, the German or US column (19.2), or his
    synthesis."""
    if player in board.state.objectives:
        return dict(board.state.objectives[player])
    chart = board.charts.mp["objectives"]
    nats = [
        n for n in politics.nationalities(board.state, board.charts, player) if n in politics.MAJORS
    ]
    col = "USA" if "USA" in nats else nats[0] if nats else player
    i = chart["columns"].index(col)
    return {c: row[i] for c, row in chart["rows"].items() if row[i]}


def remove_unsupplied(board: Board) -> tuple[Board, list[str]]:
    """19.11: units out of supply at the very end are removed before control is judged: the
    board after, and what was removed."""
    from umpire.games.spi_ww2.supply import supplied

    gone = []
    for nat in sorted({n for u in board.state.units.values() for n in u}):
        if nat == "USA" and not board.state.us_entry:
            continue
        fed = supplied(board, nat)
        for hid in [h for h, u in board.state.units.items() if nat in u and h not in fed]:
            gone.append(f"{nat} {board.sp(hid, nat)} SP at {hid}")
            board = board.remove(hid, nat, board.sp(hid, nat))
    if gone:
        board = board.say(
            "supply",
            "Out of supply at the end, removed before judging control (19.11): "
            + "; ".join(gone)
            + ".",
        )
    return board, gone


def forces(board: Board, country: str, player: str, own: bool = False) -> int:
    """The player's SP in the country; ``own``: of his major nationalities only, not the
    minor armies he operates (20.0: operation "does not mean control in a Victory Point
    sense", so they neither garrison a country for him nor count in the 50% rule)."""
    return sum(
        sp
        for h in board.map.of_country.get(country, ())
        for n, sp in board.state.units.get(h, {}).items()
        if board.player_of(n) == player and (not own or n in politics.MAJORS)
    )


def hostile_forces(board: Board, country: str) -> set[str]:
    """19.12: the players with units in the country who invaded it or fought its units."""
    return {p for p in board.state.invaded.get(country, ()) if forces(board, country, p) > 0}


def prewar_player(board: Board, country: str) -> str:
    owner = board.map.owner(country)
    if owner:
        return board.player_of(owner)
    if politics.pro_axis(board.charts, country):
        return board.player_of(SATELLITE_OF)
    return ""


def could_control(board: Board, player: str, country: str) -> bool:
    """19.11: could this player receive points for controlling the country? Read from the
    printed columns of his nationalities (a secret synthesis is not consulted, 19.2)."""
    chart = board.charts.mp["objectives"]
    row = chart["rows"].get(country, [])
    for nat in politics.nationalities(board.state, board.charts, player):
        if nat in chart["columns"] and row and row[chart["columns"].index(nat)].startswith("C"):
            return True
    return False


def controller(board: Board, country: str) -> str:
    """19.11: who controls ``country`` ("" for nobody)."""
    if country == "USSR":
        return _ussr_controller(board)
    pre = prewar_player(board, country)
    invaders = {p for p in board.state.invaded.get(country, ()) if p != pre}
    if pre and not invaders:
        return pre  # a pre-war possession or satellite never invaded
    hexes = board.map.of_country.get(country, ())
    candidates = {board.state.control.get(h, "") for h in hexes}
    if len(candidates) != 1:
        return ""
    player = candidates.pop()
    if not player or forces(board, country, player, own=True) < 1:
        return ""  # the garrison
    if any(politics.at_war(board.state, player, p) for p in hostile_forces(board, country)):
        return ""
    mine = forces(board, country, player, own=True)
    for ally in board.state.players:
        if ally == player or politics.at_war(board.state, ally, player):
            continue
        if (
            could_control(board, ally, country)
            and forces(board, country, ally, own=True) * 2 > mine
        ):
            return ""  # 19.11: the 50% rule
    return player


def _ussr_controller(board: Board) -> str:
    rcs = board.map.resource_centers("USSR")
    holders = {board.state.control.get(h, "") for h in rcs}
    if len(holders) != 1:
        return ""
    player = holders.pop()
    need = int(board.charts.core["garrison"]["per_country"])
    if all(
        sum(sp for n, sp in board.state.units.get(h, {}).items() if board.player_of(n) == player)
        >= need
        for h in rcs
    ):
        return player
    return ""


def home_lost(board: Board, player: str) -> bool:
    """19.13: more than half the hexes of a home country under hostile control."""
    for nat in politics.nationalities(board.state, board.charts, player):
        hexes = board.map.of_country.get(nat, ()) if nat in politics.MAJORS else ()
        if not hexes:
            continue
        hostile = sum(
            1 for h in hexes if politics.at_war(board.state, player, board.state.control.get(h, ""))
        )
        if hostile * 2 > len(hexes):
            return True
    return False


def score(
    board: Board, only: str | None = None, held: Mapping[str, str] | None = None
) -> tuple[dict[str, int], list[str]]:
    """Victory Points of every player (or of ``only``), and the lines explaining them;
    ``held``: :func:`holders` of the board, where the caller has it already."""
    if held is None:
        held = holders(board)
    who = [only] if only else list(board.state.players)
    columns = {p: column(board, p) for p in who}
    points = {p: 0 for p in who}
    lines = []
    for p in who:
        if home_lost(board, p):
            lines.append(
                f"{p}: home country more than half under hostile control: no points (19.13)."
            )
            continue
        for c, entry in sorted(columns[p].items()):
            value = int(entry[1:])
            if entry[0] == "C" and held.get(c) == p:
                points[p] += value
                lines.append(f"{p}: controls {c} +{value}")
            elif entry[0] == "N" and not hostile_forces(board, c):
                holder = held.get(c, "")
                if normalized(board, c, p, holder):
                    points[p] += value
                    lines.append(f"{p}: {c} normalized +{value}")
                else:
                    lines.append(
                        f"{p}: {c} normalized but controlled by {holder}, at war with {p}: "
                        "0 (19.12: only allies score both)"
                    )
    return points, lines


def holders(board: Board) -> dict[str, str]:
    """19.11: the controller of each country of the Objectives chart ("" for nobody)."""
    return {c: controller(board, c) for c in sorted(board.charts.mp["objectives"]["rows"])}


# Per finished state and charts, who controls each country: a turn's views (one per player,
# each scoring his own column) read the same finished state (umpire.core.recent).
_held_of: Recent[dict[str, str]] = Recent()


def holders_of_finished(board: Board) -> dict[str, str]:
    """:func:`holders` of a finished state's board (a view's: never of a board a step is still
    changing), worked out once per state."""
    known = _held_of.get(board.state, board.charts)
    if known is not None:
        return known
    return _held_of.put(holders(board), board.state, board.charts)


def normalized(board: Board, country: str, player: str, holder: str) -> bool:
    """19.12 for ``player``: no hostile forces in the country (a controller who conquered it
    is one), and "a country can be both normalized and controlled if the Players receiving
    points for those conditions are allies": no controller (``holder``) at war with him (the
    Egypt example: "assuming the U.S. and Britain were non-hostile towards each other")."""
    if hostile_forces(board, country):
        return False
    return not holder or not politics.at_war(board.state, player, holder)
