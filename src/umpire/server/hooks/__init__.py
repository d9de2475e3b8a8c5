"""Webhooks (issue 31): a person's news as a JSON POST to an address he gave.

:mod:`.address` checks an address where it is given and again before each post (scheme,
length, host; every address its name resolves to must be a public one unless
``UMPIRE_WEBHOOKS_ALLOW_PRIVATE`` is set); :mod:`.post` makes the body (Discord, Slack or our
own envelope) and posts it to the address that was checked; :mod:`.outbox` keeps each post
as a row until it is sent, retried or given up (as the mail outbox does).
"""
