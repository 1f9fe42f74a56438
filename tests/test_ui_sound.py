"""The table's sounds: our own synthesised files, played through the mixer at the remembered
volume, silent when muted, and never a complaint without an audio device."""
from __future__ import annotations

import os
import subprocess
import sys
import wave
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402

from game.ui import settings  # noqa: E402
from game.ui.sound import EFFECTS, SOUND_DIR, Sound  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]


def test_every_sound_is_a_file_of_ours() -> None:
    for name in EFFECTS + ("music",):
        with wave.open(str(SOUND_DIR / f"{name}.wav")) as w:
            assert (w.getnchannels(), w.getsampwidth(), w.getframerate()) == (1, 2, 22050)
            seconds = w.getnframes() / w.getframerate()
        assert 0.2 < seconds < (30 if name == "music" else 2), name
    assert "make_sounds.py" in (SOUND_DIR / "README.txt").read_text(encoding="utf-8")


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
