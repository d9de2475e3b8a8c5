"""Where a webhook may post: the checks on its address, at registration and before each post.

A webhook would let anyone make the server send a request where he likes; these checks keep
that to public internet addresses, so that no one can make the server call inside its own
network (a database, a cloud provider's metadata address, the site itself):

- the address is ``https://`` (``http://`` only with ``UMPIRE_WEBHOOKS_ALLOW_HTTP``), at most
  :data:`URL_MAX` characters, with a host, no user or password, no spaces or control
  characters;
- its host name is resolved (at registration, and again before every post) and *every*
  address it resolves to must be public: loopback, private, link-local, multicast, reserved,
  unspecified and other non-global addresses (IPv4 inside IPv6 included) are refused, unless
  ``UMPIRE_WEBHOOKS_ALLOW_PRIVATE`` is set (the tests' sink on 127.0.0.1);
- the post then connects to one of the addresses checked (:mod:`.post`), never resolving
  the name a second time, so a name that answers differently on a second look (DNS
  rebinding) cannot move the post elsewhere.

>>> check_url("ftp://example.org/x")
Traceback (most recent call last):
...
umpire.server.hooks.address.AddressRefused: the address must start with https://
>>> refusal(ipaddress.ip_address("169.254.169.254"))
'link-local'
>>> refusal(ipaddress.ip_address("::ffff:10.0.0.1"))
'private'
>>> refusal(ipaddress.ip_address("93.184.215.14")) is None
True
"""

from __future__ import annotations

import ipaddress
import socket
from dataclasses import dataclass
from urllib.parse import urlsplit

from django.conf import settings

URL_MAX = 500

IP = ipaddress.IPv4Address | ipaddress.IPv6Address


class AddressRefused(ValueError):
    """An address a webhook may not post to; the message says why, for its owner."""


class NotResolved(AddressRefused):
    """The host's name does not resolve (now: before a post, this is retried)."""


@dataclass(frozen=True)
class Target:
    """A checked webhook address: what to connect to and what to ask for."""

    scheme: str  # https (http where allowed)
    host: str  # the name as given (the Host header and the TLS server name), lower case
    port: int
    path: str  # path and query, "/" at least


def allow_private() -> bool:
    return bool(getattr(settings, "UMPIRE_WEBHOOKS_ALLOW_PRIVATE", False))


def allow_http() -> bool:
    return bool(getattr(settings, "UMPIRE_WEBHOOKS_ALLOW_HTTP", False))


def check_url(url: str) -> Target:
    """The address's parts, or :class:`AddressRefused` saying what is wrong with it (no name
    is resolved here)."""
    if len(url) > URL_MAX:
        raise AddressRefused(f"the address is longer than {URL_MAX} characters")
    if not url.isascii() or any(c.isspace() or ord(c) < 32 or ord(c) == 127 for c in url):
        raise AddressRefused("the address has spaces, control or non-ASCII characters")
    schemes = ("https", "http") if allow_http() else ("https",)
    parts = urlsplit(url)
    if parts.scheme.lower() not in schemes:
        raise AddressRefused(
            f"the address must start with {' or '.join(s + '://' for s in schemes)}"
        )
    if parts.username is not None or parts.password is not None:
        raise AddressRefused("the address may not carry a user name or password")
    host = (parts.hostname or "").rstrip(".").lower()
    if not host:
        raise AddressRefused("the address names no host")
    try:
        port = parts.port or (443 if parts.scheme.lower() == "https" else 80)
    except ValueError as err:
        raise AddressRefused("the address's port is not a number from 1 to 65535") from err
    if not 0 < port < 65536:
        raise AddressRefused("the address's port is not a number from 1 to 65535")
    path = parts.path or "/"
    if parts.query:
        path += f"?{parts.query}"
    return Target(parts.scheme.lower(), host, port, path)


def refusal(ip: IP) -> str | None:
    """What kind of address a webhook may not post to ``ip`` is (None: a public one)."""
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        return refusal(ip.ipv4_mapped)
    for what, hit in (
        ("loopback", ip.is_loopback),
        ("link-local", ip.is_link_local),
        ("multicast", ip.is_multicast),
        ("unspecified", ip.is_unspecified),
        ("private", ip.is_private),
        ("reserved", ip.is_reserved),
    ):
        if hit:
            return what
    if not ip.is_global:
        return "non-public"
    return None


def lookup(host: str, port: int) -> list[str]:
    """Every address ``host`` resolves to (the system resolver; tests replace this)."""
    infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    return list(dict.fromkeys(str(info[4][0]) for info in infos))


def resolve(target: Target) -> list[str]:
    """The addresses to connect to for ``target``, every one checked; :class:`AddressRefused`
    when the name does not resolve or any address it resolves to may not be posted to."""
    try:
        found = [ipaddress.ip_address(target.host)]
    except ValueError:
        try:
            found = [
                ipaddress.ip_address(a.split("%", 1)[0]) for a in lookup(target.host, target.port)
            ]
        except (OSError, UnicodeError) as err:
            raise NotResolved(f"the host {target.host} does not resolve ({err})") from err
    if not found:
        raise NotResolved(f"the host {target.host} does not resolve")
    if not allow_private():
        for ip in found:
            what = refusal(ip)
            if what is not None:
                raise AddressRefused(
                    f"the host {target.host} is at {ip}, a {what} address: webhooks post to "
                    "public internet addresses only"
                )
    return [str(ip) for ip in found]
