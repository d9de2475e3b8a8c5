"""The server's problem codes, declared once (:class:`umpire.core.errors.Catalogue`).

Every code the server sends (an API error body ``{"code", "message"}``, a mail reply, a web
page's error, the outcome logged for an inbound mail) is declared here with its message
template and the HTTP status a request refused with it is answered with (``status``, 400
unless declared: :func:`status_of`, the one table the API, the pages' JSON answers and the
API's error middleware read); codes the engine declares (``game/over``, ``turn/stale``,
``turn/none``, ``game/unknown_power``, ``game/unknown_scenario``) are core's and used from
:mod:`umpire.core.errors`, with their status declared there. ``docs/errors.md`` is generated
from this catalogue, and a test fails when a ``family/name`` literal in the server's sources
is not declared.

>>> str(refuse(GAME_NOT_FOUND, game_id=7))
'no game 7'
>>> refuse(GAME_NOT_FOUND, game_id=7).code
'game/not_found'
"""

from __future__ import annotations

from typing import Any

from umpire.core.errors import CORE, Catalogue, Code
from umpire.core.session import SessionError

SERVER = Catalogue("server", answers=True)


def refuse(code: Code, **fields: Any) -> SessionError:
    """The error a request is refused with: ``code`` with its message filled in."""
    return SessionError.of(code, **fields)


def status_of(code: str) -> int:
    """The HTTP status of a refusal with ``code``, as declared with it (here or in core's
    catalogue); 400 for a code of a game's (an order the game refuses).

    >>> status_of("game/not_found"), status_of("turn/stale"), status_of("order/unknown_space")
    (404, 409, 400)
    """
    for catalogue in (SERVER, CORE):
        if code in catalogue:
            return catalogue[code].status
    return 400


# --- accounts and authentication ----------------------------------------------------------

ACCOUNT_INVALID = SERVER.declare(
    "account/invalid",
    "a user name is needed",
    "A new account needs a user name.",
)
ACCOUNT_WEAK_PASSWORD = SERVER.declare(
    "account/weak_password",
    "this password is refused: {problems}",
    "Every password (API registration, the sign-up, change and reset pages, `umpire "
    "creategm`) passes Django's validators: at least 8 characters, not a common password, "
    "not like the user name or address, not digits only. The message lists what was wrong.",
)
ACCOUNT_THROTTLED = SERVER.declare(
    "account/throttled",
    "too many sign-ups from your address or for this mail address: try again in an hour",
    "Registrations are limited per client address and per mail address named (as the "
    "sign-up page's are); nothing was created and nothing was mailed.",
    status=429,
)
ACCOUNT_TAKEN = SERVER.declare(
    "account/taken",
    "the user name {username!r} is taken",
    "Another account already has this user name.",
    status=409,
)
ACCOUNT_EMAIL_TAKEN = SERVER.declare(
    "account/email_taken",
    "another account has this address",
    "An address belongs to one account only (case-insensitive); said only to the operator's "
    "commands, never to an anonymous sign-up (which mails the address's owner instead).",
)
ACCOUNT_NOT_FOUND = SERVER.declare(
    "account/not_found",
    "no user {username!r}",
    "No account has the user name given.",
    status=404,
)
AUTH_BAD_CREDENTIALS = SERVER.declare(
    "auth/bad_credentials",
    "unknown user name or wrong password",
    "Logging in failed; which of the two was wrong is not said.",
    status=401,
)
AUTH_REQUIRED = SERVER.declare(
    "auth/required",
    "a valid bearer token is needed",
    "An API call that needs a user came without a valid token (none, unknown, revoked or expired).",
    status=401,
)
AUTH_LOGGED_OUT = SERVER.declare(
    "auth/logged_out",
    "you are not logged in (a session ends when you log out or it expires): nothing was received",
    "A page sent something (orders from the game page) without a logged-in session.",
    status=401,
)
AUTH_THROTTLED = SERVER.declare(
    "auth/throttled",
    "too many failed logins from your address: try again in a few minutes",
    "Failed logins are limited per client address (10 a minute over all accounts, "
    "`UMPIRE_LOGIN_FAILURES` on one account in 5 minutes); further attempts from that address, "
    "right or wrong, are refused until the window has passed. Other addresses, the owner's "
    "among them, are not held back.",
    status=429,
)
AUTH_GUARDED = SERVER.declare(
    "auth/account_guarded",
    "this account has had many failed logins from elsewhere, so it lets in only devices it "
    "has logged in from before: log in from one of them, or use the pages' \"Forgot your "
    'password?" (the mailed link logs you in)',
    "An account whose failed logins from many client addresses passed "
    "`UMPIRE_ACCOUNT_FAILURES` in the last hour takes the right password only from a client "
    "address it logged in from before; elsewhere the owner comes in by the password reset's "
    "one-time link.",
    status=403,
)
AUTH_EMAIL_UNVERIFIED = SERVER.declare(
    "auth/email_unverified",
    "confirm your email address first: follow the link in the mail sent to it",
    "An account whose address is not verified gets no token (the pages send the mail again "
    "at login).",
    status=403,
)
CONFIRM_INVALID = SERVER.declare(
    "auth/confirm_invalid",
    "this confirmation key is unknown, expired or already used",
    "The key of an address confirmation mail did not confirm anything.",
)
TOKEN_NOT_FOUND = SERVER.declare(
    "token/not_found",
    "no token {token_id} of yours",
    "The token to revoke does not exist or belongs to another account.",
    status=404,
)

# --- notifications: webhooks and channel choices --------------------------------------------

HOOK_REFUSED = SERVER.declare(
    "hook/refused",
    "this webhook address is refused: {problem}",
    "A webhook address is checked where it is given and again before every post: https:// "
    "only, at most 500 characters, a host and no user or password, and every address its "
    "host resolves to a public one (loopback, private, link-local, multicast, reserved and "
    "unspecified addresses are refused unless the site allows them). The message says which "
    "check failed.",
)
HOOK_BAD_FORMAT = SERVER.declare(
    "hook/bad_format",
    "no webhook format {format!r} (formats: {formats})",
    "A webhook's format is the body its receiver takes: discord, slack or json.",
)
HOOK_TOO_MANY = SERVER.declare(
    "hook/too_many",
    "at most {limit} webhooks per account",
    "An account may keep a few webhooks; delete one to add another.",
    status=409,
)
HOOK_TEST_THROTTLED = SERVER.declare(
    "hook/test_throttled",
    "a test post to this webhook was made less than a minute ago: wait a little",
    "One test post per webhook a minute, so that the button cannot make the site post "
    "to an address over and over.",
    status=429,
)
HOOK_NOT_FOUND = SERVER.declare(
    "hook/not_found",
    "no webhook {hook_id} of yours",
    "The webhook to delete or test does not exist or belongs to another account.",
    status=404,
)
NOTIFY_BAD_CHOICE = SERVER.declare(
    "notify/bad_choice",
    "no kind of news {name!r} to choose",
    "The channel choices name a kind of news or a channel that does not exist.",
)

# --- the API's requests ---------------------------------------------------------------------

REQUEST_INVALID = SERVER.declare(
    "request/invalid",
    "{problem}",
    "The request body or parameters do not fit the API's schema; the message names the first "
    "bad field (`field: problem`) where it can.",
    status=422,
)
REQUEST_TOO_LARGE = SERVER.declare(
    "request/too_large",
    "the request body is limited to {kib} KiB",
    "A request body over the size limit is refused unread.",
    status=413,
)
REQUEST_TIMEOUT = SERVER.declare(
    "request/timeout",
    "the request body did not arrive within {seconds} s",
    "The body a request announced (`Content-Length`) did not arrive within the web server's "
    "body timeout (the `UMPIRE_WEB_BODY_TIMEOUT` setting); the request was not handled.",
)
REQUEST_NOT_FOUND = SERVER.declare(
    "request/not_found",
    "no such resource",
    "The address names no API resource.",
    status=404,
)
REQUEST_METHOD = SERVER.declare(
    "request/method_not_allowed",
    "{method} is not allowed here (allowed: {allowed})",
    "The address exists but does not take this HTTP method; the `Allow` header lists those "
    "it takes.",
    status=405,
)
SERVER_ERROR = SERVER.declare(
    "server/error",
    "internal error; it has been logged",
    "A bug: the request failed inside the server and nothing of it is kept.",
    status=500,
)

# --- games ------------------------------------------------------------------------------------

GAME_NOT_FOUND = SERVER.declare(
    "game/not_found", "no game {game_id}", "No game has this id.", status=404
)
GM_FORBIDDEN = SERVER.declare(
    "gm/forbidden",
    "only {who} may {what}",
    "Only a game master (for a game: its own game master) may do this.",
    status=403,
)
GM_CANNOT_CREATE = SERVER.declare(
    "gm/cannot_create",
    "you may not create games yet: {why}",
    "Creating a game needs an account with a verified address (the site's default), or, "
    "where the operator keeps creation to game masters (``UMPIRE_GAME_CREATION``), the "
    "game-master flag; the message says which is missing.",
    status=403,
)
GAME_UNKNOWN = SERVER.declare(
    "game/unknown",
    "{reason}",
    "The game named is not installed (the message lists those that are) or failed to load.",
)
GAME_BAD_SETTINGS = SERVER.declare(
    "game/bad_settings",
    "{where}: {problem}",
    "A new game's settings are refused; the message names the first bad key "
    "(`settings` or `settings.rules`). Nothing is created.",
)
GAME_BAD_REQUEST = SERVER.declare(
    "game/bad_request",
    "{problem}",
    "A game request is malformed: a name over the length limit, an unknown way of assigning "
    "powers, a power or user assigned twice.",
)
GAME_STARTED = SERVER.declare(
    "game/started",
    "the game has already started",
    "The game is past forming.",
    status=409,
)
GAME_NO_PLAYERS = SERVER.declare(
    "game/no_players",
    "nobody has joined the game yet: it starts once players have joined or the game master "
    "has assigned powers to players",
    "The game master started a game in which no player would hold a power (bots alone are "
    "not a game on the server: at least one player must hold a power).",
    status=409,
)
GAME_NOBODY_SEATED = SERVER.declare(
    "game/nobody_seated",
    "{names} joined, but the game found none of them a seat from their choices (all taken, "
    "or over a maximum fee): they may change their choices ({help})",
    "The game master started a game that seats its players from their own choices (World "
    "Wide Battle Plan) and not one of those who joined could be seated: the game is not "
    "started, and the message names who joined.",
)
GAME_TOO_FEW_PLAYERS = SERVER.declare(
    "game/too_few_players",
    "{scenario} is played by at least {least} players; {count} would play ({joined} joined, "
    "{bots} bots): wait for more players, or let bots play the unassigned powers",
    "The game master started a game with fewer players (joined, and bots if they fill the "
    "empty seats) than its scenario is played with; a power left vacant is no player.",
    status=409,
)
GAME_NOT_STARTED = SERVER.declare(
    "game/not_started",
    "the game has not started yet",
    "The game is still forming.",
    status=409,
)
GAME_NOT_RUNNING = SERVER.declare(
    "game/not_running",
    "the game is {status}",
    "The game is not running (forming, paused or finished) and cannot do this now.",
    status=409,
)
SEAT_ALREADY = SERVER.declare(
    "seat/already",
    "{who} already {holds} a power in this game",
    "A user holds at most one power in a game.",
    status=409,
)
SEAT_NONE = SERVER.declare(
    "seat/none",
    "you hold no power in this game",
    "Only a player of the game may do this.",
    status=403,
)
SEAT_NO_STANDBY = SERVER.declare(
    "seat/no_standby", "nobody is standing by", "No standby player to hand the power to."
)
SEAT_UNRELIABLE = SERVER.declare(
    "seat/unreliable",
    "this game asks for {limit}; you have {what}",
    "The game master set a minimum reliability (``min_reliability``, a percentage of turns "
    "with orders in time) or a maximum number of missed turns (``max_missed``) to join the "
    "game; the message says which and the player's own figure (his profile page shows the "
    "turns that counted). A player with no turn due yet meets any minimum reliability.",
    status=403,
)
STANDBY_POOL_ONLY = SERVER.declare(
    "seat/standby_pool_only",
    "this game takes standbys from the pool: volunteer for any {game} {scenario} game "
    "(POST /standby), not for this one",
    "A game with the ``standby_pool`` setting: a standby may not choose the game he stands by "
    "for (Battle Plan: 'you may NOT specify in WHICH game you want to be a standby').",
)
STANDBY_NO_GAME = SERVER.declare(
    "seat/no_game_for_standby",
    "no running {game} {scenario} game takes standbys from the pool now",
    "Volunteering as a standby when no running game of that kind has the ``standby_pool`` "
    "setting (or all of them already have you).",
    status=409,
)
SEAT_NOT_OFFERED = SERVER.declare(
    "seat/not_offered",
    "{power} in this game is not offered to a new player",
    "A takeover names a seat that is not on the list of games needing a player: its player "
    "has not missed the game's number of turns in a row (``offer_after_missed``) nor left, "
    "he has ordered again since, the game is not running, or someone took it over already.",
    status=409,
)
SEAT_TAKEOVER_PENDING = SERVER.declare(
    "seat/takeover_pending",
    "{power} in this game already awaits the game master's answer to another player's request",
    "The game asks its game master to approve takeovers (``takeover_approval``) and another "
    "player asked for this seat first; it stays offered if the game master refuses him.",
    status=409,
)
SEAT_NO_REQUEST = SERVER.declare(
    "seat/no_request",
    "nobody asked to take over {power}",
    "The game master approved or refused a takeover of a seat nobody asked for (it was "
    "withdrawn, decided already, or the player ordered again).",
    status=409,
)
GM_UNKNOWN_ACTION = SERVER.declare(
    "gm/unknown_action", "unknown action {action!r}", "A game master action not known."
)
GM_BAD_REQUEST = SERVER.declare(
    "gm/bad_request",
    "extend by a positive number of minutes, at most {most}",
    "A deadline extension must be a positive number of minutes up to the limit.",
)

# --- orders, press, votes, outputs ------------------------------------------------------------

ORDERS_BAD_SOURCE = SERVER.declare(
    "orders/bad_source",
    "source must be one of {sources}",
    "Orders came by a channel the server does not know.",
)
ORDERS_TOO_LARGE = SERVER.declare(
    "orders/too_large",
    "orders are limited to {kib} KiB; nothing was stored",
    "An order text over the server's size limit is refused whole.",
    status=413,
)
ORDERS_NOT_DUE = SERVER.declare(
    "orders/not_due",
    "{power} has no orders to give in {label}",
    "The turn does not wait for this power's orders (another power's retreats or builds): "
    "there is nothing of his to read or draw.",
    status=403,
)
ORDERS_NONE = SERVER.declare(
    "orders/none",
    "submit orders before marking yourself ready",
    "A power with no orders for the turn cannot be marked ready.",
)
PRESS_CLOSED = SERVER.declare(
    "press/closed",
    "press is open only while the game runs",
    "No press while the game forms, is paused or is over.",
)
PRESS_NONE = SERVER.declare("press/none", "this game allows no press", "The game has no press.")
PRESS_NOT_IN_SCENARIO = SERVER.declare(
    "press/not_in_scenario",
    "the {scenario} scenario allows no free press: players speak only through their orders",
    "The scenario's rules forbid free press between players (e.g. Battle Plan's Anonymous "
    "game: message orders only); every entrance refuses it.",
)
PRESS_BROADCAST_ONLY = SERVER.declare(
    "press/broadcast_only",
    "this game allows press to all powers only",
    "The game's press is broadcast only: no private messages.",
)
PRESS_SIGNED_ONLY = SERVER.declare(
    "press/signed_only",
    "this game does not allow anonymous press",
    "The game's press is always signed.",
)
PRESS_EMPTY = SERVER.declare("press/empty", "the message is empty", "Press with no text.")
PRESS_TOO_LONG = SERVER.declare(
    "press/too_long",
    "press is at most {most} characters; this message has {chars}",
    "Press longer than the API's limit, from any entrance (a mail's press block included).",
)
PRESS_THROTTLED = SERVER.declare(
    "press/throttled",
    "you have sent {most} press messages in the last hour, the most one player may: try "
    "again in {minutes} minute(s)",
    "Press is limited per player (account) over all his games: `UMPIRE_PRESS_PER_HOUR` "
    "messages in any hour (default 60). Nothing was sent; the API answers 429. The game "
    "master's press as the umpire is not limited.",
    status=429,
)
PRESS_NO_RECIPIENTS = SERVER.declare(
    "press/no_recipients",
    "name the recipients, or 'all'",
    "Private press must name whom it is for.",
)
VOTE_NOT_OFFERED = SERVER.declare(
    "vote/not_offered", "this game has no draw votes", "The game's rules have no draw vote."
)
VOTE_UNKNOWN = SERVER.declare(
    "vote/unknown", "vote 'draw' or 'concede'", "A vote is for a draw or a concession."
)
VOTE_ELIMINATED = SERVER.declare(
    "vote/eliminated", "{power} is out of the game", "An eliminated power has no vote."
)
TURN_UNKNOWN = SERVER.declare(
    "turn/unknown",
    "no processed turn {at} (turns 0..{last})",
    "The turn asked for has not been processed.",
    status=404,
)
VIEW_FORBIDDEN = SERVER.declare(
    "view/forbidden",
    "{reason}",
    "The viewer may not see this: spectators see the public facts only, and a power sees "
    "only its own receipts.",
    status=403,
)

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

# --- absences (issue 31) ------------------------------------------------------------------

AWAY_BAD_DATE = SERVER.declare(
    "away/bad_date",
    "{text!r} is not a date: write it as YYYY-MM-DD (2026-12-24)",
    "An absence's first and last days are ISO dates.",
)
AWAY_BAD_RANGE = SERVER.declare(
    "away/bad_range",
    "the absence ends ({end}) before it starts ({start})",
    "The last day of an absence comes on or after its first.",
)
AWAY_PAST = SERVER.declare(
    "away/past",
    "the absence starts in the past ({start}; today is {today}, UTC)",
    "An absence is declared before it starts (today at the earliest).",
)
AWAY_TOO_LONG = SERVER.declare(
    "away/too_long",
    "an absence lasts at most {days} days (this one: {length})",
    "A longer absence is a case for the game master (a replacement), not a declaration.",
)
AWAY_TOO_FAR = SERVER.declare(
    "away/too_far",
    "an absence starts at most {days} days ahead",
    "Absences are declared for the coming months, not years ahead.",
)
AWAY_TOO_MANY = SERVER.declare(
    "away/too_many",
    "you have {count} absences declared that have not ended (at most {most}): cancel one first",
    "A cap on the absences an account has declared that have not ended.",
    status=409,
)
AWAY_NO_GAME = SERVER.declare(
    "away/no_game",
    "you hold no seat in a running game{where}",
    "An absence is declared for a game one plays (or for all of them: at least one).",
    status=409,
)
AWAY_BAD_SITTER = SERVER.declare(
    "away/bad_sitter",
    "{who} cannot sit for you: {why}",
    "A sitter is another account, not seated in the game the absence is declared for.",
)
AWAY_NONE = SERVER.declare(
    "away/none",
    "you have no absence to cancel{where}",
    "AWAY CANCEL (or the page's button) found no absence that has not ended.",
    status=404,
)
MAIL_BAD_AWAY = SERVER.declare(
    "mail/bad_away",
    "write AWAY <first day> <last day> [G-<game>] [SITTER <user name>], or AWAY CANCEL [G-<game>]",
    "An AWAY line the umpire cannot read; nothing was declared.",
)
AWAY_DECLARED = SERVER.declare(
    "away/declared", "absence declared", "Outcome: the AWAY command declared an absence."
)
AWAY_CANCELLED = SERVER.declare(
    "away/cancelled", "absence cancelled", "Outcome: AWAY CANCEL cancelled absences."
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

# --- downloads: the whole record, other tools' formats ---------------------------------------

DOWNLOAD_NOT_PLAYER = SERVER.declare(
    "download/not_player",
    "only the game's players and its game master may download its record",
    "A game's whole record (and its export in another tool's format) holds every power's "
    "secrets and its seed: once the game is over it is given to those who held one of its "
    "seats and to its game master (answered with 404, as a page the reader may not see).",
    status=404,
)
DOWNLOAD_NOT_OVER = SERVER.declare(
    "download/not_over",
    "the record holds every power's secrets: its players may download it once the game is over",
    "A player or the game master asked for the whole record (or an export) of a game still "
    "being played (answered with 404).",
    status=404,
)
DOWNLOAD_NOT_STARTED = SERVER.declare(
    "download/not_started",
    "game {game_id} has not started: it has no record yet",
    "A record or export was asked for before the game's first turn.",
    status=409,
)
DOWNLOAD_FORMAT = SERVER.declare(
    "download/format",
    "this game cannot be written as {format}: {reason}",
    "The format holds only some games (the diplomacy package's: a standard game of all seven "
    "powers); the reason says what this one lacks.",
    status=409,
)
