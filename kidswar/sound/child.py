"""The worker process's side of `kidswar.sound.worker`: make the engine, render each job.

This runs in the process that `SpeechRenderer` spawns; it is the only code that touches the
engine. Replies go back through a pipe: ("ready", None) or ("broken", why) once, then
("done", job id, voice id) or ("error", job id, why) for each job.
"""

from __future__ import annotations

import importlib
import os
import queue
import wave
from collections.abc import Iterable, Iterator
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

from kidswar.sound import mp3
from kidswar.sound.voices import pick_voice


def serve(engine: str, rate: int, jobs: Any, replies: Connection) -> None:
    """The worker process: make the engine, then render jobs from `jobs` until a None."""
    _quiet_stdout()
    try:
        module, _, name = engine.partition(":")
        speaker = getattr(importlib.import_module(module), name)()
    except BaseException as error:  # whatever it is, the parent must hear why, not time out
        replies.send(("broken", f"{type(error).__name__}: {error}"))
        return
    replies.send(("ready", None))
    chosen: dict[str, str] = {}  # language -> voice id, looked up once
    current = ""  # the voice set on the engine: set again only when the language changes
    for job_id, lang, text, path in _jobs_until_stopped(jobs):
        try:
            if lang not in chosen:
                chosen[lang] = pick_voice(_voices(speaker), lang)
            if chosen[lang] != current:
                speaker.setProperty("voice", chosen[lang])
                speaker.setProperty("rate", rate)  # a new voice may come with its own rate
                current = chosen[lang]
            _render(speaker, text, Path(path))
        except Exception as error:
            replies.send(("error", job_id, f"{type(error).__name__}: {error}"))
        else:
            replies.send(("done", job_id, chosen[lang]))


def _render(speaker: Any, text: str, path: Path) -> None:
    """Speak `text` into the MP3 file `path`: the engine writes a WAV beside it, which is
    encoded, checked to last as long, and removed."""
    wav = path.with_name(path.name + ".wav")
    try:
        speaker.save_to_file(text, str(wav))  # never say(): that plays on the server's speaker
        speaker.runAndWait()
        mp3.encode(wav, path)
        with wave.open(str(wav), "rb") as clip:
            spoken = clip.getnframes() / clip.getframerate()
    finally:
        wav.unlink(missing_ok=True)
    encoded = mp3.seconds(path.read_bytes())
    if encoded is None or encoded < spoken - 0.05:  # LAME only ever adds a frame of padding
        raise ValueError(f"the MP3 plays {encoded} s of {spoken:.2f} s spoken")


def _jobs_until_stopped(jobs: Any) -> Iterator[tuple[int, str, str, str]]:
    """The jobs from the queue, until a None or until the parent process is gone."""
    parent = os.getppid()
    while True:
        try:
            job = jobs.get(timeout=2.0)
        except queue.Empty:
            # A parent killed outright cannot stop us: notice we were orphaned, and exit.
            if os.getppid() != parent:
                return
            continue
        if job is None:
            return
        yield job


def _voices(speaker: Any) -> Iterable[Any]:
    """The engine's voices (each with `id` and `languages`)."""
    return speaker.getProperty("voices")  # type: ignore[no-any-return]


def _quiet_stdout() -> None:
    """Send the worker's standard output to /dev/null.

    pyttsx3's espeak driver prints "Audio saved to ..." for every file; in the parent's
    terminal that would break `kidswar speech warm`'s progress bar.
    """
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, 1)
    os.close(devnull)
