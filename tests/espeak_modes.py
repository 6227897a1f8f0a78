"""eSpeak NG's sound for some texts, made in one of its two modes, each in a process of its own
(eSpeak initialises once a process): for tests/test_speech_engine.py."""

from __future__ import annotations

import ctypes
import multiprocessing
import tempfile
import wave
from pathlib import Path
from typing import Any

VOICE = "gmw/en"


def synchronous(texts: list[str], rate: int) -> list[bytes]:
    """The samples kidswar's engine writes (`make_engine`: eSpeak's synchronous mode)."""
    return _engine_sounds(texts, rate, wait=True)


def at_synth_return(texts: list[str], rate: int) -> list[bytes]:
    """The samples kidswar's engine holds the moment `espeak_Synth` returns, before anything
    waits for eSpeak: all of them in the synchronous mode, few or none in the other."""
    return _engine_sounds(texts, rate, wait=False)


def _engine_sounds(texts: list[str], rate: int, wait: bool) -> list[bytes]:
    """The sound of each text by `make_engine`'s engine: the WAV it writes (`wait`), or what
    its sound callback gathered when eSpeak's Synth returned (the engine's own parts)."""
    from kidswar.sound.espeak import make_engine

    engine = make_engine()
    engine.setProperty("voice", VOICE)
    engine.setProperty("rate", rate)
    sounds = []
    with tempfile.TemporaryDirectory() as folder:
        for index, text in enumerate(texts):
            if not wait:
                engine._sound.pcm.clear()
                engine._synthesize(text)
                sounds.append(bytes(engine._sound.pcm))
                continue
            path = Path(folder, f"{index}.wav")
            engine.save_to_file(text, str(path))
            engine.runAndWait()
            with wave.open(str(path), "rb") as clip:
                sounds.append(clip.readframes(clip.getnframes()))
    return sounds


def retrieval(texts: list[str], rate: int) -> list[bytes]:
    """Every sample eSpeak makes in its retrieval mode (pyttsx3's driver's), called directly."""
    from kidswar.sound.espeak import bundled_espeak

    _espeak = bundled_espeak()
    _espeak.Initialize(_espeak.AUDIO_OUTPUT_RETRIEVAL, 1000)
    samples = bytearray()

    def gather(wav: Any, count: int, events: Any) -> int:
        """eSpeak's sound callback: keep every sample."""
        if count > 0:
            samples.extend(ctypes.string_at(wav, count * 2))
        return 0

    _espeak.SetSynthCallback(gather)
    _espeak.SetVoiceByName(VOICE.encode())
    _espeak.SetParameter(_espeak.RATE, rate, 0)
    _espeak.Synchronize()
    sounds = []
    for text in texts:
        samples.clear()
        _espeak.Synth(text.encode("utf-8"), flags=_espeak.ENDPAUSE | _espeak.CHARS_UTF8)
        _espeak.Synchronize()
        sounds.append(bytes(samples))
    return sounds


def in_own_process(function: Any, texts: list[str], rate: int) -> list[bytes]:
    """`function(texts, rate)` run in a fresh process (spawned, as the speech worker is)."""
    with multiprocessing.get_context("spawn").Pool(1) as pool:
        return list(pool.apply(function, (texts, rate)))
