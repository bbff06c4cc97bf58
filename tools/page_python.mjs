// @ts-check
// Run tools/page_exercise.py (everything the page's Python does) in the page's
// own Pyodide, in Node.js, with the project's folder mounted read-only in
// spirit (no bytecode written into it), and print what it prints.
//
//   node tools/page_python.mjs [--stdlib PATH/python_stdlib.zip]
//
// Without --stdlib, the standard library as the npm package ships it (to trace
// what the page imports: tools/trace_stdlib.py); with it, a built one (to check
// that nothing the page imports is missing from it: tests/tools/test_stdlib.py).

import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { loadPyodide } from "pyodide";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const MOUNT = "/project";

const args = process.argv.slice(2);
/** @type {{stdLibURL?: string}} */
const options = {};
if (args[0] === "--stdlib" && args[1]) options.stdLibURL = resolve(args[1]);
else if (args.length) {
  console.error("usage: node tools/page_python.mjs [--stdlib python_stdlib.zip]");
  process.exit(2);
}

const py = await loadPyodide(options);
py.FS.mkdirTree(MOUNT);
py.FS.mount(py.FS.filesystems.NODEFS, { root: ROOT }, MOUNT);
const script = `${MOUNT}/tools/page_exercise.py`;
const globals = py.toPy({ __name__: "__main__", __file__: script });
try {
  py.runPython(
    `import os, sys
sys.dont_write_bytecode = True
sys.path.insert(0, ${JSON.stringify(MOUNT)})
os.chdir(${JSON.stringify(MOUNT)})`,
  );
  py.runPython(readFileSync(resolve(ROOT, "tools/page_exercise.py"), "utf8"), { globals });
} catch (error) {
  console.error(String(error));
  process.exit(1);
} finally {
  globals.destroy();
}
