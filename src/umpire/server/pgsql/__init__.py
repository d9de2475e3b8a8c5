"""Umpire's PostgreSQL database backend (``ENGINE = "umpire.server.pgsql"``): Django's, with a
health check that costs no round trip and a cursor for prepared statements (``base``)."""
