"""Umpire: moderates multi-player strategic wargames played by mail, email and web."""

__version__ = "0.1.0"
