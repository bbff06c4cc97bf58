"""Write the page's JSDoc types of the view (front/js/generated/view.js) from its Python types.

page/view_types.py is the one place the view's fields are written down; this
turns its TypedDicts into JSDoc typedefs for TypeScript's checking of the
page. A comment after a field becomes its description; a class's docstring
the typedef's; a subclass lists its base's fields too. The file is kept in the
tree, where TypeScript reads it; a test fails when it is not what this writes.

    python tools/view_types.py          write front/js/generated/view.js
    python tools/view_types.py --check  exit 1 when front/js/generated/view.js differs
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ROOT / "page" / "view_types.py"
TARGET = ROOT / "front" / "js" / "generated" / "view.js"

HEADER = """// @ts-check
// The view's types for the page: written by tools/view_types.py from
// page/view_types.py (edit that file, not this one). docs/VIEW.md says what
// every field means. This file holds types only (nothing runs).
"""
SCALARS = {"int": "number", "float": "number", "str": "string", "bool": "boolean", "None": "null"}


def js_type(node: ast.expr) -> str:
    """A Python annotation as a JSDoc type."""
    if isinstance(node, ast.Constant):
        return "null" if node.value is None else repr(node.value).replace("'", '"')
    if isinstance(node, ast.Name):
        return SCALARS.get(node.id, node.id)
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.BitOr):
        return f"{js_type(node.left)} | {js_type(node.right)}"
    if isinstance(node, ast.Subscript) and isinstance(node.value, ast.Name):
        inner = node.slice
        if node.value.id == "list":
            item = js_type(inner)
            return f"({item})[]" if "|" in item else f"{item}[]"
        if node.value.id == "Literal":
            values = inner.elts if isinstance(inner, ast.Tuple) else [inner]
            return " | ".join(js_type(v) for v in values)
    raise ValueError(f"no JSDoc type for {ast.unparse(node)}")


def comment(lines: list[str], lineno: int) -> str:
    """The comment at the end of a source line ("" when none)."""
    line = lines[lineno - 1]
    return line.split("  # ", 1)[1].strip() if "  # " in line else ""


def jsdoc(source: str) -> str:
    """The JSDoc typedefs of the TypedDicts (and type aliases) in ``source``."""
    lines = source.splitlines()
    tree = ast.parse(source)
    fields: dict[str, list[tuple[str, str, str]]] = {}
    blocks = []
    for node in tree.body:
        if isinstance(node, ast.Assign) and isinstance(node.targets[0], ast.Name):
            name = node.targets[0].id
            above = lines[node.lineno - 2]
            doc = above.lstrip("# ").strip() if above.startswith("#") else ""
            text = f" * {doc}\n" if doc else ""
            blocks.append(f"/**\n{text} * @typedef {{{js_type(node.value)}}} {name}\n */")
        elif isinstance(node, ast.ClassDef):
            own: list[tuple[str, str, str]] = []
            for base in node.bases:
                if isinstance(base, ast.Name) and base.id in fields:
                    own += fields[base.id]
            for item in node.body:
                if isinstance(item, ast.AnnAssign) and isinstance(item.target, ast.Name):
                    own.append(
                        (item.target.id, js_type(item.annotation), comment(lines, item.lineno))
                    )
            fields[node.name] = own
            doc = " ".join((ast.get_docstring(node) or "").split()).replace("``", "`")
            out = ["/**"]
            if doc:
                out.append(f" * {doc}")
            out.append(f" * @typedef {{object}} {node.name}")
            for name, kind, note in own:
                out.append(f" * @property {{{kind}}} {name}" + (f"  {note}" if note else ""))
            out.append(" */")
            blocks.append("\n".join(out))
    return HEADER + "\n" + "\n\n".join(blocks) + "\n\nexport {};\n"


def main(argv: list[str]) -> int:
    text = jsdoc(SOURCE.read_text(encoding="utf-8"))
    if "--check" in argv:
        if TARGET.read_text(encoding="utf-8") != text:
            print(
                f"{TARGET.relative_to(ROOT)} is not what {SOURCE.relative_to(ROOT)} gives: run tools/view_types.py"
            )
            return 1
        return 0
    TARGET.write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
