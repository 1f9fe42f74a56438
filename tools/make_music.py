#!/usr/bin/env python3
"""Render the game's four pieces of music (assets/music/*.yaml, notes composed for this project)
to seamless loops, assets/sounds/title.ogg, table.ogg, last.ogg and ending.ogg, with real
instrument sounds.

Each piece is written out as a standard MIDI file (melody, a string pad, an arpeggio and a
bass drawn from the chord line, drums for some, each part panned across the stereo field),
played through FluidSynth in stereo at 44.1 kHz with its reverb and chorus, with the free
General MIDI sound font of Debian's musescore-general-soundfont (MuseScore_General, MIT
licence; FluidR3_GM of fluid-soundfont-gm when it is not installed, said in one line), and
then finished here with the standard library: the reverb ringing past the loop's end is laid
over its start (so the loop has no seam), the loudness is measured as ITU-R BS.1770 does
(K-weighted, both channels, gated, in LUFS) and set to -18 LUFS, and the result is encoded to
Ogg Vorbis by oggenc at quality 5 (the highs kept). The figures (length, loop point, loudness, peak) are printed and go in the sounds'
README. Like the other tools it checks its options before any work and refuses a bad one, a
missing program or a score it cannot read in one line (the scores are read within a score's
bounds, `game.content.bounded`); SIGTERM and Ctrl+C stop it with one line, leaving no half
written file.

    apt-get install fluidsynth musescore-general-soundfont vorbis-tools
    python -m tools.make_music                  # write assets/sounds/title.ogg, table.ogg, last.ogg, ending.ogg
    python -m tools.make_music title            # only the title's piece
    python -m tools.make_music --out /tmp/m     # somewhere else
"""
from __future__ import annotations

import argparse
import array
import math
import shutil
import struct
import subprocess
import sys
import tempfile
import wave
from pathlib import Path
from typing import Any

import yaml

from game import native, resources

if __name__ == "__main__":          # the command: the compiled engine when it is built, looked for first
    native.enable()

from game.content.bounded import FileRefused, load_yaml
from game.stopping import run_stoppable

SCORES = resources.ASSETS / "music"
OUT = resources.ASSETS / "sounds"
SOUNDFONTS = (Path("/usr/share/sounds/sf3/MuseScore_General_Full.sf3"),   # musescore-general-soundfont
              Path("/usr/share/sounds/sf3/MuseScore_General.sf3"),
              Path("/usr/share/sounds/sf2/FluidR3_GM.sf2"))              # fluid-soundfont-gm, the fallback
SOUNDFONT = next((f for f in SOUNDFONTS if f.exists()), SOUNDFONTS[-1])
RATE = 44100                 # as the game's mixer plays, in stereo
PIECES = ("title", "table", "last", "ending")   # as the game plays them (game.ui.sound.MUSIC)
QUALITY = "5"                # oggenc's quality: about 160 kbit/s, nothing cut under 20 kHz
PAN = {"melody": 64, "pad": 40, "arp": 88, "bass": 60, "counter": 76}   # each part's place, left 0 to right 127
FLUID = ["-R", "1", "-C", "1", "-o", "synth.reverb.room-size=0.62", "-o", "synth.reverb.damp=0.35",
         "-o", "synth.reverb.width=0.9", "-o", "synth.reverb.level=0.55", "-o", "synth.chorus.level=1.2",
         "-o", "synth.chorus.depth=6"]   # FluidSynth's reverb (a mid-sized hall) and a light chorus
TARGET_LUFS = -18.0
TICKS = 480                  # MIDI ticks a beat
TAIL = 6.0                   # seconds rendered past the loop, laid back over its start
NAMES = {"C": 0, "D": 2, "E": 4, "F": 5, "G": 7, "A": 9, "B": 11}


class ScoreError(Exception):
    """A score that cannot be played as written: one sentence, the file named by the caller."""


# -- the notation -------------------------------------------------------------------------------
def pitch(name: str) -> int:
    """"F#5" -> its MIDI note number (C4 = 60); `ScoreError` for anything else."""
    letter, rest = name[:1].upper(), name[1:]
    shift = 0
    while rest and rest[0] in "#b":
        shift += 1 if rest[0] == "#" else -1
        rest = rest[1:]
    if letter not in NAMES or not rest.isdigit():
        raise ScoreError(f"{name[:20]!r} is not a note; write a letter A-G, # or b, an octave (F#5), "
                         f"as the notation at the top of the shipped scores says")
    return 12 * (int(rest) + 1) + NAMES[letter] + shift


def chord_notes(symbol: str) -> list[int]:
    """A chord symbol's pitch classes from the root: D, Bm, F#m, A7, Dmaj7, Em7."""
    if symbol[:1].upper() not in NAMES:
        raise ScoreError(f"{symbol[:20]!r} is not a chord; write D, Bm, F#m, A7, as the notation at the top of "
                         f"the shipped scores says")
    root_len = 2 if len(symbol) > 1 and symbol[1] in "#b" else 1
    root = (NAMES[symbol[0].upper()] + (1 if symbol[1:root_len] == "#" else -1 if symbol[1:root_len] == "b" else 0)) % 12
    kind = symbol[root_len:]
    minor = kind.startswith("m") and not kind.startswith("maj")
    third = 3 if minor else 4
    notes = [root, root + third, root + 7]
    if kind.endswith("maj7"):
        notes.append(root + 11)
    elif kind.endswith("7"):
        notes.append(root + 10)
    return notes


def bars_of(line: str) -> list[str]:
    return [b.strip() for b in line.split("|")]


def melody_events(line: str, beats: int, where: str) -> list[tuple[float, float, int]]:
    """(start beat, length, note) of a melody line; each bar must fill `beats` beats."""
    out = []
    at = 0.0
    for k, bar in enumerate(bars_of(line)):
        used = 0.0
        for tok in bar.split():
            name, _, length = tok.partition(":")
            d = float(length)
            if name != "r":
                out.append((at + used, d, pitch(name)))
            used += d
        if abs(used - beats) > 1e-6:
            raise ScoreError(f"{where}: bar {k + 1} holds {used} beats, not {beats}")
        at += beats
    return out


def chord_events(line: str, beats: int) -> list[tuple[float, float, list[int]]]:
    out = []
    for k, bar in enumerate(bars_of(line)):
        symbols = bar.split()
        share = beats / len(symbols)
        for i, sym in enumerate(symbols):
            out.append((k * beats + i * share, share, chord_notes(sym)))
    return out


def arrange(score: dict[str, Any]) -> tuple[dict[str, list[tuple[float, float, int, int]]], float]:
    """Every part's notes (start beat, length, note, velocity) over the whole form, and the
    form's length in beats."""
    beats = int(score["beats"])
    inst = score["instruments"]
    style = score.get("style", {})
    pattern = [int(x) for x in style.get("arp", "0 1 2 3 2 1 0 1").split()]
    parts: dict[str, list[tuple[float, float, int, int]]] = {p: [] for p in inst}
    at = 0.0
    for name in score["form"]:
        sec = score["sections"][name]
        chords = chord_events(sec["chords"], beats)
        length = len(bars_of(sec["chords"])) * beats
        if "melody" in parts:
            tune = melody_events(sec["melody"], beats, f"section {name}")
            if tune and max(s + d for s, d, _ in tune) > length + 1e-6:
                raise ScoreError(f"section {name}: the melody is longer than the chords")
            v = inst["melody"]["velocity"]
            parts["melody"] += [(at + s, d, n, v) for s, d, n in tune]
        for start, share, pcs in chords:
            root = pcs[0]
            if "pad" in parts:                       # the chord held, around middle C
                v = inst["pad"]["velocity"]
                parts["pad"] += [(at + start, share, 55 + (pc - 55) % 12, v) for pc in pcs[:3]]
            if "arp" in parts:                       # a broken chord in eighths
                v = inst["arp"]["velocity"]
                tones = [48 + root] + [48 + pc if pc > root else 60 + pc for pc in pcs[1:3]] + [60 + root]
                steps = int(share * 2)
                for i in range(steps):
                    note = tones[pattern[i % len(pattern)] % len(tones)]
                    accent = 8 if i % 4 == 0 else 0
                    parts["arp"].append((at + start + i * 0.5, 0.9, note, v + accent))
            if "bass" in parts:
                v = inst["bass"]["velocity"]
                low = 36 + root % 12
                if style.get("bass") == "half-notes":
                    half = share / 2 if share >= 4 else share
                    t0 = 0.0
                    while t0 < share - 1e-6:
                        parts["bass"].append((at + start + t0, half, low if t0 == 0 else low + 7, v))
                        t0 += half
                else:                                   # root and fifth, a beat each on 1 and 3
                    t0 = 0.0
                    while t0 < share - 1e-6:
                        parts["bass"].append((at + start + t0, 1.0, low if int(t0) % 4 == 0 else low + 7, v))
                        t0 += 2.0
        if "drums" in parts:                          # a soft bass drum on 1, tambourine on 2 and 4
            v = inst["drums"]["velocity"]
            for b in range(int(length)):
                if b % beats == 0:
                    parts["drums"].append((at + b, 0.5, 36, v + 6))
                if b % 2 == 1:
                    parts["drums"].append((at + b, 0.5, 54, v))
        at += length
    return parts, at


# -- MIDI ------------------------------------------------------------------------------------------
def _varlen(n: int) -> bytes:
    out = [n & 0x7F]
    n >>= 7
    while n:
        out.append(0x80 | (n & 0x7F))
        n >>= 7
    return bytes(reversed(out))


def midi_file(score: dict[str, Any], parts: dict[str, list[tuple[float, float, int, int]]],
              end: float = 0.0) -> bytes:
    """A format 1 MIDI file: a tempo track, then one track a part (drums on channel 10). `end`: the
    beat the tempo track lasts to, so a player keeps sounding (a ringing tail) until then."""
    tracks = []
    tempo = round(60_000_000 / float(score["tempo"]))
    tracks.append(b"\x00\xff\x51\x03" + tempo.to_bytes(3, "big") + _varlen(max(0, round(end * TICKS)))
                  + b"\xff\x2f\x00")
    channel = 0
    for part, notes in parts.items():
        ch = 9 if part == "drums" else channel
        if part != "drums":
            channel += 1 if channel != 8 else 2
        events: list[tuple[int, int, bytes]] = []
        if part != "drums":
            events.append((0, 0, bytes([0xC0 | ch, int(score["instruments"][part]["program"])])))
            events.append((0, 0, bytes([0xB0 | ch, 91, 70])))          # reverb send
            pan = int(score["instruments"][part].get("pan", PAN.get(part, 64)))
            events.append((0, 0, bytes([0xB0 | ch, 10, max(0, min(127, pan))])))
        for start, length, note, vel in notes:
            on = round(start * TICKS)
            off = round((start + length) * TICKS) - 2
            events.append((on, 2, bytes([0x90 | ch, note, max(1, min(127, vel))])))
            events.append((max(on + 1, off), 1, bytes([0x80 | ch, note, 0])))
        events.sort(key=lambda e: (e[0], e[1]))
        data = bytearray()
        now = 0
        for tick, _, msg in events:
            data += _varlen(tick - now) + msg
            now = tick
        data += b"\x00\xff\x2f\x00"
        tracks.append(bytes(data))
    head = b"MThd" + struct.pack(">IHHH", 6, 1, len(tracks), TICKS)
    return head + b"".join(b"MTrk" + struct.pack(">I", len(t)) + t for t in tracks)


# -- loudness (ITU-R BS.1770-4) --------------------------------------------------------------------
def _biquad(x: list[float], b: tuple[float, float, float], a: tuple[float, float]) -> list[float]:
    b0, b1, b2 = b
    a1, a2 = a
    y = [0.0] * len(x)
    x1 = x2 = y1 = y2 = 0.0
    for i, v in enumerate(x):
        out = b0 * v + b1 * x1 + b2 * x2 - a1 * y1 - a2 * y2
        x2, x1, y2, y1 = x1, v, y1, out
        y[i] = out
    return y


def k_weighted(x: list[float], rate: int) -> list[float]:
    """The two K-weighting stages (a high shelf, then a high pass), worked out for `rate`."""
    f0, gain, q = 1681.974450955533, 3.999843853973347, 0.7071752369554196
    k = math.tan(math.pi * f0 / rate)
    vh = 10 ** (gain / 20)
    vb = vh ** 0.4996667741545416
    a0 = 1 + k / q + k * k
    shelf = _biquad(x, ((vh + vb * k / q + k * k) / a0, 2 * (k * k - vh) / a0, (vh - vb * k / q + k * k) / a0),
                    (2 * (k * k - 1) / a0, (1 - k / q + k * k) / a0))
    f0, q = 38.13547087602444, 0.5003270373238773
    k = math.tan(math.pi * f0 / rate)
    a0 = 1 + k / q + k * k
    return _biquad(shelf, (1.0, -2.0, 1.0), (2 * (k * k - 1) / a0, (1 - k / q + k * k) / a0))


def loudness(x: list[float], rate: int, looped: bool = True) -> float:
    """Integrated loudness in LUFS of a mono sound (`loudness_of`)."""
    return loudness_of([x], rate, looped)


def loudness_of(channels: list[list[float]], rate: int, looped: bool = True) -> float:
    """Integrated loudness in LUFS, the channels' powers summed (left and right alike): 400 ms
    blocks overlapping by 75 %, gated at -70 LUFS and then 10 LU under the mean. `looped`:
    measured as it plays, round and round."""
    squares: list[float] = []
    for x in channels:
        y = k_weighted(x + x[: rate] if looped else x, rate)
        y = y[rate:] + y[: rate] if looped else y        # the filters settled on a first pass
        squares = [v * v for v in y] if not squares else [a + v * v for a, v in zip(squares, y, strict=True)]
    block, hop = int(0.4 * rate), int(0.1 * rate)
    powers = []
    acc = sum(squares[:block])
    for start in range(0, len(squares) - block + 1, hop):
        if start:
            acc = sum(squares[start:start + block])
        powers.append(acc / block)
    lufs = [(-0.691 + 10 * math.log10(p)) if p > 0 else -200.0 for p in powers]
    gated = [p for p, lu in zip(powers, lufs, strict=True) if lu > -70]
    if not gated:
        return -200.0
    rel = -0.691 + 10 * math.log10(sum(gated) / len(gated)) - 10
    kept = [p for p, lu in zip(powers, lufs, strict=True) if lu > -70 and lu > rel]
    return -0.691 + 10 * math.log10(sum(kept) / len(kept))


# -- rendering -------------------------------------------------------------------------------------
def read_wav(path: Path) -> list[float]:
    """A WAV file's sound, mono (the channels mixed)."""
    left, right = read_stereo(path)
    return left if left is right else [(a + b) / 2 for a, b in zip(left, right, strict=True)]


def read_stereo(path: Path) -> tuple[list[float], list[float]]:
    """A WAV file's left and right channels (the same list twice for a mono file)."""
    with wave.open(str(path), "rb") as w:
        channels, width, n = w.getnchannels(), w.getsampwidth(), w.getnframes()
        raw = w.readframes(n)
    if width != 2:
        raise ScoreError(f"{path}: expected 16-bit samples")
    data = array.array("h", raw)
    if sys.byteorder == "big":
        data.byteswap()
    if channels == 1:
        mono = [v / 32768 for v in data]
        return mono, mono
    return [v / 32768 for v in data[0::channels]], [v / 32768 for v in data[1::channels]]


def write_wav(path: Path, x: list[float], right: list[float] | None = None, rate: int = RATE) -> None:
    """16-bit WAV: mono, or stereo when `right` is given."""
    if right is None:
        samples: Any = x
    else:
        samples = [v for pair in zip(x, right, strict=True) for v in pair]
    data = array.array("h", (int(max(-1.0, min(1.0, v)) * 32767) for v in samples))
    if sys.byteorder == "big":
        data.byteswap()
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1 if right is None else 2)
        w.setsampwidth(2)
        w.setframerate(rate)
        w.writeframes(data.tobytes())


def load_notes(path: Path, what: str) -> Any:
    """A notes file (a piece's score, the effects), read within a score's bounds; `ScoreError` in
    one sentence naming the file when it cannot be read or is not `what`."""
    try:
        return load_yaml(path, "score")[1]
    except FileRefused as err:
        raise ScoreError(str(err)) from None
    except OSError as err:
        raise ScoreError(f"{path}: cannot be read ({err.strerror or err})") from None
    except (ValueError, yaml.YAMLError) as err:
        raise ScoreError(f"{path}: not {what} ({str(err).splitlines()[0] if str(err) else err})") from None


def read_score(name: str) -> tuple[dict[str, Any], dict[str, list[tuple[float, float, int, int]]], float, bytes]:
    """A piece's score (read within a score's bounds), its parts, its length in beats and its
    MIDI file; `ScoreError` in one sentence when it cannot be read or played as written."""
    path = SCORES / f"{name}.yaml"
    score = load_notes(path, "a YAML score")
    if not isinstance(score, dict):
        raise ScoreError(f"{path}: not a score (a mapping of tempo, beats, instruments, sections, form)")
    try:
        parts, beats = arrange(score)
        return score, parts, beats, midi_file(score, parts)
    except ScoreError as err:
        raise ScoreError(f"{path}: {err}") from None
    except KeyError as err:
        raise ScoreError(f"{path}: {err} is missing; give it as the shipped scores do") from None
    except (ValueError, TypeError, IndexError, AttributeError) as err:
        raise ScoreError(f"{path}: {str(err)[:120]}; write it as the notation at the top of the shipped scores") \
            from None


def run_tool(args: list[str], what: str) -> None:
    """A program (fluidsynth, oggenc) run to its end; `ScoreError` with its last line if it fails."""
    done = subprocess.run(args, capture_output=True, text=True)
    if done.returncode != 0:
        last = (done.stderr.strip().splitlines() or ["no message"])[-1][:200]
        raise ScoreError(f"{args[0]} failed on {what} (status {done.returncode}: {last})")


def fluidsynth(raw: Path, mid: Path) -> list[str]:
    """The FluidSynth command rendering MIDI file `mid` to stereo WAV `raw` at RATE with the
    reverb and chorus (the effects are rendered the same way)."""
    return ["fluidsynth", "-ni", "-q", "-g", "0.5", "-r", str(RATE), *FLUID, "-F", str(raw), str(SOUNDFONT), str(mid)]


def soundfont_note() -> str | None:
    """One line when the better sound font is missing and FluidR3 is used instead, else None."""
    if SOUNDFONT == SOUNDFONTS[-1]:
        return (f"note: no MuseScore_General sound font (apt-get install musescore-general-soundfont); "
                f"rendering with {SOUNDFONT.name}")
    return None


def render(name: str, out: Path, work: Path) -> dict[str, float]:
    score, parts, beats, midi = read_score(name)
    seconds = beats * 60 / float(score["tempo"])
    mid = work / f"{name}.mid"
    mid.write_bytes(midi)
    raw = work / f"{name}-raw.wav"
    run_tool(fluidsynth(raw, mid), name)
    loop = round(seconds * RATE)
    sides = []
    for x in read_stereo(raw):
        x = x + [0.0] * max(0, loop + int(TAIL * RATE) - len(x))
        body, tail = x[:loop], x[loop:loop + int(TAIL * RATE)]
        for i, v in enumerate(tail):              # what rings past the end sounds over the start
            body[i % loop] += v
        sides.append(body)
    before = loudness_of(sides, RATE)
    gain = 10 ** ((TARGET_LUFS - before) / 20)
    peak = gain * max(abs(v) for side in sides for v in side)
    if peak > 0.97:                                # never clipped: a little quieter instead
        gain *= 0.97 / peak
        peak = 0.97
    sides = [[v * gain for v in side] for side in sides]
    after = before + 20 * math.log10(gain)        # the loudness scales with the gain
    wav = work / f"{name}.wav"
    write_wav(wav, sides[0], sides[1])
    target = out / f"{name}.ogg"
    tmp = out / f".{name}.tmp.ogg"
    try:
        run_tool(["oggenc", "-Q", "-q", QUALITY, "-o", str(tmp), str(wav)], name)
        tmp.replace(target)                      # atomically: a stopped run leaves the old piece
    finally:
        tmp.unlink(missing_ok=True)
    seam = max(abs(side[0] - side[-1]) for side in sides)
    return {"seconds": loop / RATE, "bars": beats / int(score["beats"]), "lufs": after, "peak_db": 20 * math.log10(peak),
            "seam": seam, "bytes": target.stat().st_size}


def renderer_problem(out: Path, kind: str, programs: dict[str, str]) -> int | None:
    """Before anything is rendered: `out` must be a folder (or not yet there), each program
    (name -> Debian package) installed and the sound font present. The exit status after a
    one-line refusal, or None when all is there."""
    if out.exists() and not out.is_dir():
        print(f"error: --out {out}: a file is already there, not a folder; name a folder for the {kind} files "
              f"(the file was left as it is)", file=sys.stderr)
        return 2
    for tool, package in programs.items():
        if shutil.which(tool) is None:
            print(f"error: {tool} is not installed; install it (apt-get install {package})", file=sys.stderr)
            return 1
    if not SOUNDFONT.exists():
        print(f"error: no sound font at {SOUNDFONTS[0]} or {SOUNDFONT}; install one "
              f"(apt-get install musescore-general-soundfont)", file=sys.stderr)
        return 1
    note = soundfont_note()
    if note:
        print(note)
    return None


def make_folder(out: Path) -> bool:
    """Make the output folder; False after a one-line refusal."""
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        print(f"error: --out {out}: the folder cannot be made ({err.strerror or err}); name another folder",
              file=sys.stderr)
        return False
    return True


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m tools.make_music",
                                 description="Render the game's music to seamless Ogg loops.")
    ap.add_argument("--out", default=str(OUT), help="folder for the .ogg files (default assets/sounds)")
    ap.add_argument("pieces", nargs="*", help=f"the pieces to render (default: {' '.join(PIECES)})")
    args = ap.parse_args(argv)
    known = sorted(p.stem for p in SCORES.glob("*.yaml"))
    pieces = args.pieces or list(PIECES)
    unknown = [p for p in pieces if p not in known]
    if unknown:
        print(f"error: no piece {unknown[0]!r} in {resources.relative(SCORES)}; give pieces among "
              f"{', '.join(known)}", file=sys.stderr)
        return 2
    out = Path(args.out)
    problem = renderer_problem(out, ".ogg", {"fluidsynth": "fluidsynth", "oggenc": "vorbis-tools"})
    if problem is not None:
        return problem
    try:
        for name in pieces:                       # every score read before any sound is made
            read_score(name)
    except ScoreError as err:
        print(f"error: {err}", file=sys.stderr)
        return 1
    if not make_folder(out):
        return 2
    with tempfile.TemporaryDirectory() as tmp:
        for name in pieces:
            try:
                f = render(name, out, Path(tmp))
            except ScoreError as err:
                print(f"error: {err}", file=sys.stderr)
                return 1
            print(f"{out / name}.ogg: {f['seconds']:.1f} s ({f['bars']:.0f} bars, loops at the end), "
                  f"{f['lufs']:.1f} LUFS, peak {f['peak_db']:.1f} dBFS, {f['bytes'] // 1024} KiB")
    return 0


if __name__ == "__main__":
    sys.exit(run_stoppable(main, "tools.make_music"))
