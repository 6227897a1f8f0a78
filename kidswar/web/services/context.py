"""What a service needs from the request it serves, handed over by the area that calls it.

The services import no Flask: the area builds one `Context` per request (`kidswar.web.context`)
and passes it in, so a service reads its database, the time, the settings, the translations and
the addresses it links to from here, and a test can hand it any of them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field

from kidswar.game.class_round import Round
from kidswar.settings import Settings
from kidswar.storage.connection import Database
from kidswar.words.catalogs import Translations
from kidswar.words.said import Said, voiced


@dataclass(frozen=True)
class Context:
    """The request's database, clock, settings, languages, seeds and addresses."""

    db: Database
    clock: Callable[[], float]  # the server's time now, in seconds (the tests' own clock)
    settings: Settings  # the app's settings
    t: Translations
    locale: str  # the page's language, "en"
    seed: Callable[[], int]  # a fresh seed for a new deal
    url: Callable[..., str]  # the address of an endpoint (`url_for`)
    clips: Callable[[str, Sequence[str]], list[str]]  # the addresses of some speech clips
    # The rounds as they stand now, kept for the rest of the request (`clock.round_now`).
    rounds: dict[str, Round | None] = field(default_factory=dict)
    # The device's second language for this page (issue 36), None without one: its code and
    # its translations, for each sentence said in it too.
    also: str | None = None
    also_t: Translations | None = None

    def speech(self, texts: Iterable[Said | str]) -> tuple[str, ...]:
        """The addresses of the clips a page plays for its texts, in the order shown: each
        text's in the page's language, then its twin's in the second (`said.voiced`)."""
        return tuple(
            url
            for language, keys in voiced(texts, self.locale)
            for url in self.clips(language, keys)
        )

    def now(self) -> float:
        """The server's time now, in seconds."""
        return float(self.clock())
