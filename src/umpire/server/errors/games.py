"""The server's codes for games and seats, orders, press, votes and outputs, and the downloads
of a game's record."""

from __future__ import annotations

from umpire.server.errors.catalogue import SERVER

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
    "A new game's settings, or the game master's change of a game's settings, are refused; "
    "the message names the first bad key (`settings.away.policy`, `settings.rules`...). "
    "Nothing is created or changed.",
)
SETTING_FIXED = SERVER.declare(
    "game/setting_fixed",
    "{keys} cannot change once the game is created: {why}",
    "The game master asked to change a setting of a created game that decides its rules or "
    "its seating (the game's own rules and variants, the powers, bots filling empty seats, "
    "mail, rating; the game, scenario and seed are no settings at all). Nothing is changed; "
    "the message names each such key and why, and game/setting_unknown lists what may change.",
    status=409,
)
SETTING_UNKNOWN = SERVER.declare(
    "game/setting_unknown",
    "no setting {keys}: the game master may change {allowed}",
    "A change of a game's settings names a key that is no setting of the service. Nothing is "
    "changed; the message lists the keys that may change.",
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
SEAT_NOT_JOINED = SERVER.declare(
    "seat/not_joined",
    "you have not joined this game: there is nothing to withdraw",
    "A player may withdraw from a game he joined before it starts (or stop standing by in a "
    "running one); this user holds no power in the game and has not joined it.",
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
PRESS_SITTER = SERVER.declare(
    "press/sitter",
    "a sitter sends the seat's orders, not its press: he speaks for nobody",
    "The sitter of an absent player (the game's ``sitter`` policy) sent press for the seat; "
    "every entrance refuses it (mail, web, API).",
    status=403,
)
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

PACKET_NONE = SERVER.declare(
    "packet/none",
    "{reason}",
    "No postal packet to give this reader: he holds no seat in the game (a spectator; the "
    "game master names the seat he wants with ``power``), the power named is none of the "
    "game's, or he asked for the game master's print of a turn (answered with 404, as the "
    "page).",
    status=404,
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
