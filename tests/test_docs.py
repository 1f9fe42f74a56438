"""The guides in docs/ stand on their own: every link and picture they use is in the repository,
and none points at a file outside it."""
from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DOCS = sorted((ROOT / "docs").glob("*.md"))


def test_every_link_and_picture_in_the_docs_exists() -> None:
    missing = []
    for doc in DOCS:
        for target in re.findall(r"\]\(([^)#\s]+)", doc.read_text(encoding="utf-8")):
            if "://" in target:
                continue
            if not (doc.parent / target).resolve().exists():
                missing.append(f"{doc.name}: {target}")
    assert DOCS and missing == []


def test_no_doc_sends_the_reader_outside_the_repository() -> None:
    outside = [doc.name for doc in DOCS
               if re.search(r"`(shared|/work|\.\./\.\.)/", doc.read_text(encoding="utf-8"))]
    assert outside == []


def test_every_picture_in_docs_images_is_used_and_small() -> None:
    text = "\n".join(doc.read_text(encoding="utf-8") for doc in DOCS)
    for image in (ROOT / "docs" / "images").iterdir():
        assert f"images/{image.name}" in text, f"{image.name} is not used by any guide"
        assert image.stat().st_size < 250_000, f"{image.name} is larger than 250 kB"
