"""Play by email: the three entrances (a pipe, IMAP, SMTP), one handler, and outbound mail.

- :mod:`.parse` turns a mail's raw bytes into a request (pure; no Django).
- :mod:`.replies` composes the texts sent back (pure).
- :mod:`.handler` authenticates the request and carries it out through the server's use
  cases (:mod:`umpire.server.usecases`).
- :mod:`.commands` are the entrances the command line calls (``umpire mail``, ``umpire smtpd``).
- :mod:`.outbound` composes printouts after a turn, welcomes, press, the game master's
  notices, reminders and late notices (the use cases call its notifications explicitly).
- :mod:`.outbox` keeps every mail until the mail worker has sent it.

The format players write is in ``help.txt`` (the reply to HELP, mirrored in docs/email.md).
"""
