"""Synthesise the game's sounds (assets/sounds/*.wav) from sine waves and noise, with the
standard library only (`wave`, `array`, `math`, `random`): no samples, no recordings, nothing
taken from elsewhere. Every sound is seeded, so a run writes the same files every time.

    python -m tools.make_sounds                 # write assets/sounds/*.wav (from the checkout's top folder)
    python -m tools.make_sounds --out /tmp/snd  # somewhere else

conquest   a drum thump under a rising two-note horn      lost      a falling, muffled tone
die        the die rattling on the table, then landing    coins     three bright clinks
decline    a slow downward sweep, like a sigh             pass      a soft bell for the hand-over
end        a short fanfare for the end of the game

The music is rendered from notes by tools/make_music.py.
"""
from __future__ import annotations

import argparse
import array
import math
import random
import sys
import wave
from pathlib import Path

from game import resources
from game.stopping import run_stoppable

RATE = 22050
OUT = resources.ASSETS / "sounds"


def silence(seconds: float) -> list[float]:
    return [0.0] * int(RATE * seconds)


def tone(freq: float, seconds: float, volume: float = 0.5, attack: float = 0.01, decay: float = 4.0,
         harmonics: tuple[float, ...] = (1.0, 0.3, 0.1), glide: float = 0.0) -> list[float]:
    """A note: a few harmonics under an exponential decay, optionally gliding in pitch."""
    n = int(RATE * seconds)
    out = []
    phase = 0.0
    for i in range(n):
        t = i / RATE
        f = freq * (1 + glide * t / max(seconds, 1e-6))
        phase += 2 * math.pi * f / RATE
        env = min(1.0, t / attack) * math.exp(-decay * t)
        out.append(volume * env * sum(h * math.sin((k + 1) * phase) for k, h in enumerate(harmonics)))
    return out


def noise(seconds: float, volume: float, decay: float, rng: random.Random, smooth: float = 0.0) -> list[float]:
    """Decaying noise, low-passed by `smooth` (0: bright, 0.95: a thud)."""
    out, last = [], 0.0
    for i in range(int(RATE * seconds)):
        x = rng.uniform(-1, 1)
        last = smooth * last + (1 - smooth) * x
        out.append(volume * last * math.exp(-decay * i / RATE))
    return out


def mix(*parts: tuple[float, list[float]]) -> list[float]:
    """Lay parts over each other, each starting at its offset in seconds."""
    end = max(int(at * RATE) + len(p) for at, p in parts)
    out = [0.0] * end
    for at, p in parts:
        start = int(at * RATE)
        for i, v in enumerate(p):
            out[start + i] += v
    return out


def conquest(rng: random.Random) -> list[float]:
    thump = mix((0, tone(70, 0.35, 0.7, 0.002, 12, (1.0, 0.2))), (0, noise(0.12, 0.4, 30, rng, 0.9)))
    horn = mix((0.05, tone(392, 0.25, 0.22, 0.02, 6, (1.0, 0.5, 0.25, 0.1))),
               (0.2, tone(523.25, 0.45, 0.25, 0.02, 4, (1.0, 0.5, 0.25, 0.1))))
    return mix((0, thump), (0, horn))


def lost(rng: random.Random) -> list[float]:
    return mix((0, tone(330, 0.6, 0.35, 0.02, 4, (1.0, 0.4), glide=-0.35)),
               (0, noise(0.15, 0.15, 20, rng, 0.93)))


def die(rng: random.Random) -> list[float]:
    parts = []
    at = 0.0
    for k in range(9):
        parts.append((at, noise(0.03, 0.5 - k * 0.03, 90, rng, 0.4)))
        parts.append((at, tone(rng.uniform(900, 1400), 0.03, 0.15, 0.001, 80, (1.0,))))
        at += rng.uniform(0.035, 0.07)
    parts.append((at + 0.05, mix((0, tone(180, 0.15, 0.5, 0.001, 30, (1.0, 0.3))),
                                 (0, noise(0.06, 0.4, 50, rng, 0.8)))))
    return mix(*parts)


def coins(rng: random.Random) -> list[float]:
    parts = []
    for k, f in enumerate((2093.0, 2637.0, 2349.3)):
        parts.append((k * 0.09, tone(f, 0.35, 0.18, 0.001, 12, (1.0, 0.0, 0.35, 0.0, 0.15))))
        parts.append((k * 0.09, noise(0.01, 0.2, 200, rng, 0.0)))
    return mix(*parts)


def decline(rng: random.Random) -> list[float]:
    return mix((0, tone(440, 1.1, 0.3, 0.05, 2.5, (1.0, 0.3, 0.1), glide=-0.5)),
               (0.1, tone(330, 1.0, 0.2, 0.08, 2.5, (1.0, 0.2), glide=-0.5)))


def pass_bell(rng: random.Random) -> list[float]:
    return mix((0, tone(659.25, 1.2, 0.25, 0.005, 3.0, (1.0, 0.0, 0.4, 0.0, 0.2))),
               (0.0, tone(1318.5, 0.6, 0.06, 0.005, 6.0, (1.0,))))


def end(rng: random.Random) -> list[float]:
    notes = [(0.0, 392.0, 0.3), (0.16, 523.25, 0.3), (0.32, 659.25, 0.3), (0.5, 783.99, 0.9)]
    parts = [(at, tone(f, d, 0.22, 0.02, 3.0, (1.0, 0.5, 0.25, 0.12))) for at, f, d in notes]
    parts.append((0.5, tone(523.25, 0.9, 0.12, 0.05, 2.5, (1.0, 0.3))))
    parts.append((0.5, tone(196.0, 0.9, 0.2, 0.05, 2.5, (1.0, 0.4))))
    return mix(*parts)


SOUNDS = {"conquest": conquest, "lost": lost, "die": die, "coins": coins, "decline": decline,
          "pass": pass_bell, "end": end}


def write(path: Path, samples: list[float]) -> None:
    peak = max(1e-9, max(abs(v) for v in samples))
    gain = min(1.0, 0.89 / peak)
    data = array.array("h", (int(max(-1.0, min(1.0, v * gain)) * 32767) for v in samples))
    if sys.byteorder == "big":
        data.byteswap()
    tmp = path.with_name("." + path.name + ".tmp")
    with wave.open(str(tmp), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(data.tobytes())
    tmp.replace(path)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="Synthesise the game's sounds.")
    ap.add_argument("--out", default=str(OUT), help="folder for the .wav files (default assets/sounds)")
    args = ap.parse_args(argv)
    out = Path(args.out)
    if out.exists() and not out.is_dir():
        print(f"error: --out {out}: a file is already there, not a folder; name a folder for the .wav files "
              f"(the file was left as it is)", file=sys.stderr)
        return 2
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        print(f"error: --out {out}: the folder cannot be made ({err.strerror or err}); name another folder",
              file=sys.stderr)
        return 2
    for name, make in SOUNDS.items():
        samples = make(random.Random(name))
        write(out / f"{name}.wav", samples)
        print(f"{out / name}.wav: {len(samples) / RATE:.2f} s")
    return 0


if __name__ == "__main__":
    sys.exit(run_stoppable(main, "tools.make_sounds"))
