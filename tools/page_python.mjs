// @ts-check
// Run tools/page_exercise.py (everything the page's Python does) in the page's
// own Pyodide, in Node.js, with the project's folder mounted read-only in
// spirit (no bytecode written into it), and print what it prints.
//
//   node tools/page_python.mjs [--stdlib PATH/python_stdlib.zip [--part PATH/livepy.zip]]
//
// Without --stdlib, the standard library as the npm package ships it (to trace
// what the page imports: tools/trace_stdlib.py); with it, a built one (to check
// that nothing the page imports is missing from it: tests/tools/test_stdlib.py),
// and with --part the built zip of a part shipped apart (live play's), whose
// standard library modules (at its top) Python then finds, as in the page.

import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { loadPyodide } from "pyodide";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const MOUNT = "/project";

const args = process.argv.slice(2);
/** @type {{stdLibURL?: string}} */
const options = {};
/** @type {string | null} */
let part = null;
if (args[0] === "--stdlib" && args[1]) options.stdLibURL = resolve(args[1]);
if (args[2] === "--part" && args[3]) part = resolve(args[3]);
if (args.length && (!options.stdLibURL || args.length !== (part ? 4 : 2))) {
  console.error("usage: node tools/page_python.mjs [--stdlib python_stdlib.zip [--part part.zip]]");
  process.exit(2);
}

const py = await loadPyodide(options);
py.FS.mkdirTree(MOUNT);
py.FS.mount(py.FS.filesystems.NODEFS, { root: ROOT }, MOUNT);
if (part) py.FS.writeFile("/tmp/part.zip", readFileSync(part));
const script = `${MOUNT}/tools/page_exercise.py`;
const globals = py.toPy({ __name__: "__main__", __file__: script });
try {
  py.runPython(
    `import os, sys
sys.dont_write_bytecode = True
sys.path[:0] = [${JSON.stringify(MOUNT)}, ${JSON.stringify(`${MOUNT}/web`)}]
${part ? 'sys.path.append("/tmp/part.zip")' : ""}
os.chdir(${JSON.stringify(MOUNT)})`,
  );
  py.runPython(readFileSync(resolve(ROOT, "tools/page_exercise.py"), "utf8"), { globals });
} catch (error) {
  console.error(String(error));
  process.exit(1);
} finally {
  globals.destroy();
}
