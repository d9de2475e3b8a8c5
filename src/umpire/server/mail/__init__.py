"""Play by email: the three entrances (a pipe, IMAP, SMTP), one handler, and outbound mail.

- :mod:`.parse` turns a mail's raw bytes into a request (pure; no Django).
- :mod:`.replies` composes the texts sent back (pure).
- :mod:`.handler` authenticates the request and carries it out through the server's services.
- :mod:`.commands` are the entrances the command line calls (``umpire mail``, ``umpire smtpd``).
- :mod:`.outbound` sends printouts after a turn, reminders, late notices and press.

The format players write is in ``help.txt`` (the reply to HELP, mirrored in docs/email.md).
"""
