"""Reinforcements and replacements arriving at the start of each Game-Turn (10.0), the Russian
Resources Computation at the end of the Game-Turn (4.2), Lend-Lease (10.35), the German
halving for Sweden (12.1) and the end-of-Player-Turn rules on what was not placed.

Provisional core: the schedules and rates of ``core.toml`` ([reinforcements],
[replacements]). Multi-player cases: 10.31 (Russia: "Enemy" for "Axis"; no Russian
Intervention Table), 10.35, 10.44, 10.51, 10.73, 10.82-10.84, 10.91, 12.1.
"""

from __future__ import annotations

from dataclasses import replace

from umpire.core.events import Event
from umpire.games.spi_ww2 import politics
from umpire.games.spi_ww2.board import Board, said
from umpire.games.spi_ww2.charts import Charts
from umpire.games.spi_ww2.model import State


def _add(board: Board, key: str, n: int, why: str) -> Board:
    if n <= 0:
        return board
    board = board.count("pools", key, n)
    return board.say("reinforcements", f"{key.split(':')[0]}: {n} SP to place ({why}).")


def german_rate(board: Board, n: int) -> int:
    """12.1: half of each Game-Turn's Replacement or Reinforcement rate (8 lost -> 4)."""
    if board.state.flags.german_invaded_sweden or board.state.flags.sweden_halved:
        return n // 2
    return n


def arrivals(board: Board, game_turn: int) -> Board:
    """The board with the Game-Turn's reinforcements and replacements in the pools."""
    core = board.charts.core
    sched = core["reinforcements"]
    quarter = board.charts.quarter_year(game_turn)[0]
    for nat in ("GER", "ITA", "GBR", "FRA", "POL", "USSR"):
        n = sum(int(sp) for t, sp in sched.get(nat, []) if int(t) == game_turn)
        if nat == "USSR" and not _russia_at_war(board):
            n = int(n * float(sched["peacetime_fraction"]))  # 10.31 (provisional)
        if nat == "POL" and not _alive(board, "POL"):
            n = 0
        if nat == "ITA" and board.state.flags.italy_surrendered:
            n = 0
        short = board.player_of(nat) in board.state.flags.garrison_short
        repl = 0 if short else int(core["replacements"]["per_turn"].get(nat, 0))
        if nat == "GER":
            n = german_rate(board, n + repl)
        elif nat == "ITA" and not board.state.flags.italy_surrendered:
            n += repl
        board = _add(board, nat, n, "10.0 schedule (provisional)")
    if board.state.flags.garrison_short:
        board = board.set_flags(garrison_short=())
    mp = board.charts.mp["replacements"]
    if quarter == 1:
        board = _add(
            board, "GBR", int(mp["british_per_year"]), "10.44 one replacement Point per Game-Year"
        )
    board, _ = board.drop("pools", "FRA:spring")
    if quarter == int(mp["french_quarter"]):
        board = _add(
            board, "FRA:spring", int(mp["french_per_year"]), "10.91 Spring replacement Point"
        )
    board = us_arrivals(board, game_turn)
    if board.state.pools.get("USSR:resources"):
        board, n = board.drop("pools", "USSR:resources")
        board = _add(board, "USSR", n, "4.2 Russian Resources Computation")
    return board


def _russia_at_war(board: Board) -> bool:
    """10.31: "Enemy" for "Axis": the USSR at war with any player."""
    return bool(politics.enemies(board.state, "USSR"))


def _alive(board: Board, nat: str) -> bool:
    return any(
        board.state.control.get(h, "") in ("", board.player_of(nat))
        for h in board.map.of_country.get(nat, ())
        if board.map.hexes[h].capital
    )


def us_arrivals(board: Board, game_turn: int) -> Board:
    """18.0: from entry, the US track from 3/42 on; past it, 6 SP per Game-Turn. 10.51: to
    the Holding Area (five and six Players) or to place in Britain (four Players); 10.81:
    replacements (provisional rate) arrive the same way and may not be delayed (10.84)."""
    entry = board.state.us_entry
    if not entry or game_turn < entry:
        return board
    track = board.charts.core["reinforcements"]["USA_track"]
    offset = game_turn - entry
    n = (
        int(track[offset][0])
        if offset < len(track)
        else int(board.charts.mp["us_entry"]["beyond_track_sp"])
    )
    n += int(board.charts.core["replacements"]["per_turn"].get("USA", 0))
    return _add(board, "USA:due", n, "18.0 US track, 10.81 replacements")


def end_of_player_turn(board: Board, player: str) -> Board:
    """What the Player-Turn's owner left unplaced: 10.91 French Spring point lost; 10.83,
    10.84 US arrivals to the Holding Area."""
    own = politics.nationalities(board.state, board.charts, player)
    # 6.53: the aborted SP are free again next Game-Turn, and US arrivals turned back (10.83)
    if board.state.flags.spent or board.state.flags.us_aborted:
        board = board.set_flags(spent=(), us_aborted=0)
    board, _ = garrison_check(board, player)
    if "FRA" in own and board.state.pools.get("FRA:spring"):
        board, _ = board.drop("pools", "FRA:spring")
        board = board.say(
            "replacements", "The French Spring replacement Point was not taken and is lost (10.91)."
        )
    if "USA" in own and board.state.pools.get("USA:due"):
        board, n = board.drop("pools", "USA:due")
        board = board.count("holding", "USA", n).say(
            "replacements", f"{n} US SP go to the US Reinforcements Holding Area (10.83, 10.84)."
        )
    return board


def garrison_check(board: Board, player: str) -> tuple[Board, list[str]]:
    """14.4, for every player at war with Russia (provisional two-player rule): at least
    ``core.garrison.per_country`` SP in every foreign country he holds by conquest; short of
    it, his next Game-Turn's replacements are forfeit. Returns the board after, and the
    countries short."""
    if not politics.at_war(board.state, player, board.player_of("USSR")):
        return board, []
    need = int(board.charts.core["garrison"]["per_country"])
    own = set(politics.nationalities(board.state, board.charts, player))
    short = []
    for country, invaders in sorted(board.state.invaded.items()):
        if player not in invaders or country in own:
            continue
        hexes = board.map.of_country.get(country, ())
        if not any(board.state.control.get(h) == player for h in hexes):
            continue
        sp = sum(board.sp(h, n) for h in hexes for n in own)
        if sp < need:
            short.append(country)
    if short:
        board = board.set_flags(
            garrison_short=tuple(sorted({*board.state.flags.garrison_short, player}))
        )
        board = board.say(
            "garrison",
            f"{player} leaves no garrison in {', '.join(short)} (14.4): no replacements next Game-Turn.",
        )
    return board, short


def resources_computation(state: State, charts: Charts) -> tuple[State, list[Event]]:
    """4.2: at the end of the Game-Turn, Russian replacements from the Soviet Resource
    Centers the USSR controls (provisional rate), plus Lend-Lease (10.35), in the pool
    ``USSR:resources`` until the next Game-Turn's arrivals."""
    rcs = [h for h in charts.map.resource_centers("USSR") if state.control.get(h) == "USSR"]
    n = len(rcs) // int(charts.core["replacements"]["russian_per_rc"])
    giver = politics.player_of(state, charts, "USA")
    ll = (
        state.lend_lease.get(giver, 0)
        if state.us_entry and state.game_turn >= state.us_entry
        else 0
    )
    ll = min(ll, state.holding.get("USA", 0))
    holding = {**state.holding, "USA": state.holding["USA"] - ll} if ll else state.holding
    text = (
        f"Russian Resources Computation (4.2): {len(rcs)} Resource Centers give {n} SP"
        + (f", Lend-Lease {ll} SP (10.35)" if ll else "")
        + "."
    )
    pools = {**state.pools, "USSR:resources": n + ll}
    return replace(state, holding=holding, pools=pools), [said("resources", text)]
