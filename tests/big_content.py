"""The content file of many races and powers the tests use: made by `game.big_content` (the
bench's `--big-content` writes the same file)."""
from game.big_content import big_content_text, write_big_content

__all__ = ["big_content_text", "write_big_content"]
