"""The server's codes for accounts and sign-in, the news channels and webhooks, and absences."""

from __future__ import annotations

from umpire.server.errors.catalogue import SERVER

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
AWAY_NO_SITTER = SERVER.declare(
    "away/no_sitter",
    "you have no absence with a sitter that has not ended under that number",
    "A new sitter code was asked for an absence that is not the asker's, has ended or names "
    "no sitter.",
    status=404,
)
AWAY_RESEND_SOON = SERVER.declare(
    "away/resend_soon",
    "a sitter code was mailed for this absence less than {minutes} minutes ago: wait for it",
    "A new sitter code is mailed at most once every few minutes (the sitter's mailbox is not "
    "to be flooded).",
    status=429,
)
AWAY_DECLARED = SERVER.declare(
    "away/declared", "absence declared", "Outcome: the AWAY command declared an absence."
)
AWAY_CANCELLED = SERVER.declare(
    "away/cancelled", "absence cancelled", "Outcome: AWAY CANCEL cancelled absences."
)
