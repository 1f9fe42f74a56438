#!/usr/bin/env python3
"""Can this Python set the game up? The first step of the README's set-up commands.

`python3 tools/check_python.py` says at once, in one line each, what would otherwise cost minutes
or a puzzling error: a Python older than the game's minimum (the `requires-python` of
pyproject.toml, the one place it is written: the pip that Python 3.10 brings, 23.0.1, searches
every version of every dependency for more than five minutes instead of saying so), or a Python whose
`python3 -m venv` cannot put pip in a virtual environment (Debian and Ubuntu keep that in the
`python3-venv` package). It exits 1 after saying so, else prints one line and exits 0. It is
written for any Python (no f-strings, type comments), so that an old one reads the message instead
of a syntax error, and it imports nothing of the game. It runs in the game's folder, where it
reads pyproject.toml.
"""
from __future__ import print_function

import os
import re
import sys


def minimum(root="."):
    # type: (str) -> tuple[int, int]
    """The lowest Python the game runs on: `requires-python = ">=X.Y"` of the pyproject.toml in
    `root` (the game's folder, where the README's commands run). Raises IOError/OSError when
    there is none."""
    with open(os.path.join(root, "pyproject.toml"), "rb") as f:
        text = f.read().decode("utf-8")
    found = re.search(r'^requires-python\s*=\s*">=\s*(\d+)\.(\d+)"', text, re.M)
    if found is None:
        raise ValueError("pyproject.toml: no requires-python = \">=X.Y\" line")
    return int(found.group(1)), int(found.group(2))


def venv_has_pip():
    # type: () -> bool
    """Can `python -m venv` put pip in a new environment (ensurepip and its bundled wheels)?"""
    try:
        import ensurepip
        return bool(ensurepip.version())
    except Exception:  # noqa: BLE001 - Debian without python3-venv: missing or unusable
        return False


def problems(version, executable, has_pip, needed):
    # type: (tuple[int, ...], str, bool, tuple[int, int]) -> list[str]
    """One line per reason this Python cannot set the game up, with what to do instead."""
    out = []
    have = ".".join(str(n) for n in version[:3])
    want = "%d.%d" % needed
    if tuple(version[:2]) < needed:
        out.append("Small World needs Python %s or newer; %s is Python %s. Install a newer Python "
                   "(Debian/Ubuntu: sudo apt install python%s python%s-venv, then type python%s where "
                   "the commands say python3), or take the download, which needs no Python."
                   % (want, executable, have, want, want, want))
    elif not has_pip:
        out.append("%s -m venv cannot give a new environment its pip: install the venv module "
                   "(Debian/Ubuntu: sudo apt install python3-venv, or python%d.%d-venv) and run the "
                   "command again." % (executable, version[0], version[1]))
    return out


def main():
    # type: () -> int
    try:
        needed = minimum()
    except (IOError, OSError, ValueError):
        print("tools/check_python.py: no pyproject.toml here (%s): run it in the game's folder, "
              "where the README's commands run" % os.getcwd(), file=sys.stderr)
        return 2
    found = problems(tuple(sys.version_info[:3]), sys.executable or "python3", venv_has_pip(), needed)
    for line in found:
        print("tools/check_python.py: " + line, file=sys.stderr)
    if not found:
        print("Python %s: new enough for Small World (%d.%d or newer)"
              % (".".join(str(n) for n in sys.version_info[:3]), needed[0], needed[1]))
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
