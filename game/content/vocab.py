"""`python -m game.content.vocab --markdown` — the reference of every effect block, from the code.

Reads the effect registry (`game.rules.abilities`): each block's name, what it does (the first
paragraph of its class docstring, else of its module's, read from the source), its parameters with their defaults and
meaning (`params`, `param_docs`), whether it works In Decline, and the intent it plays; then the
words of `where:` and `when:`. `--write` puts the reference into `docs/custom-races.md`
between the markers `<!-- blocks:start -->` and `<!-- blocks:end -->`; a test checks the file
says exactly what the code does, so the documentation never goes stale.
"""
from __future__ import annotations

import argparse
import ast
import functools
import inspect
import sys
from typing import Any

from .. import native, resources

if __name__ == "__main__":          # the command: the compiled engine when it is built, looked for first
    native.enable()

from ..rules.abilities import REGISTRY, WHEN, WHERE_KEYS, Ability, honours_decline

DOC = resources.DOCS / "custom-races.md"
START, END = "<!-- blocks:start -->", "<!-- blocks:end -->"


def _first_paragraph(text: str | None) -> str:
    if not text:
        return ""
    para = inspect.cleandoc(text).split("\n\n")[0]
    return " ".join(para.split())


def _value(v: Any) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, str):
        return repr(v) if v == "" else v
    if isinstance(v, dict):
        return "{}" if not v else str(v)
    if isinstance(v, list):
        return "[" + ", ".join(str(x) for x in v) + "]"
    return str(v)


def _param(cls: type[Ability], k: str, v: Any, docs: dict[str, str]) -> str:
    """One parameter: its default, what it means, the words it accepts, what it needs."""
    out = f"`{k}` ({_value(v)})" + (f": {docs[k]}" if k in docs else "")
    if k in cls.choices:
        out += "; one of " + ", ".join(f"`{_value(c)}`" for c in cls.choices[k])
    if k in cls.only_with:
        other, values = cls.only_with[k]
        out += f"; only with `{other}`: " + " or ".join(f"`{_value(x)}`" for x in values)
    return out


@functools.cache
def _docstrings(module: str) -> tuple[str | None, dict[str, str | None]]:
    """The docstring of `module` and of each of its classes, read from its source: a compiled
    module (`game.native`) keeps none."""
    tree = ast.parse(native.source_of(module).read_text(encoding="utf-8"))
    return ast.get_docstring(tree, clean=False), {node.name: ast.get_docstring(node, clean=False)
                                                  for node in tree.body if isinstance(node, ast.ClassDef)}


def describe(cls: type[Ability]) -> str:
    module_doc, class_docs = _docstrings(cls.__module__)
    return _first_paragraph(class_docs.get(cls.__name__)) or _first_paragraph(module_doc)


def markdown() -> str:
    """The generated reference, as Markdown."""
    out = ["| block | parameters (default) | what it does | In Decline | move |",
           "|---|---|---|---|---|"]
    for name in sorted(REGISTRY):
        cls = REGISTRY[name]
        docs: dict[str, str] = getattr(cls, "param_docs", {})
        params = "<br>".join(_param(cls, k, v, docs) for k, v in cls.params.items()) or "—"
        decline = ("yes, by itself" if cls.works_in_decline else "with `in_decline: true`"
                   if honours_decline(cls) else "no (`in_decline` is refused)")
        move = ", ".join(f"`{i}: {name}`" if i == "use" else f"`{i}`" for i in cls.intents) or "—"
        text = describe(cls).replace("|", "\\|")
        out.append(f"| `{name}` | {params} | {text} | {decline} | {move} |")
    out += ["", "**`where:`** keys (all given must hold):", ""]
    out += [f"- `{k}`: {v}" for k, v in WHERE_KEYS.items()]
    out += ["", "**`when:`** words: " + ", ".join(f"`{w}`" for w in WHEN) + "."]
    return "\n".join(out) + "\n"


def in_doc(text: str, body: str) -> str:
    """`text` with the part between the markers replaced by `body`."""
    a, b = text.index(START) + len(START), text.index(END)
    return text[:a] + "\n" + body + text[b:]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m game.content.vocab", description=__doc__.splitlines()[0])
    ap.add_argument("--markdown", action="store_true", help="print the block reference as Markdown")
    ap.add_argument("--write", action="store_true", help=f"update {DOC.name} between its markers")
    args = ap.parse_args(argv)
    body = markdown()
    if args.write:
        if resources.CHECKOUT is None:
            print(resources.needs_checkout(f"--write (it updates the repository's {DOC.name})"))
            return 2
        text = DOC.read_text(encoding="utf-8")
        if START not in text or END not in text:
            print(f"{DOC}: the markers {START} and {END} are missing; add them where the reference goes")
            return 2
        new = in_doc(text, body)
        tmp = DOC.with_suffix(".md.tmp")
        tmp.write_text(new, encoding="utf-8")
        tmp.replace(DOC)
        print(f"updated {DOC}")
        return 0
    sys.stdout.write(body)
    return 0


if __name__ == "__main__":
    sys.exit(main())
