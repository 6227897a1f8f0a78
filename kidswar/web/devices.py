"""Who is asking, as far as a class round needs to know: this device, and its network address.

A device is a browser: a random token kept in its signed session cookie, made the first time it
opens a join page. Nothing personal is in it, and the database never sees the token itself:
a table keeps a hash of the token and the round's code, so the same device in two rounds cannot
be linked. An address is kept only as a hash keyed with the app's secret, for a minute.
"""

from __future__ import annotations

import hashlib
import hmac
import ipaddress
import secrets

from flask import current_app, request, session
from itsdangerous import Signer

DEVICE_KEY = "device"
KNOWN_KEY = "known_rounds"  # join codes this device typed right or was given: not guesses
KNOWN_KEPT = 20
PASS_ARG = "pass"  # the projector's QR link: `/join/<code>?pass=...`
PASS_SALT = "kidswar-join-pass"


def device_token() -> str:
    """This device's random token, made (and kept in its session) on its first use."""
    token = session.get(DEVICE_KEY)
    if not isinstance(token, str) or not token:
        token = secrets.token_urlsafe(16)
        session[DEVICE_KEY] = token
    return token


def device_in_round(code: str) -> str:
    """What a round's tables keep of this device: a hash of its token and the round's code."""
    return hashlib.sha256(f"{code}:{device_token()}".encode()).hexdigest()[:32]


def client_address() -> str:
    """The address the limits count by: the client's, or its /64 network for IPv6.

    One IPv6 device may hold a whole /64 (privacy addresses change all the time), so counting
    single IPv6 addresses would let it start afresh at will. An IPv4 address mapped into IPv6
    counts as itself.
    """
    text = request.remote_addr or ""
    try:
        address = ipaddress.ip_address(text)
    except ValueError:
        return text
    if isinstance(address, ipaddress.IPv6Address):
        if address.ipv4_mapped is not None:
            return str(address.ipv4_mapped)
        return str(ipaddress.ip_network(f"{address}/64", strict=False))
    return str(address)


def client_key() -> str:
    """The client's address as the limits store it: hashed with the app's secret key."""
    secret = str(current_app.config["SECRET_KEY"]).encode()
    return hmac.new(secret, client_address().encode(), hashlib.sha256).hexdigest()[:32]


def knows(code: str) -> bool:
    """True if this device typed this join code right before, or made the round."""
    return code in session.get(KNOWN_KEY, [])


def remember_code(code: str) -> None:
    """Remember that this device knows a join code (its next looks are not guesses)."""
    if knows(code):
        return  # the session is left as it is: no new cookie on every look
    known = [seen for seen in session.get(KNOWN_KEY, []) if seen != code]
    session[KNOWN_KEY] = [*known, code][-KNOWN_KEPT:]


def pass_signer() -> Signer:
    """Signs join codes with the app's secret key (the one every server of a site shares)."""
    return Signer(str(current_app.config["SECRET_KEY"]), salt=PASS_SALT)


def join_pass(code: str) -> str:
    """A pass for this round's code, carried by the projector's QR link and the teacher's
    link to the projector: whoever holds it read the code off the round's own pages, so its
    look-up is no guess (issue 23: other devices' typos must not refuse a right code)."""
    return pass_signer().get_signature(code).decode()


def holds_pass(code: str) -> bool:
    """True if this request carries a valid pass for this code (`join_pass`)."""
    given = request.args.get(PASS_ARG, "")
    if not given or len(given) > 100:
        return False
    return pass_signer().verify_signature(code, given)  # False for a forged or garbled one
