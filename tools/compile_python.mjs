// @ts-check
// Compile Python to bytecode at build time, with the page's own Pyodide (run in
// Node.js from node_modules, so the bytecode is exactly the one the page's
// Python reads). Without it, the browser compiles every module it imports
// from source on every start: the standard library ships as .py files only,
// and compiling them is most of Python's start (bench/runtime.py --stdlib).
//
//   node tools/compile_python.mjs --sourceless IN.zip OUT.zip [--cached IN.zip OUT.zip]...
//
// --sourceless: each foo.py becomes foo.pyc beside it, the source and the
//   docstrings left out, as "python -OO" leaves them out (__doc__ is None;
//   asserts stay): the standard library, whose docstrings nobody reads in the
//   page and which would make it a sixth bigger. zipimport reads foo.pyc;
//   tracebacks name the file and line but show no line of it.
// --cached: each foo.py is kept, with __pycache__/foo.<tag>.pyc beside it (the
//   game's own code, unpacked into the file system: tracebacks show the source).
// The .pyc files are "unchecked hash" ones (PEP 552): used as they are, never
// compared with a timestamp, so the output is the same for the same input.
// Entries keep their order; dates are fixed (1980-01-01), as tools/build.py's.

import { readFileSync, writeFileSync } from "node:fs";
import { loadPyodide } from "pyodide";

const jobs = [];
const args = process.argv.slice(2);
for (let i = 0; i < args.length; i += 3) {
  const [mode, input, output] = args.slice(i, i + 3);
  if (!["--sourceless", "--cached"].includes(mode) || !input || !output) {
    console.error("usage: node tools/compile_python.mjs (--sourceless|--cached) IN.zip OUT.zip ...");
    process.exit(2);
  }
  jobs.push({ sourceless: mode === "--sourceless", input, output });
}

// Without the column ranges of each instruction (PEP 657: the ^^^ under a
// traceback's line): they are a quarter of the bytecode's size, and a page
// on a phone downloads every byte. Tracebacks keep their files and lines.
const py = await loadPyodide({ args: ["-X", "no_debug_ranges"] });
const compileZip = py.runPython(`
import ast
import importlib._bootstrap_external as external
import importlib.util
import io
import sys
import zipfile

DATE = (1980, 1, 1, 0, 0, 0)
STDLIB = "/lib/python%d%d.zip/" % sys.version_info[:2]


def entry(name, data):
    info = zipfile.ZipInfo(name, date_time=DATE)
    info.compress_type = zipfile.ZIP_DEFLATED
    info.external_attr = 0o644 << 16
    return info, data


DOCUMENTED = (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)


def without_docstrings(tree):
    """The module's tree with every docstring taken out (a body left empty gets "pass")."""
    for node in ast.walk(tree):
        if not isinstance(node, DOCUMENTED) or not node.body:
            continue
        first = node.body[0]
        if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
            if isinstance(first.value.value, str):
                node.body.pop(0)
                if not node.body:
                    node.body.append(ast.copy_location(ast.Pass(), first))
    return tree


def compile_zip(data, sourceless):
    """The zip's bytes with every .py compiled (see this file's head)."""
    out = []
    with zipfile.ZipFile(io.BytesIO(data.to_bytes())) as zin:
        for info in zin.infolist():
            name, source = info.filename, zin.read(info)
            if not name.endswith(".py"):
                out.append(entry(name, source))
                continue
            where = STDLIB + name if sourceless else name
            if sourceless:
                source_or_tree = without_docstrings(ast.parse(source, where))
            else:
                source_or_tree = source
            code = compile(source_or_tree, where, "exec", dont_inherit=True)
            pyc = bytes(external._code_to_hash_pyc(code, importlib.util.source_hash(source), False))
            if sourceless:
                out.append(entry(name + "c", pyc))
            else:
                out.append(entry(name, source))
                out.append(entry(importlib.util.cache_from_source(name), pyc))
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", compression=zipfile.ZIP_DEFLATED, compresslevel=9) as zout:
        for info, data in out:
            zout.writestr(info, data)
    return buffer.getvalue()


compile_zip
`);

for (const job of jobs) {
  const result = compileZip(new Uint8Array(readFileSync(job.input)), job.sourceless);
  writeFileSync(job.output, result.toJs());
  result.destroy();
}
compileZip.destroy();
