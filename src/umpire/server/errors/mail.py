"""The server's codes for mail: why a mail or a part of it was not read, and what became of one
inbound mail (logged; the reply says it in words)."""

from __future__ import annotations

from umpire.server.errors.catalogue import SERVER

# --- mail: why a mail or a part of it was not read --------------------------------------------

MAIL_BAD_HEADING = SERVER.declare(
    "mail/bad_heading",
    "the heading has an unknown or repeated field; write it as G-<game> T-<turn> P-<power> "
    "C-<code>",
    "The mail's heading line cannot be read; the mail is not acted on.",
)
MAIL_NO_TURN = SERVER.declare(
    "mail/no_turn", "the heading has no turn (T-<turn>)", "The heading lacks the turn."
)
MAIL_NO_CODE = SERVER.declare(
    "mail/no_code",
    "the heading has no secret code (C-<code>)",
    "The heading lacks the power's secret code.",
)
MAIL_BAD_PRESS = SERVER.declare(
    "mail/bad_press",
    "write {form} [SIGNED|ANONYMOUS]",
    "A PRESS or BROADCAST line cannot be read; its text, up to ENDPRESS, is skipped.",
)
MAIL_BEFORE_HEADING = SERVER.declare(
    "mail/before_heading",
    "text above the heading is ignored",
    "Lines above the heading (a greeting) are reported, never read as orders.",
)
MAIL_SECOND_HEADING = SERVER.declare(
    "mail/second_heading",
    "a second heading: only the first (line {first}) counts; this line was ignored",
    "A heading line after the first that names the same game, turn and power (pasted twice): "
    "ignored, never read as an order; quoted with its code masked.",
)
MAIL_TWO_HEADINGS = SERVER.declare(
    "mail/two_headings",
    "it has two headings (lines {first} and {second}) that name different games, turns or "
    "powers. One mail carries the orders of one power for one turn, so nothing in it was "
    "acted on: send each heading with its orders in a mail of its own",
    "A mail with a second heading for another game, turn or power is refused whole: the "
    "lines after it were meant for that other heading, so reading them as the first's "
    "orders (where they might well be legal) would be wrong.",
)
MAIL_BAD_MAPS = SERVER.declare(
    "mail/bad_maps",
    "write MAPS ON or MAPS OFF",
    "A MAPS line says neither ON nor OFF; the choice is left as it was.",
)
MAIL_STRAY_ENDPRESS = SERVER.declare(
    "mail/stray_endpress", "ENDPRESS without PRESS", "An ENDPRESS line closes no press."
)
MAIL_UNREADABLE = SERVER.declare(
    "mail/unreadable",
    "the mail could not be read ({error})",
    "The raw mail cannot be parsed at all; it is not answered.",
)
MAIL_NO_SENDER = SERVER.declare(
    "mail/no_sender",
    "the mail has no usable From address",
    "A mail with no address to answer; it is not answered.",
)
MAIL_AUTOMATIC = SERVER.declare(
    "mail/automatic",
    "an automatic reply or bounce; not answered",
    "Auto-replies and bounces are dropped, so that two robots never answer each other.",
)
MAIL_TOO_LARGE = SERVER.declare(
    "mail/too_large",
    "your mail is larger than {mib} MiB; send the orders as plain text without attachments",
    "A mail over the size limit is refused unread.",
)
MAIL_HTML_ONLY = SERVER.declare(
    "mail/html_only",
    "your mail has only an HTML part. The umpire reads plain text only, so that what it reads "
    "is exactly what you wrote: please set your mail program to send plain text (or plain "
    "text as well as HTML) and send the orders again.",
    "A mail with HTML and no plain text is refused; HTML is never read as orders.",
)
MAIL_NO_TEXT = SERVER.declare(
    "mail/no_text",
    "your mail has no plain-text part to read the orders from (attachments are never read: "
    "write the orders in the mail itself)",
    "A mail with no text part at all.",
)


MAIL_BAD_AWAY = SERVER.declare(
    "mail/bad_away",
    "write AWAY <first day> <last day> [G-<game>] [SITTER <user name>], or AWAY CANCEL [G-<game>]",
    "An AWAY line the umpire cannot read; nothing was declared.",
)

# --- mail: what became of one inbound mail (logged; the reply says it in words) ---------------

MAIL_MALFORMED = SERVER.declare(
    "mail/malformed",
    "the mail's data is refused by the database",
    "Outcome: a poison mail, refused for good (logged, not retried).",
)
MAIL_INTERNAL_ERROR = SERVER.declare(
    "mail/internal_error",
    "the umpire could not process the mail because of an internal error",
    "Outcome: a bug; the sender is told to send the mail again later.",
)
MAIL_DUPLICATE = SERVER.declare(
    "mail/duplicate",
    "this mail was handled already",
    "Outcome: a mail whose Message-ID was seen before is not acted on twice.",
)
MAIL_NOT_AUTHORISED = SERVER.declare(
    "mail/not_authorised",
    "the heading does not name a power the sender holds with its secret code",
    "Outcome: the game, power, code or sender do not match; the reply does not say which.",
)
MAIL_NOT_SITTING = SERVER.declare(
    "mail/not_sitting",
    "you are the sitter named for {power} in G-{game}, but you do not play it now: {why}. "
    "Nothing in your mail was acted on",
    "Outcome: the heading carries the code of an absence that names the sender as sitter, "
    "but he may not play the seat today (the absence has not begun or has ended, the game's "
    "policy is not ``sitter``, the game is not running, he holds a seat in it); nothing "
    "changes, the orders stored before stand.",
)
MAIL_NOT_FOR_SITTER = SERVER.declare(
    "mail/not_for_sitter",
    "{command} is the seat holder's own, not his sitter's: a sitter sends the seat's orders, "
    "READY and REPORT",
    "A sitter's mail (his sitter code in the heading) asked for what only the seat's holder "
    "may: NEWCODE, AWAY, JOIN, TAKEOVER, LEAVE. The command is not carried out; the rest of "
    "the mail is.",
)
MAIL_NO_HEADING = SERVER.declare(
    "mail/no_heading",
    "the mail has no heading",
    "Outcome: orders (or nothing known) without a heading; the reply explains the heading.",
)
MAIL_EMPTY = SERVER.declare(
    "mail/empty",
    "a heading but no orders, press or commands",
    "Outcome: nothing to do in the mail.",
)
MAIL_HELP = SERVER.declare(
    "mail/help", "help sent", "Outcome: the mail asked for HELP; the reply is the help text."
)
MAIL_LIST = SERVER.declare(
    "mail/list",
    "games listed",
    "Outcome: the mail asked to LIST the sender's games and powers.",
)
MAIL_JOINED = SERVER.declare(
    "mail/joined",
    "joined",
    "Outcome: the JOIN command enrolled the sender in a game (or put him on standby).",
)
MAIL_JOIN_UNCONFIRMED = SERVER.declare(
    "mail/join_unconfirmed",
    "a JOIN by mail is carried out only with the confirmation code mailed to your address",
    "Outcome: a JOIN without a heading and without (or with a wrong or old) confirmation code; "
    "nothing changed, and the account's address was mailed the code to add as the JOIN's "
    "last choice (`CONFIRM-<code>`), since a mail's From can be forged.",
)
MAIL_HELP_LIST = SERVER.declare(
    "mail/help_list",
    "help sent and games listed",
    "Outcome: the mail asked for both HELP and LIST.",
)
MAIL_TAKEOVER = SERVER.declare(
    "mail/takeover",
    "takeover done or asked for",
    "Outcome: the TAKEOVER command gave the sender the offered seat, or (where the game master "
    "approves takeovers) asked for it.",
)
MAIL_TAKEOVER_UNCONFIRMED = SERVER.declare(
    "mail/takeover_unconfirmed",
    "a TAKEOVER by mail is carried out only with the confirmation code mailed to your address",
    "Outcome: a TAKEOVER without a heading and without (or with a wrong or old) confirmation "
    "code; nothing changed, and the account's address was mailed the code to add "
    "(`CONFIRM-<code>`), since a mail's From can be forged.",
)
MAIL_LEFT = SERVER.declare(
    "mail/left",
    "left the game",
    "Outcome: the LEAVE command gave up the sender's power in a running game (the power is "
    "offered to a new player) or withdrew his sign-up from a game not yet started.",
)
MAIL_LEAVE_UNCONFIRMED = SERVER.declare(
    "mail/leave_unconfirmed",
    "a LEAVE by mail is carried out only with the confirmation code mailed to your address",
    "Outcome: a LEAVE without a heading and without (or with a wrong or old) confirmation "
    "code; nothing changed, and the account's address was mailed the code to add "
    "(`CONFIRM-<code>`), since a mail's From can be forged.",
)
PRESS_SENT = SERVER.declare("press/sent", "press sent", "Outcome: the mail's press was sent.")
ORDERS_STORED = SERVER.declare(
    "orders/stored", "orders stored", "Outcome: the mail's orders were all accepted."
)
ORDERS_PROBLEMS = SERVER.declare(
    "orders/problems",
    "orders stored with problems",
    "Outcome: the orders were stored, but some lines had problems (listed in the reply).",
)
ORDERS_KEPT = SERVER.declare(
    "orders/kept",
    "no order line accepted; the earlier orders stand",
    "Outcome: every order line of the mail was refused, so the mail changed no orders (a typo "
    "or a stray line must not withdraw orders sent earlier; a line CLEAR, or ORDERS alone, "
    "withdraws them).",
)
ORDERS_READY = SERVER.declare(
    "orders/ready", "marked ready", "Outcome: the READY command was taken."
)
REPORT_SENT = SERVER.declare(
    "report/sent", "report sent", "Outcome: the REPORT command's printout was sent."
)
MAPS_SET = SERVER.declare(
    "maps/set",
    "the choice of maps in printout mails was set",
    "Outcome: the MAPS ON or MAPS OFF command (or the account page's checkbox) set whether "
    "the player's printout mails carry the turn's map.",
)
CODE_ROTATED = SERVER.declare(
    "code/rotated",
    "a new seat code was sent to your registered address",
    "Outcome: the NEWCODE command (or the game page's button) replaced the seat's secret "
    "code; the old one no longer authenticates mail.",
)
