"""What players and game masters do to a game: the server's use cases, over the engine's
session functions. Every entrance (the JSON API, the pages, mail, the command line's server
commands) calls these, and nothing else changes a game.

One module per use case, in layers (imports point down only; import-linter checks it):

- :mod:`~.gm` and :mod:`~.lifecycle`: the game master's actions; creating, joining, starting.
- :mod:`~.game_settings`: the game master changes a created game's settings, within limits.
- :mod:`~.orders`, :mod:`~.press`, :mod:`~.results`: orders and readiness; press; votes and
  declared results.
- :mod:`~.turns`: deadlines, queuing and processing turns (and the worker's tasks).
- :mod:`~.seating`, :mod:`~.seats`: who holds which power at the start; seats changing hands.
- :mod:`~.takeover` over :mod:`~.offers`: seats offered to a new player (missed turns, a
  player gone) and taken over by one (issue 31, replacements).
- :mod:`~.leaving`: a player leaves a game himself (his sign-up withdrawn before the start,
  his seat given up and offered once it runs).
- :mod:`~.common`: the locked game row, a user's seat, the audit log, permissions.

Mail is never sent by a side effect: the use case that causes the news calls
:mod:`umpire.server.mail.outbound`'s notifications in its own transaction.
"""
