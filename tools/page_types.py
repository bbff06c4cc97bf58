"""Write the page's generated JavaScript from the Python that owns it.

In web/front/js/generated/:

- view.js: the view's JSDoc types, from web/page/view_types.py (the one place the
  view's fields are written down);
- bridge.js: the calls Python offers the page, from web/page/bridge.py's
  ``Bridge`` and the answers' types in web/page/answers.py: ``call(name, ...args)``,
  typed so that TypeScript checks every call site;
- shared.js: the strings both sides use, from web/page/shared.py;

and web/front/js/live/calls.js, live play's calls (web/page/live/calls.py's ``Calls``)
and their answers (web/page/live/answers.py): ``callLive(name, ...args)``, loaded
only by live play.

TypedDicts become JSDoc typedefs: a comment after a field becomes its
description, a class's docstring the typedef's, a subclass lists its base's
fields too, and a ``total=False`` class's fields are optional. The files are
kept in the tree, where TypeScript reads them; a test fails when one is not
what this writes.

    python tools/page_types.py          write them all
    python tools/page_types.py --check  exit 1 when one of them differs
"""

from __future__ import annotations

import ast
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PAGE = ROOT / "web" / "page"
GENERATED = ROOT / "web" / "front" / "js" / "generated"
VIEW_TYPES = PAGE / "view_types.py"
ANSWERS = PAGE / "answers.py"
BRIDGE = PAGE / "bridge.py"
SHARED = PAGE / "shared.py"
LIVE_CALLS = PAGE / "live" / "calls.py"
LIVE_ANSWERS = PAGE / "live" / "answers.py"
LIVE_CALLS_JS = ROOT / "web" / "front" / "js" / "live" / "calls.js"

HEADER = """// @ts-check
// The view's types for the page: written by tools/page_types.py from
// web/page/view_types.py (edit that file, not this one). docs/VIEW.md says what
// every field means. This file holds types only (nothing runs).
"""
SCALARS = {
    "int": "number",
    "float": "number",
    "str": "string",
    "bool": "boolean",
    "None": "null",
    "Any": "any",
}


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
        if node.value.id == "dict" and isinstance(inner, ast.Tuple):
            return f"Record<{js_type(inner.elts[0])}, {js_type(inner.elts[1])}>"
        if node.value.id == "Literal":
            values = inner.elts if isinstance(inner, ast.Tuple) else [inner]
            return " | ".join(js_type(v) for v in values)
    raise ValueError(f"no JSDoc type for {ast.unparse(node)}")


def comment(lines: list[str], lineno: int) -> str:
    """The comment at the end of a source line ("" when none)."""
    line = lines[lineno - 1]
    return line.split("  # ", 1)[1].strip() if "  # " in line else ""


def jsdoc(source: str, header: str = HEADER) -> str:
    """The JSDoc typedefs of the TypedDicts (and type aliases) in ``source``, as a module."""
    return header + "\n" + "\n\n".join(typedefs(source)) + "\n\nexport {};\n"


def partial(node: ast.ClassDef) -> bool:
    """A ``TypedDict`` declared ``total=False``: its own fields may be left out
    (those of its base stay as the base declares them)."""
    return any(
        k.arg == "total" and isinstance(k.value, ast.Constant) and k.value.value is False
        for k in node.keywords
    )


def typedefs(source: str) -> list[str]:
    """The JSDoc typedef blocks of the TypedDicts (and type aliases) in ``source``."""
    lines = source.splitlines()
    tree = ast.parse(source)
    fields: dict[str, list[tuple[str, str, str]]] = {}  # (key, type, note); key "[name]": optional
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
                    key = f"[{item.target.id}]" if partial(node) else item.target.id
                    # A field the formatter wrapped keeps its comment on its last line.
                    note = comment(lines, item.lineno) or comment(lines, item.end_lineno or 0)
                    own.append((key, js_type(item.annotation), note))
            fields[node.name] = own
            doc = " ".join((ast.get_docstring(node) or "").split()).replace("``", "`")
            out = ["/**"]
            if doc:
                out.append(f" * {doc}")
            out.append(f" * @typedef {{object}} {node.name}")
            for key, kind, note in own:
                out.append(f" * @property {{{kind}}} {key}" + (f"  {note}" if note else ""))
            out.append(" */")
            blocks.append("\n".join(out))
    return blocks


BRIDGE_HEADER = """// @ts-check
// The calls Python offers the page, and their answers: written by
// tools/page_types.py from web/page/bridge.py and web/page/answers.py (edit those,
// not this one). web/page/main.py serves every call, in Python's worker, through
// window.mykerinos.call (web/front/js/engine.js): each answer is a promise.
"""


def call_function(name: str, table: str, doc: str) -> str:
    """The exported JavaScript function ``name`` that calls Python, typed by
    ``table``; ``doc``: its comment's first lines."""
    return f"""
/**
{doc}
 * @template {{keyof {table}}} K
 * @param {{K}} name
 * @param {{{table}[K]["args"]}} args
 * @returns {{Promise<{table}[K]["answer"]>}}
 */
export async function {name}(name, ...args) {{
  const python = /** @type {{{{mykerinos?: {{call: (name: string, args: string) => Promise<string>}}}}}} */ (
    /** @type {{unknown}} */ (window)
  ).mykerinos;
  if (!python) throw new Error("the rules engine has not started");
  return JSON.parse(await python.call(name, JSON.stringify(args)));
}}
"""


CALL = call_function(
    "call",
    "Calls",
    " * Call Python: one function of web/page/bridge.py, its arguments sent and its\n"
    " * answer read back as JSON.",
)


LIVE_HEADER = """// @ts-check
// Live play's calls, and their answers: written by tools/page_types.py from
// web/page/live/calls.py and web/page/live/answers.py (edit those, not this one).
// The bridge serves them once live play's Python is added (addPart "live");
// only live play loads this file.
"""

LIVE_CALL = call_function(
    "callLive",
    "LiveCalls",
    " * Call live play's Python: one function of web/page/live/calls.py, its arguments\n"
    " * sent and its answer read back as JSON.",
)


def call_table(source: str, cls: str, table: str, where: str) -> str:
    """The JSDoc typedef ``table``: what each public method of ``cls`` takes and answers."""
    calls = []
    for node in ast.parse(source).body:
        if isinstance(node, ast.ClassDef) and node.name == cls:
            for item in node.body:
                if not isinstance(item, ast.FunctionDef) or item.name.startswith("_"):
                    continue
                if item.name == "answer" or item.returns is None:
                    continue
                args = ", ".join(
                    f"{a.arg}: {js_type(a.annotation)}"
                    for a in item.args.args[1:]
                    if a.annotation is not None
                )
                doc = " ".join((ast.get_docstring(item) or "").split())
                calls.append(
                    f" *   {item.name}: {{args: [{args}], answer: {js_type(item.returns)}}},"
                    + (f"  // {doc}" if doc else "")
                )
    text = f"/**\n * What each call takes and answers ({where}).\n * @typedef {{{{\n"
    return text + "\n".join(calls) + f"\n * }}}} {table}\n */"


def view_imports(view_types: str, path: str, used: str | None = None) -> list[str]:
    """Typedefs importing the view's types from ``path`` (web/front/js/generated/view.js):
    all of them, or those named in the source ``used``."""
    names = [n.name for n in ast.parse(view_types).body if isinstance(n, ast.ClassDef)]
    if used is not None:
        words = {n.id for n in ast.walk(ast.parse(used)) if isinstance(n, ast.Name)}
        names = [n for n in names if n in words]
    return [f'/** @typedef {{import("{path}").{n}}} {n} */' for n in names]


def bridge_js(bridge: str, answers: str, view_types: str) -> str:
    """web/front/js/generated/bridge.js: the answers' types, and ``call`` typed by ``Calls``."""
    table = call_table(bridge, "Bridge", "Calls", "web/page/bridge.py")
    blocks = [*view_imports(view_types, "./view.js"), *typedefs(answers), table]
    return BRIDGE_HEADER + "\n" + "\n\n".join(blocks) + "\n" + CALL


def live_js(calls: str, answers: str, view_types: str) -> str:
    """web/front/js/live/calls.js: live play's answers' types, and ``callLive`` typed by ``LiveCalls``."""
    table = call_table(calls, "Calls", "LiveCalls", "web/page/live/calls.py")
    imports = view_imports(view_types, "../generated/view.js", calls + "\n" + answers)
    blocks = [*imports, *typedefs(answers), table]
    return LIVE_HEADER + "\n" + "\n\n".join(blocks) + "\n" + LIVE_CALL


SHARED_HEADER = """// @ts-check
// The strings Python and the page both use: written by tools/page_types.py
// from web/page/shared.py (edit that file, not this one); the page spells none of
// them by hand.
"""

SHARED_CODE = """
/**
 * A click or review target of that kind: target(CELL, "c3") is "cell:c3".
 * @param {string} kind
 * @param {string | number} value
 */
export function target(kind, value) {
  return `${kind}${SEPARATOR}${value}`;
}
"""


def shared_js(source: str) -> str:
    """web/front/js/generated/shared.js: web/page/shared.py's constants, with their comments."""
    lines = source.splitlines()
    out = []
    for node in ast.parse(source).body:
        if (
            isinstance(node, ast.AnnAssign)
            and isinstance(node.target, ast.Name)
            and isinstance(node.value, ast.Constant)
            and isinstance(node.value.value, str)
        ):
            note = comment(lines, node.lineno)
            text = json.dumps(node.value.value)
            out.append(f"export const {node.target.id} = {text};" + (f" // {note}" if note else ""))
    return SHARED_HEADER + "\n" + "\n".join(out) + "\n" + SHARED_CODE


def outputs() -> dict[Path, str]:
    """Every generated file and what it must hold."""
    view_types = VIEW_TYPES.read_text(encoding="utf-8")
    return {
        GENERATED / "view.js": jsdoc(view_types),
        GENERATED / "bridge.js": bridge_js(
            BRIDGE.read_text(encoding="utf-8"), ANSWERS.read_text(encoding="utf-8"), view_types
        ),
        GENERATED / "shared.js": shared_js(SHARED.read_text(encoding="utf-8")),
        LIVE_CALLS_JS: live_js(
            LIVE_CALLS.read_text(encoding="utf-8"),
            LIVE_ANSWERS.read_text(encoding="utf-8"),
            view_types,
        ),
    }


def main(argv: list[str]) -> int:
    stale = [
        path
        for path, text in outputs().items()
        if not path.is_file() or path.read_text(encoding="utf-8") != text
    ]
    if "--check" in argv:
        for path in stale:
            print(f"{path.relative_to(ROOT)} is not what web/page/ gives: run tools/page_types.py")
        return 1 if stale else 0
    for path, text in outputs().items():
        path.write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
