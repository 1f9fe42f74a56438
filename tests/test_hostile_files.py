"""Hostile files and bad options never hang a command, never eat the memory and never show a
traceback: every file the game or a tool reads is read only when it is a regular file, within its
kind's size, depth and alias limits (`game.content.bounded`), and is refused in one sentence naming
the file and the limit; long work stops on SIGTERM and Ctrl+C with one line; the tools check their
options before doing any work. Each command runs as a child process under a memory limit and
must finish in well under 10 s of processor time (on the clock a loaded machine is only slower:
a command still running after a minute is taken as hung), and every file the player gave is
left byte for byte as it was."""
from __future__ import annotations

import json
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
import resource
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest  # noqa: E402

from game.content.bounded import FileRefused, check_yaml, load_json, read_bytes  # noqa: E402
from game.content.packs import shipped_packs  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
MEMORY = 1536 * 1024 * 1024          # the child's address space: far below what an unbounded read took
SECONDS = 8.0                        # the processor time a command may take: well under 10 s
HANG = 60.0                          # the clock time that means a command hangs (a loaded machine is slow, not hung)
STOP = 15.0                          # the clock time a long command may take to stop on a signal, on a loaded machine


def _limit_memory() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))


def run(args: list[str], tmp_path: Path, timeout: float = SECONDS) -> subprocess.CompletedProcess[str]:
    """A command as the player types it, from the repository, its data folder the test's own."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", SMALLWORLD_HOME=str(tmp_path / "home"),
               PYGAME_HIDE_SUPPORT_PROMPT="1", PYTHONPATH=str(ROOT))
    env.pop("SMALLWORLD_LANG", None)
    before = _children_seconds()
    out = subprocess.run([sys.executable, *args], capture_output=True, text=True, timeout=HANG, env=env,
                         cwd=tmp_path, preexec_fn=_limit_memory)
    out.seconds = _children_seconds() - before  # type: ignore[attr-defined]
    assert out.seconds < timeout, f"{args} took {out.seconds:.1f} s of processor time"  # type: ignore[attr-defined]
    return out


def _children_seconds() -> float:
    """Processor time (user and system) of this process's finished children: what a command
    cost, however busy the machine was while it ran."""
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def one_line(out: subprocess.CompletedProcess[str], *words: str) -> str:
    """The single line on stderr, without a traceback, holding `words`."""
    lines = [x for x in out.stderr.splitlines() if x.strip()]
    assert "Traceback" not in out.stderr and "Traceback" not in out.stdout, out.stderr[-2000:]
    assert len(lines) == 1, lines
    assert all(w in lines[0] for w in words), lines[0]
    assert len(lines[0]) < 600
    return lines[0]


# -- the hostile files -------------------------------------------------------------------------------
def yaml_bomb(path: Path) -> Path:
    lines = ["a0: &a0 [x, x, x, x, x, x, x, x, x, x]"]
    lines += [f"a{i}: &a{i} [{', '.join([f'*a{i - 1}'] * 10)}]" for i in range(1, 12)]
    lines += ["races: {}"]
    path.write_text("\n".join(lines) + "\n")
    return path


def deep_yaml(path: Path) -> Path:
    path.write_text("races: " + "[" * 5000 + "]" * 5000 + "\n")
    return path


def ten_mb_yaml(path: Path) -> Path:
    entry = "  r{}: {{tokens: 5, name: Racers, text: " + "x" * 200 + "}}\n"
    path.write_text("races:\n" + "".join(entry.format(i) for i in range(45_000)))
    assert path.stat().st_size > 10_000_000
    return path


def fifo(path: Path) -> Path:
    os.mkfifo(path)
    return path


HOSTILE_CONTENT = {"bomb": (yaml_bomb, "values once its aliases are expanded"),
                   "deep": (deep_yaml, "nested more than"),
                   "ten_mb": (ten_mb_yaml, "more than a content file may be (1 MB)"),
                   "fifo": (fifo, "a pipe, not a plain file"),
                   "device": (lambda p: Path("/dev/zero"), "a device, not a plain file")}


def snapshot(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


@pytest.mark.parametrize("kind", sorted(HOSTILE_CONTENT))
def test_a_hostile_content_file_is_refused_at_once_by_the_game(tmp_path, kind):
    make, words = HOSTILE_CONTENT[kind]
    f = make(tmp_path / f"{kind}.yaml")
    before = f.read_bytes() if f.is_file() else None
    out = run([str(ROOT / "main.py"), "--content", str(f)], tmp_path)
    assert out.returncode == 2
    one_line(out, str(f), words)
    if before is not None:
        assert f.read_bytes() == before


@pytest.mark.parametrize("command", ["scenario", "lab"])
def test_a_yaml_bomb_is_refused_at_once_by_the_tools(tmp_path, command):
    f = yaml_bomb(tmp_path / "bomb.yaml")
    before = f.read_bytes()
    args = (["-m", "game.scenario", "--content", str(f), str(ROOT / "tests" / "scenarios" / "rules")]
            if command == "scenario" else ["-m", "game.lab", "--content", str(f), "--games", "1", "--jobs", "1"])
    out = run(args, tmp_path)
    assert out.returncode == 2
    one_line(out, str(f), "aliases")
    assert f.read_bytes() == before


def test_the_bounded_reader_refuses_each_limit_in_one_sentence(tmp_path):
    t0 = time.monotonic()
    with pytest.raises(FileRefused, match="more than 200000 values"):
        check_yaml(yaml_bomb(tmp_path / "b.yaml").read_text(), "b.yaml", "content")
    with pytest.raises(FileRefused, match="more than 100 YAML aliases"):
        check_yaml("a: &a 1\nb: [" + ", ".join(["*a"] * 101) + "]\n", "c.yaml", "content")
    with pytest.raises(FileRefused, match="nested more than 32 levels"):
        check_yaml("[" * 40 + "]" * 40, "d.yaml", "content")
    big = tmp_path / "big.json"
    with open(big, "wb") as f:
        f.truncate(65 * 1024 * 1024)          # sparse: 65 MB on paper, nothing on the disk
    with pytest.raises(FileRefused, match="65 MB, more than a saved game may be"):
        read_bytes(big, "save")
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 100_000 + "]" * 100_000)
    with pytest.raises(FileRefused, match="nested more than 16 levels"):
        load_json(deep, "settings")
    with pytest.raises(FileRefused, match="a folder"):
        read_bytes(tmp_path, "content")
    assert time.monotonic() - t0 < 3


def test_a_bomb_dropped_in_the_packs_folder_does_not_freeze_the_start_screen(tmp_path):
    yaml_bomb(tmp_path / "bomb.yaml")
    ten_mb_yaml(tmp_path / "huge.yaml")
    fifo(tmp_path / "pipe.yaml")
    (tmp_path / "good.yaml").write_text("races:\n  gnomes: {tokens: 5, name: Gnomes}\n")
    t0 = time.monotonic()
    packs = {p.id: p for p in shipped_packs(tmp_path)}
    assert time.monotonic() - t0 < 2
    assert packs["good"].races == ("Gnomes",) and packs["bomb"].races == () and packs["pipe"].races == ()


# -- maps ---------------------------------------------------------------------------------------------
def many_regions(path: Path, count: int = 10_000) -> Path:
    src = (ROOT / "maps" / "two_players.tmx").read_text()
    head = src[:src.index("<object ")]
    objects = "".join(f'<object id="{i + 1}" name="r{i}" type="region" x="{i % 100 * 10}" y="{i // 100 * 10}">'
                      f'<properties><property name="terrain" value="forest"/></properties>'
                      f'<polygon points="0,0 10,0 10,10 0,10"/></object>\n' for i in range(count))
    path.write_text(head + objects + "</objectgroup></map>\n")
    return path


def fifty_mb_map(path: Path) -> Path:
    src = (ROOT / "maps" / "two_players.tmx").read_text()
    with open(path, "w") as f:
        f.write(src.replace("<objectgroup", "<!--" + "x" * 50_000_000 + "--><objectgroup", 1))
    return path


@pytest.mark.parametrize("kind", ["many", "huge"])
@pytest.mark.parametrize("command", ["check", "preview", "main"])
def test_a_huge_map_is_refused_quickly(tmp_path, kind, command):
    f = (many_regions if kind == "many" else fifty_mb_map)(tmp_path / f"{kind}.tmx")
    size = f.stat().st_size
    words = ("10000 objects, more than a map may hold (400)",) if kind == "many" else ("more than a map may be (4 MB)",)
    if command == "main":
        out = run([str(ROOT / "main.py"), "--map", str(f)], tmp_path)
        assert out.returncode == 2
        one_line(out, str(f), *words)
    elif command == "check":
        out = run(["-m", "game.maps", "check", str(f)], tmp_path)
        assert out.returncode == 1 and "Traceback" not in out.stderr
        errors = [x for x in out.stdout.splitlines() + out.stderr.splitlines() if x.startswith("error:")]
        assert len(errors) == 1 and all(w in errors[0] for w in words), errors
    else:
        # the preview keeps watching the file for the next save: it says why, and stops on SIGTERM
        proc = _start(["-m", "game.maps", "preview", str(f)], tmp_path)
        line = _wait_for(proc, "preview 1:")
        assert "not loaded" in line
        _stop(proc, signal.SIGTERM, "game.maps: stopped (SIGTERM)", 143)
    assert f.stat().st_size == size


# -- long work stops on SIGTERM and Ctrl+C --------------------------------------------------------------
def _start(args: list[str], tmp_path: Path) -> subprocess.Popen[str]:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", SMALLWORLD_HOME=str(tmp_path / "home"),
               PYGAME_HIDE_SUPPORT_PROMPT="1", PYTHONUNBUFFERED="1", PYTHONPATH=str(ROOT))
    return subprocess.Popen([sys.executable, *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env=env, cwd=tmp_path, preexec_fn=_as_from_a_terminal)


def _as_from_a_terminal() -> None:
    """The command started as from a terminal, whatever started this test: Ctrl+C not ignored
    (a shell's background job, `nohup` and some test runners pass SIGINT on ignored, and a
    command started so rightly keeps ignoring it), and its memory bounded."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    _limit_memory()


def _wait_for(proc: subprocess.Popen[str], text: str, seconds: float = HANG) -> str:
    """The first line of stdout or stderr holding `text` (read line by line while it runs)."""
    import selectors
    sel = selectors.DefaultSelector()
    assert proc.stdout is not None and proc.stderr is not None
    sel.register(proc.stdout, selectors.EVENT_READ)
    sel.register(proc.stderr, selectors.EVENT_READ)
    end = time.monotonic() + seconds
    try:
        while time.monotonic() < end:
            for key, _ in sel.select(timeout=0.2):
                line = key.fileobj.readline()  # type: ignore[union-attr]
                if text in line:
                    return line
    finally:
        sel.close()
    proc.kill()
    raise AssertionError(f"{text!r} never came")


def _stop(proc: subprocess.Popen[str], sig: int, said: str, status: int) -> None:
    t0 = time.monotonic()
    proc.send_signal(sig)
    try:
        out, err = proc.communicate(timeout=STOP)
    except subprocess.TimeoutExpired:
        # say how the command stood with the signal (Linux: blocked, ignored, caught), and what
        # this process passed on to it, rather than only that it did not stop
        status = Path(f"/proc/{proc.pid}/status")
        masks = [x for x in status.read_text().splitlines() if x.startswith(("SigBlk", "SigIgn", "SigCgt"))] \
            if status.exists() else []
        here = signal.getsignal(sig)
        proc.kill()
        raise AssertionError(f"no stop {STOP:g} s after signal {sig}; the command's masks {masks}; "
                             f"this test's own handler {here!r}") from None
    assert time.monotonic() - t0 < STOP
    assert proc.returncode == status and "Traceback" not in err, err[-2000:]
    assert err.strip().splitlines()[-1] == said


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT])
def test_the_lab_stops_on_sigterm_and_ctrl_c_with_one_line(tmp_path, sig):
    proc = _start(["-m", "game.lab", "--games", "100000", "--jobs", "1", "--level", "easy", "--out",
                   str(tmp_path / "report")], tmp_path)
    _wait_for(proc, "Playing 100000 games")
    time.sleep(0.5)
    name = "SIGTERM" if sig == signal.SIGTERM else "Ctrl+C"
    _stop(proc, sig, f"game.lab: stopped ({name})", 143 if sig == signal.SIGTERM else 130)


# -- the tools' options --------------------------------------------------------------------------------
def test_the_lab_checks_its_report_folder_before_playing(tmp_path):
    f = tmp_path / "notes.txt"
    f.write_text("my notes\n")
    out = run(["-m", "game.lab", "--games", "5000", "--jobs", "1", "--out", str(f)], tmp_path)
    assert out.returncode == 2 and "Playing" not in out.stderr
    one_line(out, str(f), "not a folder")
    assert f.read_text() == "my notes\n"


@pytest.mark.parametrize("args, words", [
    (["--cluster", "not an address"], ("--cluster 'not an address'", "tcp://HOST:PORT")),
    (["--iterations", "-1"], ("--iterations -1", "at least 1")),
    (["--budget", "-2"], ("--budget -2", "more than 0")),
    (["--seats", "easy"], ("--seats 'easy'", "2 to 5 players")),
])
def test_the_lab_refuses_a_bad_option_in_one_line(tmp_path, args, words):
    out = run(["-m", "game.lab", "--games", "3", "--jobs", "1", *args], tmp_path)
    assert out.returncode == 2
    line = one_line(out, *words)
    assert "--players" not in line


@pytest.mark.parametrize("tool, args, words", [
    ("game.maps", ["draw", "--width", "-5"], ("--width -5", "64 to 8192")),
    ("tools.make_maps", ["9"], ("no map for 9 players",)),
    ("tools.make_sounds", ["--out", "FILE"], ("FILE", "not a folder")),
    ("tools.draw_legend", ["--out", "FILE"], ("FILE", "not a folder")),
    ("tools.make_music", ["--out", "FILE"], ("FILE", "not a folder")),
    ("tools.make_music", ["nocturne"], ("no piece 'nocturne'", "table, title")),
    ("tools.make_sounds", ["trumpet"], ("no effect 'trumpet'", "conquest, lost, die")),
])
def test_a_tool_refuses_a_bad_option_in_one_line_and_writes_nothing(tmp_path, tool, args, words):
    mine = tmp_path / "FILE"
    mine.write_text("mine\n")
    shipped = {d: snapshot(ROOT / d) for d in ("maps", "assets/sounds", "assets/ui/legend")}
    out = run(["-m", tool, *[str(mine) if a == "FILE" else a for a in args]], tmp_path)
    assert out.returncode == 2
    one_line(out, *words)
    assert mine.read_text() == "mine\n"
    assert {d: snapshot(ROOT / d) for d in shipped} == shipped


@pytest.mark.parametrize("kind", ["bomb", "deep", "fifo", "device", "not_a_score"])
def test_make_music_reads_its_scores_within_bounds_and_refuses_in_one_sentence(tmp_path, monkeypatch, kind):
    from tools import make_music
    scores = tmp_path / "music"
    scores.mkdir()
    f = scores / "title.yaml"
    if kind == "device":
        f.symlink_to("/dev/zero")
    elif kind == "not_a_score":
        f.write_text("tempo: 92\nbeats: 4\ninstruments: {melody: {program: 73, velocity: 90}}\n"
                     "sections: {A: {chords: 'D | A', melody: 'A4:2 D5:2 | Q9:4'}}\nform: [A]\n")
    else:
        {"bomb": yaml_bomb, "deep": deep_yaml, "fifo": fifo}[kind](f)
    monkeypatch.setattr(make_music, "SCORES", scores)
    t0 = time.monotonic()
    with pytest.raises(make_music.ScoreError) as err:
        make_music.read_score("title")
    assert time.monotonic() - t0 < 2.0
    line = str(err.value)
    assert str(f) in line and "\n" not in line and len(line) < 400, line
    words = {"bomb": "aliases", "deep": "nested more than", "fifo": "a pipe, not a plain file",
             "device": "a device, not a plain file", "not_a_score": "notation"}[kind]
    assert words in line, line


@pytest.mark.parametrize("kind", ["bomb", "fifo", "no_effect", "bad_note", "too_long"])
def test_make_sounds_reads_its_notes_within_bounds_and_refuses_in_one_sentence(tmp_path, kind):
    from tools import make_sounds
    f = tmp_path / "effects.yaml"
    shipped = (ROOT / "assets" / "sounds" / "effects.yaml").read_text(encoding="utf-8")
    if kind in ("bomb", "fifo"):
        {"bomb": yaml_bomb, "fifo": fifo}[kind](f)
    elif kind == "no_effect":
        f.write_text(shipped.replace("\ncoins:", "\ncoin:"), encoding="utf-8")
    elif kind == "bad_note":
        f.write_text(shipped.replace('"E6:0.07 G6:0.07', '"E6:0.07 Q6:0.07'), encoding="utf-8")
    else:
        f.write_text(shipped.replace("length: 1.95", "length: 4"), encoding="utf-8")
    t0 = time.monotonic()
    with pytest.raises(make_sounds.ScoreError) as err:
        make_sounds.read_effects(f)
    assert time.monotonic() - t0 < 2.0
    line = str(err.value)
    assert str(f) in line and "\n" not in line and len(line) < 400, line
    words = {"bomb": "aliases", "fifo": "a pipe, not a plain file", "no_effect": "no effect 'coins'",
             "bad_note": "coins: 'Q6' is not a note", "too_long": "end: length 4.0"}[kind]
    assert words in line, line


def test_make_sounds_refuses_in_one_line_without_fluidsynth_and_writes_nothing(tmp_path):
    """No FluidSynth on the PATH: one line saying what to install, before any effect is touched."""
    empty = tmp_path / "bin"
    empty.mkdir()
    env = dict(os.environ, PATH=str(empty), PYTHONPATH=str(ROOT))
    shipped = snapshot(ROOT / "assets" / "sounds")
    out = subprocess.run([sys.executable, "-m", "tools.make_sounds", "--out", str(tmp_path / "out")],
                         capture_output=True, text=True, timeout=HANG, env=env, cwd=tmp_path)
    assert out.returncode == 1
    one_line(out, "fluidsynth is not installed", "apt-get install fluidsynth")
    assert not (tmp_path / "out").exists() and snapshot(ROOT / "assets" / "sounds") == shipped


def test_draw_legend_help_prints_help_and_writes_nothing(tmp_path):
    legend = ROOT / "assets" / "ui" / "legend"
    before = {p.name: (p.read_bytes(), p.stat().st_mtime_ns) for p in legend.iterdir()}
    out = run(["-m", "tools.draw_legend", "--help"], tmp_path)
    assert out.returncode == 0 and "usage:" in out.stdout and "--out" in out.stdout
    assert {p.name: (p.read_bytes(), p.stat().st_mtime_ns) for p in legend.iterdir()} == before


# -- values quoted from a save --------------------------------------------------------------------------
def test_a_refusal_quotes_a_megabyte_from_a_save_as_a_short_excerpt(tmp_path):
    from game.match import Match, MatchSetup, SaveError, Seat
    from game.rules import legal_actions
    from game.ui.table import shipped_map_path
    m = Match(MatchSetup([Seat("Ann"), Seat("Bob")], 5, map_path=shipped_map_path(2)))
    m.play(legal_actions(m.state)[0])
    m.play(legal_actions(m.state)[0])
    good = m.to_dict()
    huge = "x" * 1_000_000

    def with_(change) -> dict:
        d = json.loads(json.dumps(good))
        change(d)
        return d
    cases = {
        "level": with_(lambda d: d["setup"]["seats"][1].update(bot=huge)),
        "map": with_(lambda d: d["setup"].update(map=huge)),
        "content": with_(lambda d: d["setup"].update(content=[huge])),
        "region": with_(lambda d: d["records"][1]["action"].update(region=huge)),
        "kind": with_(lambda d: d["records"][0]["action"].update(kind=huge)),
        "pick": with_(lambda d: d["records"][0]["action"].update(index=huge)),
        "level_list": with_(lambda d: d["setup"]["seats"][1].update(bot=[huge] * 3)),
    }
    for name, d in cases.items():
        f = tmp_path / f"{name}.json"
        f.write_text(json.dumps(d))
        with pytest.raises((SaveError, ValueError, OSError)) as err:
            Match.load(f)
        assert len(str(err.value)) < 700, (name, len(str(err.value)))


# -- the settings file ----------------------------------------------------------------------------------
@pytest.mark.parametrize("text", ["[" * 100_000 + "]" * 100_000, '{"lang": ' * 50_000 + "1" + "}" * 50_000,
                                  "not json at all", "[1, 2, 3]"])
def test_a_broken_settings_file_is_moved_aside_and_the_window_opens_with_the_defaults(tmp_path, monkeypatch,
                                                                                     capsys, text):
    from game.ui.app import Options
    from game.ui.driver import Driver
    from game.ui.scenes.start import StartScene
    from game.ui.strings import set_language
    monkeypatch.setenv("SMALLWORLD_HOME", str(tmp_path))
    monkeypatch.delenv("SMALLWORLD_LANG", raising=False)
    (tmp_path / "settings.json").write_text(text)
    t0 = time.process_time()          # this process's own work: a loaded machine is only slower
    d = Driver(Options(pace=0, catch_errors=False))
    try:
        d.pump(2)
        assert isinstance(d.scene, StartScene) and d.app.hints is True      # the defaults
        assert time.process_time() - t0 < 5, f"{time.process_time() - t0:.1f} s of processor time"
    finally:
        d.close()
        set_language("en")
    kept = tmp_path / "settings-unreadable-1.json"
    assert kept.read_text() == text                                        # moved, never deleted
    lines = [x for x in capsys.readouterr().err.splitlines() if x.strip()]
    assert len(lines) == 1 and "settings-unreadable-1.json" in lines[0] and "default settings" in lines[0]
    assert len(lines[0]) < 400


def test_a_match_table_that_is_a_device_is_refused_at_once(tmp_path):
    out = run(["-m", "game.lab", "match", "--games", "1", "--jobs", "1", "--table", "/dev/zero"], tmp_path)
    assert out.returncode == 2
    one_line(out, "/dev/zero", "a device")
