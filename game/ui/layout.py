"""Where each part of the game window goes, for any window size.

Pure arithmetic on the window size and the map's size: the top bar (turn track and players),
the board (the map scaled to fit, its aspect kept), the action bar under it, and the side panel
(combo column, the player's own banners, the game log). `board_to_screen` and `screen_to_board`
convert points between map pixels and window pixels; the tests use them to click on regions.
Nothing here draws or reads the game state.
"""
from __future__ import annotations

from dataclasses import dataclass

import pygame

Point = tuple[float, float]


def ui_scale(width: int, height: int) -> float:
    """How big text and buttons are, relative to a 1280×800 window."""
    return max(0.75, min(2.0, min(width / 1280, height / 800)))


@dataclass(frozen=True)
class Layout:
    width: int
    height: int
    ui: float
    top: pygame.Rect        # turn track, whose turn, the players
    board_area: pygame.Rect
    board: pygame.Rect      # the map picture on screen
    scale: float            # window pixels per map pixel
    bar: pygame.Rect        # message line and action buttons, under the board
    panel: pygame.Rect      # right side
    column: pygame.Rect     # the six combos
    player: pygame.Rect     # the acting player's banners, hand and coins
    log: pygame.Rect        # the game log

    def px(self, v: float) -> int:
        """A size given for a 1280×800 window, at this window's scale."""
        return max(1, round(v * self.ui))

    def board_to_screen(self, p: Point) -> tuple[float, float]:
        return (self.board.x + p[0] * self.scale, self.board.y + p[1] * self.scale)

    def screen_to_board(self, p: Point) -> tuple[float, float]:
        return ((p[0] - self.board.x) / self.scale, (p[1] - self.board.y) / self.scale)


def compute(width: int, height: int, map_w: int, map_h: int) -> Layout:
    width, height = max(640, int(width)), max(400, int(height))
    ui = ui_scale(width, height)
    top_h = max(46, round(50 * ui))         # room for two rows of player names on a small window
    bar_h = round(92 * ui)
    panel_w = min(int(width * 0.4), max(round(312 * ui), int(width * 0.25)))
    top = pygame.Rect(0, 0, width - panel_w, top_h)
    area = pygame.Rect(0, top_h, width - panel_w, height - top_h - bar_h)
    margin = round(6 * ui)
    avail_w, avail_h = area.w - 2 * margin, area.h - 2 * margin
    scale = min(avail_w / map_w, avail_h / map_h)
    bw, bh = int(map_w * scale), int(map_h * scale)
    board = pygame.Rect(0, 0, bw, bh)
    board.center = area.center
    bar = pygame.Rect(0, area.bottom, width - panel_w, bar_h)
    panel = pygame.Rect(width - panel_w, 0, panel_w, height)
    col_h = round(36 * ui) + 6 * round(54 * ui) + round(8 * ui)
    column = pygame.Rect(panel.x, 0, panel_w, col_h)
    player_h = min(round(176 * ui), height - column.bottom)     # the smallest window: what is left
    player = pygame.Rect(panel.x, column.bottom, panel_w, player_h)
    log = pygame.Rect(panel.x, player.bottom, panel_w, max(0, height - player.bottom))
    return Layout(width, height, ui, top, area, board, scale, bar, panel, column, player, log)
