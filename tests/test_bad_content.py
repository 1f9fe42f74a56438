"""Content files players get wrong, fed through `main.py --content` as a player would: every
problem of the file in one run, each on a line of its own naming `file:line`, the thing and the
fix (with a "did you mean" for a near miss), exit status 2, no traceback, and the file untouched."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

import main as game_main
from game.content.catalog import ContentError, load_catalog

ROOT = Path(__file__).resolve().parents[1]

GNOMES = "races:\n  gnomes:\n    name: Gnomes\n    tokens: 5\n    box: 10\n    effects: [{cost_change: {amount: -1, where: {terrains: [hill]}}}]\n"
SAPPERS = "powers:\n  sappers:\n    tokens: 4\n    effects: [{cost_change: {amount: -1, where: {features: [mine]}}}]\n"

# (case id, file text or bytes, the line each message starts with after the path, words it must hold)
CASES: list[tuple[str, str | bytes, list[str], list[str]]] = [
    ("not-utf8-latin1", "races:\n  gnomes:\n    name: Gn\xf4mes\n    tokens: 5\n".encode("latin-1"), [":3"],
     ["not UTF-8", "0xf4", "save it as UTF-8"]),
    ("not-utf8-utf16", GNOMES.encode("utf-16"), [":1"], ["not UTF-8"]),
    ("binary-png", b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", [":1"], ["not UTF-8"]),
    ("duplicate-key-in-entry", "races:\n  gnomes:\n    tokens: 5\n    tokens: 6\n", [":4"],
     ["'tokens' is given twice", "line 3"]),
    ("duplicate-race-id", GNOMES + "  gnomes:\n    tokens: 6\n", [":7"], ["'gnomes' is given twice", "line 2"]),
    ("duplicate-param", "races:\n  gnomes:\n    tokens: 5\n    effects: [{coins_for_regions: {amount: 1, amount: 2}}]\n",
     [":4"], ["'amount' is given twice"]),
    ("duplicate-section", GNOMES + "races:\n  elfkin:\n    tokens: 4\n", [":7"], ["'races' is given twice"]),
    ("tokens-yes", "races:\n  gnomes:\n    tokens: yes\n", [":2"], ["needs 'tokens', a whole number"]),
    ("tokens-no", "races:\n  gnomes:\n    tokens: no\n", [":2"], ["needs 'tokens'"]),
    ("tokens-huge", "races:\n  gnomes:\n    tokens: 1000000000000\n", [":2"], ["1000000000000 tokens", "at most 30"]),
    ("tokens-negative", "powers:\n  sappers:\n    tokens: -3\n", [":2"], ["needs 'tokens'"]),
    ("tokens-fraction", "powers:\n  sappers:\n    tokens: 2.5\n", [":2"], ["needs 'tokens'"]),
    ("tokens-text", "powers:\n  sappers:\n    tokens: four\n", [":2"], ["needs 'tokens'"]),
    ("tokens-missing", "powers:\n  sappers:\n    name: Sappers\n", [":2"], ["needs 'tokens'"]),
    ("tokens-null", "powers:\n  sappers:\n    tokens:\n", [":2"], ["needs 'tokens'"]),
    ("box-yes", "races:\n  gnomes:\n    tokens: 5\n    box: yes\n", [":2"], ["'box' must be"]),
    ("box-below-tokens", "races:\n  gnomes:\n    tokens: 5\n    box: 3\n", [":2"], ["'box' must be", "(5)"]),
    ("box-huge", "races:\n  gnomes:\n    tokens: 5\n    box: 100000\n", [":2"], ["'box' is 100000", "at most 60"]),
    ("amount-negative", "races:\n  gnomes:\n    tokens: 5\n    effects: [{coins_for_count: {amount: -2}}]\n", [":4"],
     ["cannot be negative (-2)", "'amount'", "'coins_for_count'"]),
    ("amount-absurd", "races:\n  gnomes:\n    tokens: 5\n    effects: [{coins_if: {amount: 1000000000}}]\n",
     [":4"], ["is 1000000000", "from -100 to 100"]),
    ("count-negative", "powers:\n  guards:\n    tokens: 3\n    effects: [{heroes: {count: -1}}]\n", [":4"],
     ["cannot be negative"]),
    ("same-effect-twice", "races:\n  gnomes:\n    tokens: 5\n    effects:\n      - coins_for_regions\n"
     "      - coins_for_regions\n", [":6"], ["lists effect 'coins_for_regions' twice", "line 5"]),
    ("same-effect-twice-with-params", "races:\n  gnomes:\n    tokens: 5\n    effects:\n"
     "      - {coins_for_regions: {where: {terrains: [hill]}}}\n      - {coins_for_regions: {where: {terrains: [hill]}}}\n", [":6"],
     ["twice"]),
    ("in-decline-as-text", "races:\n  gnomes:\n    tokens: 5\n"
     "    effects: [{coins_for_regions: {where: {features: [mine]}, in_decline: 'no'}}]\n", [":4"],
     ["must be true or false, not 'no'"]),
    ("in-decline-as-number", "races:\n  gnomes:\n    tokens: 5\n"
     "    effects: [{coins_for_regions: {where: {features: [mine]}, in_decline: 1}}]\n", [":4"], ["must be true or false"]),
    ("shadows-a-base-race", "races:\n  ratmen:\n    tokens: 9\n", [":2"],
     ["'ratmen' already exists in the base game", "replaces: true"]),
    ("shadows-a-base-power", "powers:\n  flying:\n    tokens: 9\n", [":2"], ["'flying' already exists"]),
    ("named-like-a-base-race", "races:\n  rat_horde:\n    name: Ratmen\n    tokens: 9\n", [":2"],
     ["named 'Ratmen' like the base race 'ratmen'", "replaces: true"]),
    ("named-like-a-base-power", "powers:\n  wings:\n    name: flying\n    tokens: 4\n", [":2"],
     ["like the base power 'flying'"]),
    ("replaces-nothing", "races:\n  ratmenn:\n    replaces: true\n    tokens: 9\n", [":2"],
     ["no race 'ratmenn'", "did you mean 'ratmen'?"]),
    ("replaces-as-text", "races:\n  ratmen:\n    replaces: 'yes'\n    tokens: 9\n", [":2"],
     ["'replaces' must be true or false"]),
    ("unknown-effect", "races:\n  gnomes:\n    tokens: 5\n    effects: [coins_for_regoins]\n", [":4"],
     ["unknown effect 'coins_for_regoins'", "did you mean 'coins_for_regions'?"]),
    ("trigger-that-does-nothing", "races:\n  gnomes:\n    tokens: 5\n    effects: [{trigger: {whose: defender}}]\n",
     [":4"], ["'do' lists no action", "[{coins: {amount: 1}}]"]),
    ("trigger-unknown-verb", "races:\n  gnomes:\n    tokens: 5\n    effects: [{trigger: {do: [{teleport: {}}]}}]\n",
     [":4"], ["not 'teleport'", "verbs: coins, tokens"]),
    ("trigger-verb-word", "races:\n  gnomes:\n    tokens: 5\n    effects: [{trigger: {do: [{tokens: {to: graveyard}}]}}]\n",
     [":4"], ["tokens 'to' cannot be 'graveyard'", "accepted: tray, out, hand"]),
    ("trigger-coins-to-themselves", "races:\n  gnomes:\n    tokens: 5\n"
     "    effects: [{trigger: {whose: defender, do: [{coins: {from: defender, to: me}}]}}]\n",
     [":4"], ["coins from defender to me never move"]),
    ("trigger-defender-occupant", "races:\n  gnomes:\n    tokens: 5\n"
     "    effects: [{trigger: {whose: defender, where: {occupant: active}, do: [{coins: {}}]}}]\n",
     [":4"], ["with whose: defender the region was yours"]),
    ("trigger-zero-coins", "races:\n  gnomes:\n    tokens: 5\n    effects: [{trigger: {do: [{coins: {amount: 0}}]}}]\n",
     [":4"], ["'coins amount' is 0; give 1 or more"]),
    ("unknown-effect-far", "races:\n  gnomes:\n    tokens: 5\n    effects: [teleport]\n", [":4"],
     ["unknown effect 'teleport'", "known effects:"]),
    ("unknown-key", "races:\n  gnomes:\n    tokns: 5\n", [":3", ":2"], ["unknown key 'tokns'", "did you mean 'tokens'?"]),
    ("unknown-section", "race:\n  gnomes:\n    tokens: 5\n", [":1"], ["'races:' and/or a 'powers:'"]),
    ("unknown-section-beside", GNOMES + "power:\n  sappers:\n    tokens: 4\n", [":7"],
     ["unknown section 'power'", "did you mean 'powers'?"]),
    ("unknown-parameter", "races:\n  gnomes:\n    tokens: 5\n    effects: [{coins_for_regions: {amuont: 1}}]\n", [":4"],
     ["unknown parameter 'amuont'", "did you mean 'amount'?"]),
    ("wrong-kind-parameter", "powers:\n  lonely:\n    tokens: 3\n    effects: [{heroes: {count: two}}]\n", [":4"],
     ["must be a whole number"]),
    ("where-coastal-false", "races:\n  gnomes:\n    tokens: 5\n    effects: [{cost_change: {amount: -1, where: {coastal: false}}}]\n",
     [":4"], ["coastal: false says nothing and would be ignored", "write not_coastal: true"]),
    ("where-border-false", "races:\n  gnomes:\n    tokens: 5\n    effects: [{coins_for_regions: {where: {border: false}}}]\n",
     [":4"], ["border: false says nothing and would be ignored", "leave it out"]),
    ("unknown-terrain", "races:\n  gnomes:\n    tokens: 5\n    effects: [{coins_for_regions: {where: {terrains: [lava]}}}]\n",
     [":4"], ["'where' terrains cannot be 'lava'; accepted: farmland"]),
    ("renamed-effect", "races:\n  gnomes:\n    tokens: 5\n    effects: [{cost_discount: {amount: 1}}]\n", [":4"],
     ["'cost_discount' is now written", "cost_change"]),
    ("name-a-number", "races:\n  gnomes:\n    name: 5\n    tokens: 5\n", [":3"], ["'name' must be text"]),
    ("text-a-list", "races:\n  gnomes:\n    text: [a, b]\n    tokens: 5\n", [":3"], ["'text' must be text"]),
    ("effects-a-word", "races:\n  gnomes:\n    tokens: 5\n    effects: berserk\n", [":2"], ["'effects' must be a list"]),
    ("effect-two-names", "races:\n  gnomes:\n    tokens: 5\n    effects: [{berserk: {}, heroes: {}}]\n", [":4"],
     ["must be a name or"]),
    ("effect-params-a-number", "races:\n  gnomes:\n    tokens: 5\n    effects: [{heroes: 3}]\n", [":4"],
     ["must be a mapping"]),
    ("entry-a-number", "races:\n  gnomes: 5\n", [":2"], ["must be a mapping"]),
    ("races-a-list", "races:\n  - gnomes\n  - elves\n", [":2"], ["'races' must map ids"]),
    ("races-empty", "races:\n", [":1"], ["'races' must map ids"]),
    ("empty-file", "", [":1"], ["'races:' and/or a 'powers:'"]),
    ("only-comments", "# my races, to do\n", [":1"], ["'races:' and/or a 'powers:'"]),
    ("a-list-file", "- gnomes\n- elves\n", [":1"], ["'races:' and/or a 'powers:'"]),
    ("bad-yaml-bracket", "races:\n  gnomes:\n    tokens: 5\n    effects: [berserk\n  trolls: 1\n", [":5"],
     ["not valid YAML"]),
    ("bad-yaml-tab", "races:\n\tgnomes:\n\t\ttokens: 5\n", [":2"], ["not valid YAML"]),
    ("deeply-nested", "races: " + "[" * 5000 + "]" * 5000 + "\n", [""], ["nested more than 32 levels deep"]),
    ("key-on-unquoted", "races:\n  gnomes:\n    tokens: 5\n    effects:\n      - {cost_change: {on: 1}}\n", [":5"],
     ["YAML reads the key on as true or false", "quote it: 'on'"]),
    ("race-id-no-unquoted", "races:\n  no:\n    tokens: 5\n", [":2"], ["YAML reads the key no", "quote it: 'no'"]),
    ("race-and-power-same-id", GNOMES + "powers:\n  gnomes:\n    tokens: 4\n", [":8"],
     ["power 'gnomes' has the same id as a race"]),
]


def run_main(files: list[Path], capsys) -> tuple[int, list[str], str]:
    args: list[str] = []
    for f in files:
        args += ["--content", str(f)]
    code = game_main.main(args)
    out = capsys.readouterr()
    return code, [x for x in out.err.splitlines() if x.strip()], out.out + out.err


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("SMALLWORLD_HOME", str(tmp_path / "home"))


@pytest.mark.parametrize("case, text, starts, words", CASES, ids=[c[0] for c in CASES])
def test_a_bad_content_file_says_what_and_where(tmp_path, capsys, case, text, starts, words):
    f = tmp_path / "my_races.yaml"
    data = text if isinstance(text, bytes) else text.encode("utf-8")
    f.write_bytes(data)
    code, lines, everything = run_main([f], capsys)
    assert code == 2
    assert "Traceback" not in everything and lines
    for line in lines:
        assert line.startswith(str(f)), line
    assert any(lines[0].startswith(f"{f}{s}") for s in starts), lines
    joined = " ".join(lines)
    for w in words:
        assert w in joined, (w, lines)
    assert f.read_bytes() == data


def test_every_mistake_of_a_file_in_one_run(tmp_path, capsys):
    f = tmp_path / "my_races.yaml"
    text = ("races:\n"
            "  gnomes:\n"                                  # 2
            "    tokens: yes\n"
            "    colour: red\n"                            # 4: unknown key
            "    effects: [coins_per_regoin]\n"            # 5: unknown effect
            "  ratmen:\n"                                  # 6: a base race, no replaces
            "    tokens: 5\n"
            "powers:\n"
            "  sappers:\n"                                 # 9
            "    tokens: 4\n"
            "    tokens: 5\n"                              # 11: duplicate key
            "    effects:\n"
            "      - {coins_for_regions: {amount: -2}}\n"  # 13: negative
            "      - berserk\n"
            "      - berserk\n")                           # 15: twice
    f.write_text(text)
    code, lines, everything = run_main([f], capsys)
    assert code == 2 and "Traceback" not in everything
    where = sorted(int(line[len(str(f)) + 1:].split(":")[0]) for line in lines)
    assert where == [2, 4, 5, 6, 11, 13, 15], lines


def test_an_id_given_in_two_files_is_refused(tmp_path, capsys):
    a, b = tmp_path / "a.yaml", tmp_path / "b.yaml"
    a.write_text(GNOMES)
    b.write_text(SAPPERS + GNOMES)
    code, lines, _ = run_main([a, b], capsys)
    assert code == 2 and len(lines) == 1
    assert lines[0].startswith(f"{b}:6: race 'gnomes' is given twice (first at {a}:2)"), lines


def test_a_missing_file_and_a_folder(tmp_path, capsys):
    for f in (tmp_path / "none.yaml", tmp_path):
        code, lines, everything = run_main([f], capsys)
        assert code == 2 and len(lines) == 1 and "Traceback" not in everything
        assert lines[0].startswith(str(f)) and "check the path" in lines[0]


def test_a_sound_custom_file_still_loads(tmp_path):
    f = tmp_path / "ok.yaml"
    f.write_text(GNOMES + SAPPERS + "  wings:\n    replaces: false\n    tokens: 3\n    effects: [flying]\n")
    cat = load_catalog([f])
    assert {"gnomes"} <= set(cat.races) and {"sappers", "wings"} <= set(cat.powers)
    f.write_text("races:\n  ratmen:\n    replaces: true\n    tokens: 9\n    box: 14\n")
    assert load_catalog([f]).races["ratmen"].tokens == 9


def test_the_error_carries_every_problem_keyed(tmp_path):
    f = tmp_path / "two.yaml"
    f.write_text("races:\n  gnomes:\n    tokens: yes\n  elfkin:\n    tokens: 5\n    effects: [berserkk]\n")
    with pytest.raises(ContentError) as err:
        load_catalog([f])
    assert [p.key for p in err.value.problems] == ["content_tokens", "content_unknown_effect"]
    assert err.value.reason.key == "content_tokens"
    assert err.value.problems[1].params["hint"].key == "did_you_mean"


@pytest.mark.parametrize("entry", ["main", "scenario"])
def test_through_the_command_line_as_a_subprocess(tmp_path, entry):
    f = tmp_path / "my_races.yaml"
    text = "races:\n  gnomes:\n    tokens: yes\n    effects: [coins_per_regoin]\n"
    f.write_text(text)
    cmd = ([sys.executable, str(ROOT / "main.py"), "--content", str(f)] if entry == "main" else
           [sys.executable, "-m", "game.scenario", "--content", str(f), str(ROOT / "tests" / "scenarios" / "rules")])
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", SMALLWORLD_HOME=str(tmp_path / "h"))
    out = subprocess.run(cmd, capture_output=True, text=True, timeout=60, env=env, cwd=ROOT)
    assert out.returncode == 2
    lines = [x for x in (out.stdout + out.stderr).splitlines() if x.strip()]
    assert "Traceback" not in out.stderr and len(lines) == 2
    assert lines[0].startswith(f"{f}:2:") and lines[1].startswith(f"{f}:4:") and "did you mean" in lines[1]
    assert f.read_text() == text
