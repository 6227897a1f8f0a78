"""Secret key, CSRF protection and the headers that keep pages to our own origin."""

from __future__ import annotations

import contextlib
import functools
import os
import secrets

from flask import Flask, Response, has_request_context, request
from flask_wtf.csrf import CSRFProtect

from kidswar.web import import_map
from kidswar.web.csrf_tokens import csrf_token
from kidswar.web.session_cookies import KeptSessionCookies

csrf = CSRFProtect()  # Flask-WTF's check on every POST

# Everything comes from our own origin: no CDN, web font, analytics or embed, no inline script
# but the import map, allowed by its hash (kidswar/web/import_map.py), put in at `{scripts}`.
CONTENT_SECURITY_POLICY = (
    "default-src 'self'; script-src 'self'{scripts}; style-src 'self'; img-src 'self' data:; "
    "media-src 'self'; connect-src 'self'; font-src 'none'; object-src 'none'; "
    "base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
)


KEY_ATTEMPTS = 3  # another worker may write the key between our look and our write


def load_secret_key(instance_path: str) -> str:
    """The instance's secret key: generated on first start and kept in the instance folder.

    Two workers starting at once agree on one key: each writes its own to a temporary file
    and links it into place, which only the first can do; the other reads the winner's. An
    empty key file (a disk that filled up, a hand edit) is replaced by a fresh key.
    """
    path = os.path.join(instance_path, "secret_key")
    for _attempt in range(KEY_ATTEMPTS):
        try:
            with open(path, encoding="ascii") as handle:
                key = handle.read().strip()
        except FileNotFoundError:
            key = None
        if key:
            return key
        temporary = _write_new_key(f"{path}.{secrets.token_hex(8)}.tmp")  # one per caller
        try:
            if key is None:
                os.link(temporary, path)  # fails if another worker got there first: use theirs
            else:
                os.replace(temporary, path)  # the empty file goes; read back what is there
        except FileExistsError:
            pass
        finally:
            with contextlib.suppress(FileNotFoundError):
                os.unlink(temporary)
    raise RuntimeError(f"no secret key could be kept in {path}")


def _write_new_key(temporary: str) -> str:
    """Write a fresh key, readable by this user only, to `temporary`; return its name."""
    descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(descriptor, "w", encoding="ascii") as handle:
        handle.write(secrets.token_hex(32))
    return temporary


@functools.lru_cache(maxsize=16)
def content_security_policy(scripts: str) -> str:
    """The policy, allowing the import map's hash (`scripts`, "" for none): the same for every
    answer of a process, so written once."""
    return CONTENT_SECURITY_POLICY.format(scripts=f" {scripts}" if scripts else "")


# Over HTTPS, browsers come back over HTTPS only for a year (HSTS): a school's network cannot
# turn a child's next visit into plain HTTP. Not for subdomains, which may be other servers.
STRICT_TRANSPORT_SECURITY = "max-age=31536000"


def add_headers(response: Response) -> Response:
    """Add the security headers to every response.

    `Referrer-Policy: same-origin` (W3C Referrer Policy): a page's address goes only with
    requests to our own origin, which served that page anyway; a request to any other origin
    carries no Referer at all, as under `no-referrer`. Our own origin needs it: over HTTPS
    Flask-WTF refuses a POST whose `Referer` is missing or names another scheme, host or port
    (WTF_CSRF_SSL_STRICT, its default), a check we keep. The proxy must pass the Host the
    browser sent, its port included (docs/nginx-kidswar.conf). No address of ours holds a
    secret (the teacher's page is named by its join code), so the Referer holds none either.
    """
    response.headers["Content-Security-Policy"] = content_security_policy(
        import_map.policy_source()
    )
    response.headers["X-Content-Type-Options"] = "nosniff"
    response.headers["Referrer-Policy"] = "same-origin"
    if has_request_context() and request.is_secure:
        response.headers["Strict-Transport-Security"] = STRICT_TRANSPORT_SECURITY
    response.headers["X-Frame-Options"] = "DENY"
    response.headers["Permissions-Policy"] = "camera=(), microphone=(), geolocation=()"
    return response


class SessionCookies(KeptSessionCookies):
    """Flask's signed session cookie (each verified cookie kept: `session_cookies`), `Secure`
    whenever the request came over HTTPS.

    Behind an HTTPS proxy (KIDSWAR_PROXIES, ProxyFix trusting its X-Forwarded-Proto) the browser
    then sends the session only over HTTPS; served over plain HTTP at home, the cookie still
    works (SESSION_COOKIE_SECURE would break that).
    """

    def get_cookie_secure(self, app: Flask) -> bool:
        """Secure if the config says so, or if this request came over HTTPS."""
        configured = super().get_cookie_secure(app)
        return configured or (has_request_context() and request.is_secure)


def init_app(app: Flask) -> None:
    """Set the secret key (unless the config gave one), CSRF on every POST, the headers, the
    session cookie (Secure over HTTPS), and the host names answered (KIDSWAR_TRUSTED_HOSTS)."""
    if not app.config.get("SECRET_KEY"):
        app.config["SECRET_KEY"] = load_secret_key(app.instance_path)
    csrf.init_app(app)
    # Flask-WTF's `csrf_token` is a global and a context processor's value: ours is both.
    app.jinja_env.globals["csrf_token"] = csrf_token
    app.context_processor(lambda: {"csrf_token": csrf_token})
    app.session_interface = SessionCookies()
    # TRUSTED_HOSTS (KIDSWAR_TRUSTED_HOSTS, already in the config) is Flask's own check (3.1):
    # a request with another Host header is a 400, so no address of ours (the join link, its
    # QR code) is ever built from a forged host; empty, every host is answered.
    app.after_request(add_headers)
