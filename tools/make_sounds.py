#!/usr/bin/env python3
"""Render the game's sound effects (assets/sounds/*.wav) from short notes composed for this
project (assets/sounds/effects.yaml), played by real instruments as the music is.

Each effect is written out as a MIDI file and played through FluidSynth with the General MIDI
sound font the music uses (Debian's musescore-general-soundfont, MuseScore_General, MIT licence;
FluidR3_GM when it is absent), in stereo at 44.1 kHz with the same reverb and chorus, by the code
of tools/make_music.py. Then, with the standard library: the silence before the first sound is cut
(an effect must be heard at once), the ringing is cut where it has died away (or at the effect's
`length`) with a short fade, the loudness is set as make_music measures it (ITU-R BS.1770, LUFS)
to the same level for every effect, never closer than 1 dB to clipping, and the effect is
written as the game's mixer plays it: stereo, 16-bit, 44100 Hz. The figures are printed and go in
the sounds' README. Like the other tools it checks its options first and refuses a bad one, a
missing program or a note it cannot play in one line; SIGTERM and Ctrl+C stop it with one line,
leaving no half-written file.

    apt-get install fluidsynth musescore-general-soundfont
    python -m tools.make_sounds                 # write assets/sounds/*.wav (from the checkout's top folder)
    python -m tools.make_sounds die coins       # only these
    python -m tools.make_sounds --out /tmp/snd  # somewhere else

conquest   a timpani hit under a rising brass call        lost      plucked strings falling, a low tom
die        wood rattling on the table, rocking, still     coins     a glockenspiel run over a celesta chord
decline    a low horn falling over the cellos             pass      a soft bell for the hand-over
end        a short trumpet fanfare with brass and a cymbal
"""
from __future__ import annotations

import argparse
import math
import sys
import tempfile
from pathlib import Path
from typing import Any

from game import resources
from game.stopping import run_stoppable
from tools import make_music as mm
from tools.make_music import ScoreError, load_notes

RATE = mm.RATE               # as the game's mixer plays
OUT = resources.ASSETS / "sounds"
NOTES = OUT / "effects.yaml"
SOUNDFONT = mm.SOUNDFONT
NAMES = ("conquest", "lost", "die", "coins", "decline", "pass", "end")   # as the game plays them
TARGET_LUFS = -18.0          # every effect alike; the music files are at the same level, played lower
CEILING = 10 ** (-1.0 / 20)  # the peak never above -1 dBFS
LEAD = 10 ** (-40 / 20)      # the start: the first sample within 40 dB of the peak
QUIET = 10 ** (-54 / 20)     # the end: where the ringing has died 54 dB under the peak
FADE = 0.06                  # seconds of fade at the cut
TAIL = 1.5                   # seconds rendered past the last note for its ringing


# -- the notes -------------------------------------------------------------------------------------
def part_notes(line: str, velocity: int, drums: bool) -> list[tuple[float, float, int, int]]:
    """(start, length, note, velocity) of a part's notes, one after another (seconds)."""
    out = []
    at = 0.0
    for tok in str(line).split():
        fields = tok.split(":")
        if len(fields) not in (2, 3):
            raise ScoreError(f"{tok[:20]!r} is not a note; write NAME:SECONDS or NAME:SECONDS:VELOCITY")
        length = float(fields[1])
        if not 0 < length <= 10:
            raise ScoreError(f"{tok[:20]!r}: a note lasts more than 0 and at most 10 seconds")
        vel = int(fields[2]) if len(fields) == 3 else velocity
        if not 1 <= vel <= 127:
            raise ScoreError(f"{tok[:20]!r}: a velocity is 1 to 127")
        if fields[0] != "r":
            for name in fields[0].split("+"):
                note = int(name) if drums and name.isdigit() else mm.pitch(name)
                if not 0 <= note <= 127:
                    raise ScoreError(f"{name[:20]!r} is outside the MIDI notes 0-127")
                out.append((at, length, note, vel))
        at += length
    return out


def arrange(effect: dict[str, Any]) -> tuple[dict[str, Any], dict[str, list[tuple[float, float, int, int]]], float]:
    """An effect as make_music's MIDI writer takes it (a score at 60 beats a minute, so a beat is
    a second), its parts, and where it is cut at the latest (seconds)."""
    score: dict[str, Any] = {"tempo": 60, "instruments": {}}
    parts: dict[str, list[tuple[float, float, int, int]]] = {}
    for k, part in enumerate(effect["parts"]):
        drums = bool(part.get("drums", False))
        name = "drums" if drums else f"part{k + 1}"
        if not drums:
            program = int(part["program"])
            if not 0 <= program <= 127:
                raise ScoreError(f"part {k + 1}: program {program} is not a General MIDI program (0-127)")
            score["instruments"][name] = {"program": program}
        at = float(part.get("at", 0.0))
        notes = part_notes(part["notes"], int(part.get("velocity", 90)), drums)
        parts.setdefault(name, []).extend((at + s, d, n, v) for s, d, n, v in notes)
    if not any(parts.values()):
        raise ScoreError("no notes to play")
    length = float(effect["length"])
    if not 0.2 < length < 2:
        raise ScoreError(f"length {length}: an effect lasts more than 0.2 and less than 2 seconds")
    return score, parts, length


def read_effects(path: Path = NOTES) -> dict[str, tuple[dict[str, Any], dict[str, list[tuple[float, float, int, int]]],
                                                         float]]:
    """Every effect of the notes file, arranged; `ScoreError` in one sentence naming the file and
    the effect when one cannot be read or played as written."""
    data = load_notes(path, "YAML")
    if not isinstance(data, dict):
        raise ScoreError(f"{path}: not the effects' notes (a mapping of effect names to length and parts)")
    out = {}
    for name in NAMES:
        if name not in data:
            raise ScoreError(f"{path}: no effect {name!r}; the game plays {', '.join(NAMES)}")
        try:
            out[name] = arrange(data[name])
        except ScoreError as err:
            raise ScoreError(f"{path}: {name}: {err}") from None
        except KeyError as err:
            raise ScoreError(f"{path}: {name}: {err} is missing; give it as the shipped effects do") from None
        except (ValueError, TypeError, AttributeError) as err:
            raise ScoreError(f"{path}: {name}: {str(err)[:120]}; write it as the notation at the top of the file "
                             f"says") from None
    return out


# -- rendering -------------------------------------------------------------------------------------
def finish(sides: tuple[list[float], list[float]], length: float) -> tuple[list[list[float]], float]:
    """The rendered sound (left, right) cut to its sounding part (from its first sound to where
    its ringing has died, at most `length` seconds, faded at the cut) and set to the target
    loudness under the ceiling; with the silence cut from its start (seconds)."""
    x = [max(abs(a), abs(b)) for a, b in zip(*sides, strict=True)]
    peak = max(x, default=0.0)
    if peak <= 0:
        raise ScoreError("the notes made no sound")
    first = next(i for i, v in enumerate(x) if v >= peak * LEAD)
    last = max(i for i, v in enumerate(x) if v >= peak * QUIET)
    out = []
    for side in sides:
        body = side[first:min(last + 1, first + round(length * RATE))]
        fade = min(round(FADE * RATE), len(body))
        for i in range(fade):
            body[len(body) - fade + i] *= 0.5 * (1 + math.cos(math.pi * (i + 1) / fade))
        out.append(body)
    gain = 10 ** ((TARGET_LUFS - mm.loudness_of(out, RATE, looped=False)) / 20)
    gain = min(gain, CEILING / max(abs(v) for body in out for v in body))
    return [[v * gain for v in body] for body in out], first / RATE


def measure(sides: list[list[float]]) -> dict[str, float]:
    """The figures of a finished effect: length, loudness (LUFS), peak (dBFS), silence at its start."""
    x = [max(abs(a), abs(b)) for a, b in zip(*sides, strict=True)]
    peak = max(x)
    lead = next(i for i, v in enumerate(x) if v >= 10 ** (-40 / 20) * peak)
    return {"seconds": len(x) / RATE, "lufs": mm.loudness_of(sides, RATE, looped=False),
            "peak_db": 20 * math.log10(peak), "lead_ms": 1000 * lead / RATE}


def render(name: str, effect: tuple[dict[str, Any], dict[str, list[tuple[float, float, int, int]]], float],
           out: Path, work: Path) -> dict[str, float]:
    score, parts, length = effect
    last = max(s + d for notes in parts.values() for s, d, _, _ in notes)
    mid = work / f"{name}.mid"
    mid.write_bytes(mm.midi_file(score, parts, end=last + TAIL))
    raw = work / f"{name}-raw.wav"
    mm.run_tool(mm.fluidsynth(raw, mid), name)
    body, cut = finish(mm.read_stereo(raw), length)
    target = out / f"{name}.wav"
    tmp = out / f".{name}.tmp.wav"
    try:
        mm.write_wav(tmp, body[0], body[1])
        tmp.replace(target)                      # atomically: a stopped run leaves the old effect
    finally:
        tmp.unlink(missing_ok=True)
    return {**measure(body), "cut_ms": 1000 * cut, "bytes": target.stat().st_size}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m tools.make_sounds",
                                 description="Render the game's sound effects from their notes.")
    ap.add_argument("--out", default=str(OUT), help="folder for the .wav files (default assets/sounds)")
    ap.add_argument("effects", nargs="*", help=f"the effects to render (default: all, {' '.join(NAMES)})")
    args = ap.parse_args(argv)
    unknown = [e for e in args.effects if e not in NAMES]
    if unknown:
        print(f"error: no effect {unknown[0][:40]!r}; give effects among {', '.join(NAMES)}", file=sys.stderr)
        return 2
    out = Path(args.out)
    problem = mm.renderer_problem(out, ".wav", {"fluidsynth": "fluidsynth"})
    if problem is not None:
        return problem
    try:
        effects = read_effects()                 # every effect read before any sound is made
    except ScoreError as err:
        print(f"error: {err}", file=sys.stderr)
        return 1
    if not mm.make_folder(out):
        return 2
    with tempfile.TemporaryDirectory() as tmp:
        for name in args.effects or NAMES:
            try:
                f = render(name, effects[name], out, Path(tmp))
            except ScoreError as err:
                print(f"error: {err}", file=sys.stderr)
                return 1
            print(f"{out / name}.wav: {f['seconds']:.2f} s, {f['lufs']:.1f} LUFS, peak {f['peak_db']:.1f} dBFS, "
                  f"sounds after {f['lead_ms']:.0f} ms, {f['bytes'] // 1024} KiB")
    return 0


if __name__ == "__main__":
    sys.exit(run_stoppable(main, "tools.make_sounds"))
