"""A content file read from the parser's events (`plain_yaml`) gives the very data the node tree
gives, and gives up on anything a refusal would name a line of, so the loader reads it the long
way and says what is wrong and where."""
from __future__ import annotations

import math
from pathlib import Path
from typing import Any

import pytest

from game.content import catalog as content
from game.content.bounded import compose_yaml, words_as_keys
from game.content.plain_yaml import Unplain, plain_data
from tests.big_content import big_content_text

ROOT = Path(__file__).resolve().parent.parent
SHIPPED = sorted((ROOT / "assets").rglob("*.yaml")) + sorted((ROOT / "tests").rglob("*.yaml"))

PLAIN = [
    "", "# a comment alone\n", "a: 1\n", "1", "- 1\n- 2\n", "{a: 1, b: 2}", "[a, {b: c}]",
    "a: {b: [1, 2.5, .inf, -.nan, null, ~, yes, no, On, 0x1f, 0o7, 017, 1_000, +3, -0, 2001-12-14, "
    "2002-12-14t21:59:43.10-05:00, !!binary aGVsbG8=, '0', \"x\", !!str 3, ! 4, !!float 1]}\n",
    "'on': 1\n", "a: !!map {b: 1}\n", "a: !!seq [1]\n", "a:\n", "- \n- a:\n", "x: |\n  multi\n  line\n",
    "x: >\n  folded\n  text\n", "%YAML 1.1\n---\na: 1\n", "a: 1\n...\n", "a: !!int '12'\n", "a: !!null ''\n",
    "a: !!bool 'yes'\n", "a: '\\u00e9'\n", "é: ü\n", "y: 1\nn: 2\n",
    "races:\n  r1: {tokens: 5, effects: [{coins_if: {amount: 2}}, stout]}\n  r2: {tokens: 5}\n",
]
#: each a text the loader must read with its node tree: what it holds is refused with its line,
#: or is no plain mapping of words
UNPLAIN = [
    "a: 1\na: 2\n", "'a': 1\n\"a\": 2\n", "on: 1\n", "Yes: 1\n", "TRUE: 1\n", "1: a\n", "null: 1\n", "~: 2\n",
    "? [a]\n: 1\n", "<<: {a: 1}\n", "=: 1\n", "a: !foo 3\n", "a: =\n", "--- 1\n--- 2\n", "a: [\n", "a: b: c\n",
    "a: &x 1\nb: *x\n", "a: !!set {b}\n", "a: !!omap [{b: 1}]\n", "a: " + "[" * 40 + "]" * 40 + "\n",
    "races:\n  r1: {tokens: 5}\n  r1: {tokens: 6}\n",
    "races:\n  r1: {tokens: 5, effects: [{coins_if: {amount: 2, amount: 3}}]}\n",
]


def _composed(text: str) -> Any:
    node = compose_yaml(text, "x.yaml", "content")
    words_as_keys(node)
    return content._construct(node)


def _same(a: Any, b: Any) -> bool:
    """Equal, and of the same types all the way down (1 is not True, nor 1.0)."""
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        return list(a) == list(b) and all(_same(a[k], b[k]) for k in a)
    if isinstance(a, list):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b, strict=True))
    if isinstance(a, float) and math.isnan(a):
        return math.isnan(b)
    return bool(a == b)


@pytest.mark.parametrize("text", PLAIN)
def test_a_plain_text_gives_the_data_its_node_tree_gives(text: str) -> None:
    assert _same(plain_data(text, "content"), _composed(text))


def test_every_shipped_yaml_file_and_ten_thousand_generated_entries_give_the_same_data() -> None:
    read = 0
    for path in SHIPPED:
        text = path.read_text(encoding="utf-8", errors="replace")
        try:
            got = plain_data(text, "content")
        except Unplain:
            continue
        read += 1
        assert _same(got, _composed(text)), path
    assert read >= len(SHIPPED) // 2
    text = big_content_text(10_000)
    assert _same(plain_data(text, "content"), _composed(text))


@pytest.mark.parametrize("text", UNPLAIN)
def test_a_text_with_something_to_say_is_left_to_the_node_tree(text: str) -> None:
    with pytest.raises(Unplain):
        plain_data(text, "content")


def test_a_bound_met_is_left_to_the_node_tree_which_refuses_it() -> None:
    many = "- [" + ", ".join("1" for _ in range(300)) + "]\n"
    with pytest.raises(Unplain):
        plain_data(many * 700, "content")             # 700 x 301 values, past 200,000


def test_a_mistake_in_a_file_read_from_events_is_still_named_with_its_line(tmp_path: Path) -> None:
    path = tmp_path / "mine.yaml"
    path.write_text("races:\n  r1: {tokens: 5}\n  r2: {tokens: -1}\n", encoding="utf-8")
    with pytest.raises(content.ContentError) as err:
        content.load_catalog([path])
    assert f"{path}:3:" in str(err.value)
