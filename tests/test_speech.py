"""Speech: the closed set of phrases, choosing voices, the clip cache and `kidswar speech warm`."""

from __future__ import annotations

import json
import os
import re
import threading
import time
from collections.abc import Callable
from pathlib import Path
from types import SimpleNamespace

import pytest
from click.testing import CliRunner
from flask import Flask
from speech_fakes import spoken_seconds, write_mp3

from kidswar.cli import main
from kidswar.sound import mp3, phrases
from kidswar.sound.cache import (
    RENDER_ATTEMPTS,
    STALE_TEMP_SECONDS,
    InvalidClip,
    SpeechCache,
)
from kidswar.sound.errors import NotReady, SpeechUnavailable
from kidswar.sound.phrases import LANGUAGES, phrase_keys, phrase_text
from kidswar.sound.voices import pick_voice
from kidswar.sound.worker import RenderFailed
from kidswar.web import instance_path
from kidswar.words.content import load_page, peace_word


def test_every_phrase_in_every_language_is_a_whole_sentence() -> None:
    for lang in LANGUAGES:
        for key in phrase_keys():
            text = phrase_text(lang, key)
            assert text.strip(), (lang, key)
            assert "%(" not in text, (lang, key)  # every placeholder filled


def test_phrase_keys_are_unique_and_safe_in_a_url() -> None:
    keys = phrase_keys()
    assert len(set(keys)) == len(keys)
    assert all(re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", key) for key in keys)
    # Cards: the full deck's 13 values pairwise, and the little deck's ace (1) with its 10.
    assert sum(key.startswith("compare-") for key in keys) == 13 * 13 + 19
    # Addition War: two cards added (13 * 13 full, 10 * 10 little, 9 * 9 of them in both), and
    # sums compared that can meet (2..28 with the full deck, 1..20 with the little deck).
    assert sum(key.startswith("sum-") for key in keys) == 13 * 13 + 10 * 10 - 9 * 9
    assert sum(key.startswith("sums-") for key in keys) == 27 * 27 + 20 * 20 - 19 * 19
    assert {"war", "peace", "time-up", "rules-war-easy-7", "rules-peace-what-2"} <= set(keys)
    easy = next(s for s in load_page("war")["section"] if s["id"] == "easy")
    assert phrase_text("en", "rules-war-easy-1") == easy["items"][0]


@pytest.mark.parametrize(
    "key, text",
    [
        ("compare-7-4", "Seven is bigger than four."),
        ("compare-2-14", "Two is smaller than the ace."),
        ("compare-4-4", "Four is equal to four."),
        ("compare-1-5", "One is smaller than five."),
        ("sum-3-4", "Three and four make seven."),
        ("sum-11-4", "Eleven and four make fifteen."),
        ("one-card-7", "Only one card: seven."),
        ("sums-7-6", "Seven is bigger than six."),
        ("sums-21-28", "Twenty-one is smaller than twenty-eight."),
        ("biggest-sum-15", "Fifteen is the biggest sum."),
        ("question-bigger-sum", "Which sum is bigger?"),
        ("war", "War!"),
        ("peace", "Peace!"),
        ("time-up", "Time's up!"),
    ],
)
def test_english_phrases(key: str, text: str) -> None:
    assert phrase_text("en", key) == text


def test_the_peace_rules_spell_the_peace_word() -> None:
    # Shown "PEACE (P-E-A-C-E)"; said letter by letter (eSpeak read "P-E-A-C-E" as "P, E,
    # uh, C, E", the A as the article).
    assert "PEACE (P, E, A, C, E)" in phrase_text("en", "rules-peace-what-2")


class Letters:
    """Translations whose only translation is the word on the Peace cards."""

    def __init__(self, word: str) -> None:
        """Translate "PEACE" as `word`."""
        self.word = word

    def gettext(self, message: str) -> str:
        """No translation."""
        return message

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        """No translation."""
        return singular if n == 1 else plural

    def pgettext(self, context: str, message: str) -> str:
        """The word for the Peace cards, else no translation."""
        return self.word if message == "PEACE" else message


def test_the_peace_word_must_have_five_letters_for_five_cards() -> None:
    assert peace_word(Letters("BARIŞ")) == "BARIŞ"
    assert peace_word(Letters("FRIEDEN")) == "PEACE"


@pytest.mark.parametrize(
    "lang, key",
    [
        ("xx", "war"),
        ("EN", "war"),
        ("en", "compare-0-2"),
        ("en", "compare-1-11"),  # the little deck's ace (1) never meets a jack
        ("en", "sums-1-21"),  # nor its sums the full deck's
        ("en", "sum-0-2"),
        ("en", "compare-7-4.mp3"),
        ("en", "../war"),
        ("en", "rules-peace-differences-1"),
        ("en", "rules-war-easy-8"),
    ],
)
def test_unknown_languages_and_keys_raise_key_error(lang: str, key: str) -> None:
    with pytest.raises(KeyError):
        phrase_text(lang, key)


ESPEAK_VOICES = [
    SimpleNamespace(id=voice_id, languages=[code])
    for voice_id, code in [
        ("gmw/en-029", "en-029"),
        ("gmw/en", "en-gb"),
        ("gmw/en-us", "en-us"),
        ("roa/es", "es"),
        ("roa/es-419", "es-419"),
        ("roa/fr-be", "fr-be"),
        ("roa/fr", "fr-fr"),
        ("trk/tr", "tr"),
        ("gmw/de", "de"),
    ]
]


@pytest.mark.parametrize(
    "lang, voice",
    [("en", "gmw/en"), ("tr", "trk/tr"), ("de", "gmw/de"), ("es", "roa/es"), ("fr", "roa/fr")],
)
def test_a_voice_is_chosen_by_language_code(lang: str, voice: str) -> None:
    assert pick_voice(ESPEAK_VOICES, lang) == voice


def test_voice_codes_as_raw_espeak_bytes_and_missing_languages() -> None:
    raw = [SimpleNamespace(id="other", languages=[b"\x05tr"])]
    assert pick_voice(raw, "tr") == "other"
    with pytest.raises(LookupError):
        pick_voice(ESPEAK_VOICES, "nl")


class CountingRenderer:
    """A renderer in this process that counts its renders and writes what it is told."""

    def __init__(
        self,
        content: bytes | None = None,
        release: threading.Event | None = None,
        error: Exception | None = None,
    ) -> None:
        """Write `content` (None: a real WAV) after `release` is set, or raise `error`."""
        self.settings = "counting rate=140"
        self.available = True
        self.retry_in: float | None = 0.0
        self.content, self.release, self.error = content, release, error
        self.seconds = 0.5  # how long the clip it writes plays at the least
        self.renders = 0
        self._lock = threading.Lock()

    def render(self, lang: str, text: str, path: Path) -> None:
        """Count, wait to be released, then write the clip."""
        with self._lock:
            self.renders += 1
        if self.release is not None:
            assert self.release.wait(10)
        if self.error is not None:
            raise self.error
        if self.content is None:
            write_mp3(path, spoken_seconds(text, self.seconds))
        else:
            path.write_bytes(self.content)


class WatchedCache(SpeechCache):
    """A cache that tells when `count` requests have started (each looks up its path first)."""

    def __init__(self, root: Path, renderer: CountingRenderer, count: int) -> None:
        """Watch for `count` requests."""
        super().__init__(root, renderer)
        self.started, self._count, self._lock = threading.Event(), count, threading.Lock()

    def path(self, lang: str, key: str, start: bool = False) -> Path:
        """Count the request, then look the path up."""
        with self._lock:
            self._count -= 1
            if self._count == 0:
                self.started.set()
        return super().path(lang, key, start)


def test_concurrent_requests_for_one_clip_render_it_once(tmp_path: Path) -> None:
    renderer = CountingRenderer(release=threading.Event())
    cache = WatchedCache(tmp_path, renderer, count=8)
    paths: list[Path] = []
    threads = [
        threading.Thread(target=lambda: paths.append(cache.get("tr", "compare-7-4")))
        for _ in range(8)
    ]
    for thread in threads:
        thread.start()
    assert cache.started.wait(10)  # all 8 have asked while the first render is held back
    assert renderer.release is not None
    renderer.release.set()
    for thread in threads:
        thread.join()
    assert renderer.renders == 1
    assert paths == [tmp_path / "tr" / "compare-7-4.mp3"] * 8
    assert mp3.is_valid(paths[0]) and cache.is_cached("tr", "compare-7-4")


def file_state(path: Path) -> tuple[int, int]:
    """A file's size and time of writing: both stay while it is not written again."""
    stat = path.stat()
    return stat.st_size, stat.st_mtime_ns


def test_a_cached_clip_is_not_rendered_again_until_its_source_changes(tmp_path: Path) -> None:
    renderer = CountingRenderer()
    cache = SpeechCache(tmp_path, renderer)
    version = cache.version("en", "war")
    first = cache.get("en", "war")
    written = file_state(first)
    assert cache.get("en", "war") == first and renderer.renders == 1
    assert file_state(first) == written  # the clip was not touched: browsers keep theirs
    renderer.settings = "counting rate=120"  # a slower voice: the old clip is stale
    renderer.seconds = 0.6  # and the new one lasts longer
    assert not cache.is_cached("en", "war") and cache.version("en", "war") != version
    assert cache.get("en", "war") == first and file_state(first) != written  # rendered again
    assert renderer.renders == 2


def test_unknown_language_or_key_renders_nothing(tmp_path: Path) -> None:
    renderer = CountingRenderer()
    cache = SpeechCache(tmp_path, renderer)
    for lang, key in [("xx", "war"), ("en", "nope"), ("en", "../../etc/passwd")]:
        with pytest.raises(KeyError):
            cache.get(lang, key)
    assert renderer.renders == 0 and list(tmp_path.iterdir()) == []


@pytest.mark.parametrize(
    "content",
    [
        b"",
        b"not an mp3 at all",
        # a WAV (what the engine writes before the worker encodes it) is not a clip
        b'RIFF$\0\0\0WAVEfmt \x10\0\0\0\x01\0\x01\0"V\0\0D\xac\0\0\x02\0\x10\0data\0\0\0\0',
        # the header of a 32 kbit/s frame of 22,050 Hz (104 bytes), and only 50 of its bytes
        b"\xff\xf3\x40\xc4" + b"\0" * 46,
    ],
)
def test_an_invalid_clip_is_never_put_in_place(tmp_path: Path, content: bytes) -> None:
    renderer = CountingRenderer(content=content)
    cache = SpeechCache(tmp_path, renderer)
    with pytest.raises(InvalidClip):
        cache.get("en", "peace")
    assert renderer.renders == RENDER_ATTEMPTS
    assert list((tmp_path / "en").iterdir()) == []  # no clip, no record, no temporary file


def test_a_clip_too_short_for_its_text_is_rendered_again_then_refused(tmp_path: Path) -> None:
    """A clip that plays a tenth of a second for a whole rules sentence was cut (or is silence):
    never kept."""
    short = tmp_path / "short.mp3"
    write_mp3(short, 0.1)
    renderer = CountingRenderer(content=short.read_bytes())
    cache = SpeechCache(tmp_path / "speech", renderer)
    with pytest.raises(InvalidClip):
        cache.get("en", "rules-war-easy-1")
    assert renderer.renders == RENDER_ATTEMPTS
    assert list((tmp_path / "speech" / "en").iterdir()) == []
    renderer.content = None  # now whole clips, as long as the sentence needs
    assert mp3.is_valid(cache.get("en", "rules-war-easy-1"))


def test_a_whole_mp3_is_valid_and_the_same_mp3_cut_short_is_not(tmp_path: Path) -> None:
    clip = tmp_path / "clip.mp3"
    write_mp3(clip, seconds=0.5)
    assert mp3.is_valid(clip)
    whole = clip.read_bytes()
    clip.write_bytes(whole[:-2])  # the last frame is cut: the writer died
    assert not mp3.is_valid(clip)
    clip.write_bytes(b"RIFF" + whole)  # not MPEG audio from its first byte
    assert not mp3.is_valid(clip)
    assert not mp3.is_valid(tmp_path / "missing.mp3")


def age(path: Path, seconds: float) -> None:
    """Make a file look last written `seconds` ago."""
    then = time.time() - seconds
    os.utime(path, (then, then))


def test_temporary_files_left_by_a_dead_process_are_swept_at_start(tmp_path: Path) -> None:
    renderer = CountingRenderer()
    clip = SpeechCache(tmp_path, renderer).get("en", "war")
    for kept in (clip, clip.with_suffix(".txt")):
        age(kept, 30 * 86400)  # a real clip, however old, is never swept
    dead = [tmp_path / "en" / ".peace.0a1b.tmp", tmp_path / "en" / ".peace.0a1b.tmp.txt"]
    dead.append(tmp_path / "tr" / ".war.2c3d.tmp")
    busy = tmp_path / "en" / ".time-up.4e5f.tmp"  # another process is rendering it right now
    (tmp_path / "tr").mkdir()
    for leftover in [*dead, busy]:
        leftover.write_bytes(b"RIFF")
    for leftover in dead:
        age(leftover, STALE_TEMP_SECONDS + 60)
    age(busy, STALE_TEMP_SECONDS - 60)

    cache = SpeechCache(tmp_path, renderer)  # a new process starts

    assert not any(leftover.exists() for leftover in dead)
    assert busy.exists()
    assert cache.get("en", "war") == clip and renderer.renders == 1  # still cached


def test_a_failed_render_leaves_nothing_behind(tmp_path: Path) -> None:
    cache = SpeechCache(tmp_path, CountingRenderer(error=RenderFailed("timed out")))
    with pytest.raises(RenderFailed):
        cache.get("en", "time-up")
    assert list((tmp_path / "en").iterdir()) == []


def poll(check: Callable[[], bool], timeout: float = 5.0) -> None:
    """Ask `check` again and again until it says yes; fail after `timeout` seconds."""
    deadline = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < deadline, "not within the time allowed"
        time.sleep(0.005)  # the interval between two looks


def outcome_of(action: Callable[[], object]) -> object:
    """What `action` returned or raised."""
    try:
        return action()
    except Exception as error:
        return error


AN_HOUR = 3600.0  # a wait a request is allowed but must not take


def without_waiting(action: Callable[[], object]) -> object:
    """What `action` returned or raised, given that it answers without taking the hour it may
    wait: it runs on a thread, which must be done long before (the 60 s are room for a busy
    machine, not a measure of speed)."""
    found: list[object] = []
    thread = threading.Thread(target=lambda: found.append(outcome_of(action)), daemon=True)
    thread.start()
    thread.join(60)
    assert found, "it waited for the render"
    return found[0]


def test_a_new_clip_is_waited_for_briefly_then_rendered_for_the_next_request(
    tmp_path: Path,
) -> None:
    renderer = CountingRenderer(release=threading.Event())  # the worker hangs until released
    cache = SpeechCache(tmp_path, renderer)
    late = outcome_of(lambda: cache.fetch("tr", "compare-7-4", wait=0.5))
    assert isinstance(late, NotReady) and late.retry_after == 0.5  # waited, then said so
    # The render in progress has taken longer than anyone waits: the next one does not wait.
    stuck = outcome_of(lambda: cache.fetch("tr", "compare-8-4", wait=0.4))
    assert isinstance(stuck, NotReady) and "busy with a slow job" in str(stuck)
    assert renderer.release is not None
    renderer.release.set()  # the worker comes back: both queued renders go on
    poll(lambda: cache.is_cached("tr", "compare-7-4") and cache.is_cached("tr", "compare-8-4"))
    assert cache.fetch("tr", "compare-7-4", wait=0.2) == tmp_path / "tr" / "compare-7-4.mp3"
    assert renderer.renders == 2  # once each, though asked for three times


def test_a_clip_on_disk_is_served_at_once_while_the_worker_hangs_or_rests(
    tmp_path: Path,
) -> None:
    renderer = CountingRenderer()
    cache = SpeechCache(tmp_path, renderer)
    clip = cache.get("en", "war")
    renderer.release = threading.Event()  # from now on the worker hangs
    with pytest.raises(NotReady):
        cache.fetch("en", "peace", wait=0.1)
    renderer.available, renderer.retry_in = False, 30.0  # and speech rests after failures
    served = without_waiting(lambda: cache.fetch("en", "war", wait=AN_HOUR))
    assert served == clip
    with pytest.raises(SpeechUnavailable) as resting:
        cache.fetch("en", "time-up", wait=0.1)
    assert resting.value.retry_after == 30.0
    renderer.release.set()
    poll(lambda: cache.is_cached("en", "peace"))  # the render queued before goes on


def test_only_a_few_requests_wait_for_renders_at_once(tmp_path: Path) -> None:
    renderer = CountingRenderer(release=threading.Event())
    cache = SpeechCache(tmp_path, renderer, max_waiting=2)
    outcomes: list[object] = []

    def ask(key: str) -> None:
        """Ask for a clip, willing to wait 5 s; keep what came back."""
        outcomes.append(outcome_of(lambda: cache.fetch("en", key, wait=5.0)))

    waiters = [threading.Thread(target=ask, args=(key,)) for key in ("war", "peace")]
    for waiter in waiters:
        waiter.start()
    poll(lambda: cache.background.waiting == 2)
    third = without_waiting(lambda: cache.fetch("en", "time-up", wait=AN_HOUR))
    # at once: its thread is free for pages
    assert isinstance(third, NotReady) and "enough requests are waiting" in str(third)
    assert renderer.release is not None
    renderer.release.set()
    for waiter in waiters:
        waiter.join(5)
    assert sorted(map(str, outcomes)) == [
        str(cache.path("en", "peace")),
        str(cache.path("en", "war")),
    ]
    poll(lambda: cache.is_cached("en", "time-up"))  # the third clip was rendered all the same


def test_a_failed_render_is_tried_again_by_the_next_request(tmp_path: Path) -> None:
    renderer = CountingRenderer(error=RenderFailed("the engine raised"))
    cache = SpeechCache(tmp_path, renderer)
    with pytest.raises(RenderFailed):
        cache.fetch("en", "war", wait=1.0)
    renderer.error = None
    assert cache.fetch("en", "war", wait=1.0) == cache.path("en", "war")
    assert renderer.renders == 2


def test_speech_warm_renders_every_phrase_once(
    runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Every phrase is what `phrase_keys()` lists (test_phrase_keys checks that list); rendering
    # all 5,000 of them took 29 s, so the command warms a spread of them, first and last in.
    every = phrase_keys()
    sample = [*every[:: len(every) // 40], every[-1]]
    monkeypatch.setattr(phrases, "phrase_keys", lambda: sample)
    env = {"KIDSWAR_INSTANCE_PATH": str(tmp_path)}
    command = ["speech", "warm", "--lang", "tr", "--engine", "speech_fakes:fake_engine"]
    first = runner.invoke(main, command, env=env)
    assert first.exit_code == 0, first.stderr
    count = len(sample)
    assert f"{count} clips rendered, 0 already cached" in first.stdout
    # One folder of clips: the fake eSpeak's Turkish voice's.
    (voice,) = (tmp_path / "speech" / "tr").iterdir()
    assert voice.name.startswith("espeak-tr-") and len(list(voice.glob("*.mp3"))) == count
    again = runner.invoke(main, command, env=env)
    assert f"0 clips rendered, {count} already cached" in again.stdout


def test_speech_warm_rejects_an_unknown_language_in_one_line(runner: CliRunner) -> None:
    result = runner.invoke(main, ["speech", "warm", "--lang", "xx"])
    assert result.exit_code != 0
    assert result.stderr.startswith("kidswar: ") and result.stderr.count("\n") == 1


def test_speech_warm_stops_with_one_line_when_the_engine_cannot_load(
    runner: CliRunner, tmp_path: Path
) -> None:
    result = runner.invoke(
        main,
        ["speech", "warm", "--lang", "en", "--engine", "speech_fakes:broken_engine"],
        env={"KIDSWAR_INSTANCE_PATH": str(tmp_path)},
    )
    assert result.exit_code == 1
    assert "cannot load" in result.stderr and result.stderr.count("\n") == 1


def test_the_instance_folder_is_the_apps(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("KIDSWAR_INSTANCE_PATH", str(tmp_path))
    assert instance_path() == tmp_path.resolve()
    monkeypatch.delenv("KIDSWAR_INSTANCE_PATH")
    # create_app() makes Flask(__name__) in kidswar/web/__init__.py; Flask works its default
    # instance folder out from the import name alone (and, unlike create_app, creates nothing).
    assert instance_path() == Path(Flask("kidswar.web").instance_path)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_speech_phrases_lists_every_key_with_the_text_the_voice_is_given(
    runner: CliRunner, lang: str
) -> None:
    result = runner.invoke(main, ["speech", "phrases", "--lang", lang, "--json"])
    assert result.exit_code == 0, result.stderr
    listed = json.loads(result.stdout)
    assert list(listed) == phrase_keys()
    assert all(listed[key] == phrase_text(lang, key) for key in listed)
    plain = runner.invoke(main, ["speech", "phrases", "--lang", lang]).stdout.splitlines()
    assert plain == [f"{key}\t{text}" for key, text in listed.items()]


def test_speech_phrases_needs_a_language_it_knows(runner: CliRunner) -> None:
    assert runner.invoke(main, ["speech", "phrases", "--json"]).exit_code == 2
    assert runner.invoke(main, ["speech", "phrases", "--lang", "xx"]).exit_code == 2
