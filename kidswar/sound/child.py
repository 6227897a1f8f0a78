"""The worker process's side of `kidswar.sound.worker`: make the engine, render each job.

This runs in the process that `SpeechRenderer` spawns; it is the only code that touches the
engine. Replies go back through a pipe: ("ready", {language: VoiceChoice}) or ("broken", why)
once, then ("done", job id, voice id) or ("error", job id, why) for each job.
"""

from __future__ import annotations

import importlib
import os
import signal
from collections.abc import Iterable, Iterator
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

from kidswar.sound import mp3, pcm
from kidswar.sound.voices import ESPEAK, Engines, VoiceChoice, choose_voice


def serve(
    engine: str, rate: int, jobs: Connection, replies: Connection, languages: Iterable[str] = ()
) -> None:
    """The worker process: make the engines, choose a voice for each language (sent back with
    "ready"), then render jobs from `jobs` until a None or the parent's end closes."""
    # Ctrl+C in a terminal reaches the whole process group: the server stops this worker
    # itself, so the worker must not die first with a traceback of its own (issue 33).
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _quiet_stdout()
    try:
        module, _, name = engine.partition(":")
        speakers = _as_engines(getattr(importlib.import_module(module), name)())
        choices = _choose(speakers, languages)
    except BaseException as error:  # whatever it is, the parent must hear why, not time out
        replies.send(("broken", f"{type(error).__name__}: {error}"))
        return
    replies.send(("ready", choices))
    current: dict[str, str] = {}  # driver -> the voice set on its engine: set again on a change
    for job_id, lang, text, path in _jobs_until_stopped(jobs):
        try:
            choice = choices.get(lang)
            if choice is None:
                raise LookupError(f"no voice speaks the language {lang!r}")
            speaker = speakers.engines[choice.driver]
            if current.get(choice.driver) != choice.voice:
                speaker.setProperty("voice", choice.voice)
                speaker.setProperty("rate", rate)  # a new voice may come with its own rate
                current[choice.driver] = choice.voice
            _render(speaker, text, Path(path))
        except Exception as error:
            replies.send(("error", job_id, f"{type(error).__name__}: {error}"))
        else:
            replies.send(("done", job_id, choice.voice))


def _as_engines(made: Any) -> Engines:
    """What an engine factory made, as `Engines`: a lone engine is eSpeak's (the tests' fakes)."""
    if isinstance(made, Engines):
        return made
    return Engines({ESPEAK: made})


def _choose(speakers: Engines, languages: Iterable[str]) -> dict[str, VoiceChoice]:
    """The voice of each language that some engine speaks (the others are left out)."""
    voices: dict[str, list[Any]] = {}
    problems = dict(speakers.problems)
    for driver, speaker in speakers.engines.items():
        try:
            voices[driver] = list(_voices(speaker))
        except Exception as error:  # a native driver that lists no voices: eSpeak speaks
            if driver == ESPEAK:
                raise
            problems[driver] = f"{type(error).__name__}: {error}"
    choices = {}
    for lang in languages:
        try:
            choices[lang] = choose_voice(lang, voices, problems)
        except LookupError:
            continue  # its jobs fail, each saying so; the other languages speak
    return choices


def _render(speaker: Any, text: str, path: Path) -> None:
    """Speak `text` into the MP3 file `path`: the engine writes a WAV (or AIFF) beside it,
    which is encoded, checked to last as long, and removed."""
    spoken_file = path.with_name(path.name + ".wav")
    try:
        speaker.save_to_file(text, str(spoken_file))  # never say(): the server's speaker
        speaker.runAndWait()
        sound = pcm.read(spoken_file)
        mp3.encode_pcm(sound.pcm, sound.rate, path)
    finally:
        spoken_file.unlink(missing_ok=True)
    encoded = mp3.seconds(path.read_bytes())
    if encoded is None or encoded < sound.seconds - 0.05:  # LAME only ever adds padding
        raise ValueError(f"the MP3 plays {encoded} s of {sound.seconds:.2f} s spoken")


def _jobs_until_stopped(jobs: Connection) -> Iterator[tuple[int, str, str, str]]:
    """The jobs from the pipe, until a None, the pipe's end, or the parent process is gone."""
    parent = os.getppid()
    while True:
        try:
            if not jobs.poll(2.0):
                # A parent killed outright cannot stop us: notice we were orphaned, and exit.
                if os.getppid() != parent:
                    return
                continue
            job = jobs.recv()
        except (EOFError, OSError):  # the parent closed its end, or exited
            return
        if job is None:
            return
        yield tuple(job)


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
