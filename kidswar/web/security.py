"""Secret key, CSRF protection and the headers that keep pages to our own origin."""

from __future__ import annotations

import os
import secrets

from flask import Flask, Response
from flask_wtf.csrf import CSRFProtect

csrf = CSRFProtect()

# Everything comes from our own origin: no CDN, web font, analytics or embed, no inline script.
CONTENT_SECURITY_POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "media-src 'self'; connect-src 'self'; font-src 'none'; object-src 'none'; "
    "base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
)


def load_secret_key(instance_path: str) -> str:
    """The instance's secret key: generated on first start and kept in the instance folder."""
    path = os.path.join(instance_path, "secret_key")
    try:
        with open(path, encoding="ascii") as handle:
            key = handle.read().strip()
        if key:
            return key
    except FileNotFoundError:
        pass
    key = secrets.token_hex(32)
    # Written to a temporary name and renamed, so two workers starting at once agree on a key.
    temporary = f"{path}.{os.getpid()}.tmp"
    descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(descriptor, "w", encoding="ascii") as handle:
        handle.write(key)
    try:
        os.link(temporary, path)  # fails if another worker got there first: use theirs
    except FileExistsError:
        os.unlink(temporary)
        return load_secret_key(instance_path)
    os.unlink(temporary)
    return key


def add_headers(response: Response) -> Response:
    """Add the security headers to every response."""
    response.headers["Content-Security-Policy"] = CONTENT_SECURITY_POLICY
    response.headers["X-Content-Type-Options"] = "nosniff"
    response.headers["Referrer-Policy"] = "no-referrer"
    response.headers["X-Frame-Options"] = "DENY"
    response.headers["Permissions-Policy"] = "camera=(), microphone=(), geolocation=()"
    return response


def init_app(app: Flask) -> None:
    """Set the secret key (unless the config gave one), CSRF on every POST, the headers."""
    if not app.config.get("SECRET_KEY"):
        app.config["SECRET_KEY"] = load_secret_key(app.instance_path)
    csrf.init_app(app)
    app.after_request(add_headers)
