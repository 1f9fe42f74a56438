"""Build the Debian package: the download folder wrapped as `smallworld_VERSION_ARCH.deb` (dpkg-deb).

    python -m tools.build_deb                                    # dist/smallworld/ into dist/
    python -m tools.build_deb --bundle DIR --out DIR

It wraps the folder `python -m tools.build_bundle` made (with or without the compiled engine) as
it is, under `/opt/smallworld/`, with `/usr/bin/smallworld` a link to its program; the
applications menu entry and its icons (`game.desktop`'s, the very files `smallworld
--install-desktop` writes for one user, here starting `/usr/bin/smallworld` and without that
command's mark, since the package owns them) in `/usr/share/applications/` and
`/usr/share/icons/hicolor/`; the AppStream description software centres show
(`/usr/share/metainfo/org.smallworld_table.SmallWorld.metainfo.xml`, its name and summary the game's own words
in its four languages), checked with `appstreamcli validate --no-net` before anything is built;
and the licences in `/usr/share/doc/smallworld/`. The package depends on the glibc the folder
asks for (`tools.build_bundle.glibc_floor`). Saves and settings stay in each player's data
folder: removing or purging the package never touches them. Needs dpkg-deb and appstreamcli
(Debian's `dpkg` and `appstream`).
"""
from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from xml.sax.saxutils import escape

from game import __version__, desktop, resources
from tools.build_bundle import NAME, glibc_floor, program

PACKAGE = "smallworld"
PREFIX = Path("opt") / PACKAGE                  # the download folder, as it is
COMMAND = Path("usr") / "bin" / PACKAGE
APPSTREAM_ID = "org.smallworld_table.SmallWorld"   # AppStream asks for a reverse-DNS id (the macOS app's domain)
METAINFO = f"{APPSTREAM_ID}.metainfo.xml"
MAINTAINER = "Small World at the family table <noreply@localhost>"   # DEBFULLNAME, DEBEMAIL or --maintainer
SUMMARY = "the board game Small World for 2 to 5 players at one computer"
DESCRIPTION = (
    "A digital edition of the board game Small World (Days of Wonder, 2009) for 2 to 5 people "
    "sharing one computer (hot-seat), with computer players at four levels, for family game nights "
    "and for playtesting home-made races, powers and maps. Offline, exact rules, private scores, "
    "undo, and saves that survive a crash.",
    "All the races and powers of the base game and of the published expansion packs, four maps, "
    "and the game in English, Romanian, Dutch and French.",
)


def deb_version(version: str = __version__) -> str:
    """The Python version in Debian's spelling: a pre-release sorts before its release (1.1.0~rc1)."""
    return re.sub(r"(?<=\d)[.-]?(a|b|rc|dev)(\d*)", r"~\1\2", version)


def architecture() -> str:
    return subprocess.run(["dpkg", "--print-architecture"], capture_output=True, text=True,
                          check=True).stdout.strip()


def release_date(checkout: Path) -> str:
    """The date of the checkout's last commit (the release's), else today's, as YYYY-MM-DD."""
    try:
        out = subprocess.run(["git", "log", "-1", "--format=%cs"], cwd=checkout, capture_output=True, text=True,
                             check=False).stdout.strip()
    except OSError:
        out = ""
    return out if re.fullmatch(r"\d{4}-\d\d-\d\d", out) else time.strftime("%Y-%m-%d")


def metainfo(version: str, date: str) -> str:
    """The AppStream description: the menu entry's name and summary in each language."""
    words = desktop._words()            # the same words as the menu entry (the game's on-screen text)
    name, summary = words["en"]
    lines = ['<?xml version="1.0" encoding="UTF-8"?>', '<component type="desktop-application">',
             f"  <id>{APPSTREAM_ID}</id>", "  <metadata_license>MIT</metadata_license>",
             "  <project_license>MIT</project_license>", f"  <name>{escape(name)}</name>"]
    lines += [f'  <name xml:lang="{lang}">{escape(words[lang][0])}</name>'
              for lang in desktop.LANGS if lang != "en" and words[lang][0] != name]
    lines += [f"  <summary>{escape(summary)}</summary>"]
    lines += [f'  <summary xml:lang="{lang}">{escape(words[lang][1])}</summary>' for lang in desktop.LANGS
              if lang != "en"]
    lines += ["  <description>", *[f"    <p>{escape(p)}</p>" for p in DESCRIPTION], "  </description>",
              f'  <launchable type="desktop-id">{desktop.APP_ID}.desktop</launchable>',
              "  <developer_name>Small World at the family table</developer_name>",
              "  <categories>", "    <category>Game</category>", "    <category>BoardGame</category>",
              "  </categories>", "  <provides>", f"    <binary>{PACKAGE}</binary>", "  </provides>",
              '  <content_rating type="oars-1.1"/>', "  <releases>",
              f'    <release version="{escape(version)}" date="{date}"/>', "  </releases>", "</component>"]
    return "\n".join(lines) + "\n"


def maintainer() -> str:
    """Debian's way: DEBFULLNAME and DEBEMAIL when DEBEMAIL is set, else the project's name."""
    email = os.environ.get("DEBEMAIL", "").strip()
    if not email:
        return MAINTAINER
    name = os.environ.get("DEBFULLNAME", "").strip() or "Small World at the family table"
    return email if "<" in email else f"{name} <{email}>"


def control(version: str, arch: str, size_kb: int, glibc: str | None, who: str = MAINTAINER) -> str:
    depends = f"libc6 (>= {glibc})" if glibc else "libc6"
    body = "\n .\n".join(" " + p for p in DESCRIPTION)
    return (f"Package: {PACKAGE}\nVersion: {version}\nArchitecture: {arch}\nMaintainer: {who}\n"
            f"Installed-Size: {size_kb}\nDepends: {depends}\nSection: games\nPriority: optional\n"
            f"Description: {SUMMARY}\n{body}\n")


def _tree_size_kb(root: Path) -> int:
    return sum(-(-p.lstat().st_size // 1024) for p in root.rglob("*") if p.is_file() or p.is_symlink()) + \
        sum(1 for p in root.rglob("*") if p.is_dir() and not p.is_symlink())


def _modes(root: Path) -> None:
    """Debian's modes: folders 755, programs 755, other files 644."""
    for path in [root, *root.rglob("*")]:
        if path.is_symlink():
            continue
        if path.is_dir():
            path.chmod(0o755)
        else:
            path.chmod(0o755 if path.stat().st_mode & 0o111 else 0o644)


def stage(bundle: Path, root: Path, checkout: Path) -> tuple[str, str]:
    """Lay out the package's files under `root`; (the Debian version, the metainfo's text)."""
    shutil.copytree(bundle, root / PREFIX, symlinks=True)
    (root / COMMAND).parent.mkdir(parents=True)
    os.symlink(Path("/") / PREFIX / program(bundle).name, root / COMMAND)
    share = root / "usr" / "share"
    for t in desktop.targets(share, argv=["/" + COMMAND.as_posix()], mark=False):
        t.path.parent.mkdir(parents=True, exist_ok=True)
        t.path.write_bytes(t.data)
    version = deb_version()
    info = metainfo(version, release_date(checkout))
    (share / "metainfo").mkdir(parents=True)
    (share / "metainfo" / METAINFO).write_text(info, encoding="utf-8")
    doc = share / "doc" / PACKAGE
    doc.mkdir(parents=True)
    shutil.copy2(checkout / "LICENSE", doc / "copyright")
    shutil.copy2(checkout / "assets" / "fonts" / "LICENSE-DejaVu.txt", doc / "LICENSE-DejaVu.txt")
    _modes(root)
    return version, info


def validate(metainfo_file: Path) -> str | None:
    """`appstreamcli validate --no-net`'s complaint, or None when it passes."""
    if shutil.which("appstreamcli") is None:
        return "appstreamcli is not installed (Debian's package appstream): the AppStream file cannot be checked"
    out = subprocess.run(["appstreamcli", "validate", "--no-net", "--no-color", str(metainfo_file)],
                         capture_output=True, text=True, check=False)
    return None if out.returncode == 0 else (out.stdout + out.stderr).strip()


def build(bundle: Path, out: Path, checkout: Path, who: str = MAINTAINER) -> Path:
    """The .deb of the download folder `bundle`, in `out`; its path."""
    if not program(bundle).is_file():
        raise SystemExit(f"build_deb: {bundle} holds no program {program(bundle).name}; "
                         "build the download first: python -m tools.build_bundle")
    if shutil.which("dpkg-deb") is None:
        raise SystemExit("build_deb: dpkg-deb is not installed (Debian's package dpkg)")
    with tempfile.TemporaryDirectory(prefix="smallworld-deb-") as tmp:
        root = Path(tmp) / "root"
        version, _ = stage(bundle, root, checkout)
        problem = validate(root / "usr" / "share" / "metainfo" / METAINFO)
        if problem is not None:
            raise SystemExit(f"build_deb: the AppStream file {METAINFO} does not pass: {problem}")
        arch = architecture()
        (root / "DEBIAN").mkdir()
        (root / "DEBIAN" / "control").write_text(control(version, arch, _tree_size_kb(root), glibc_floor(bundle), who),
                                                 encoding="utf-8")
        (root / "DEBIAN").chmod(0o755)
        out.mkdir(parents=True, exist_ok=True)
        deb = out / f"{PACKAGE}_{version}_{arch}.deb"
        # zstd: 0.4 s of processor time for the 62 MB folder against 70 s for xz (25 MB against 21);
        # every dpkg that can run the download (glibc 2.35 or newer: Debian 12, Ubuntu 22.04) reads it
        subprocess.run(["dpkg-deb", "--root-owner-group", "-Zzstd", "--build", str(root), str(deb)], check=True,
                       stdout=subprocess.DEVNULL)
    return deb


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m tools.build_deb", description=__doc__.splitlines()[0])
    ap.add_argument("--bundle", type=Path, default=Path("dist") / NAME,
                    help="the download folder (python -m tools.build_bundle; default dist/smallworld)")
    ap.add_argument("--out", type=Path, default=Path("dist"), help="where the .deb goes (default dist/)")
    ap.add_argument("--maintainer", metavar="'NAME <EMAIL>'",
                    help="the package's Maintainer (default: DEBFULLNAME <DEBEMAIL> when DEBEMAIL is set)")
    args = ap.parse_args(argv)
    if resources.CHECKOUT is None:
        print(resources.needs_checkout("tools.build_deb"))
        return 2
    deb = build(args.bundle.resolve(), args.out.resolve(), resources.CHECKOUT, args.maintainer or maintainer())
    print(f"built {deb} ({deb.stat().st_size / 1e6:.0f} MB): sudo apt-get install ./{deb.name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
