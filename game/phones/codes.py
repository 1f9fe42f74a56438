"""Seat codes: a short random code for each seat that may be played from a phone, made fresh for
each game (and for a game continued), so an address kept from last week opens nothing.

A code is six letters and digits from an alphabet without look-alikes (no 0/o, 1/l/i), about
30 bits: typed on a phone in seconds, and guessed by nobody in the time a game lasts. Codes are
compared in constant time.
"""
from __future__ import annotations

import hmac
import secrets

ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789"
LENGTH = 6


def new_code() -> str:
    return "".join(secrets.choice(ALPHABET) for _ in range(LENGTH))


class SeatCodes:
    """Which code opens which seat."""

    def __init__(self) -> None:
        self._codes: dict[int, str] = {}

    def issue(self, seat: int) -> str:
        """A fresh code for `seat` (any code it had before opens nothing any more)."""
        taken = set(self._codes.values())
        code = new_code()
        while code in taken:
            code = new_code()
        self._codes[seat] = code
        return code

    def revoke(self, seat: int) -> None:
        self._codes.pop(seat, None)

    def code(self, seat: int) -> str | None:
        return self._codes.get(seat)

    def seats(self) -> list[int]:
        return sorted(self._codes)

    def seat_of(self, code: str) -> int | None:
        """The seat `code` opens, or None; every code is compared, in constant time."""
        found = None
        given = code.encode("utf-8", "replace")[:64]
        for seat, known in self._codes.items():
            if hmac.compare_digest(given, known.encode()):
                found = seat
        return found
