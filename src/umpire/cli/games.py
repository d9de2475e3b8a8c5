"""``umpire games [GAME [SCENARIO]]``: the games installed and their scenarios."""

from __future__ import annotations

import argparse
import textwrap
from typing import TextIO

from umpire.cli.records import (
    EXIT_OK,
    CliError,
)
from umpire.core import registry
from umpire.core.registry import UnknownGame
from umpire.core.ruleset import ScenarioInfo

POWERS_LISTED = 30  # a scenario with more powers is summarised by ``umpire games``
WIDTH = 78


def cmd_games(args: argparse.Namespace, out: TextIO) -> int:
    """Every game and scenario, one summary each; a scenario's powers are listed in full when
    there are few (a world game seats one of some 200 starting spaces: it gives their count,
    how players choose theirs, and the command that lists them), or when the game is named."""
    if args.game is None:
        rulesets = registry.all_games()
    else:
        try:
            rulesets = [registry.get(args.game)]
        except UnknownGame as err:
            raise CliError(str(err)) from err
    for ruleset in rulesets:
        info = ruleset.info
        scenarios = info.scenarios
        if args.scenario is not None:
            try:
                scenarios = (info.scenario(args.scenario),)
            except KeyError as err:
                raise CliError(str(err.args[0])) from err
        aliases = f" (also: {', '.join(info.aliases)})" if info.aliases else ""
        out.write(f"{info.name}: {info.title}{aliases}\n")
        for sc in scenarios:
            out.write(_scenario_summary(info.name, sc, full=args.game is not None))
    return EXIT_OK


def _scenario_summary(game: str, sc: ScenarioInfo, *, full: bool) -> str:
    players = (
        f"{sc.min_players}"
        if sc.min_players == sc.max_players
        else f"{sc.min_players}-{sc.max_players}"
    )
    head = f"  {sc.name}: {sc.title}; {players} players"
    ruleset = registry.get(game, sc.name)
    seating = registry.game(game).capabilities(sc.name).seating
    chosen = (
        f"players choose theirs when they join: {seating.preferences_help}"
        if seating is not None
        else ""
    )
    if len(sc.powers) <= POWERS_LISTED and not full:
        return f"{head}; powers {' '.join(sc.powers)}\n" + (
            textwrap.fill(chosen, WIDTH, initial_indent=" " * 6, subsequent_indent=" " * 6) + "\n"
            if chosen
            else ""
        )
    lines = [head]
    count = f"{len(sc.powers)} powers" + (f"; {chosen}" if chosen else "")
    lines.append(textwrap.fill(count, WIDTH, initial_indent=" " * 6, subsequent_indent=" " * 8))
    default = sc.default_powers or sc.powers
    choices = dict(getattr(ruleset, "preference_choices", ()))
    if full and choices:  # one a line: code, and what a player choosing it gets (a price)
        lines.append("      the price list (code, position and turn fee):")
        lines += [f"      {p:<5} {choices.get(p, '')}".rstrip() for p in sc.powers]
    elif full and sc.names:  # one a line: code and name
        names = dict(sc.names)
        lines += [f"      {p:<5} {names.get(p, '')}".rstrip() for p in sc.powers]
    elif full:
        lines.append(textwrap.fill(" ".join(sc.powers), WIDTH, initial_indent=" " * 6,
                                   subsequent_indent=" " * 6))  # fmt: skip
    else:
        lines.append(f"      umpire games {game} {sc.name} lists them all")
    lines.append(
        textwrap.fill(
            f"umpire new without --powers seats {len(default)}: {' '.join(default)}",
            WIDTH,
            initial_indent=" " * 6,
            subsequent_indent=" " * 8,
        )
    )
    return "\n".join(lines) + "\n"
