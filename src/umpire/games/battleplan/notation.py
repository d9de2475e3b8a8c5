"""The orders of Battle Plan section 8, as printed, and their canonical text.

A submission is a stream of whitespace-separated tokens. ``@`` starts the player orders and
``@XXX`` the orders for space XXX (8); tokens before any ``@`` are player orders (ruling R-N1).
Text in parentheses and after ``#`` is a comment, so the sample orders of section 8 can be
sent verbatim. Case and spacing do not matter.

Player orders (p a player number, n a quantity, XXX any space code, CCC a country code)::

    pA pN pE          declare p ally / neutral / enemy (1B)
    pDn               give n Dollars to p (5A)
    pK pX             permit / forbid p the Turkey Strait (7)
    pF pH pZ          share full / partial / no information with p (6D)
    pSn pCn pPn       spread n spies / counterspies / Dollars of propaganda over p's countries
                      (p = 0: over the minors; ruling R-N3)
    SnCCC CnCCC       send n spies / counterspies to CCC (6B, 6C)
    TSn TCn           spend n Dollars training spies / counterspies
    RIn RAn RNn RFn RMn RXn RSn RCn   spend n Dollars on research (5B)
    PnCCC             spend n Dollars on propaganda in CCC (5D)
    U1 U2             user options
    MSG p: text       a diplomatic message to player p, signed (16; ruling R-M1)
    MSG p ANON: text  the same, anonymous; a message takes the rest of its line
    nG3 nG2 nG1 nB3   World Opinion: player n (0: nobody) in a good- or bad-guy place
    nB2 nB1           worth 3, 2 or 1 HPI a turn (WW opinion; Real Forces and 1939)
    NEWS: text        an article for the World Newspaper, signed (WW newspaper; WW games)
    NEWS ANON: text   the same, unsigned; an article takes the rest of its line
    pMn pMn,XXX pMn,q numbered message order n to p (0: everyone), with a space code or a
                      player number q as its fill-in (WW anonymous; data/message_orders.toml)
    BDn BIn BAn BNn BFn BMn BXn       default build proportions, 0 to 100 (10)

Space orders (after ``@XXX``)::

    BIn BAn BNn BFn BMn BXn           build with n Industry (countries only)
    ATnXXX NTnXXX FTnXXX MTnCCC XTnCCC   move ("transfer") n units
    ACnCCC ABnCCC ASnCCC              Army conquer / attack ("bombard") / support
    NNnCCC NSnXXX                     Navy attack / support
    FAnCCC FNnCCC FFnCCC FInCCC FSnXXX   AirForce attack Army / Navy / AirBase / Industry; support
    MAnCCC MFnCCC MInCCC              Missiles at Army / AirBase / Industry
    /k/ORDER  /k/                     standing order k (1-5) and its cancellation (11)

Canonical text is one self-contained line: ``@ 2A``, ``@TU AC20UK``, ``@TU /1/BA999``,
``@ MSG 3: Shall we share Poland?``.

>>> parse_token("AC20UK", "TU")
Action(space='TU', verb='AC', amount=20, target='UK')
>>> format_order(parse_token("ac20uk", "TU"))
'@TU AC20UK'
>>> format_order(parse_token("/1/BA999", "TU"))
'@TU /1/BA999'
>>> parse_token("2A", None)
Declare(player=2, stance='A')
>>> format_order(parse_token("msg 3 anon: Beware of [4]!", None))
'@ MSG 3 ANON: Beware of [4]!'
>>> format_order(parse_token("news anon: Peace in our time!", None))
'@ NEWS ANON: Peace in our time!'
>>> parse_token("0m20,4", None), format_order(parse_token("3M13,egi", None))
(Signal(player=0, number=20, subject='4'), '@ 3M13,EGI')
"""

from __future__ import annotations

import re
from collections.abc import Callable, Container
from typing import Any

from umpire.core.problems import OrderError, Problem
from umpire.games.battleplan import errors
from umpire.games.battleplan.orders import (
    MAX_DIGITS,
    Action,
    Article,
    Build,
    Declare,
    DefaultBuild,
    GiveDollars,
    Message,
    Opinion,
    Order,
    Permit,
    PlayerOrder,
    Propaganda,
    Research,
    Send,
    Share,
    Signal,
    SpaceOrder,
    Spread,
    Standing,
    Train,
    Transfer,
    UserOption,
)

# ---------------------------------------------------------------------------- formatting


def format_body(order: Order) -> str:
    """The order without its ``@`` header, exactly as section 8 prints it."""
    fmt = BODY.get(type(order))
    if fmt is None:
        raise TypeError(f"not a Battle Plan order: {order!r}")
    return fmt(order)


# the body of each kind of order (looked up by its class: a turn formats every order it
# echoes, and a match over twenty classes tries them one by one); the class must be one of
# them (:func:`format_body` checks)
BODY: dict[type, Callable[[Any], str]] = {
    Action: lambda o: f"{o.verb}{o.amount}{o.target}",
    Transfer: lambda o: f"{o.unit}T{o.amount}{o.dest}",
    Build: lambda o: f"B{o.kind}{o.amount}",
    Declare: lambda o: f"{o.player}{o.stance}",
    GiveDollars: lambda o: f"{o.player}D{o.amount}",
    Permit: lambda o: f"{o.player}{'K' if o.allow else 'X'}",
    Share: lambda o: f"{o.player}{o.level}",
    Spread: lambda o: f"{o.player}{o.what}{o.amount}",
    Send: lambda o: f"{o.what}{o.amount}{o.country}",
    Train: lambda o: f"T{o.what}{o.amount}",
    Research: lambda o: f"R{o.kind}{o.amount}",
    Propaganda: lambda o: f"P{o.amount}{o.country}",
    UserOption: lambda o: f"U{o.number}",
    DefaultBuild: lambda o: f"B{o.kind}{o.proportion}",
    Message: lambda o: f"MSG {o.player}{'' if o.signed else ' ANON'}: {o.text}",
    Article: lambda o: f"NEWS{'' if o.signed else ' ANON'}: {o.text}",
    Opinion: lambda o: f"{o.player}{'G' if o.good else 'B'}{o.weight}",
    Signal: lambda o: f"{o.player}M{o.number}" + (f",{o.subject}" if o.subject else ""),
    Standing: lambda o: f"/{o.slot}/" + (format_body(o.order) if o.order is not None else ""),
}


def space_of(order: Order) -> str | None:
    if isinstance(order, Build | Transfer | Action | Standing):
        return order.space
    return None


def format_order(order: Order) -> str:
    """Canonical, self-contained text: ``@ 2A`` or ``@TU AC20UK``."""
    space = space_of(order)
    return f"@{space or ''} {format_body(order)}"


# ---------------------------------------------------------------------------- parsing

_NUM = rf"(\d{{1,{MAX_DIGITS}}})"
_CODE = r"([A-Z]{2,3})"
_PLAYER_FLAG = re.compile(r"(\d{1,3})([ANEKXFHZ])")
_PLAYER_QTY = re.compile(r"(\d{1,3})([DSCP])" + _NUM)
_SEND = re.compile(r"([SC])" + _NUM + _CODE)
_TRAIN = re.compile(r"T([SC])" + _NUM)
_RESEARCH = re.compile(r"R([IANFMXSC])" + _NUM)
_PROPAGANDA = re.compile(r"P" + _NUM + _CODE)
_OPTION = re.compile(r"U([12])")
_OPINION = re.compile(r"(\d{1,3})([GB])([123])")
_SIGNAL = re.compile(r"(\d{1,3})M(\d{1,3})(?:,([A-Z]{2,3}|\d{1,3}))?")
_BUILD = re.compile(r"B([DIANFMX])" + _NUM)
_TRANSFER = re.compile(r"([ANFMX])T" + _NUM + _CODE)
_ACTION = re.compile(r"(AC|AB|AS|NN|NS|FA|FN|FF|FI|FS|MA|MF|MI)" + _NUM + _CODE)
_STANDING = re.compile(r"/(\d+)/(.*)")
_TOO_LONG = re.compile(rf".*\d{{{MAX_DIGITS + 1},}}.*")
_MESSAGE = re.compile(r"MSG\s*(\d{1,3})(\s+ANON)?\s*:(.*)", re.IGNORECASE | re.DOTALL)
_MESSAGE_LINE = re.compile(
    r"\s*(@\S*\s+)?((?:MSG\s*\d{1,3}|NEWS)(?:\s+ANON)?\s*:.*)", re.IGNORECASE
)
_ARTICLE = re.compile(r"NEWS(\s+ANON)?\s*:(.*)", re.IGNORECASE | re.DOTALL)
MAX_MESSAGE = 600  # characters: about a 3x5 card (16)


def parse_player_order(token: str) -> PlayerOrder | None:
    """A player order, or None if ``token`` is not one (``token`` is upper case)."""
    if m := _PLAYER_FLAG.fullmatch(token):
        p, letter = int(m[1]), m[2]
        if letter in "ANE":
            return Declare(p, letter)
        if letter in "KX":
            return Permit(p, letter == "K")
        return Share(p, letter)
    if m := _PLAYER_QTY.fullmatch(token):
        p, letter, n = int(m[1]), m[2], int(m[3])
        return GiveDollars(p, n) if letter == "D" else Spread(p, letter, n)
    if m := _SEND.fullmatch(token):
        return Send(m[1], int(m[2]), m[3])
    if m := _TRAIN.fullmatch(token):
        return Train(m[1], int(m[2]))
    if m := _RESEARCH.fullmatch(token):
        return Research(m[1], int(m[2]))
    if m := _PROPAGANDA.fullmatch(token):
        return Propaganda(int(m[1]), m[2])
    if m := _OPTION.fullmatch(token):
        return UserOption(int(m[1]))
    if m := _BUILD.fullmatch(token):
        return DefaultBuild(m[1], int(m[2]))
    if m := _OPINION.fullmatch(token):
        return Opinion(int(m[1]), m[2] == "G", int(m[3]))
    if m := _SIGNAL.fullmatch(token):
        return Signal(int(m[1]), int(m[2]), m[3] or "")
    return None


def parse_space_order(token: str, space: str) -> SpaceOrder | None:
    if (m := _BUILD.fullmatch(token)) and m[1] != "D":
        return Build(space, m[1], int(m[2]))
    if m := _TRANSFER.fullmatch(token):
        return Transfer(space, m[1], int(m[2]), m[3])
    if m := _ACTION.fullmatch(token):
        return Action(space, m[1], int(m[2]), m[3])
    return None


def parse_token(token: str, space: str | None) -> Order:
    """One order token in the context of ``space`` (None: player orders). Raises OrderError."""
    if m := _MESSAGE.fullmatch(token):
        return parse_message(m)
    if m := _ARTICLE.fullmatch(token):
        return parse_article(m)
    token = token.upper()
    if _TOO_LONG.fullmatch(token):
        raise errors.NUMBER_TOO_LONG.error(order=token, digits=MAX_DIGITS)
    if m := _STANDING.fullmatch(token):
        return parse_standing(token, m, space)
    if space is not None:
        order = parse_space_order(token, space)
        if order is not None:
            return order
        player_order = parse_player_order(token)
        if player_order is not None and not isinstance(player_order, DefaultBuild):
            return player_order  # ruling R-N2: a player order among space orders is still taken
        raise errors.UNKNOWN_ORDER.error(order=token)
    player_order = parse_player_order(token)
    if player_order is not None:
        return player_order
    if parse_space_order(token, "?") is not None:
        raise errors.SPACE_ORDER_WITHOUT_SPACE.error(order=token)
    raise errors.UNKNOWN_ORDER.error(order=token)


def parse_standing(token: str, m: re.Match[str], space: str | None) -> Standing:
    """BP 11: ``/k/ORDER`` files standing order k (1-5) for the space; ``/k/`` cancels it."""
    if space is None:
        raise errors.STANDING_WITHOUT_SPACE.error(order=token)
    slot = int(m[1]) if len(m[1]) <= 2 else 0
    if not 1 <= slot <= 5:
        raise errors.STANDING_SLOT.error(order=token)
    if not m[2]:
        return Standing(space, slot, None)
    inner = parse_space_order(m[2], space)
    if inner is None:
        raise errors.STANDING_ORDER.error(order=token, inner=m[2])
    return Standing(space, slot, inner)


def parse_message(m: re.Match[str]) -> Message:
    """BP 16: ``MSG p: text`` or ``MSG p ANON: text`` (ruling R-M1)."""
    text = " ".join(m[3].split())
    if not text:
        raise errors.EMPTY_MESSAGE.error(order=m[0])
    if len(text) > MAX_MESSAGE:
        raise errors.MESSAGE_TOO_LONG.error(order=m[0][:40], limit=MAX_MESSAGE)
    return Message(int(m[1]), m[2] is None, text)


def parse_article(m: re.Match[str]) -> Article:
    """WW newspaper: ``NEWS: text`` or ``NEWS ANON: text``; at most about a 4" x 5" column."""
    text = " ".join(m[2].split())
    if not text:
        raise errors.EMPTY_MESSAGE.error(order=m[0])
    if len(text) > MAX_MESSAGE:
        raise errors.MESSAGE_TOO_LONG.error(order=m[0][:40], limit=MAX_MESSAGE)
    return Article(m[1] is None, text)


_COMMENT = re.compile(r"\([^)]*\)?|#.*")


def line_tokens(line: str) -> list[str]:
    """The whitespace-separated tokens of one line; comments dropped. A message (``MSG p:
    ...``, after an optional ``@`` header) is one token: the rest of its line."""
    if m := _MESSAGE_LINE.fullmatch(line):
        return [m[1].strip(), m[2].strip()] if m[1] else [m[2].strip()]
    return _COMMENT.sub(" ", line).split()


def read_line(line: str, scope: dict[str, Any], spaces: Container[str]) -> list[Order | Problem]:
    """The orders of one line, and a problem in place of each token that is no order: the
    notation is a stream of tokens (8), so one line may hold good orders and bad ones; each
    bad token is reported on its line and the good ones around it are kept. ``scope["space"]`` is the space of the
    last ``@XXX`` header (8), carried from line to line; None: player orders (ruling R-N1).
    An unknown header is reported on its own line, and the orders after it are read as
    orders for that space, so each reports its own problem: a space order that there is no
    such space, a token that is no order that it is none; player orders and messages are
    taken (ruling R-N2)."""
    out: list[Order | Problem] = []
    for word in line_tokens(line):
        header = split_header(word)
        if header is not None:
            if header and header not in spaces:
                out.append(_refused(errors.UNKNOWN_SPACE.error(order=word, space=header), word))
            scope["space"] = header or None
            continue
        try:
            out.append(parse_token(word, scope.get("space")))
        except OrderError as err:
            out.append(_refused(err, word))
    return out


def _refused(err: OrderError, word: str) -> Problem:
    return Problem(0, err.code, err.message, word)


def split_header(word: str) -> str | None:
    """``@`` -> "" (player orders); ``@TU`` -> "TU"; anything else -> None."""
    if word.startswith("@"):
        return word[1:].upper()
    return None
