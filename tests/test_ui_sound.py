"""The table's sounds: our own rendered files, played through the mixer at the remembered
volume, silent when muted, and never a complaint without an audio device."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
import wave
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402

from game.ui import settings  # noqa: E402
from game.ui.sound import EFFECTS, MUSIC, SOUND_DIR, Sound  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]


def make_music_module():
    from tools import make_music as module
    return module


def effect_samples(path: Path) -> tuple[list[int], list[int]]:
    """An effect's left and right channels; it must be stereo 16-bit 44100 Hz, as the mixer plays."""
    import array
    with wave.open(str(path)) as w:
        assert (w.getnchannels(), w.getsampwidth(), w.getframerate()) == (2, 2, 44100), path
        data = array.array("h", w.readframes(w.getnframes()))
    if sys.byteorder == "big":
        data.byteswap()
    return list(data[0::2]), list(data[1::2])


def check_effect(path: Path) -> None:
    """An effect as the game wants it: stereo 16-bit 44100 Hz, short, heard at once, never clipped,
    ending quietly (no click), and at the effects' common loudness."""
    mm = make_music()
    left, right = effect_samples(path)
    x = [max(abs(a), abs(b)) for a, b in zip(left, right, strict=True)]
    seconds = len(x) / 44100
    assert 0.2 < seconds < 2, (path.name, seconds)
    peak = max(x)
    assert peak <= 0.9 * 32768, f"{path.name}: peak {peak} is within 1 dB of clipping"
    first = next(i for i, v in enumerate(x) if v >= 0.01 * peak)     # within 40 dB of the peak
    assert first / 44100 < 0.02, f"{path.name}: {1000 * first / 44100:.0f} ms of silence before it sounds"
    assert max(x[-40:]) < 0.01 * peak, f"{path.name}: cut off while sounding"
    lufs = mm.loudness_of([[v / 32768 for v in left], [v / 32768 for v in right]], 44100, looped=False)
    assert -20.0 <= lufs <= -17.5, f"{path.name}: {lufs:.1f} LUFS, not about -18"


def test_every_sound_is_a_file_of_ours() -> None:
    for name in EFFECTS:
        check_effect(SOUND_DIR / f"{name}.wav")
    readme = (SOUND_DIR / "README.txt").read_text(encoding="utf-8")
    assert "make_sounds.py" in readme and "make_music.py" in readme and "MuseScore_General" in readme
    assert "effects.yaml" in readme and all(f"  {name} " in readme for name in EFFECTS)
    assert not (SOUND_DIR / "music.wav").exists()          # the old 19-second sine loop is gone


def test_a_clipped_late_or_cut_off_effect_is_caught(tmp_path: Path) -> None:
    """The checks above can fail: a clipped copy, a copy starting after 50 ms of silence and a copy
    cut off while sounding are each refused."""
    mm = make_music()
    x = [v / 32768 for v in effect_samples(SOUND_DIR / "conquest.wav")[0]]
    bad = {"clipped": ([max(-1.0, min(1.0, v * 4)) for v in x], "clipping"),
           "late": ([0.0] * 2205 + x, "50 ms of silence"), "cut": (x[: len(x) // 3], "cut off while sounding")}
    for kind, (samples, words) in bad.items():
        path = tmp_path / f"{kind}.wav"
        mm.write_wav(path, samples, samples, rate=44100)
        with pytest.raises(AssertionError, match=words):
            check_effect(path)


def test_the_effects_are_notes_for_real_instruments_one_midi_file_each() -> None:
    """Every effect the game plays is composed in effects.yaml, and each becomes a MIDI file:
    the die on the percussion channel (wood blocks), the coins on the glockenspiel, the conquest
    with timpani and brass, the end with a trumpet."""
    from tools import make_sounds
    effects = make_sounds.read_effects()
    assert sorted(effects) == sorted(EFFECTS)
    programs = {name: {i["program"] for i in score["instruments"].values()} for name, (score, _, _) in effects.items()}
    assert set(effects["die"][1]) == {"drums"} and {n for _, _, n, _ in effects["die"][1]["drums"]} >= {76, 77}
    assert 9 in programs["coins"] and {47, 61} <= programs["conquest"] and 56 in programs["end"]
    for name, (score, parts, length) in effects.items():
        first = min(s for notes in parts.values() for s, _, _, _ in notes)
        assert first == 0 and 0.2 < length < 2, name             # every effect sounds at once
        data = make_music().midi_file(score, parts, end=length)
        assert data[:4] == b"MThd" and data.count(b"MTrk") == len(parts) + 1
        assert (b"\x99" in data) == ("drums" in parts), name      # drums: note-ons on channel 10


@pytest.mark.skipif(not (shutil.which("fluidsynth") and make_music_module().SOUNDFONT.exists()),
                    reason="needs fluidsynth and a General MIDI sound font to render")
def test_make_sounds_renders_an_effect_as_the_game_wants_it(tmp_path: Path) -> None:
    out = subprocess.run([sys.executable, "-m", "tools.make_sounds", "--out", str(tmp_path), "die", "coins"],
                         cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["coins.wav", "die.wav"]
    for name in ("die", "coins"):
        check_effect(tmp_path / f"{name}.wav")
        assert f"{name}.wav:" in out.stdout and "LUFS" in out.stdout


def make_music():
    from tools import make_music as module
    return module


def ogg_facts(path: Path) -> tuple[int, int, float]:
    """(channels, sample rate, seconds) of an Ogg Vorbis file, read with the standard library:
    the channels and the rate from the Vorbis identification header on the first page, the
    length from the last page's granule position (its sample count)."""
    data = path.read_bytes()
    assert data[:4] == b"OggS", f"{path.name}: not an Ogg file"
    segments = data[26]
    packet = data[27 + segments:]
    assert packet[:7] == b"\x01vorbis", f"{path.name}: not Vorbis"
    channels, rate = packet[11], int.from_bytes(packet[12:16], "little")
    last = data.rfind(b"OggS")
    samples = int.from_bytes(data[last + 6:last + 14], "little")
    return channels, rate, samples / rate


def check_piece(path: Path) -> None:
    """A piece as the game plays it: stereo, 44100 Hz, at least 90 s."""
    channels, rate, seconds = ogg_facts(path)
    assert channels == 2, f"{path.name}: {channels} channel(s), not stereo"
    assert rate == 44100, f"{path.name}: {rate} Hz, not 44100"
    assert seconds >= 90, f"{path.name}: {seconds:.1f} s, under 90 s"


def test_every_piece_is_stereo_at_44100_hz_and_at_least_90_s() -> None:
    assert len(MUSIC) >= 4 and {"title", "table", "last", "ending"} <= set(MUSIC)
    shipped = sorted(p.stem for p in SOUND_DIR.glob("*.ogg"))
    assert shipped == sorted(MUSIC), "a shipped piece the game does not play, or a piece missing"
    for name in MUSIC:
        check_piece(SOUND_DIR / f"{name}.ogg")


def test_a_mono_short_or_22_khz_piece_is_caught(tmp_path: Path) -> None:
    """The header reader sees what it must: the same file with one channel, another rate, or its
    last page saying it ends at 60 s is each refused."""
    good = (SOUND_DIR / "title.ogg").read_bytes()
    head = 27 + good[26]
    last = good.rfind(b"OggS")
    bad = {"mono": (good[:head + 11] + b"\x01" + good[head + 12:], "not stereo"),
           "rate": (good[:head + 12] + (22050).to_bytes(4, "little") + good[head + 16:], "22050 Hz"),
           "short": (good[:last + 6] + (60 * 44100).to_bytes(8, "little") + good[last + 14:], "under 90 s")}
    for kind, (data, words) in bad.items():
        path = tmp_path / f"{kind}.ogg"
        path.write_bytes(data)
        with pytest.raises(AssertionError, match=words):
            check_piece(path)


@pytest.mark.slow
@pytest.mark.parametrize("name", MUSIC)
def test_each_piece_is_long_seamless_and_at_minus_18_lufs(name: str) -> None:
    """The rendered loop as the game plays it: at least 90 s, no silence at the loop point, and
    its integrated loudness (ITU-R BS.1770, both channels) within 1 LU of -18 LUFS."""
    import array

    import pygame
    mm = make_music()
    pygame.mixer.init(frequency=44100, size=-16, channels=2, buffer=1024)
    try:
        snd = pygame.mixer.Sound(str(SOUND_DIR / f"{name}.ogg"))
        raw = array.array("h", snd.get_raw())
    finally:
        pygame.mixer.quit()
    sides = [[v / 32768 for v in raw[0::2]], [v / 32768 for v in raw[1::2]]]
    assert len(sides[0]) / 44100 >= 90
    edge = int(0.05 * 44100)
    x = sides[0]
    rms = [(sum(v * v for v in part) / edge) ** 0.5 for part in (x[:edge], x[-edge:])]
    assert min(rms) > 0.01, "the loop fades to silence at its seam"
    assert abs(mm.loudness_of(sides, 44100) - (-18.0)) <= 1.0


def test_the_notes_fill_their_bars_and_make_a_midi_file() -> None:
    import yaml
    mm = make_music()
    for name in MUSIC:
        score = yaml.safe_load((ROOT / "assets" / "music" / f"{name}.yaml").read_text(encoding="utf-8"))
        parts, beats = mm.arrange(score)
        assert beats * 60 / score["tempo"] >= 90 and parts["melody"] and parts["bass"]
        data = mm.midi_file(score, parts)
        assert data[:4] == b"MThd" and data.count(b"MTrk") == len(parts) + 1
    bad = {"beats": 4, "tempo": 90, "instruments": {"melody": {"program": 0, "velocity": 80}}, "form": ["A"],
           "sections": {"A": {"chords": "C | G", "melody": "C5:4 | D5:3"}}}
    with pytest.raises(mm.ScoreError, match="bar 2 holds 3.0 beats"):
        mm.arrange(bad)


def test_the_music_is_on_by_default_and_follows_the_screen(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    from game.match import Seat
    from game.ui.app import Options
    from game.ui.driver import Driver
    from game.ui.scenes.play import GameScene
    from game.ui.table import Table, shipped_map_path
    monkeypatch.setenv("SMALLWORLD_HOME", str(tmp_path))
    d = Driver(Options(pace=0, catch_errors=False))
    try:
        d.pump(2)
        assert d.app.audio.music and d.app.audio.piece == "title"
        table = Table.new([Seat("Ann", "orange"), Seat("Bo", "sky", "easy")], 3, shipped_map_path(2), [],
                          tmp_path / "g.json")
        d.app.switch(GameScene(d.app, table, viewer=0))
        assert d.app.audio.piece == "table"
        d.app.go_home()
        assert d.app.audio.piece == "title"
    finally:
        d.close()


def test_the_last_two_rounds_have_their_piece_and_the_ending_its_own(monkeypatch: pytest.MonkeyPatch,
                                                                      tmp_path: Path) -> None:
    """A whole game played on the game screen: the table's piece until the last two rounds
    begin, the last rounds' piece from then to the end, the ending's under the ranking."""
    from game.bots import make_bot
    from game.match import Seat
    from game.rules import actor
    from game.ui.app import Options
    from game.ui.driver import Driver
    from game.ui.scenes.final import FinalScene
    from game.ui.scenes.play import GameScene
    from game.ui.table import Table, shipped_map_path
    monkeypatch.setenv("SMALLWORLD_HOME", str(tmp_path))
    d = Driver(Options(pace=0, catch_errors=False))
    try:
        table = Table.new([Seat("Ann", "orange", "easy"), Seat("Bo", "sky", "easy")], 5, shipped_map_path(2), [],
                          tmp_path / "g.json")
        scene = GameScene(d.app, table, viewer=0)
        d.app.switch(scene)
        turns = table.state.board.turns
        bots = [make_bot("easy", i, i) for i in range(2)]
        heard: dict[int, set[str]] = {}
        while not table.state.game_over:
            heard.setdefault(table.state.round, set()).add(d.app.audio.piece)
            table.match.play(bots[actor(table.state)].choose(table.state))
            scene.sync()
        assert sorted(heard) == list(range(1, turns + 1))
        for round_, pieces in heard.items():
            assert pieces == ({"last"} if round_ >= turns - 1 else {"table"}), (round_, pieces)
        assert d.app.audio.piece == "last"
        d.app.switch(FinalScene(d.app, table))
        assert d.app.audio.piece == "ending"
        d.app.go_home()
        assert d.app.audio.piece == "title"
    finally:
        d.close()


def test_effects_play_at_the_remembered_volume_and_mute_is_remembered(monkeypatch: pytest.MonkeyPatch,
                                                                      tmp_path: Path) -> None:
    monkeypatch.setenv("SMALLWORLD_HOME", str(tmp_path))
    s = Sound()
    assert all(s.play(name) for name in EFFECTS), "the dummy audio driver plays"
    s.set_volume(0.25)
    assert s.toggle_mute() is True
    assert s.play("conquest") is False
    again = Sound()
    assert again.muted is True and again.volume == 0.25
    assert settings.load()["sound"] is False
    again.set_muted(False)
    again.set_music(True)
    assert Sound().music is True and Sound().play("coins")
    s.close()


def test_a_missing_sound_is_silence(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("SMALLWORLD_HOME", str(tmp_path))
    s = Sound(folder=tmp_path / "nowhere")
    assert s.play("conquest") is False
    s.set_music(True)                      # no loop file: still no error


@pytest.mark.slow
@pytest.mark.parametrize("driver", ["dummy", "no-such-device"])
def test_no_audio_device_no_complaint(driver: str, tmp_path: Path) -> None:
    code = ("from game.ui.sound import Sound\n"
            "s = Sound()\n"
            "s.play('die'); s.set_music(True); s.set_music(False)\n"
            "print('ok', s.ready)\n")
    env = dict(os.environ, SDL_AUDIODRIVER=driver, SDL_VIDEODRIVER="dummy", SMALLWORLD_HOME=str(tmp_path))
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, timeout=60)
    assert out.returncode == 0 and out.stdout.startswith("ok")
    assert out.stderr.strip() == ""


def test_the_start_screen_sets_the_sound_music_and_volume_with_the_mouse_and_the_keys(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    import pygame

    from game.ui.app import Options
    from game.ui.driver import Driver
    from game.ui.scenes.sound import SoundScene
    from game.ui.scenes.start import StartScene
    monkeypatch.setenv("SMALLWORLD_HOME", str(tmp_path))
    d = Driver(Options(pace=0, catch_errors=False), size=(1000, 650))
    try:
        d.pump(3)
        start = d.scene
        assert isinstance(start, StartScene)
        d.press_button("sound")
        panel = d.scene
        assert isinstance(panel, SoundScene)
        d.press_button("sound:off")
        assert not d.app.sound and settings.load()["sound"] is False
        d.press_button("music:on")
        assert d.app.audio.music and settings.load()["music"] is True
        bar = panel.settings.volume_bar
        d.click((bar.x + bar.w * 4 // 10 + 1, bar.centery))        # four tenths along: the sound comes back
        assert d.app.audio.volume == pytest.approx(0.4) and d.app.sound
        # the keys: Down to the volume row, Right louder, Down to Done, Enter closes
        assert panel.settings.focus == "sound"
        d.key(pygame.K_DOWN)
        d.key(pygame.K_DOWN)
        assert panel.settings.focus == "volume"
        d.key(pygame.K_RIGHT)
        assert d.app.audio.volume == pytest.approx(0.5)
        d.key(pygame.K_UP)
        d.key(pygame.K_LEFT)                                        # the music row: On is to the left
        d.key(pygame.K_RIGHT)
        assert not d.app.audio.music
        d.key(pygame.K_m)
        assert not d.app.sound
        d.key(pygame.K_UP)
        d.key(pygame.K_UP)                                          # round to Done
        d.key(pygame.K_RETURN)
        assert d.scene is start
        saved = settings.load()
        assert saved["volume"] == pytest.approx(0.5) and saved["music"] is False and saved["sound"] is False
        d.press_button("sound")
        d.key(pygame.K_ESCAPE)
        assert d.scene is start and d.app.text.overflows == []
    finally:
        d.close()


def test_a_damaged_settings_file_is_kept_aside_never_written_over(monkeypatch: pytest.MonkeyPatch,
                                                                  tmp_path: Path) -> None:
    monkeypatch.setenv("SMALLWORLD_HOME", str(tmp_path))
    damaged = '{"volume": 0.3, "lang": "fr"'                       # cut short
    (tmp_path / "settings.json").write_text(damaged, encoding="utf-8")
    assert settings.load()["volume"] == pytest.approx(0.7)          # the defaults meanwhile
    settings.save(volume=0.4)
    assert (tmp_path / "settings-unreadable-1.json").read_text(encoding="utf-8") == damaged
    assert settings.load()["volume"] == pytest.approx(0.4)
    (tmp_path / "settings.json").write_text("[1, 2]", encoding="utf-8")    # not settings: kept aside too
    settings.save(music=True)
    assert (tmp_path / "settings-unreadable-1.json").read_text(encoding="utf-8") == damaged
    assert (tmp_path / "settings-unreadable-2.json").read_text(encoding="utf-8") == "[1, 2]"
    # a key this version does not know survives a save
    (tmp_path / "settings.json").write_text('{"volume": 0.2, "future": 1}', encoding="utf-8")
    settings.save(music=False)
    import json
    assert json.loads((tmp_path / "settings.json").read_text(encoding="utf-8")) == \
        {"volume": 0.2, "future": 1, "music": False}
    assert not list(tmp_path.glob("*.tmp"))


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["en", "ro", "nl", "fr"])
@pytest.mark.parametrize("size", [(1000, 650), (1920, 1080)])
def test_the_sound_panel_and_its_button_fit_in_every_language(monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
                                                               lang: str, size: tuple[int, int]) -> None:
    from game.ui import strings
    from game.ui.app import Options
    from game.ui.driver import Driver
    monkeypatch.setenv("SMALLWORLD_HOME", str(tmp_path))
    d = Driver(Options(pace=0, catch_errors=False, lang=lang), size=size)
    try:
        d.pump(3)
        start = d.scene
        sound = start.button("sound")
        others = [b.rect for b in start.buttons if b.id != "sound"]
        assert sound.rect.collidelist(others) == -1 and d.app.screen.get_rect().contains(sound.rect)
        d.press_button("sound")
        panel = d.scene
        box = panel.box()
        rects = [b.rect for b in panel.buttons] + [panel.settings.volume_bar] + [r for _, r in panel.settings.rows]
        assert all(box.contains(r) for r in rects), "a control outside the sound panel"
        controls = [b.rect for b in panel.buttons] + [panel.settings.volume_bar]
        for i, a in enumerate(controls):
            assert a.collidelist(controls[i + 1:]) == -1, f"two controls overlap at {a}"
        d.pump()
        assert d.app.text.overflows == []
    finally:
        strings.set_language("en")
        d.close()


def test_the_sound_panel_dims_the_start_screen_without_the_tip_of_its_button(monkeypatch: pytest.MonkeyPatch,
                                                                             tmp_path: Path) -> None:
    import pygame

    from game.ui.app import Options
    from game.ui.driver import Driver
    monkeypatch.setenv("SMALLWORLD_HOME", str(tmp_path))
    d = Driver(Options(pace=0, catch_errors=False), size=(1000, 650))
    try:
        d.pump(3)
        start = d.scene
        d.move(start.button("sound").rect.center)
        d.app.dirty()
        d.pump()
        with_tip = d.app.screen.copy()
        plain = with_tip.copy()
        start.hover = None
        start.draw(plain)
        w, h = plain.get_size()
        tip = [(x, y) for x in range(0, w, 3) for y in range(0, h, 3) if with_tip.get_at((x, y)) != plain.get_at((x, y))]
        assert tip, "the button's tip was on screen"
        d.press_button("sound")
        panel = d.scene
        expected = plain.copy()
        dim = pygame.Surface((w, h), pygame.SRCALPHA)
        dim.fill((20, 14, 10, 170))
        expected.blit(dim, (0, 0))
        outside = [p for p in tip if not panel.box().collidepoint(p)]
        assert outside and all(panel.shade.get_at(p) == expected.get_at(p) for p in outside)
    finally:
        d.close()
