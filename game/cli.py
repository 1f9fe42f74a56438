"""The command line of the game: `smallworld` (installed), `python -m game`, and `python main.py`
in a checkout all start here, with the same options.

Options: --map FILE (a Tiled map instead of the one for the player count; with --preview, the
map author's live view of it instead of a game), --players N (2-5,
preselected on the start screen), --seed N, --content FILE.yaml (custom races and powers; may be
given more than once), --fullscreen, --lang en|ro|nl|fr (the language, remembered for next
time; it can also be chosen on the start screen). A bad map or content file is reported in one
line, in that language, and the program exits with status 2; it never shows a traceback for a
player's mistake. Besides playing: --self-test (`game.selftest`: is this copy whole?),
--install-desktop / --uninstall-desktop (`game.desktop`: the Linux applications menu entry),
--version.
"""
from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from game import __version__, native, resources


def parse(argv: list[str] | None = None, prog: str = "smallworld") -> argparse.Namespace:
    ap = argparse.ArgumentParser(prog=prog, description="Small World for 2 to 5 players at one computer.")
    ap.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    ap.add_argument("--map", metavar="FILE", help="play on this Tiled map (.tmx)")
    ap.add_argument("--players", type=int, metavar="N", help="number of players, 2 to 5")
    ap.add_argument("--seed", type=int, metavar="N", help="seed for the shuffles and the die")
    ap.add_argument("--content", metavar="FILE.yaml", action="append", default=[],
                    help="custom races and powers (may be repeated)")
    ap.add_argument("--preview", action="store_true",
                    help="with --map: show the map as the game draws it, read again each time it is saved")
    ap.add_argument("--fullscreen", action="store_true", help="start in full screen (F11 toggles)")
    ap.add_argument("--lang", choices=("en", "ro", "nl", "fr"),
                    help="language of the game: English, Romanian, Dutch or French (remembered)")
    ap.add_argument("--self-test", action="store_true",
                    help="check this copy without a window: read every map and content pack, play a computer "
                         "game to its end, exit 0 if all works")
    ap.add_argument("--install-desktop", action="store_true",
                    help="Linux: put the game in the applications menu (a .desktop file and its icon, for you only)")
    ap.add_argument("--uninstall-desktop", action="store_true",
                    help="Linux: take the game out of the applications menu again")
    return ap.parse_args(argv)


def main(argv: list[str] | None = None, prog: str = "smallworld") -> int:
    native.enable()                   # before the engine is imported below (`smallworld` starts here)
    args = parse(argv, prog)
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    if args.self_test:
        from game import selftest
        return selftest.run()
    if args.install_desktop or args.uninstall_desktop:
        from game import desktop
        return desktop.main(install_it=bool(args.install_desktop))
    from game.content.catalog import load_catalog
    from game.content.tmx import check_players, load_map
    from game.rules import reason
    from game.ui import settings, strings

    strings.set_language(args.lang or settings.load().get("lang") or os.environ.get("SMALLWORLD_LANG") or "en")
    from game.saves import HomeError, prepare_home
    try:
        prepare_home()                        # the saves folder: writable, old saves moved in, no stale temp files
    except HomeError as err:
        print(strings.say(err), file=sys.stderr)
        return 2
    if args.players is not None and not 2 <= args.players <= 5:
        print(strings.say(reason("cli_players", count=args.players)), file=sys.stderr)
        return 2
    if args.seed is not None and args.seed < 0:
        print(strings.say(reason("cli_seed", value=args.seed)), file=sys.stderr)
        return 2

    map_path = None
    if args.map is not None and not args.map.strip():
        print(strings.say(reason("cli_map_empty")), file=sys.stderr)
        return 2
    if args.preview:
        if args.map is None:
            print(strings.say(reason("cli_preview_map")), file=sys.stderr)
            return 2
        from game.maps import preview
        return 2 if preview(args.map) else 0
    if args.map is not None:
        try:
            data = load_map(args.map)
            if args.players is not None:
                check_players(data, args.players)
        except ValueError as err:             # MapError: one line naming the file and the fix
            print(strings.say(err), file=sys.stderr)
            return 2
        if args.players is None:
            args.players = data.players       # the start screen offers the map's own player count
        map_path = resources.relative(args.map)   # inside the game's folders: relative, so the save travels
    content = [str(Path(c).resolve()) for c in args.content]
    if content:
        try:
            load_catalog(content)
        except (ValueError, OSError) as err:  # ContentError: a line per problem, each with file and line
            for problem in getattr(err, "problems", [err]):
                print(strings.say(problem), file=sys.stderr)
            return 2

    from game.ui.app import Options
    from game.ui.scenes import run
    # the window opens: a checkout changed since its build is said, never in place of an error
    if native.stale():
        print(f"{prog}: the engine runs interpreted, slower: {native.state()[1]} (python -m tools.build_native)",
              file=sys.stderr)
    return run(Options(map_path=map_path, players=args.players, seed=args.seed, content=content,
                       fullscreen=args.fullscreen, lang=args.lang))
