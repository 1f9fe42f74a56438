"""The first game that teaches: a guided game on the map for two against one computer player.

A card says what to do, one step at a time: pick a combo (and why it costs coins), the first
conquest on the edge, costs as sums, the reinforcement die, redeploying, the turn's score and
secret coins, the computer's turn (and the pass screen a table of several people meets), going
into decline and picking a new combo. Each step waits for
the player to do it — it is over when the match's records show the move (a pick, a conquest, a
roll...) — or for "Next" on the steps that only explain. The die is rolled for real: when a turn
leaves no token for it, the card says so and the die waits for the next turn. While a card
that only explains is up, the computer player waits, so the hand-over comes after its turn, as
the card says. One person at the table meets no hand-over screen. The card sits at the foot of
the game log (the log keeps its newest lines above it), never over the column, whose every combo
stays in sight; a long card takes smaller type before it reaches up over the player's panel. Any step can be skipped
("Skip", F2) and the lesson left ("Leave", Shift+F2). Enter presses "Next". The lesson is started (or
started again) from the title screen; the game itself is an ordinary saved game that also keeps
the lesson's step (`Match.lesson`), so Continue goes on with the lesson where it was left.

The scene owns the lesson as `scene.tutorial` and calls `check` after every change; this module
reads the scene's table and records and never plays a move itself.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Literal

import pygame

from game.rules import CONQUER, Event, events_of

from . import theme
from .layout import Layout
from .strings import t, tn
from .widgets import Button

SEED = 20251           # the lesson's game number: the same column and map for everyone


def _events(scene: Any, since: int) -> list[Event]:
    return [ev for rec in scene.table.match.records[since:] for ev in rec.events]


def _did(kind: Literal["pick", "conquer", "decline"]) -> Callable[[Any, "Tutorial"], bool]:
    return lambda scene, tut: any(ev["seat"] == tut.seat for ev in events_of(_events(scene, tut.since), kind))


def _acted(kind: str) -> Callable[[Any, "Tutorial"], bool]:
    return lambda scene, tut: any(rec.seat == tut.seat and rec.action.get("kind") == kind
                                  for rec in scene.table.match.records[tut.since:])


def _three_regions(scene: Any, tut: "Tutorial") -> bool:
    s = scene.state
    return (len(s.active_regions(tut.seat)) >= 3 or s.turn.seat != tut.seat or s.turn.phase != CONQUER
            or _acted("reinforce")(scene, tut))


def _die(scene: Any, tut: "Tutorial") -> bool:
    """Rolled the die: the step is there to practise it, so a turn without it does not count."""
    return _acted("reinforce")(scene, tut)


def die_out_of_reach(scene: Any, tut: "Tutorial") -> bool:
    """The player's conquests this turn can no longer end with the die (no token left for it,
    or the turn is over): the die waits for the next turn."""
    s = scene.state
    if s.turn.seat != tut.seat or s.turn.phase != CONQUER:
        return True
    return not any(a.kind in ("conquer", "reinforce") for a in scene.legal)


def _redeployed(scene: Any, tut: "Tutorial") -> bool:
    """The turn that practised the redeploy is over (ended, and so scored)."""
    return _acted("end_turn")(scene, tut) or scene.state.turn.seat != tut.seat


def _back_to_you(scene: Any, tut: "Tutorial") -> bool:
    """The computer has played its turn and it is the player's again."""
    return scene.state.turn.seat == tut.seat and _other_played(scene, tut)


def _other_played(scene: Any, tut: "Tutorial") -> bool:
    return any(rec.seat != tut.seat for rec in scene.table.match.records[tut.since:])


def last_score(scene: Any, seat: int) -> int | None:
    """The coins `seat` scored at the end of their last turn (None: not scored yet)."""
    for rec in reversed(scene.table.match.records):
        for ev in events_of(rec.events, "score"):
            if ev["seat"] == seat:
                return ev["coins"]
    return None


@dataclass
class Step:
    id: str
    done: Callable[[Any, "Tutorial"], bool] | None     # None: the player presses Next


STEPS: tuple[Step, ...] = (
    Step("welcome", None),
    Step("pick", _did("pick")),
    Step("edge", _did("conquer")),
    Step("sums", _three_regions),
    Step("die", _die),
    Step("redeploy", _redeployed),
    Step("score", None),
    Step("pass", _back_to_you),
    Step("decline", _did("decline")),
    Step("new_combo", _did("pick")),
    Step("end", None),
)


class Tutorial:
    def __init__(self, seat: int = 0) -> None:
        self.seat = seat
        self.index = 0
        self.since = 0                 # records before this index belong to earlier steps
        self.active = True
        self.card = pygame.Rect(0, 0, 0, 0)

    def progress(self) -> dict[str, int] | None:
        """What the save keeps of the lesson: None once it is over or left."""
        return {"seat": self.seat, "step": self.index, "since": self.since} if self.active else None

    @staticmethod
    def restore(saved: dict[str, int] | None, records: int) -> "Tutorial | None":
        """The lesson as a save kept it (None when it was over, left, or is not a step we have)."""
        if not saved or not 0 <= saved.get("step", 0) < len(STEPS):
            return None
        tut = Tutorial(saved.get("seat", 0))
        tut.index = saved.get("step", 0)
        tut.since = min(saved.get("since", 0), records)
        return tut

    def keep(self, scene: Any, save: bool = False) -> None:
        """Note the lesson's progress in the match (saved with it); `save`: write it now, when it
        changed (a step passed by a move moves on after that move's autosave)."""
        match = scene.table.match
        if match.lesson != self.progress():
            match.lesson = self.progress()
            if save:
                scene.table.save()

    @property
    def step(self) -> Step:
        return STEPS[self.index]

    @property
    def finished(self) -> bool:
        return not self.active

    # -- progress ---------------------------------------------------------------------------------
    def check(self, scene: Any) -> None:
        """Move on past every step the player has just done."""
        while self.active and self.step.done is not None and self.step.done(scene, self):
            self.advance(scene)
        self.keep(scene, save=True)

    def advance(self, scene: Any) -> None:
        if self.index + 1 >= len(STEPS):
            self.active = False
            return
        self.index += 1
        self.since = len(scene.table.match.records)
        scene.app.dirty()

    def holds_computer(self) -> bool:
        """The computer player waits while a card that only explains is up (press Next first),
        so what the card says comes before its turn."""
        return self.active and self.step.done is None and self.step.id != "end"

    def press(self, scene: Any, bid: str) -> None:
        if bid == "tut:next" and self.step.done is None:
            self.advance(scene)
        elif bid == "tut:skip":
            self.advance(scene)
        elif bid == "tut:leave":
            self.active = False
        self.check(scene)
        self.keep(scene, save=True)
        scene.build_buttons()
        scene.route()                  # a computer player held by the card goes on
        scene.app.dirty()

    def covers(self, pos: tuple[int, int]) -> bool:
        """The card is under `pos` (a click or the pointer there is the card's, not the column's)."""
        return self.active and self.card.collidepoint(pos)

    def key(self, scene: Any, ev: pygame.event.Event) -> bool:
        """Enter: Next; F2: skip this step; Shift+F2: leave the lesson. True when the key was the lesson's."""
        if ev.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.step.done is None:
            self.press(scene, "tut:next")
            return True
        if ev.key == pygame.K_F2 and ev.mod & pygame.KMOD_SHIFT:
            self.press(scene, "tut:leave")
            return True
        if ev.key == pygame.K_F2:
            self.press(scene, "tut:skip")
            return True
        return False

    # -- on screen --------------------------------------------------------------------------------
    def text(self, scene: Any) -> str:
        s = scene.state
        key = self.step.id
        if key == "die" and die_out_of_reach(scene, self):
            key = "die_later"
        coins = last_score(scene, self.seat) or 0
        return t(f"tutorial.{key}", name=s.players[self.seat].name,
                 computer=s.players[1 - self.seat].name if len(s.players) == 2 else "",
                 coins=tn("tutorial.coins", coins, coins=coins))

    def text_size(self, scene: Any, L: Layout) -> int:
        """The card's type size: 13 (scaled), or smaller down to 11 while the card would reach
        over the player's panel from the foot of the game log."""
        room = L.log.h - L.px(8)
        for size in (L.px(13), L.px(12)):
            if self._height(scene, L, size) <= room:
                return size
        return L.px(11)

    def _height(self, scene: Any, L: Layout, size: int) -> int:
        text = scene.app.text
        pad = L.px(10)
        lines = text.wrap(self.text(scene), size, L.log.w - L.px(8) - 2 * pad)
        line_h = text.fonts.get(size).get_linesize()
        return pad + L.px(22) + len(lines) * line_h + pad + L.px(30) + pad

    def layout(self, scene: Any, L: Layout) -> tuple[pygame.Rect, list[Button]]:
        """The card, at the foot of the game log (reaching up over the player's panel only when
        even its smallest type needs it, never over the column), and its buttons."""
        text = scene.app.text
        area = L.log.inflate(-L.px(8), -L.px(8))
        pad = L.px(10)
        bh = L.px(30)
        h = self._height(scene, L, self.text_size(scene, L))
        card = pygame.Rect(area.x, area.bottom - h, area.w, h)
        top = L.player.y
        if card.y < top:
            card.y = top
            text.overflow(self.text(scene))
        specs = [("tut:leave", t("tutorial.leave"), "quiet"), ("tut:skip", t("tutorial.skip"), "quiet")]
        if self.step.done is None:
            specs.append(("tut:next", t("tutorial.finish" if self.step.id == "end" else "tutorial.next"), "primary"))
        buttons = []
        x = card.right - pad
        for bid, label, style in reversed(specs):
            w = max(L.px(64), text.size(label, L.px(15), "bold")[0] + L.px(18))
            x -= w
            buttons.append(Button(bid, label, pygame.Rect(x, card.bottom - pad - bh, w, bh), style=style))
            x -= L.px(6)
        if x < card.x + pad:
            text.overflow(" ".join(lbl for _, lbl, _ in specs))
        self.card = card
        return card, buttons

    def draw(self, scene: Any, surf: pygame.Surface, L: Layout) -> pygame.Rect:
        card, _ = self.layout(scene, L)
        text = scene.app.text
        pad = L.px(10)
        pygame.draw.rect(surf, (16, 10, 8), card.move(L.px(3), L.px(4)), border_radius=L.px(10))
        pygame.draw.rect(surf, (252, 240, 200), card, border_radius=L.px(10))
        pygame.draw.rect(surf, theme.GOLD_DARK, card, max(2, L.px(2)), border_radius=L.px(10))
        head = t("tutorial.title", n=self.index + 1, of=len(STEPS))
        img = text.render(text.fit(head, L.px(15), card.w - 2 * pad, "bold"), L.px(15), theme.ACCENT, "bold")
        surf.blit(img, (card.x + pad, card.y + pad))
        y = card.y + pad + L.px(22)
        size = self.text_size(scene, L)
        for line in text.wrap(self.text(scene), size, card.w - 2 * pad):
            im = text.render(line, size, theme.INK)
            surf.blit(im, (card.x + pad, y))
            y += text.fonts.get(size).get_linesize()
        return card
