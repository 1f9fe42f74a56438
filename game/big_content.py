"""A content file of many races and powers, written when a test or the bench needs it (never kept in the
repository): `write_big_content(path, entries)` lays out `entries` races and powers, half of
each, made of the common building blocks with parameters varied from entry to entry, some
with a rules text, a name in another language or a marker of their own, as a playtester's
generated file would be. 10,000 entries come to about 0.8 MB, under the content file's 1 MB.
"""
from __future__ import annotations

from pathlib import Path

TERRAINS = ("farmland", "forest", "hill", "mountain", "swamp")
FEATURES = ("mine", "magic", "cavern")


def _race_effects(i: int) -> str:
    """One or two blocks, chosen and parametrised by the entry's number."""
    t = TERRAINS[i % len(TERRAINS)]
    f = FEATURES[(i // 5) % len(FEATURES)]
    kind = i % 9
    if kind >= 6:
        return ("[stout]", "[{coins_if: {amount: %d}}]" % (1 + i % 4), "[{tokens_at_pick: {amount: %d}}]"
                % (1 + i % 3))[kind - 6]
    if kind == 0:
        return f"[{{cost_change: {{amount: -1, where: {{terrains: [{t}]}}}}}}]"
    if kind == 1:
        return f"[{{coins_for_regions: {{amount: {1 + i % 3}, where: {{features: [{f}]}}, in_decline: true}}}}]"
    if kind == 2:
        return f"[{{coins_if: {{amount: {1 + i % 4}}}}}]"
    if kind == 3:
        return f"[{{tokens_at_pick: {{amount: {1 + i % 3}}}}}, {{coins_for_regions: {{where: {{terrains: [{t}]}}}}}}]"
    if kind == 4:
        return f"[{{coins_on_conquest: {{amount: {1 + i % 2}, where: {{terrains: [{t}]}}}}}}]"
    return f"[{{markers_per_region: {{marker: mark{i}, where: {{terrains: [{t}]}}, defence: 1}}}}]"


def _power_effects(i: int) -> str:
    t = TERRAINS[i % len(TERRAINS)]
    f = FEATURES[(i // 5) % len(FEATURES)]
    kind = i % 8
    if kind >= 5:
        return ("[flying]", "[{cost_change: {amount: -1}}]", "[{coins_if: {amount: %d}}]" % (1 + i % 3))[kind - 5]
    if kind == 0:
        return f"[{{coins_for_regions: {{where: {{terrains: [{t}]}}}}}}]"
    if kind == 1:
        return f"[{{cost_change: {{amount: -1, where: {{features: [{f}]}}}}}}]"
    if kind == 2:
        return f"[{{coins_if: {{amount: {1 + i % 5}, when: picked_this_turn}}}}]"
    if kind == 3:
        return f"[{{extra_tokens_for_conquests: {{every: {2 + i % 3}}}}}]"
    return f"[{{coins_on_conquest: {{amount: 1, where: {{features: [{f}]}}}}}}]"


def big_content_text(entries: int = 10_000) -> str:
    races = entries // 2
    powers = entries - races
    lines = ["# generated: many races and powers", "races:"]
    for i in range(races):
        extra = ""
        if i % 20 == 0:
            extra = f", text: Made race {i}."
        if i % 25 == 0:
            extra += f", names: {{fr: Race {i}}}"
        lines.append(f"  r{i:04d}: {{tokens: {4 + i % 5}{extra}, effects: {_race_effects(i)}}}")
    lines.append("powers:")
    for i in range(powers):
        extra = f", text: Made power {i}." if i % 20 == 0 else ""
        lines.append(f"  p{i:04d}: {{tokens: {2 + i % 4}{extra}, effects: {_power_effects(i)}}}")
    return "\n".join(lines) + "\n"


def write_big_content(path: Path, entries: int = 10_000) -> Path:
    path.write_text(big_content_text(entries), encoding="utf-8")
    return path
