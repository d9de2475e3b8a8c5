"""Shared test set-up: the toy game is registered for every test."""

from tests.support.toygame import PEBBLES
from umpire.core import registry

registry.register(PEBBLES)
