"""The Debian package (`python -m tools.build_deb`): the download folder as it is under
/opt/smallworld, the `smallworld` command, the menu entry and icons that `--install-desktop`
writes (here for every user, starting /usr/bin/smallworld), an AppStream file that
`appstreamcli validate` passes, and a control file that depends on the glibc the folder asks for.
(CI also installs the package built from its download, self-tests it and purges it.)"""
from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

from game import __version__, desktop, resources
from tools import build_deb

APPS = Path("usr") / "share" / "applications" / "smallworld-table.desktop"


def _bundle(top: Path) -> Path:
    """A folder laid out as the Linux download: its program, a library asking for glibc 2.34, a link."""
    folder = top / "smallworld"
    (folder / "_internal").mkdir(parents=True)
    (folder / "smallworld").write_bytes(b"\x7fELF\0GLIBC_2.2.5\0GLIBC_2.17\0")
    (folder / "smallworld").chmod(0o700)
    (folder / "_internal" / "libpython3.11.so.1.0").write_bytes(b"\x7fELF\0GLIBC_2.34\0")
    os.symlink("libpython3.11.so.1.0", folder / "_internal" / "libpython3.11.so")
    return folder


def test_the_package_lays_out_the_download_the_command_and_the_menu_entry(tmp_path: Path) -> None:
    root = tmp_path / "root"
    version, info = build_deb.stage(_bundle(tmp_path), root, resources.ROOT)
    assert version == build_deb.deb_version(__version__)
    program = root / "opt" / "smallworld" / "smallworld"
    assert program.stat().st_mode & 0o777 == 0o755 and (root / "opt" / "smallworld" / "_internal").stat().st_mode & 0o777 == 0o755
    assert os.readlink(root / "opt" / "smallworld" / "_internal" / "libpython3.11.so") == "libpython3.11.so.1.0"
    assert os.readlink(root / "usr" / "bin" / "smallworld") == "/opt/smallworld/smallworld"
    entry = (root / APPS).read_text(encoding="utf-8")
    assert entry == desktop.entry(["/usr/bin/smallworld"], mark=False)      # the same words as --install-desktop
    assert "TryExec=/usr/bin/smallworld\n" in entry and "Exec=/usr/bin/smallworld\n" in entry
    assert desktop.MARK not in entry and "Path=" not in entry
    for size in desktop.ICON_SIZES:
        icon = root / "usr" / "share" / "icons" / "hicolor" / f"{size}x{size}" / "apps" / "smallworld-table.png"
        assert icon.read_bytes() == (resources.ASSETS / "ui" / "icon" / f"smallworld-{size}.png").read_bytes()
        assert icon.stat().st_mode & 0o777 == 0o644
    meta = root / "usr" / "share" / "metainfo" / build_deb.METAINFO
    assert meta.read_text(encoding="utf-8") == info
    assert "<launchable type=\"desktop-id\">smallworld-table.desktop</launchable>" in info
    assert '<summary xml:lang="fr">Un jeu pour 2 à 5 joueurs sur un seul ordinateur</summary>' in info
    assert f'<release version="{version}" date="' in info
    assert (root / "usr" / "share" / "doc" / "smallworld" / "copyright").read_text(encoding="utf-8") == \
        (resources.ROOT / "LICENSE").read_text(encoding="utf-8")


@pytest.mark.skipif(shutil.which("appstreamcli") is None, reason="needs appstreamcli (Debian's appstream)")
def test_the_appstream_file_passes_appstreamcli(tmp_path: Path) -> None:
    meta = tmp_path / build_deb.METAINFO
    meta.write_text(build_deb.metainfo("1.0.0", "2026-01-31"), encoding="utf-8")
    assert build_deb.validate(meta) is None
    broken = tmp_path / "broken.metainfo.xml"
    broken.write_text(build_deb.metainfo("1.0.0", "2026-01-31").replace(build_deb.APPSTREAM_ID, "smallworld-table"),
                      encoding="utf-8")
    said = build_deb.validate(broken)
    assert said is not None and "cid-desktopapp-is-not-rdns" in said


@pytest.mark.skipif(shutil.which("dpkg-deb") is None or shutil.which("appstreamcli") is None,
                    reason="needs dpkg-deb and appstreamcli")
def test_the_deb_carries_every_file_and_depends_on_the_glibc_the_folder_asks_for(tmp_path: Path) -> None:
    deb = build_deb.build(_bundle(tmp_path), tmp_path / "out", resources.ROOT, "A Packager <a@example.org>")
    arch = build_deb.architecture()
    assert deb.name == f"smallworld_{build_deb.deb_version()}_{arch}.deb"
    fields = subprocess.run(["dpkg-deb", "--field", str(deb)], capture_output=True, text=True, check=True).stdout
    assert "Package: smallworld\n" in fields and f"Architecture: {arch}\n" in fields
    assert "Depends: libc6 (>= 2.34)\n" in fields and "Maintainer: A Packager <a@example.org>\n" in fields
    listing = subprocess.run(["dpkg-deb", "--contents", str(deb)], capture_output=True, text=True, check=True).stdout
    rows = [line.split() for line in listing.splitlines()]
    assert all(r[1] == "root/root" for r in rows)
    paths = {r[5] for r in rows}
    assert {"./opt/smallworld/smallworld", "./usr/bin/smallworld", f"./{APPS.as_posix()}",
            f"./usr/share/metainfo/{build_deb.METAINFO}",
            "./usr/share/icons/hicolor/256x256/apps/smallworld-table.png"} <= paths


def test_a_folder_without_the_program_is_refused_in_one_line(tmp_path: Path) -> None:
    with pytest.raises(SystemExit, match=r"holds no program smallworld; build the download first") as err:
        build_deb.build(tmp_path, tmp_path / "out", resources.ROOT)
    assert "\n" not in str(err.value)


def test_a_python_pre_release_sorts_before_its_release_in_debian() -> None:
    assert build_deb.deb_version("1.0.0") == "1.0.0"
    assert build_deb.deb_version("1.1.0rc1") == "1.1.0~rc1"
    assert build_deb.deb_version("2.0.0.dev3") == "2.0.0~dev3"
    assert build_deb.deb_version("2.0b2") == "2.0~b2"
