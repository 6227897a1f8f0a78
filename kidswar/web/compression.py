"""Compressed answers (Flask-Compress), and the rule that keeps secrets out of them.

Style sheets, scripts and drawings travel compressed, and so does a page that holds no secret
(the rules pages). A page that holds one, a CSRF token or a teacher's link, is
sent as it is: compressing a secret beside text a visitor chose (a table's name, a seat's name)
lets a watcher of the traffic guess the secret from the compressed sizes (BREACH). Masking the
token per answer would also answer BREACH, but Flask-WTF signs one token per session, so every
page with a form would need its own masking; sending those pages uncompressed is the simple
rule, and they are the small ones (a form, a table). Speech clips are MP3 already and JSON
answers are a few hundred bytes: neither is compressed.
"""

from __future__ import annotations

from flask import Flask, Response, g, request
from flask_compress import Compress

# What is worth compressing; everything else (MP3 clips, PNG, JSON) goes as it is.
MIMETYPES = ("text/css", "text/javascript", "image/svg+xml", "text/html")
SECRET = "kidswar_keeps_secret"  # set on `g` by a page that shows a secret
CSRF_FIELD = "csrf_token"  # Flask-WTF keeps the request's token on `g` under this name

compress = Compress()


def keeps_secret() -> None:
    """Say that this answer shows a secret (a teacher's link): it is never compressed."""
    setattr(g, SECRET, True)


def holds_secret(response: Response) -> bool:
    """True if this answer may hold a secret: an HTML page that made a CSRF token (a form) or
    said it shows one. Only HTML carries them; a style sheet or a drawing never does."""
    if response.mimetype != "text/html":
        return False
    return CSRF_FIELD in g or bool(g.get(SECRET))


def compress_unless_secret(response: Response) -> Response:
    """Compress the answer (when the browser takes it) unless it may hold a secret."""
    if request.method == "HEAD" or holds_secret(response):
        return response
    return compress.after_request(response)


def init_app(app: Flask) -> None:
    """Compress answers after each request, by our rule rather than Flask-Compress's own."""
    app.config.update(
        COMPRESS_REGISTER=False,  # compress_unless_secret decides, below
        COMPRESS_MIMETYPES=list(MIMETYPES),
        # brotli first: every browser we serve (Safari from iOS 11) takes it, and it is the
        # smallest at a cost a 2-core box can pay; zstd is newer in browsers than our iPads.
        COMPRESS_ALGORITHM=["br", "gzip"],
        COMPRESS_ALGORITHM_STREAMING=["br", "deflate"],  # static files are sent as streams
    )
    compress.init_app(app)
    app.after_request(compress_unless_secret)
