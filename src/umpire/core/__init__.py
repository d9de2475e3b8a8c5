"""The game-agnostic engine: the Ruleset contract, Chance, problems, events and the game record.

Nothing in ``umpire.core`` or ``umpire.games`` does I/O: no clock, no database, no network and
no global random. The command line and the server own storage and talk to games only through
the functions of :mod:`umpire.core.session`.
"""
