// @ts-check
// Live play's parts, shipped apart from the page and loaded only when live
// play starts (or as soon as an invite is seen: fetchEarly()): its Python
// (live/livepy.zip, unpacked beside page/), its words (live/lang/) and its
// style sheet (live.css). Each is fetched once; a failure is tried again the
// next time it is asked for.

import { addWords, language, ready as wordsReady } from "../i18n.js";
import { call } from "../generated/bridge.js";
import { h } from "../dom.js";

/** Where the build puts what only live play loads (dist/live/). */
export const LIVE = new URL("../../../../live/", import.meta.url);

/** @type {Promise<void> | null} */
let loading = null;
/** live.css in the page, once. @type {Promise<void> | null} */
let styled = null;
/** live/livepy.zip's bytes, fetched once. @type {Promise<Uint8Array> | null} */
let zipped = null;
/** @type {Map<string, Promise<Record<string, string>>>} */
const words = new Map();

/**
 * Live play's words and Python, fetched once.
 * @returns {Promise<void>}
 */
export function loadLivePlay() {
  if (!loading) {
    loading = (async () => {
      const python = livePython(); // on its way while the words come
      python.catch(() => {}); // said below, once awaited
      const style = liveStyle();
      await addWords(liveWords);
      performance.mark("live:words");
      const bytes = await python;
      performance.mark("live:zip");
      let binary = "";
      for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
      if (!(await call("addPart", "live", btoa(binary)))) throw new Error("live Python did not unpack");
      performance.mark("live:python");
      await style;
    })().catch((error) => {
      loading = null;
      throw error;
    });
  }
  return loading;
}

/**
 * An invite in the address, before Python has started: live play's Python,
 * words and style on their way now, and its Python unpacked as soon as Python
 * is up, before the first frame is painted.
 */
export function fetchEarly() {
  livePython().catch(() => {}); // tried again, and said, when live play starts
  liveStyle();
  wordsReady.then(() => liveWords(language())).catch(() => {});
  addEventListener("mykerinos:ready", () => loadLivePlay().catch(() => {}), { once: true });
}

/**
 * Live play's style sheet (live.css) in the page, loaded once (a failure
 * leaves the page's own style: live play still works, plainer; it is tried
 * again next time).
 * @returns {Promise<void>}
 */
function liveStyle() {
  styled ??= new Promise((resolve) => {
    const link = h("link", { rel: "stylesheet", href: new URL("./live.css", import.meta.url).href });
    link.addEventListener("load", () => resolve());
    link.addEventListener("error", () => {
      link.remove();
      styled = null;
      resolve();
    });
    document.head.append(link);
  });
  return styled;
}

/**
 * Live play's words in a language (fetched once; a failed fetch is tried again next time).
 * @param {string} lang
 */
function liveWords(lang) {
  let got = words.get(lang);
  if (!got) {
    got = fetch(new URL(`lang/${lang}.json`, LIVE)).then((answer) => {
      if (!answer.ok) throw new Error(`live words: HTTP ${answer.status}`);
      return answer.json();
    });
    got.catch(() => words.delete(lang));
    words.set(lang, got);
  }
  return got;
}

/** live/livepy.zip's bytes (fetched once; a failed fetch is tried again next time). */
function livePython() {
  if (!zipped) {
    zipped = fetch(new URL("livepy.zip", LIVE))
      .then(async (answer) => {
        if (!answer.ok) throw new Error(`live Python: HTTP ${answer.status}`);
        return new Uint8Array(await answer.arrayBuffer());
      })
      .catch((error) => {
        zipped = null;
        throw error;
      });
  }
  return zipped;
}
