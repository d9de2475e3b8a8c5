"""Umpire's PostgreSQL database backend (``ENGINE = "umpire.server.pgsql"``): Django's, with a
health check that costs no round trip (``base``)."""
