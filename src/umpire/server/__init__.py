"""The moderation service: a Django project that stores games and serves players.

The engine (:mod:`umpire.core`, :mod:`umpire.games`) never imports this package. Everything a
player reads leaves through :func:`umpire.server.outputs.present`, the one choke point that
applies the game's view and printout for that player.
"""
