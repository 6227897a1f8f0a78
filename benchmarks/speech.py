"""Speech: time to first audio for an uncached clip, for a cached one, and warming per language.

Run from the repository root: `.venv/bin/python benchmarks/speech.py [--quick]`.

Everything goes through `SpeechCache.get` with the real engine (pyttsx3 on the bundled eSpeak
NG, in the spawned worker), into temporary folders, so the instance folder is left alone:

- cold: a new renderer's first clip, spawning the worker and loading eSpeak included (what the
  first listener after a server start waits for); the median of REPEATS new renderers.
- uncached: a clip not on disk yet, with the worker already running: rendered, checked and moved
  into place. The median over SAMPLE different phrases (comparisons, calls and rules texts).
- cached: the same phrases asked again: the freshness check and nothing else.
- warm: `SpeechCache.warm` over every phrase of the language into an empty folder, as
  `kidswar speech warm --lang L` does (without its progress bar). With --quick only a fixed
  sample of WARM_SAMPLE_QUICK phrases is rendered and the time is extrapolated to all of them.

"First audio" here is the WAV file complete on disk: the HTTP response adds to it.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

from kidswar.sound.cache import SpeechCache
from kidswar.sound.phrases import LANGUAGES, phrase_keys
from kidswar.sound.worker import SpeechRenderer

REPEATS = 5
SAMPLE = 15
WARM_SAMPLE_QUICK = 40


def spread(keys: list[str], count: int) -> list[str]:
    """`count` keys spread evenly over the list, so every kind of phrase is in the sample."""
    step = len(keys) / count
    return [keys[int(index * step)] for index in range(count)]


def timed_get(cache: SpeechCache, lang: str, key: str) -> float:
    """Seconds for one `cache.get`."""
    started = time.perf_counter()
    cache.get(lang, key)
    return time.perf_counter() - started


def cold_start(folder: Path) -> float:
    """Median seconds for a brand-new renderer's first clip."""
    times = []
    for repeat in range(REPEATS):
        with SpeechRenderer() as renderer:
            cache = SpeechCache(folder / f"cold-{repeat}", renderer)
            times.append(timed_get(cache, "en", "compare-7-4"))
    return statistics.median(times)


def per_language(
    renderer: SpeechRenderer, folder: Path, lang: str, quick: bool
) -> tuple[float, float, float, str]:
    """Median uncached and cached seconds, warming seconds and how the warming was measured."""
    keys = phrase_keys()
    cache = SpeechCache(folder / f"sample-{lang}", renderer)
    sample = spread(keys, SAMPLE)
    uncached = statistics.median(timed_get(cache, lang, key) for key in sample)
    cached = statistics.median(timed_get(cache, lang, key) for key in sample)
    warm_keys = spread(keys, WARM_SAMPLE_QUICK) if quick else keys
    warm_cache = SpeechCache(folder / f"warm-{lang}", renderer)
    started = time.perf_counter()
    warm_cache.warm((lang, key) for key in warm_keys)
    warming = (time.perf_counter() - started) * len(keys) / len(warm_keys)
    how = f"{len(warm_keys)} of {len(keys)}, extrapolated" if quick else f"all {len(keys)}"
    return uncached, cached, warming, how


def main() -> None:
    """Measure and print the figures side by side."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--quick",
        action="store_true",
        help=f"warm a sample of {WARM_SAMPLE_QUICK} phrases and extrapolate",
    )
    quick = parser.parse_args().quick
    with tempfile.TemporaryDirectory(prefix="kidswar-speech-bench-") as name:
        folder = Path(name)
        cold = cold_start(folder)
        print(
            f"cold start (spawn the worker, load eSpeak, first clip): median {cold * 1000:.0f} ms"
            f" over {REPEATS} new renderers"
        )
        print(f"{'lang':<5} {'uncached (ms)':>14} {'cached (ms)':>12} {'warm (s)':>9}  warmed")
        with SpeechRenderer() as renderer:
            renderer.start()
            for lang in LANGUAGES:
                uncached, cached, warming, how = per_language(renderer, folder, lang, quick)
                print(
                    f"{lang:<5} {uncached * 1000:>14.1f} {cached * 1000:>12.3f} "
                    f"{warming:>9.1f}  {how}"
                )
    print(f"uncached and cached: medians over {SAMPLE} different phrases per language")


if __name__ == "__main__":  # the spawned worker imports this file again: run only once
    main()
