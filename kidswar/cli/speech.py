"""`kidswar speech`: render the spoken phrases ahead of time, into the app's instance folder."""

from __future__ import annotations

import json
import time

import click

from kidswar.cli.environment import checked_settings
from kidswar.settings import SPEECH_RATE
from kidswar.sound.worker import DEFAULT_ENGINE, DEFAULT_RATE
from kidswar.words.catalogs import LANGUAGES


@click.group("speech")
def speech_group() -> None:
    """Spoken phrases (comparisons, calls, rules), rendered to MP3 files ahead of time."""


@speech_group.command("warm")
@click.option(
    "--lang",
    type=click.Choice(LANGUAGES),
    help="Render this language only (default: every language).",
)
@click.option(
    "--rate",
    type=click.IntRange(SPEECH_RATE.start, SPEECH_RATE.stop - 1),
    default=DEFAULT_RATE,
    show_default=True,
    envvar="KIDSWAR_SPEECH_RATE",
    help="Words a minute, as the app's setting.",
)
@click.option("--engine", default=DEFAULT_ENGINE, hidden=True)  # tests pass a fake engine
def speech_warm_command(lang: str | None, rate: int, engine: str) -> int:
    """Render every phrase of one or all languages into the instance folder's speech cache,
    with one speech worker per core."""
    from contextlib import ExitStack

    from kidswar.sound.cache import SpeechCache, speech_root
    from kidswar.sound.errors import SpeechError
    from kidswar.sound.phrases import phrase_keys
    from kidswar.sound.warming import render_all, worker_count
    from kidswar.sound.worker import SpeechRenderer
    from kidswar.web import instance_path

    root = speech_root(instance_path(checked_settings()))
    languages = [lang] if lang else list(LANGUAGES)
    clips = [(code, key) for code in languages for key in phrase_keys()]
    started = time.monotonic()
    with ExitStack() as stack:
        first = stack.enter_context(SpeechRenderer(rate, engine=engine))
        cache = SpeechCache(root, first)
        for code in languages:  # start the worker: its voices decide which clips are on disk
            cache.voice_folder(code, start=True)
        missing = [clip for clip in clips if not cache.is_cached(*clip)]
        others = [
            stack.enter_context(SpeechRenderer(rate, engine=engine))
            for _ in range(worker_count(len(missing)) - 1)
        ]
        # The bar counts only the clips to render, so its estimate of the time left is theirs.
        with click.progressbar(length=len(missing), label="Rendering speech", show_eta=True) as bar:
            try:
                for _ in render_all(root, missing, [first, *others]):
                    bar.update(1)
            except SpeechError as error:
                raise click.ClickException(f"speech failed: {error}") from error
    click.echo(
        f"{len(missing)} clips rendered, {len(clips) - len(missing)} already cached, "
        f"in {time.monotonic() - started:.1f} s, under {root}"
    )
    return 0


@speech_group.command("phrases")
@click.option("--lang", type=click.Choice(LANGUAGES), required=True, help="The language.")
@click.option("--json", "as_json", is_flag=True, help="One JSON object: key to text.")
def speech_phrases_command(lang: str, as_json: bool) -> int:
    """List every phrase the app can say in a language: its key and the exact text the voice
    is given (what a clip says, to compare with what the page shows)."""
    from kidswar.sound.phrases import phrase_keys, phrase_text

    phrases = {key: phrase_text(lang, key) for key in phrase_keys()}
    if as_json:
        click.echo(json.dumps(phrases, ensure_ascii=False, indent=1))
    else:
        for key, text in phrases.items():
            click.echo(f"{key}\t{text}")
    return 0


@speech_group.command("voices")
@click.option("--json", "as_json", is_flag=True, help="One JSON object: language to voice.")
@click.option("--engine", default=DEFAULT_ENGINE, hidden=True)  # tests pass fake voice lists
def speech_voices_command(as_json: bool, engine: str) -> int:
    """Say which voice speaks each language: this machine's own (SAPI5 on Windows,
    NSSpeechSynthesizer on macOS) where it speaks the language, else the bundled eSpeak NG."""
    from kidswar.sound.worker import SpeechRenderer

    with SpeechRenderer(engine=engine) as renderer:
        renderer.start()
        if renderer.reason is not None and not renderer.voices:
            raise click.ClickException(f"speech failed: {renderer.reason}")
        voices = renderer.voices
    if as_json:
        shown = {
            lang: None
            if lang not in voices
            else {
                "driver": voices[lang].driver,
                "voice": voices[lang].voice,
                "name": voices[lang].name,
                "reason": voices[lang].reason,
                "folder": voices[lang].folder,
            }
            for lang in LANGUAGES
        }
        click.echo(json.dumps(shown, ensure_ascii=False, indent=1))
        return 0
    for lang in LANGUAGES:
        choice = voices.get(lang)
        if choice is None:
            click.echo(f"{lang}\tnone\tno voice of this machine speaks it")
        else:
            click.echo(f"{lang}\t{choice.driver}\t{choice.name} ({choice.voice})\t{choice.reason}")
    return 0
