"""The games that come with Umpire, one package each (the layout: ``games/README.md``).

Nothing here registers anything: each game package exposes ``GAME`` (a
:class:`~umpire.core.ruleset.Game`), declared as an entry point of the group ``umpire.games``
in ``pyproject.toml``; :mod:`umpire.core.registry` loads the entry points.
"""
