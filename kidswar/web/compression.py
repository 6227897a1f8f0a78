"""Compressed answers (Flask-Compress), and the rule that keeps secrets out of them.

Style sheets, scripts and drawings travel compressed, and so does a page that holds no secret
(the rules pages). A page that holds one, a CSRF token or a teacher's link, is
sent as it is: compressing a secret beside text a visitor chose (a table's name, a seat's name)
lets a watcher of the traffic guess the secret from the compressed sizes (BREACH). Masking the
token per answer would also answer BREACH, but Flask-WTF signs one token per session, so every
page with a form would need its own masking; sending those pages uncompressed is the simple
rule, and they are the small ones (a form, a table). Speech clips are MP3 already and JSON
answers are a few hundred bytes: neither is compressed.

A static file is compressed once a process and kind of compression, then kept: Flask-Compress's
cache (`KeptStaticFiles`) holds each file's compressed bytes under its name and version (the
files change only with an upgrade, which is a new process). Before, `style.css` was compressed
again at every request, which cost a 2-core server more than the file's sending (issue 37).
"""

from __future__ import annotations

from flask import Flask, Request, Response, current_app, g, request
from flask_compress import Compress

from kidswar.web.static_files import version_of

# What is worth compressing; everything else (MP3 clips, PNG, JSON) goes as it is.
MIMETYPES = ("text/css", "text/javascript", "image/svg+xml", "text/html")
SECRET = "kidswar_keeps_secret"  # set on `g` by a page that shows a secret

compress = Compress()


def keeps_secret() -> None:
    """Say that this answer shows a secret (a teacher's link): it is never compressed."""
    setattr(g, SECRET, True)


def holds_secret(response: Response) -> bool:
    """True if this answer may hold a secret: an HTML page that made a CSRF token (a form) or
    said it shows one. Only HTML carries them; a style sheet or a drawing never does."""
    if response.mimetype != "text/html":
        return False
    # Flask-WTF keeps the request's token on `g` under its configured field name.
    return current_app.config["WTF_CSRF_FIELD_NAME"] in g or bool(g.get(SECRET))


class KeptStaticFiles:
    """Flask-Compress's cache backend: the compressed bytes of static files, kept for the
    process's life; any other key (`static_file_key` gives "" for other answers) is not kept.

    It holds at most one entry a static file (its current version) and kind of compression:
    the app's own files, a few hundred kilobytes in all.
    """

    def __init__(self) -> None:
        """An empty cache."""
        self._kept: dict[str, bytes] = {}

    def get(self, key: str) -> bytes | None:
        """The compressed bytes kept under `key` ("<algorithm>;<file key>"), or None."""
        return self._kept.get(key)

    def set(self, key: str, value: bytes) -> None:
        """Keep `value` if `key` names a static file (else it is not worth keeping)."""
        if key.partition(";")[2]:
            self._kept[key] = value


def static_file_key(asked: Request) -> str:
    """What a request's compressed answer is kept under: a whole static file's name and its
    version now (whatever `v` the address asked for), or "" for any other answer."""
    filename = (asked.view_args or {}).get("filename")
    if asked.endpoint != "static" or not isinstance(filename, str) or "Range" in asked.headers:
        return ""  # a page, or a part of a file: compressed as it comes, never kept
    version = version_of(current_app, filename)
    return "" if version is None else f"{filename}?v={version}"


def compress_unless_secret(response: Response) -> Response:
    """Compress the answer (when the browser takes it) unless it may hold a secret.

    A whole static file is read into the answer first: Flask sends it as a stream, which
    Flask-Compress compresses afresh every time; a body it can keep compressed is not.
    """
    if request.method == "HEAD" or holds_secret(response):
        return response
    if response.status_code == 200 and response.is_streamed and static_file_key(request):
        response.direct_passthrough = False
        response.set_data(response.get_data())
    return compress.after_request(response)


def init_app(app: Flask) -> None:
    """Compress answers after each request, by our rule rather than Flask-Compress's own."""
    app.config.update(
        COMPRESS_REGISTER=False,  # compress_unless_secret decides, below
        COMPRESS_MIMETYPES=list(MIMETYPES),
        # brotli first: every browser we serve (Safari from iOS 11) takes it, and it is the
        # smallest at a cost a 2-core box can pay; zstd is newer in browsers than our iPads.
        COMPRESS_ALGORITHM=["br", "gzip"],
        COMPRESS_ALGORITHM_STREAMING=["br", "deflate"],  # any other stream (none today)
        COMPRESS_CACHE_BACKEND=KeptStaticFiles,
        COMPRESS_CACHE_KEY=static_file_key,
    )
    compress.init_app(app)
    app.after_request(compress_unless_secret)
