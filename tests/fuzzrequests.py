"""The requests the fuzz sends (tests/test_fuzz.py): an address with a value for each of its
variables, a query string, headers and, for a POST, a body, each drawn by hypothesis.

Most of each request is what the app's own pages send, with a few parts changed to hostile
values (`fuzzkit`), so that the request gets past the first check and reaches the code behind it.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from typing import Any
from urllib.parse import quote

from fuzzkit import (
    HUGE,
    QUERY_BASE,
    QUERY_KEYS,
    RESERVED_KEYS,
    defaults,
    field_value,
    hostile,
    route_fields,
    unicode_text,
)
from fuzzworld import World
from hypothesis import strategies as st
from werkzeug.datastructures import MultiDict
from werkzeug.routing import IntegerConverter, PathConverter, Rule, UnicodeConverter

from kidswar.game.class_round import display_code

VARIABLE = re.compile(r"<(?:[^<>:]+:)?([^<>]+)>")  # a variable of a rule's address
# Hostile text for each kind of address variable; a converter not here fails the test.
CONVERTERS: dict[type, st.SearchStrategy[str]] = {
    UnicodeConverter: hostile(),
    IntegerConverter: st.one_of(st.integers(-(10**6), 10**6).map(str), hostile()),
    PathConverter: st.one_of(st.sampled_from(("a/b", "../../x", "/etc/passwd", "x/")), hostile()),
}
BODIES = ("form",) * 6 + ("multipart", "json", "raw", "big")
CSRF = ("good",) * 6 + ("missing", "wrong", "other")
RAW_TYPES = (
    "text/plain",
    "application/octet-stream",
    "application/x-www-form-urlencoded; charset=latin-1",
    "multipart/form-data",  # no boundary
    "multipart/form-data; boundary=x",
    "application/json",
)
# Request headers the app or Werkzeug read, with values a browser sends.
HEADERS = {
    "Accept-Language": ("tr", "de-DE,de;q=0.9", "*", "xx;q=x"),
    "Range": ("bytes=0-10", "bytes=-5", "bytes=5-1", f"bytes={HUGE[:30]}-", "pages=1"),
    "If-None-Match": ('"x"', "*", 'W/"1"'),
    "If-Modified-Since": ("Mon, 01 Jan 1900 00:00:00 GMT", "Sat, 01 Jan 2100 00:00:00 GMT"),
    "If-Range": ('"x"', "Mon, 01 Jan 1900 00:00:00 GMT"),
    "Host": ("localhost:5000", "192.168.1.20:8000", "[::1]:8000", "[::1", "a b", "localhost:x"),
    "Referer": ("http://evil.example/", "https://localhost/"),
}


# Strategies made once, not at every draw: hypothesis validates each strategy object the first
# time it is drawn from, and that work was a large part of the fuzz's CPU time. They draw the
# same values as strategies made afresh.
@functools.cache
def one_of_these(values: tuple[Any, ...]) -> st.SearchStrategy[Any]:
    """One of `values`."""
    return st.sampled_from(values)


@functools.cache
def some_of_these(names: tuple[str, ...]) -> st.SearchStrategy[list[str]]:
    """Up to three of `names`, each once (none when there are none)."""
    if not names:
        return st.just([])
    return st.lists(st.sampled_from(names), max_size=3, unique=True)


SAFE = st.sampled_from(("", "/"))  # what `quote` leaves as it is in an address's values
CHANGES = st.sampled_from(("change", "drop", "twice"))  # what happens to a field
# Up to two made-up or reserved names added to a form or query, with hostile values.
EXTRA_PAIRS = st.lists(
    st.tuples(st.one_of(st.sampled_from(RESERVED_KEYS), unicode_text(12)), hostile()), max_size=2
)
HEADER_NAMES = st.lists(st.sampled_from(sorted(HEADERS)), max_size=2, unique=True)


@dataclass
class Sent:
    """A request the fuzz drew: what it asks for, and what answer it may have."""

    method: str
    url: str
    path: str  # the address as the app reads it (percent-escapes decoded)
    values: dict[str, str]  # each address variable's value
    options: dict[str, Any]  # the rest, for `client.open`
    csrf: str = "good"
    body: str = "none"


def address(rule: Rule, values: dict[str, str], safe: str | None) -> str:
    """The rule's address with these values, percent-encoded but for `safe` (None: as read)."""

    def value(match: re.Match[str]) -> str:
        """One variable's value."""
        text = values[match.group(1)]
        return text if safe is None else quote(text, safe=safe)

    return VARIABLE.sub(value, rule.rule)


def draw_address(data: st.DataObject, world: World, rule: Rule) -> tuple[str, str, dict[str, str]]:
    """The address with a real value for each variable but at most one, which is hostile."""
    names = VARIABLE.findall(rule.rule)
    odd = data.draw(one_of_these((None, None, None, *names)), label="hostile variable")
    values: dict[str, str] = {}
    for name in names:
        good = world.good_values(name)
        converter = CONVERTERS.get(type(rule._converters[name]))
        assert good and converter is not None, f"no values for <{name}> in {rule.rule}"
        values[name] = data.draw(converter if name == odd else one_of_these(good), label=name)
    safe = data.draw(SAFE, label="safe")
    return address(rule, values, safe), address(rule, values, None), values


def draw_pairs(
    data: st.DataObject, fields: dict[str, tuple[str, ...]], base: dict[str, str]
) -> list[tuple[str, str]]:
    """What a page sends (`base`), with up to three of `fields` changed, dropped or sent twice,
    and up to two made-up or reserved names added."""
    changed = data.draw(some_of_these(tuple(sorted(fields))), label="changed")
    pairs = [(name, value) for name, value in base.items() if name not in changed]
    for name in changed:
        what = data.draw(CHANGES, label=name)
        if what != "drop":
            pairs.append((name, data.draw(field_value(fields[name]), label=name)))
        if what == "twice":
            pairs.append((name, data.draw(field_value(fields[name]), label=name)))
    return pairs + data.draw(EXTRA_PAIRS, label="extra")


def draw_query(data: st.DataObject, world: World, endpoint: str) -> list[tuple[str, str]]:
    """A query string: what the route's page asks with, changed; `url_for`'s own names..."""
    own = {"code": (world.code, display_code(world.code)), "token": (world.teacher_token,)}
    fields = {**QUERY_KEYS, **own}
    base = {"code": world.code} if endpoint == "join.ask" else QUERY_BASE.get(endpoint, {})
    if endpoint == "classroom.open_teacher_link":
        base = {"token": world.teacher_token}
    return draw_pairs(data, fields, base)


def draw_form(data: st.DataObject, world: World, endpoint: str, values: dict[str, str]) -> Any:
    """The page's own form, with some fields changed, dropped or sent twice, and some added."""
    with world.app.test_request_context():
        fields = route_fields(endpoint)
    base = {name: good[0] for name, good in fields.items() if good}
    base.update(defaults(endpoint))
    pairs = draw_pairs(data, fields, base)
    return [(name, world.fill_in(value, values)) for name, value in pairs]


def header_text(text: str) -> str:
    """What a header can carry: bytes without line breaks (WSGI reads them as Latin-1)."""
    return re.sub("[\r\n]", "", text).encode().decode("latin-1")


def draw_request(data: st.DataObject, world: World, rule: Rule, method: str) -> Sent:
    """One request to `rule` with `method`: its address, query, headers and body."""
    url, path, values = draw_address(data, world, rule)
    headers = {}
    if data.draw(st.booleans(), label="from the page's script"):
        headers["X-Kidswar"] = "fetch"
    for name in data.draw(HEADER_NAMES):
        headers[name] = header_text(data.draw(field_value(HEADERS[name]), label=name))
    query = draw_query(data, world, str(rule.endpoint))
    options: dict[str, Any] = {"headers": headers, "query_string": query}
    sent = Sent(method, url, path, values, options)
    if method != "POST":
        return sent
    sent.csrf = data.draw(one_of_these(CSRF), label="csrf")
    token = {"good": world.tokens["mine"], "other": world.tokens["other"], "missing": None}.get(
        sent.csrf
    )
    if sent.csrf == "wrong":
        token = data.draw(hostile(), label="wrong token")
    sent.body = data.draw(one_of_these(BODIES), label="body")
    form = draw_form(data, world, str(rule.endpoint), values)
    if sent.body in ("form", "multipart", "big"):
        if token is not None:
            form.append(("csrf_token", token))
        if sent.body == "big":
            form.append(("padding", "x" * int(world.app.config["MAX_CONTENT_LENGTH"])))
        options["data"] = MultiDict(form)
        if sent.body == "multipart":
            options["content_type"] = "multipart/form-data"
        return sent
    if token is not None:
        headers["X-CSRFToken"] = header_text(
            token
        )  # Flask-WTF also reads the token from this header
    if sent.body == "json":
        options["json"] = data.draw(st.sampled_from((dict(form), [form], HUGE, None)))
    else:
        options["data"] = data.draw(st.binary(max_size=300), label="raw body")
        options["content_type"] = data.draw(one_of_these(RAW_TYPES), label="content type")
    return sent
