"""The pages: players, spectators and game masters play in the browser (Django templates and
htmx). Every page reads game data through :func:`umpire.server.outputs.present`, and every
change goes through :mod:`umpire.server.usecases`, the same functions as the API and email."""
