"""Speech: `kidswar speech warm` beside eSpeak NG called directly, a new clip, a cold start.

Run from the repository root: `.venv/bin/python benchmarks/speech.py [--all] [--rounds N]`.

Everything runs in one run, alternating, so that other load on the machine weighs on both:

- baseline: the bundled eSpeak NG called directly (espeak_Synth in synchronous mode through
  pyttsx3's ctypes binding, in a process of its own, as the worker is) for the same English
  sentences, each encoded to MP3 by LAME as kidswar does (32 kbit/s), written to a file.
- warm: `SpeechCache.warm` over the same phrases into an empty folder, as `kidswar speech warm
  --lang en` does (without its progress bar): worker process, pyttsx3, the whole-clip checks,
  MP3, the record beside each clip. Its ratio to the baseline is the overhead of kidswar.
- new clip: `SpeechCache.fetch` of a clip not on disk, the worker already running, as a page's
  request asks (queued on the render thread, rendered, checked, moved into place).
- cold start: a new renderer's start (spawn the worker, load eSpeak, choose the voices).

By default a sample of SAMPLE phrases spread over every kind (comparisons, sums, calls,
rules) is used; `--all` renders every English phrase (the size average then is that of
`kidswar speech warm --lang en`).
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from kidswar.sound.cache import SpeechCache
from kidswar.sound.phrases import phrase_keys, phrase_text
from kidswar.sound.worker import DEFAULT_RATE, SpeechRenderer

SAMPLE = 300
NEW_CLIPS = 30
COLD_STARTS = 3
LANG = "en"


def spread(keys: list[str], count: int) -> list[str]:
    """`count` keys spread evenly over the list, so every kind of phrase is in the sample."""
    if count >= len(keys):
        return keys
    step = len(keys) / count
    return [keys[int(index * step)] for index in range(count)]


def direct_espeak(texts: list[str], folder: str) -> float:
    """Seconds for eSpeak NG called directly to say `texts`, each encoded to an MP3 file."""
    import ctypes

    import lameenc

    from kidswar.sound import mp3
    from kidswar.sound.espeak import bundled_espeak

    _espeak = bundled_espeak()
    _espeak.Initialize(_espeak.AUDIO_OUTPUT_SYNCHRONOUS, 0)  # as kidswar's engine
    samples = bytearray()

    def gather(wav: Any, count: int, events: Any) -> int:
        """eSpeak's sound callback: keep every sample."""
        if count > 0:
            samples.extend(ctypes.string_at(wav, count * 2))
        return 0

    _espeak.SetSynthCallback(gather)
    _espeak.SetVoiceByName(b"gmw/en")
    _espeak.SetParameter(_espeak.RATE, DEFAULT_RATE, 0)
    started = time.perf_counter()
    for index, text in enumerate(texts):
        samples.clear()
        _espeak.Synth(text.encode("utf-8"), flags=_espeak.ENDPAUSE | _espeak.CHARS_UTF8)
        _espeak.Synchronize()
        encoder = lameenc.Encoder()
        encoder.set_bit_rate(mp3.BITRATE)
        encoder.set_in_sample_rate(22050)
        encoder.set_channels(1)
        encoder.set_quality(mp3.QUALITY)
        encoded = bytes(encoder.encode(bytes(samples))) + bytes(encoder.flush())
        Path(folder, f"{index}.mp3").write_bytes(encoded)
    return time.perf_counter() - started


def baseline(texts: list[str], folder: Path) -> float:
    """`direct_espeak` in a fresh process of its own (eSpeak initialises once per process)."""
    folder.mkdir(parents=True)
    with multiprocessing.get_context("spawn").Pool(1) as pool:
        return float(pool.apply(direct_espeak, (texts, str(folder))))


def cpu_seconds(renderer: SpeechRenderer) -> float:
    """CPU seconds spent so far by this process and the renderer's worker (Linux: /proc)."""
    fields = Path(f"/proc/{renderer.worker_pid}/stat").read_text().rsplit(")", 1)[1].split()
    worker = (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return time.process_time() + worker


def warm(renderer: SpeechRenderer, keys: list[str], folder: Path) -> tuple[float, float, list[int]]:
    """Seconds for `SpeechCache.warm` over `keys`, the CPU seconds it took (this process and
    the worker: wall time near it means nothing waits), and the sizes of the clips it left."""
    cache = SpeechCache(folder, renderer)
    cpu = cpu_seconds(renderer)
    started = time.perf_counter()
    cache.warm((LANG, key) for key in keys)
    seconds = time.perf_counter() - started
    cpu = cpu_seconds(renderer) - cpu
    return seconds, cpu, [cache.path(LANG, key).stat().st_size for key in keys]


def new_clips(renderer: SpeechRenderer, keys: list[str], folder: Path) -> list[float]:
    """Seconds for each `fetch` of a clip not yet on disk, as a page's request asks."""
    cache = SpeechCache(folder, renderer)
    times = []
    for key in keys:
        started = time.perf_counter()
        cache.fetch(LANG, key, wait=10.0)
        times.append(time.perf_counter() - started)
    return times


def cold_starts(count: int) -> list[float]:
    """Seconds for each of `count` new renderers to start their worker."""
    times = []
    for _ in range(count):
        with SpeechRenderer() as renderer:
            started = time.perf_counter()
            renderer.start()
            times.append(time.perf_counter() - started)
    return times


def main() -> None:
    """Measure and print the figures side by side."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--all", action="store_true", help="every English phrase")
    parser.add_argument("--rounds", type=int, default=3, help="alternating rounds (default 3)")
    arguments = parser.parse_args()
    every = phrase_keys()
    keys = every if arguments.all else spread(every, SAMPLE)
    texts = [phrase_text(LANG, key) for key in keys]
    fresh = [key for key in every if key not in set(keys)] or every
    base_times, warm_times, warm_cpus, sizes = [], [], [], []
    with tempfile.TemporaryDirectory(prefix="kidswar-speech-bench-") as name:
        folder = Path(name)
        with SpeechRenderer() as renderer:
            renderer.start()
            for round_number in range(arguments.rounds):
                base_times.append(baseline(texts, folder / f"base-{round_number}"))
                seconds, cpu, clip_sizes = warm(renderer, keys, folder / f"warm-{round_number}")
                warm_times.append(seconds)
                warm_cpus.append(cpu)
                sizes = clip_sizes
            news = new_clips(renderer, spread(fresh, NEW_CLIPS), folder / "new")
        colds = cold_starts(COLD_STARTS)
    base, warmed = statistics.median(base_times), statistics.median(warm_times)
    print(f"{len(keys)} English phrases, {arguments.rounds} alternating rounds (medians):")
    print(f"  eSpeak NG directly + MP3: {base:6.2f} s  ({1000 * base / len(keys):.1f} ms a clip)")
    print(
        f"  kidswar speech warm:      {warmed:6.2f} s  ({1000 * warmed / len(keys):.1f} ms a clip)"
    )
    print(
        f"  ratio: {warmed / base:.2f} (each round: "
        + ", ".join(f"{w / b:.2f}" for w, b in zip(warm_times, base_times, strict=True))
        + ")"
    )
    print(
        "  speech warm's wall time over its CPU time: "
        + ", ".join(f"{w:.2f} s / {c:.2f} s" for w, c in zip(warm_times, warm_cpus, strict=True))
        + f" (load average {os.getloadavg()[0]:.2f}, {os.cpu_count()} cores)"
    )
    print(
        f"  clips: {sum(sizes) / len(sizes) / 1024:.1f} KB on average, "
        f"{sum(sizes) / 1024 / 1024:.1f} MB in all"
    )
    news_ms = sorted(1000 * seconds for seconds in news)
    print(
        f"new clip (fetch, worker running): median {statistics.median(news_ms):.0f} ms, "
        f"90th percentile {news_ms[int(0.9 * len(news_ms))]:.0f} ms, "
        f"max {news_ms[-1]:.0f} ms over {len(news_ms)}"
    )
    print(
        f"cold start of the worker: median {1000 * statistics.median(colds):.0f} ms"
        f" over {COLD_STARTS}"
    )


if __name__ == "__main__":  # the spawned processes import this file again: run only once
    main()
