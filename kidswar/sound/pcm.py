"""The sound a speech driver wrote, as mono 16-bit samples for the MP3 encoder.

eSpeak NG and SAPI5 write WAV (SAPI5 in the voice's own format: 16 or 8 bits, mono or
stereo); NSSpeechSynthesizer writes AIFF whatever the file is called (pyttsx3 issue 361), big-
endian, possibly AIFF-C. All of them become little-endian 16-bit mono here, so that every
driver's clip is encoded the same way (`kidswar.sound.mp3`). The standard library reads WAV;
AIFF is a few chunks read here (`aifc` left the standard library in Python 3.13).
"""

from __future__ import annotations

import array
import struct
import sys
import wave
from dataclasses import dataclass
from pathlib import Path
from typing import Literal


@dataclass(frozen=True)
class Sound:
    """Mono 16-bit little-endian samples and their rate."""

    pcm: bytes
    rate: int

    @property
    def seconds(self) -> float:
        """How long the sound lasts."""
        return len(self.pcm) / 2 / self.rate


def read(path: Path) -> Sound:
    """The sound of a WAV or AIFF file as mono 16-bit samples; ValueError for anything else."""
    with open(path, "rb") as handle:
        head = handle.read(12)
    if head[:4] == b"FORM" and head[8:12] in (b"AIFF", b"AIFC"):
        return _aiff(path.read_bytes())
    with wave.open(str(path), "rb") as clip:
        channels, width, rate = clip.getnchannels(), clip.getsampwidth(), clip.getframerate()
        frames = clip.readframes(clip.getnframes())
    return Sound(_mono16(frames, channels, width, big_endian=False), rate)


def _aiff(data: bytes) -> Sound:
    """An AIFF or AIFF-C file's sound (uncompressed: "NONE", "twos" or "sowt")."""
    compressed = data[8:12] == b"AIFC"
    position, common, sound = 12, None, None
    while position + 8 <= len(data):
        name, size = (
            data[position : position + 4],
            struct.unpack(">I", data[position + 4 : position + 8])[0],
        )
        body = data[position + 8 : position + 8 + size]
        if name == b"COMM":
            common = body
        elif name == b"SSND":
            offset = struct.unpack(">I", body[:4])[0]
            sound = body[8 + offset :]
        position += 8 + size + (size & 1)  # chunks are padded to an even length
    if common is None or sound is None:
        raise ValueError("an AIFF file without its COMM or SSND chunk")
    channels, _, width = struct.unpack(">hIh", common[:8])
    rate = round(_extended(common[8:18]))
    kind = common[18:22] if compressed else b"NONE"
    if kind not in (b"NONE", b"twos", b"sowt"):
        raise ValueError(f"AIFF-C sound compressed as {kind!r} cannot be read")
    return Sound(_mono16(sound, channels, (width + 7) // 8, big_endian=kind != b"sowt"), rate)


def _extended(raw: bytes) -> float:
    """An 80-bit IEEE extended number (AIFF's sample rate)."""
    exponent, mantissa = (int(part) for part in struct.unpack(">HQ", raw))
    sign = -1 if exponent & 0x8000 else 1
    exponent &= 0x7FFF
    if exponent == 0 and mantissa == 0:
        return 0.0
    return sign * mantissa * 2.0 ** (exponent - 16383 - 63)


def _mono16(frames: bytes, channels: int, width: int, *, big_endian: bool) -> bytes:
    """Samples of any channels and 1 to 4 bytes as mono 16-bit little-endian bytes."""
    if width == 2 and channels == 1 and not big_endian:
        return frames  # eSpeak's and most SAPI5 voices' own format: nothing to do
    if width == 1:  # 8-bit WAV is unsigned
        samples = [(byte - 128) << 8 for byte in frames]
    else:
        order: Literal["big", "little"] = "big" if big_endian else "little"
        samples = [
            int.from_bytes(frames[at : at + width], order, signed=True) >> (8 * (width - 2))
            for at in range(0, len(frames) - width + 1, width)
        ]
    if channels > 1:
        samples = [
            sum(samples[at : at + channels]) // channels
            for at in range(0, len(samples) - channels + 1, channels)
        ]
    out = array.array("h", samples)
    if sys.byteorder == "big":
        out.byteswap()
    return out.tobytes()
