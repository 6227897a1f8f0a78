"""Real clips are small and play in Chromium: eSpeak NG through the worker, encoded as MP3.

A sample of the English phrases (every kind: comparisons, sums, calls, questions, the rules
pages) is rendered by the real engine; each must decode in the browser to as long as its
frames say, the sentences average at most 24 KB, and a rules page's clips weigh at most a
tenth of what they did as WAV (16-bit samples at 22,050 a second, plus a 44-byte header).
"""

from __future__ import annotations

import base64
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Page

from kidswar.sound import mp3
from kidswar.sound.cache import SpeechCache
from kidswar.sound.phrases import phrase_keys
from kidswar.sound.worker import SpeechRenderer

SAMPLE = 40  # phrases of every kind, spread over the list
WAV_BYTES_A_SECOND = 2 * 22050


@pytest.fixture(scope="module")
def clips(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Path]]:
    """A sample of English clips and the easy War rules' clips, rendered for real."""
    keys = sorted(phrase_keys())
    chosen = keys[:: max(1, len(keys) // SAMPLE)]
    rules = [key for key in keys if key.startswith("rules-war-easy-")]
    with SpeechRenderer() as renderer:
        cache = SpeechCache(tmp_path_factory.mktemp("speech"), renderer)
        yield {key: cache.get("en", key) for key in dict.fromkeys([*chosen, *rules])}


def test_clips_are_small(clips: dict[str, Path]) -> None:
    sentences = [path for key, path in clips.items() if not key.startswith("rules-")]
    average = sum(path.stat().st_size for path in sentences) / len(sentences)
    assert average <= 24 * 1024
    rules = [path for key, path in clips.items() if key.startswith("rules-war-easy-")]
    assert len(rules) >= 7  # the seven easy steps at least
    as_wav = sum(44 + WAV_BYTES_A_SECOND * (mp3.seconds(p.read_bytes()) or 0) for p in rules)
    assert sum(path.stat().st_size for path in rules) <= as_wav / 10


def test_every_clip_decodes_in_chromium_to_its_length(page: Page, clips: dict[str, Path]) -> None:
    page.goto("/")  # a page of the app: the clips are decoded where they are played
    for key, path in clips.items():
        data = path.read_bytes()
        decoded = page.evaluate(
            """async (encoded) => {
                const bytes = Uint8Array.from(atob(encoded), (c) => c.charCodeAt(0));
                const context = new OfflineAudioContext(1, 22050, 22050);
                const audio = await context.decodeAudioData(bytes.buffer);
                return audio.duration;
            }""",
            base64.b64encode(data).decode("ascii"),
        )
        frames = mp3.seconds(data)
        assert frames is not None and abs(decoded - frames) < 0.1, key
