"""Every ``# type: ignore`` in the rules says which error it silences and why: ``# type:
ignore[code]  # the reason``. An ignore without a code hides any error the line may grow; one
without a reason cannot be judged when the code around it changes (issue 39).

Checked over the rules (game/) and the screen (render/)."""
from __future__ import annotations

import io
import re
import tokenize
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
IGNORE = re.compile(r"type:\s*ignore")
EXPLAINED = re.compile(r"#\s*type:\s*ignore\[[a-z-]+(?:,\s*[a-z-]+)*\]\s+#\s*\S")


def unexplained(source: str) -> list[int]:
    """The lines of ``source`` whose ``type: ignore`` comment lacks its error code or its reason."""
    tokens = tokenize.generate_tokens(io.StringIO(source).readline)
    return [tok.start[0] for tok in tokens
            if tok.type == tokenize.COMMENT and IGNORE.search(tok.string) and not EXPLAINED.match(tok.string)]


def test_every_type_ignore_names_its_code_and_its_reason():
    found = {}
    for path in sorted([*(ROOT / "game").rglob("*.py"), *(ROOT / "render").rglob("*.py")]):
        lines = unexplained(path.read_text(encoding="utf-8"))
        if lines:
            found[str(path.relative_to(ROOT))] = lines
    assert found == {}


def test_the_check_tells_an_explained_ignore_from_the_others():
    source = ("a = 1  # type: ignore[assignment]  # why it is fine\n"
              "b = 2  # type: ignore[assignment]\n"
              "c = 3  # type: ignore\n"
              "d = 4  # type: ignore  # a reason but no code\n"
              "e = '# type: ignore'  # a string is not a comment\n"
              "f = 5  # type: ignore[arg-type, index]  # two codes, one reason\n")
    assert unexplained(source) == [2, 3, 4]
