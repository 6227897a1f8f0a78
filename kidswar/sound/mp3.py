"""Spoken clips as MP3: small enough for a school's Wi-Fi, and played by every browser.

A WAV clip of one sentence is about 180 KB; "Read all" on the War rules page was 15 MB, some
450 MB for a class of 30 tablets. MP3 at 32 kbit/s (eSpeak speaks at 22,050 samples a second,
mono) is a tenth of that and sounds the same for speech. MP3, not Ogg Opus, because Safari on
the older iPads that schools keep plays Opus only from iOS 17; every browser plays MP3.
LAME comes from PyPI inside `lameenc`'s wheels, so no system package is needed.

`seconds` reads a clip's frame headers to the end: a file cut short, or anything that is not
MPEG audio, has no length, and the cache never keeps it.
"""

from __future__ import annotations

from pathlib import Path

from kidswar.sound import pcm

BITRATE = 32  # kbit/s
QUALITY = 5  # LAME's 0 (best, slowest) to 9: 5 is its default speed/quality balance

# Layer III bit rates (kbit/s) by index, for MPEG-1 and for MPEG-2 and 2.5.
_BITRATES = {
    1: (0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320),
    2: (0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160),
}
# Sample rates by version bits (3: MPEG-1, 2: MPEG-2, 0: MPEG-2.5) and index.
_RATES = {3: (44100, 48000, 32000), 2: (22050, 24000, 16000), 0: (11025, 12000, 8000)}


def encode(wav: Path, mp3: Path) -> None:
    """Write the sound file `wav` (WAV, or a native driver's AIFF) as the MP3 file `mp3`."""
    sound = pcm.read(wav)
    encode_pcm(sound.pcm, sound.rate, mp3)


def encode_pcm(samples: bytes, rate: int, mp3: Path) -> None:
    """Write mono 16-bit samples at `rate` as the MP3 file `mp3`."""
    import lameenc  # only the speech worker encodes: the web process never loads LAME

    encoder = lameenc.Encoder()
    encoder.set_bit_rate(BITRATE)
    encoder.set_in_sample_rate(rate)
    encoder.set_channels(1)
    encoder.set_quality(QUALITY)
    mp3.write_bytes(bytes(encoder.encode(samples)) + bytes(encoder.flush()))


def seconds(data: bytes) -> float | None:
    """How long MPEG Layer III audio plays, or None unless `data` is whole frames to its end."""
    position, samples, rate = 0, 0, 0
    while position < len(data):
        frame = _frame(data[position : position + 4])
        if frame is None:
            return None
        length, frame_samples, rate = frame
        position += length
        samples += frame_samples
    if position != len(data) or samples == 0:
        return None  # the last frame runs past the end: a file cut short
    return samples / rate


def _frame(header: bytes) -> tuple[int, int, int] | None:
    """A Layer III frame's length in bytes, its samples and sample rate; None if not one."""
    if len(header) < 4:
        return None
    bits = int.from_bytes(header, "big")
    version, layer = (bits >> 19) & 3, (bits >> 17) & 3
    bitrate_index, rate_index, padding = (bits >> 12) & 15, (bits >> 10) & 3, (bits >> 9) & 1
    if bits >> 21 != 0x7FF or version == 1 or layer != 1 or rate_index == 3:
        return None
    if bitrate_index in (0, 15):
        return None  # "free" or forbidden: no encoder of ours writes them
    bitrate = _BITRATES[1 if version == 3 else 2][bitrate_index] * 1000
    rate = _RATES[version][rate_index]
    per_frame = 1152 if version == 3 else 576
    return per_frame // 8 * bitrate // rate + padding, per_frame, rate


def is_valid(path: Path) -> bool:
    """True if `path` is an MP3 clip that plays for a moment at least, whole to its end."""
    try:
        length = seconds(path.read_bytes())
    except OSError:
        return False
    return length is not None and length > 0.05
