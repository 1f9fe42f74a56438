"""The table's sounds: effects for the moments that matter and four pieces of music, played
through pygame's mixer, with a volume and a mute that are remembered in the settings.

`Sound` never complains: no audio device, a mixer that will not start, a missing or broken
file, all mean silence (SDL_AUDIODRIVER=dummy in CI works like a real device). Effects are the
files of assets/sounds rendered by `python -m tools.make_sounds`: conquest, lost, die, coins, decline, pass,
end. The music is four seamless loops, stereo at 44.1 kHz, made by `python -m tools.make_music`
from the notes in assets/music: `title` under the start screen, `table` under the game, `last`
from the start of the last two rounds, `ending` under the ranking and the story (`set_piece`);
it is on unless the player turned it off, under the effects at a low level. The menu changes the volume,
the mute and the music through `set_volume`, `set_muted` and `set_music`; the M key mutes.
"""
from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pygame

from game import resources

from . import settings

SOUND_DIR = resources.ASSETS / "sounds"
EFFECTS = ("conquest", "lost", "die", "coins", "decline", "pass", "end")
MUSIC = ("title", "table", "last", "ending")   # the pieces (assets/sounds/NAME.ogg), loops of 90 s or more
RATE = 44100                 # the mixer's rate, as the music and the effects are rendered
MUSIC_LEVEL = 0.3            # the music sits low, under the effects and the talk


class Sound:
    def __init__(self, prefs: dict[str, Any] | None = None, folder: Path = SOUND_DIR) -> None:
        prefs = prefs if prefs is not None else settings.load()
        self.folder = folder
        self.volume = settings.volume(prefs)
        self.muted = not bool(prefs.get("sound", True))
        self.music = bool(prefs.get("music", True))      # on unless the player turned it off
        self.piece = MUSIC[0]
        self._effects: dict[str, Any] = {}
        self._music_on = False
        self._playing: str | None = None           # the piece the mixer is playing
        self._tried = False
        self.ready = False
        self._apply_music()

    def _start(self) -> bool:
        """Open the mixer the first time a sound is wanted (no sound wanted: no audio thread)."""
        if not self._tried:
            self._tried = True
            try:
                if os.environ.get("SMALLWORLD_SILENT"):
                    raise pygame.error("silent")
                if not pygame.mixer.get_init():
                    pygame.mixer.init(frequency=RATE, size=-16, channels=2, buffer=1024)
                self.ready = True
            except (pygame.error, OSError, NotImplementedError):
                self.ready = False
        return self.ready and bool(pygame.mixer.get_init())

    def close(self) -> None:
        """Close the mixer (the window is closing)."""
        if self._tried and pygame.mixer.get_init():
            # silence first: a sound that ends while the mixer closes calls back into Python from
            # the audio thread, which can wait for ever on the closing thread (seen once in a test)
            pygame.mixer.music.stop()
            pygame.mixer.stop()
            pygame.mixer.quit()
        self._tried = self.ready = self._music_on = False

    def _effect(self, name: str) -> Any:
        if name not in self._effects:
            try:
                self._effects[name] = pygame.mixer.Sound(str(self.folder / f"{name}.wav"))
            except (pygame.error, FileNotFoundError, OSError):
                self._effects[name] = None
        return self._effects[name]

    def play(self, name: str) -> bool:
        """Play effect `name` at the current volume; False when nothing sounded."""
        if self.muted or self.volume <= 0 or not self._start():
            return False
        snd = self._effect(name)
        if snd is None:
            return False
        try:
            snd.set_volume(self.volume)
            snd.play()
        except pygame.error:
            return False
        return True

    def stop(self, name: str) -> None:
        """Stop effect `name` wherever it is playing (the fanfare, when the cheer is skipped)."""
        snd = self._effects.get(name) if self.ready else None
        if snd is not None:
            try:
                snd.stop()
            except pygame.error:
                pass

    def set_volume(self, volume: float) -> None:
        self.volume = max(0.0, min(1.0, float(volume)))
        settings.save(volume=self.volume)
        self._apply_music()

    def set_muted(self, muted: bool) -> None:
        self.muted = bool(muted)
        settings.save(sound=not self.muted)
        self._apply_music()

    def toggle_mute(self) -> bool:
        self.set_muted(not self.muted)
        return self.muted

    def set_music(self, on: bool) -> None:
        self.music = bool(on)
        settings.save(music=self.music)
        self._apply_music()

    def set_piece(self, name: str) -> None:
        """Play piece `name` (one of MUSIC) from now on, if the music is on."""
        if name in MUSIC and name != self.piece:
            self.piece = name
            self._apply_music()

    def _apply_music(self) -> None:
        want = self.music and not self.muted and self.volume > 0
        if not (want or self._music_on) or not self._start():
            return
        try:
            if want and (not self._music_on or self._playing != self.piece):
                pygame.mixer.music.load(str(self.folder / f"{self.piece}.ogg"))
                pygame.mixer.music.play(-1, fade_ms=1200)
                self._music_on, self._playing = True, self.piece
            elif not want and self._music_on:
                pygame.mixer.music.fadeout(400)
                self._music_on, self._playing = False, None
            if self._music_on:
                pygame.mixer.music.set_volume(self.volume * MUSIC_LEVEL)
        except (pygame.error, FileNotFoundError, OSError):
            self._music_on, self._playing = False, None
