"""Write the start layouts of Aqua Romana that docs/rules/aqua-romana.md shows
(``layout-2-4.svg``, ``layout-3.svg``), drawn by the engine's own tables
(``ludotheek.games.aqua_romana.drawing.layout_svg``; tests/aqua_romana/test_view.py checks
that the files match). The files are written here, not in games/, which does no I/O.

    .venv/bin/python scripts/aqua_romana_layouts.py [FOLDER]   (default: docs/aqua-romana)
"""

from __future__ import annotations

import sys
from pathlib import Path

from ludotheek.games.aqua_romana.drawing import layout_svg


def write_layouts(folder: Path) -> list[Path]:
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for players, name in ((2, "layout-2-4.svg"), (3, "layout-3.svg")):
        path = folder / name
        path.write_text(layout_svg(players), encoding="utf-8")
        written.append(path)
    return written


def main(argv: list[str] | None = None) -> None:
    args = sys.argv[1:] if argv is None else argv
    folder = Path(args[0]) if args else Path("docs/aqua-romana")
    for path in write_layouts(folder):
        print(f"wrote {path}")


if __name__ == "__main__":
    main()
