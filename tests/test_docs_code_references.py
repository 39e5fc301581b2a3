"""The docs' references to code point at files that exist and at names defined there.

A reference is a backticked path under ``game/`` or ``render/`` (```game/otys/legal.py```),
optionally followed by the names it means in parentheses (```game/otys/legal.py`` (``compute``)``).
Line numbers (``game/x/y.py:123``) go stale as soon as the code moves, so none is allowed: a name is
named instead, and it has to be defined in that file (``def name``, ``class name`` or ``name =``).
"""

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCS = sorted((ROOT / "docs").rglob("*.md"))

# `game/x/y.py` or `game/x/y.py:12`, then perhaps ` (`name`)` or ` (`name`, `other`)`.
REFERENCE = re.compile(
    r"`(?P<path>(?:game|render)/[\w./-]+?\.py)(?P<line>:[\d-]+)?`"
    r"(?:\s*\((?P<names>`[^`]+`(?:\s*,\s*`[^`]+`)*)\))?"
)
NAME = re.compile(r"`([^`]+)`")


def _references() -> list[tuple[str, str, str | None, list[str]]]:
    found = []
    for doc in DOCS:
        text = doc.read_text(encoding="utf-8")
        for m in REFERENCE.finditer(text):
            where = f"{doc.relative_to(ROOT)}:{text.count(chr(10), 0, m.start()) + 1}"
            names = NAME.findall(m.group("names") or "")
            found.append((where, m.group("path"), m.group("line"), names))
    return found


REFERENCES = _references()


def _defines(source: str, name: str) -> bool:
    n = re.escape(name)
    pattern = rf"^[ \t]*(?:async[ \t]+)?(?:def|class)[ \t]+{n}\b|^[ \t]*{n}[ \t]*(?::[^=\n]*)?="
    return re.search(pattern, source, re.MULTILINE) is not None


def test_the_docs_reference_some_code() -> None:
    assert len(REFERENCES) > 20


@pytest.mark.parametrize(("where", "path", "line", "names"), REFERENCES, ids=[r[0] for r in REFERENCES])
def test_a_reference_names_an_existing_file_and_no_line(where: str, path: str, line: str | None,
                                                        names: list[str]) -> None:
    assert (ROOT / path).is_file(), f"{where}: {path} does not exist"
    assert line is None, f"{where}: `{path}{line}` carries a line number; name the function instead"
    source = (ROOT / path).read_text(encoding="utf-8")
    for name in names:
        # `Class.method`, `method()` or `method(args)` all name identifiers that must be defined here.
        for part in re.sub(r"\(.*\)$", "", name).split("."):
            assert part.isidentifier(), f"{where}: `{name}` after {path} is not a name"
            assert _defines(source, part), f"{where}: `{part}` is not defined in {path}"
