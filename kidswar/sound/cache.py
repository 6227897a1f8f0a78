"""Spoken clips cached on disk: `root/<lang>/<voice>/<key>.mp3`, rendered once, never half-written.

One cache per voice: each voice's clips have a folder of their own (its driver and id, as
`VoiceChoice.folder`), and its id is part of what a clip is made from and of its version in
the URL, so a machine that gains a better voice (a Windows language pack), or goes back to
eSpeak NG, never plays the other voice's clip, and going back finds the old clips still there.
`root/voices.json` keeps the voice last chosen for each language, so a server finds its clips on
disk before its speech worker has started (the worker chooses the voices when it starts).

A clip is rendered to a temporary name in its own folder, checked to be whole MP3, and only
then renamed into place (`os.replace` is atomic), so a reader sees the old file, the new one, or
none. Beside each clip, `<key>.txt` records what it was made from (the text and the renderer's
settings): when a translation or the speaking rate changes, the clip no longer matches and is
rendered again, instead of a Turkish page reading last month's English fallback forever.

`get` renders a missing clip and waits for it (`kidswar speech warm`); `fetch`, for the web,
serves a clip on disk at once whatever the renderer's state, and otherwise waits for its render
only briefly (`kidswar.sound.background`), so a hung worker never holds a page.
"""

from __future__ import annotations

import hashlib
import json
import os
import threading
import time
import uuid
from collections.abc import Iterable
from pathlib import Path
from typing import Protocol

from kidswar.sound import mp3
from kidswar.sound.background import BackgroundRenders
from kidswar.sound.errors import InvalidClip, SpeechUnavailable
from kidswar.sound.phrases import phrase_text
from kidswar.sound.voices import VoiceChoice

__all__ = [  # InvalidClip lives in kidswar.sound.errors; callers may still take it from here
    "RENDER_ATTEMPTS",
    "STALE_TEMP_SECONDS",
    "InvalidClip",
    "Renderer",
    "SpeechCache",
    "speech_root",
]
SPEECH_FOLDER = "speech"  # inside the app's instance folder
VOICES_RECORD = "voices.json"  # language -> the folder of the voice last chosen for it
RENDER_ATTEMPTS = 2  # a rare empty or short clip from the engine is rendered once more
# kidswar speaks about 14 letters a second (140 words a minute): "Nine is bigger than three."
# lasts 1.9 s. No voice, however fast, says 80 letters a second.
MIN_SECONDS_A_LETTER = 0.0125
STALE_TEMP_SECONDS = 3600  # a temporary file this old was left by a process that died


class Renderer(Protocol):
    """What the cache needs of a renderer (`kidswar.sound.worker.SpeechRenderer` is one)."""

    @property
    def available(self) -> bool:
        """False while speech is off (resting after failures, or impossible here)."""
        ...

    @property
    def retry_in(self) -> float | None:
        """Seconds until a render may be tried: 0 while available, None if never."""
        ...

    @property
    def settings(self) -> str:
        """What, besides the text, decides the sound (engine, rate)."""
        ...

    def render(self, lang: str, text: str, path: Path) -> object:
        """Write `text`, spoken in language `lang`, as an MP3 file at `path`."""
        ...


class Voiced(Protocol):
    """A renderer whose voice depends on the language and the machine (`SpeechRenderer`)."""

    def voice(self, lang: str, start: bool = False) -> VoiceChoice | None:
        """The voice of `lang`, known once the worker started (`start`: start it now)."""
        ...


def speech_root(instance_path: str | os.PathLike[str]) -> Path:
    """Where the clips of an app's instance folder are kept."""
    return Path(instance_path) / SPEECH_FOLDER


def _whole(path: Path, text: str) -> bool:
    """True if a clip is whole MP3 (`mp3.is_valid`) lasting as long as its text needs at the
    least: a voice at three times kidswar's rate still takes a few hundredths of a second a
    letter, so a clip shorter than that was cut (or is silence where a sentence should be)."""
    try:
        seconds = mp3.seconds(path.read_bytes())  # read and parsed once
    except OSError:
        return False
    letters = sum(character.isalnum() for character in text)
    return seconds is not None and seconds > 0.05 and seconds >= MIN_SECONDS_A_LETTER * letters


class SpeechCache:
    """Spoken phrases on disk under `root`, rendered by `renderer` when missing or stale."""

    def __init__(self, root: Path, renderer: Renderer, *, max_waiting: int = 4) -> None:
        """Keep clips under `root` (created as needed) and render misses with `renderer`.

        At most `max_waiting` callers of `fetch` wait for renders at the same time.
        """
        self.root = Path(root)
        self.renderer = renderer
        self.background = BackgroundRenders(max_waiting)
        self._locks: dict[tuple[str, str], threading.Lock] = {}
        self._locks_lock = threading.Lock()
        self._voices = self._read_record()  # language -> voice folder, as on disk
        self._sweep_stale_temporaries()

    def path(self, lang: str, key: str, start: bool = False) -> Path:
        """Where the clip of a phrase lives (or will live); KeyError for an unknown lang or key.

        The folder is the voice's: with `start`, the renderer is started to know it.
        """
        phrase_text(lang, key)  # keys and languages are a closed set: check before any path
        folder = self.voice_folder(lang, start)
        return (
            self.root / lang / folder / f"{key}.mp3" if folder else self.root / lang / f"{key}.mp3"
        )

    def voice_folder(self, lang: str, start: bool = False) -> str:
        """The folder of the voice that speaks `lang` ("" for a renderer of one voice)."""
        ask = getattr(self.renderer, "voice", None)
        if ask is None:
            return ""  # the tests' renderers in this process, which have one voice
        choice: VoiceChoice | None = ask(lang, start)
        if choice is None:
            return self._voices.get(lang, "")
        if self._voices.get(lang) != choice.folder:
            self._record(lang, choice.folder)
        return choice.folder

    def is_cached(self, lang: str, key: str) -> bool:
        """True if the clip is on disk and made from today's text, settings and voice."""
        return self._is_fresh(self.path(lang, key), self._source(lang, key))

    def get(self, lang: str, key: str) -> Path:
        """The clip's MP3 file, rendered first if it is missing or stale.

        KeyError for an unknown language or key (before anything is rendered); InvalidClip if
        the renderer wrote no whole MP3; the renderer's own errors (SpeechError) pass through.
        """
        path = self.path(lang, key, start=True)
        source = self._source(lang, key)
        if self._is_fresh(path, source):
            return path
        self._render_if_stale(lang, key, path, source)
        return path

    def fetch(self, lang: str, key: str, wait: float) -> Path:
        """The clip's MP3 file: at once if it is on disk, else rendered within `wait` seconds.

        A clip on disk is served whatever the renderer's state (no lock, no breaker). Otherwise
        its render is queued, and this raises NotReady if it takes longer than `wait` (the
        render goes on), SpeechUnavailable while speech is off, or what the render raised.
        """
        path = self.path(lang, key)
        source = self._source(lang, key)
        if self._is_fresh(path, source):
            return path
        if not self.renderer.available:
            raise SpeechUnavailable("speech is off for now", self.renderer.retry_in)
        self.background.run((lang, key), lambda: self.get(lang, key), wait)
        return self.path(lang, key)

    def warm(self, clips: Iterable[tuple[str, str]]) -> int:
        """Render every (lang, key) clip that is missing or stale; return how many were rendered."""
        rendered = 0
        for lang, key in clips:
            if not self.is_cached(lang, key):
                self.get(lang, key)
                rendered += 1
        return rendered

    def version(self, lang: str, key: str) -> str:
        """A short hash of what the clip is made from, known without rendering it.

        It changes exactly when the sound would: put it in the clip's URL (`?v=...`) to let
        browsers keep the clip for a long time and still fetch a new one after a change.
        """
        return hashlib.sha256(self._source(lang, key).encode("utf-8")).hexdigest()[:16]

    def _source(self, lang: str, key: str) -> str:
        """What a clip is made from: the renderer's settings and voice, then the text."""
        voice = self.voice_folder(lang)
        settings = f"{self.renderer.settings} voice={voice}" if voice else self.renderer.settings
        return f"{settings}\n{phrase_text(lang, key)}"

    def _read_record(self) -> dict[str, str]:
        """The voices last chosen (language -> folder), as `root/voices.json` keeps them."""
        try:
            recorded = json.loads((self.root / VOICES_RECORD).read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return {}
        return {str(lang): str(folder) for lang, folder in dict(recorded).items()}

    def _record(self, lang: str, folder: str) -> None:
        """Keep `folder` as the voice of `lang` (written whole, then renamed into place)."""
        with self._locks_lock:
            recorded = {**self._read_record(), lang: folder}
            self._voices = recorded
            self.root.mkdir(parents=True, exist_ok=True)
            temporary = self.root / f".{VOICES_RECORD}.{uuid.uuid4().hex}.tmp"
            temporary.write_text(json.dumps(recorded, sort_keys=True), encoding="utf-8")
            os.replace(temporary, self.root / VOICES_RECORD)

    @staticmethod
    def _is_fresh(path: Path, source: str) -> bool:
        """True if the clip exists and its record says it was made from `source`."""
        try:
            recorded = path.with_suffix(".txt").read_text(encoding="utf-8")
        except OSError:
            return False
        return recorded == source and path.is_file()

    def _lock_for(self, lang: str, key: str) -> threading.Lock:
        """The lock of one clip (the set of clips is closed, so the locks are never dropped)."""
        with self._locks_lock:
            return self._locks.setdefault((lang, key), threading.Lock())

    def _render_if_stale(self, lang: str, key: str, path: Path, source: str) -> None:
        """Render the clip unless another thread has just done so (one render per clip)."""
        with self._lock_for(lang, key):
            if not self._is_fresh(path, source):
                self._render(lang, key, path, source)

    def _render(self, lang: str, key: str, path: Path, source: str) -> None:
        """Render a clip to a temporary file, check it, then move it and its record into place."""
        path.parent.mkdir(parents=True, exist_ok=True)
        temporary = path.with_name(f".{key}.{uuid.uuid4().hex}.tmp")  # never a served name
        try:
            for _ in range(RENDER_ATTEMPTS):
                self.renderer.render(lang, phrase_text(lang, key), temporary)
                if _whole(temporary, phrase_text(lang, key)):
                    break
            else:
                raise InvalidClip(f"the renderer wrote no whole MP3 for {lang}/{key}")
            os.replace(temporary, path)
            # The record goes last: a crash before it leaves a clip that is rendered again.
            record = temporary.with_name(temporary.name + ".txt")
            record.write_text(source, encoding="utf-8")
            os.replace(record, path.with_suffix(".txt"))
        finally:
            for leftover in (temporary, temporary.with_name(temporary.name + ".txt")):
                leftover.unlink(missing_ok=True)

    def _sweep_stale_temporaries(self) -> None:
        """Remove temporary files left by a process that died while rendering, and the WAV
        clips of kidswar before its clips were MP3 (ten times the size; never served now)."""
        for old in self.root.glob("*/*.wav"):
            old.unlink(missing_ok=True)
        cutoff = time.time() - STALE_TEMP_SECONDS
        leftovers = [*self.root.glob(".*.tmp"), *self.root.glob("*/.*.tmp*")]
        for leftover in [*leftovers, *self.root.glob("*/*/.*.tmp*")]:
            try:
                if leftover.stat().st_mtime < cutoff:
                    leftover.unlink()
            except OSError:
                pass  # another process removed it first
