"""The machine's own voices where it has them (issue 22): SAPI5 on Windows, NSSpeech on macOS.

This machine is Linux: the voice lists are fakes shaped as pyttsx3's sapi5 and nsss drivers
list them (SAPI5 registry token ids with "en-US", NSSpeech identifiers with "tr_TR"), for the
chooser, the worker process, `kidswar speech voices` and the clip cache (one per voice).
"""

from __future__ import annotations

import importlib.util
import json
import threading
import wave
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from speech_fakes import NSSS_VOICES, SAPI5_TOKENS, SAPI5_VOICES, spoken_seconds, write_mp3

from kidswar.cli import main
from kidswar.sound import mp3, pcm
from kidswar.sound.cache import SpeechCache
from kidswar.sound.voices import VoiceChoice, choose_voice
from kidswar.sound.worker import SpeechRenderer
from kidswar.words.catalogs import LANGUAGES


def pyttsx3_voice_class() -> Any:
    """pyttsx3's own Voice class, read from its file without importing pyttsx3 here: this
    process must not hold the engine (a test of the worker checks that only it loads it)."""
    spec = importlib.util.find_spec("pyttsx3")  # finds the package without importing it
    assert spec is not None and spec.submodule_search_locations
    path = Path(next(iter(spec.submodule_search_locations))) / "voice.py"
    loaded = importlib.util.spec_from_file_location("kidswar_tests_pyttsx3_voice", path)
    assert loaded is not None and loaded.loader is not None
    module = importlib.util.module_from_spec(loaded)
    loaded.loader.exec_module(module)
    return module.Voice


Voice = pyttsx3_voice_class()
ESPEAK = [
    Voice("gmw/en", "English (Great Britain)", ["en-gb"]),
    Voice("trk/tr", "Turkish", ["tr"]),
    Voice("gmw/de", "German", ["de"]),
    Voice("roa/es", "Spanish (Spain)", ["es"]),
    Voice("roa/fr", "French (France)", ["fr-fr"]),
]
# pyttsx3's own Voice objects, as its sapi5 driver makes them from the registry tokens.
SAPI5 = [Voice(voice.id, voice.name, voice.languages) for voice in SAPI5_VOICES]
NSSS = [Voice(voice.id, voice.name, voice.languages) for voice in NSSS_VOICES]


@pytest.mark.parametrize(
    "lang, driver, voice",
    [
        ("en", "sapi5", SAPI5_TOKENS + "TTS_MS_EN-US_ZIRA_11.0"),  # not XP's Sam, listed first
        ("de", "sapi5", SAPI5_TOKENS + "TTS_MS_DE-DE_HEDDA_11.0"),
        ("tr", "espeak", "trk/tr"),
        ("es", "espeak", "roa/es"),
        ("fr", "espeak", "roa/fr"),
    ],
)
def test_a_windows_voice_speaks_its_language_and_espeak_the_others(
    lang: str, driver: str, voice: str
) -> None:
    choice = choose_voice(lang, {"sapi5": SAPI5, "espeak": ESPEAK})
    assert (choice.driver, choice.voice) == (driver, voice)
    if driver == "sapi5":
        code = {"en": "en-us", "de": "de-de"}[lang]
        assert choice.reason == f"a SAPI5 voice of this machine speaks {code}"
    else:
        assert (
            choice.reason == f"no SAPI5 voice of this machine speaks {lang}: the bundled eSpeak NG"
        )


@pytest.mark.parametrize(
    "lang, driver, voice",
    [
        ("en", "nsss", "com.apple.speech.synthesis.voice.Alex"),  # not Bells or Zarvox
        ("tr", "nsss", "com.apple.voice.compact.tr-TR.Yelda"),
        ("fr", "espeak", "roa/fr"),  # the only French voice whispers: not for a child
        ("de", "espeak", "gmw/de"),
        ("es", "espeak", "roa/es"),
    ],
)
def test_a_mac_voice_speaks_its_language_and_espeak_the_others(
    lang: str, driver: str, voice: str
) -> None:
    choice = choose_voice(lang, {"nsss": NSSS, "espeak": ESPEAK})
    assert (choice.driver, choice.voice) == (driver, voice)
    assert choice.reason.startswith("a NSSpeechSynthesizer voice" if driver == "nsss" else "no ")


def test_without_a_native_driver_or_when_it_fails_espeak_speaks_and_says_why() -> None:
    linux = choose_voice("en", {"espeak": ESPEAK})
    assert (linux.driver, linux.voice, linux.name) == (
        "espeak",
        "gmw/en",
        "English (Great Britain)",
    )
    assert "no native speech driver" in linux.reason
    failed = choose_voice("en", {"espeak": ESPEAK}, {"sapi5": "OSError: no COM"})
    assert failed.driver == "espeak" and "SAPI5 could not load (OSError: no COM)" in failed.reason
    with pytest.raises(LookupError):
        choose_voice("nl", {"sapi5": SAPI5, "espeak": ESPEAK})


def test_each_voice_has_a_folder_of_its_own_safe_on_every_system() -> None:
    folders = {
        choose_voice(lang, voices).folder
        for lang in ("en", "de", "tr")
        for voices in ({"sapi5": SAPI5, "espeak": ESPEAK}, {"nsss": NSSS, "espeak": ESPEAK})
    }
    assert len(folders) == 6  # Zira, Hedda, eSpeak's Turkish; Alex, Yelda, eSpeak's German
    for folder in folders:
        assert folder.replace("-", "").replace("_", "").replace(".", "").isalnum()
    zira = choose_voice("en", {"sapi5": SAPI5, "espeak": ESPEAK}).folder
    assert zira.startswith("sapi5-TTS_MS_EN-US_ZIRA_11.0-")


@pytest.mark.parametrize(
    "engines, english, turkish",
    [
        ("sapi5_engines", SAPI5_TOKENS + "TTS_MS_EN-US_ZIRA_11.0", "fake/tr"),
        (
            "nsss_engines",
            "com.apple.speech.synthesis.voice.Alex",
            "com.apple.voice.compact.tr-TR.Yelda",
        ),
    ],
)
def test_the_worker_renders_with_the_chosen_voice_of_each_driver(
    tmp_path: Path, engines: str, english: str, turkish: str
) -> None:
    with SpeechRenderer(engine=f"speech_fakes:{engines}", timeout=5.0) as renderer:
        text = "Seven is bigger than four."
        assert renderer.render("en", text, tmp_path / "en.mp3").voice == english
        assert renderer.render("tr", "Yedi dörtten büyük.", tmp_path / "tr.mp3").voice == turkish
        assert renderer.voice("en") == renderer.voices["en"]
    for clip in ("en.mp3", "tr.mp3"):  # NSSpeech's AIFF is encoded to MP3 like the others
        seconds = mp3.seconds((tmp_path / clip).read_bytes())
        assert seconds is not None and seconds >= spoken_seconds("Yedi dörtten büyük.") - 0.05


def test_speech_voices_says_the_voice_of_each_language_its_driver_and_why(
    runner: CliRunner,
) -> None:
    result = runner.invoke(main, ["speech", "voices", "--engine", "speech_fakes:sapi5_engines"])
    assert result.exit_code == 0, result.stderr
    lines = dict(line.split("\t", 1) for line in result.stdout.splitlines())
    assert list(lines) == list(LANGUAGES)
    assert lines["en"] == (
        f"sapi5\tMicrosoft Zira Desktop ({SAPI5_TOKENS}TTS_MS_EN-US_ZIRA_11.0)"
        "\ta SAPI5 voice of this machine speaks en-us"
    )
    assert lines["de"].startswith("sapi5\tMicrosoft Hedda Desktop")
    assert lines["tr"] == (
        "espeak\tfake/tr (fake/tr)\tno SAPI5 voice of this machine speaks tr: the bundled eSpeak NG"
    )
    as_json = runner.invoke(
        main, ["speech", "voices", "--json", "--engine", "speech_fakes:nsss_engines"]
    )
    voices = json.loads(as_json.stdout)
    assert voices["tr"]["driver"] == "nsss" and voices["tr"]["name"] == "Yelda"
    assert voices["fr"]["driver"] == "espeak" and voices["fr"]["voice"] == "fake/fr"


def test_speech_voices_says_when_the_native_driver_cannot_load(runner: CliRunner) -> None:
    result = runner.invoke(
        main, ["speech", "voices", "--engine", "speech_fakes:broken_native_engines"]
    )
    assert result.exit_code == 0
    assert all(
        "SAPI5 could not load (OSError: no COM)" in line for line in result.stdout.splitlines()
    )
    broken = runner.invoke(main, ["speech", "voices", "--engine", "speech_fakes:broken_engine"])
    assert broken.exit_code == 1 and "speech failed: the speech engine cannot load" in broken.stderr


class VoicedRenderer:
    """A renderer in this process whose voice for English can be switched, as after a Windows
    language pack is installed; it counts its renders."""

    def __init__(self, choice: VoiceChoice | None) -> None:
        """Speak English with `choice` (None: the worker has not started yet)."""
        self.settings, self.available, self.retry_in = "voiced rate=140", True, 0.0
        self.choice, self.renders = choice, 0
        self._lock = threading.Lock()

    def voice(self, lang: str, start: bool = False) -> VoiceChoice | None:
        """The voice of every language."""
        return self.choice

    def render(self, lang: str, text: str, path: Path) -> None:
        """Count, then write a clip as long as the text."""
        with self._lock:
            self.renders += 1
        write_mp3(path, spoken_seconds(text))


ZIRA = VoiceChoice("en", "sapi5", SAPI5_TOKENS + "TTS_MS_EN-US_ZIRA_11.0", "Zira", "native")
ESPEAK_EN = VoiceChoice("en", "espeak", "gmw/en", "English", "no SAPI5 voice")


def test_one_clip_cache_per_voice(tmp_path: Path) -> None:
    renderer = VoicedRenderer(ESPEAK_EN)
    cache = SpeechCache(tmp_path, renderer)
    espeak_clip, espeak_version = cache.get("en", "war"), cache.version("en", "war")
    assert espeak_clip.parent == tmp_path / "en" / ESPEAK_EN.folder
    renderer.choice = ZIRA  # a better voice appears: the eSpeak clip is not Zira's
    assert not cache.is_cached("en", "war") and cache.version("en", "war") != espeak_version
    zira_clip = cache.get("en", "war")
    assert zira_clip.parent == tmp_path / "en" / ZIRA.folder and renderer.renders == 2
    renderer.choice = ESPEAK_EN  # and goes again: eSpeak's clip is still there, not re-rendered
    assert cache.get("en", "war") == espeak_clip and renderer.renders == 2
    assert cache.version("en", "war") == espeak_version
    assert espeak_clip.is_file() and zira_clip.is_file()


def test_before_the_worker_starts_the_clips_of_the_voice_last_chosen_are_served(
    tmp_path: Path,
) -> None:
    SpeechCache(tmp_path, VoicedRenderer(ZIRA)).get("en", "war")
    waiting = VoicedRenderer(None)  # a restarted server whose worker has not said its voices
    cache = SpeechCache(tmp_path, waiting)
    assert cache.fetch("en", "war", wait=0.0).parent == tmp_path / "en" / ZIRA.folder
    assert waiting.renders == 0


@pytest.mark.parametrize("channels, width", [(1, 2), (2, 2), (1, 1), (2, 3)])
def test_a_sapi5_voices_own_wav_format_becomes_mono_16_bit(
    tmp_path: Path, channels: int, width: int
) -> None:
    # SAPI5 writes its file stream in the voice's format: 8 or 16 bits, mono or stereo.
    path = tmp_path / "sapi5.wav"
    frames = 1600
    with wave.open(str(path), "wb") as out:
        out.setnchannels(channels)
        out.setsampwidth(width)
        out.setframerate(16000)
        loud = b"\x7f" * width if width > 1 else b"\xff"  # the loudest positive sample
        out.writeframes(loud * channels * frames)
    sound = pcm.read(path)
    assert sound.rate == 16000 and len(sound.pcm) == 2 * frames  # mono, 16 bits
    assert abs(sound.seconds - 0.1) < 1e-9
    first = int.from_bytes(sound.pcm[:2], "little", signed=True)
    assert first > 32000  # still the loudest: nothing wrapped round or went silent
