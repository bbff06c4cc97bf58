// @ts-check
// Starts the page: makes the one store, wires the modules together (the Page
// object and the frame's actions), paints the board saved on this device
// while Python starts in its worker (a tap on it is shown pressed at once and
// answered once Python is ready, in order), draws the first view once Python
// is ready (the "mykerinos:ready" event of web/front/js/engine.js) and sends
// every click back to Python. Every call into Python is a promise: its answer
// is drawn when it comes.

import { hasCatalogue, language, ready as wordsReady, setLanguage, t } from "./i18n.js";
import { api, page as win } from "./api.js";
import { call } from "./generated/bridge.js";
import { reread } from "./engine.js";
import { askHint, pumpBots, retryBots } from "./bots.js";
import { drawSave, importGame, notice, openNewGame } from "./dialogs.js";
import { $, reasonOf } from "./dom.js";
import { buildFrame, parts } from "./frame.js";
import { announce, drawFooter, explain, onFocusExplain, toggleExplain, withTip } from "./help.js";
import { afterDraw, beforeDraw, installKeyboard } from "./keyboard.js";
import { startLesson } from "./lesson.js";
import { createRenderer } from "./render.js";
import { drawBotStatus } from "./status.js";
import { anyKey, load, savedView, watchTabs } from "./saves.js";
import { hasLink, openLink, shareGame, watchLinks } from "./links.js";
import { createStore, latest } from "./store.js";
import { createHooks, shown } from "./hooks.js";
import { SIDEWAYS, phoneLayout } from "./phone.js";
import { afterPaint, whenIdle } from "./tasks.js";
import { coverOver, keepPaint, noteDrawn, takePrepaint } from "./prepaint.js";
import { KEY_HOSTING, KEY_SLOT as SLOT, KEY_TURNS, LIVE_MARK, TURNS_MARK } from "./generated/shared.js";

/** @typedef {import("./generated/view.js").View} View */
/** @typedef {import("./store.js").Page} Page */
/** @typedef {import("./frame.js").Actions} Actions */

// Narrow screens get the region's tight geometry; short ones held sideways, the
// region turned on its side.
const NARROW = matchMedia("(max-width: 600px)");

/** The region's geometry for this screen: [tight, turned] (store.js). */
function regionShape() {
  return /** @type {[boolean, boolean]} */ ([NARROW.matches || SIDEWAYS.matches, SIDEWAYS.matches]);
}

/**
 * A module loaded when it is needed. If its fetch fails (a connection cut
 * short), it is asked for once more, under its address with a query: Chromium
 * would fetch it again under the same one, but Firefox keeps a module's failure
 * for its address; hosts and the service worker serve the file whatever the query.
 * @template T
 * @param {() => Promise<T>} load  the module's import (written out: the build
 *   and tests/test_js_structure.py follow the page's imports by their text)
 * @param {string} path  its address, relative to this module
 * @returns {() => Promise<T>}
 */
const twice = (load, path) => () =>
  load().catch(() => /** @type {Promise<T>} */ (import(new URL(`${path}?again`, import.meta.url).href)));
/** Live play's modules (live/), loaded only when it starts: the page's one way in. */
const livePlay = twice(() => import("./live/live.js"), "./live/live.js");
/** Play by turns (turns/), loaded when a device sits at a table or is invited to one. */
const byTurns = twice(() => import("./turns/turns.js"), "./turns/turns.js");

export function start() {
  const store = createStore(...regionShape());
  let booted = false;
  /** @type {ReturnType<typeof watchTabs> | null} */
  let tabs = null;

  const hooks = createHooks();
  /** @type {Page} */
  const page = {
    store,
    show: (view) => {
      renderer.show(view);
      shown(hooks, view);
    },
    hooks,
    redraw: () => renderer.redraw(),
    notice,
    botStatus: () => {
      // Drawn only when it changed, like the view's parts (its button keeps focus).
      const { failed, thinking } = store.bots;
      const key = JSON.stringify([failed, thinking]);
      if (store.drawn.get("bots") === key) return;
      drawBotStatus($("#bot-status"), store.bots, () => retryBots(page));
      store.drawn.set("bots", key);
    },
  };

  /** @param {string} target */
  const play = (target) => {
    if (!api()) return;
    if (store.explaining) explain(document.querySelector(`[data-target="${CSS.escape(target)}"]`));
    else call("click", target).then(page.show, failed);
  };
  const keyboard = installKeyboard(play);
  const phone = phoneLayout(() => store.view);

  /** @type {Actions} */
  const actions = {
    newGame: () => openNewGame(latest(store)),
    importGame: (event) => importGame(page, event),
    toggleExplain: () => toggleExplain(store),
    changeLanguage: (code) => changeLanguage(code),
    askHint: () => askHint(page),
    share: () => shareGame(page),
    learn: (id) => startLesson(page, id),
    hostLive: (friends) => livePlay().then((live) => live.hostLive(page, friends)),
    hostTurns: (friends) => byTurns().then((turns) => turns.hostTurns(page, friends)),
  };
  const renderer = createRenderer(store, parts(page, actions), {
    before: beforeDraw,
    after: (before, view) => {
      if (!booted) return; // the saved board, painted before Python runs: nothing acts
      noteDrawn();
      drawSave(page, view);
      if (tabs) tabs.announce(view);
      announce(store, view);
      afterDraw(keyboard, before, view);
      phone(view);
      pumpBots(page);
      page.botStatus();
    },
  });

  /**
   * Every word on the page in another language: Python's (prompts, log,
   * labels) and ours; the game itself is untouched.
   * @param {string} code
   */
  async function changeLanguage(code) {
    try {
      await setLanguage(code);
    } catch (error) {
      notice(reasonOf(error));
      return;
    }
    /** @type {View} */
    const view = await call("setLanguage", code);
    store.explaining = false;
    document.body.classList.remove("explaining");
    buildFrame(page, view, actions);
    drawFooter(store);
    store.spoken = { game: null, lines: 0 };
    renderer.reset();
    renderer.draw(view);
    const select = $("#language");
    if (select) select.focus();
  }

  /**
   * A tap is answered twice: the next frame shows what was pressed (at once,
   * whatever Python and the drawing then take: a phone's processor needs a
   * tenth of a second or more for those), and the frame after Python's
   * answer shows what the tap did. Taps that come in between wait their turn,
   * in order.
   * @type {{el: Element, target: string}[]}
   */
  const taps = [];
  /**
   * @param {Element} el
   * @param {string} target
   */
  function tap(el, target) {
    el.classList.add("pressed");
    taps.push({ el, target });
    if (taps.length === 1) afterPaint(answerTaps);
  }
  function answerTaps() {
    if (!booted) return; // the saved board: answered once Python is ready
    for (const { el, target } of taps.splice(0)) {
      call("click", target).then(
        (view) => {
          el.classList.remove("pressed");
          page.show(view);
        },
        (error) => {
          el.classList.remove("pressed");
          failed(error);
        },
      );
    }
  }

  /**
   * Every call into Python, whoever makes it (a computer's move, live play's
   * messages, another tab, a measurement), answers the taps still waiting for
   * their frame first: Python takes the taps and everything else in the order
   * they came, as if each tap had been answered at once.
   */
  function tapsFirst() {
    const python = api();
    if (!python) return;
    const call = python.call;
    python.call = (/** @type {string} */ name, /** @type {string} */ args) => {
      if (taps.length) answerTaps();
      return call(name, args);
    };
  }

  // One listener for every board, button and card click (installed once: the
  // frame is rebuilt when the language changes).
  let listening = false;
  function installListeners() {
    const app = $("#app");
    if (!app || listening) return;
    listening = true;
    // The saved board while Python starts: a tap on the board or the action
    // bar waits for Python (shown pressed); nothing else acts yet.
    app.addEventListener(
      "click",
      (event) => {
        const el = event.target instanceof Element ? event.target : null;
        if (!store.starting || el?.closest("[data-target]")) return;
        event.preventDefault();
        event.stopPropagation();
      },
      true,
    );
    // Explain mode: a tap on anything that has a tooltip shows it instead of
    // acting (caught first, so that no button acts either); the menu still works.
    app.addEventListener(
      "click",
      (event) => {
        const el = event.target instanceof Element ? event.target : null;
        if (!store.explaining || !el || el.closest(".menu, dialog, #notice")) return;
        const shown = el.closest("[data-target]") || withTip(el);
        if (!shown) return;
        event.preventDefault();
        event.stopPropagation();
        explain(shown);
      },
      true,
    );
    app.addEventListener("click", (event) => {
      const el = event.target instanceof Element ? event.target.closest("[data-target]") : null;
      if (!(el instanceof HTMLElement || el instanceof SVGElement) || !app.contains(el)) return;
      const target = el.dataset.target;
      if (target === undefined) return;
      event.preventDefault();
      tap(el, target);
    });
    addEventListener("focusin", onFocusExplain);
    const reshape = () => {
      [store.tight, store.turned] = regionShape();
      if (store.view) renderer.show(store.view);
    };
    NARROW.addEventListener("change", reshape);
    SIDEWAYS.addEventListener("change", reshape);
  }

  // Once Python is ready (web/front/js/engine.js's "mykerinos:ready") and the
  // page's words have arrived: the first view, then what the address asks for.
  async function boot() {
    if (booted) return;
    if (!hasCatalogue()) await wordsReady; // they normally arrive long before Python
    if (booted) return;
    booted = true;
    const first = await call("startup", language());
    tapsFirst();
    performance.mark("mykerinos:startup");
    store.python = first.python || store.python;
    // The saved board's frame stays when it was painted: only the parts that
    // differ from it are drawn again. The frame index.html put back is
    // markup only: it stays on top while the real one is drawn beneath it.
    const painted = store.starting && !prepainted;
    endPreview();
    const app = $("#app");
    const cover = prepainted && app ? coverOver(app) : null;
    if (painted) $("#starting")?.remove();
    else {
      buildFrame(page, first.view, actions);
      renderer.reset();
      cover?.lay();
    }
    installListeners();
    tabs = watchTabs(
      () => latest(store),
      (id) => {
        reread(`${SLOT}${id}`);
        call("sync").then(page.show, failed);
      },
    );
    drawFooter(store);
    // Drawn a frame's share at a time (no long task on a phone); a view
    // shown meanwhile (a tap on the saved board answered) draws the rest.
    await renderer.drawInSteps(first.view, () => store.view === first.view && !store.queued);
    cover?.lift();
    performance.mark("mykerinos:drawn");
    // Taps on the saved board while Python started, in order.
    if (taps.length) answerTaps();
    // The computer players are loaded in idle time: loading them is too long a
    // task to run in the frame of a computer's first move on a phone.
    whenIdle(() => call("prepareThinking"));
    if (first.notice) notice(first.notice);
    // A game in the address (a shared link) comes before the new-game dialog.
    // An invite to a live game: live play loads and joins its room.
    // A table by turns: its invite or a "your turn" link, or the tables this device sits at.
    if (location.hash.startsWith(LIVE_MARK)) livePlay().then((live) => live.joinLive(page));
    else if (location.hash.startsWith(TURNS_MARK)) byTurns().then((turns) => turns.joinTurns(page));
    else if (!(hasLink() && (await openLink(page))) && first.newGame) openNewGame(first.view);
    else if (load(KEY_HOSTING)) livePlay().then((live) => live.reopenLive(page, first.view));
    if (!location.hash.startsWith(TURNS_MARK) && anyKey(KEY_TURNS))
      byTurns().then((turns) => turns.startTurns(page, first.view));
    watchLinks(page);
    // Ready: the board, and the dialog or the link the start asked for.
    document.body.dataset.ready = "1";
  }

  /**
   * A call into Python failed (a bug: Python refuses only calls the page
   * should never make): said on the console, the page left as it was.
   * @param {unknown} error
   */
  function failed(error) {
    console.error("Mykerinos:", error);
  }

  /**
   * The board saved on this device, painted before Python has started (about
   * 0.1 s after navigation instead of seconds): the frame as it was, every
   * control inert and dimmed, a quiet line saying the rules engine is starting.
   */
  function paintSaved() {
    if (!booted && !hasCatalogue()) {
      wordsReady.then(paintSaved);
      return;
    }
    paintSavedNow();
    win.mykerinosPainted = true;
    dispatchEvent(new Event("mykerinos:painted"));
  }

  function paintSavedNow() {
    if (booted) return;
    const view = savedView();
    const app = $("#app");
    if (!view || !app) return;
    // A view this page cannot draw: the loading screen stays.
    const unpaint = () => {
      if (booted) return;
      endPreview();
      app.replaceChildren();
      const loader = $("#loader");
      if (loader) loader.hidden = false;
    };
    try {
      buildFrame(page, view, actions);
      store.starting = true;
      document.body.dataset.preview = "1";
      installListeners();
      app.prepend(
        Object.assign(document.createElement("p"), {
          id: "starting",
          className: "starting",
          textContent: t("engine.starting"),
        }),
      );
      renderer.reset();
      const loader = $("#loader");
      if (loader) loader.hidden = true;
      // Part by part, a frame's share at a time: no long task on a phone.
      renderer.drawInSteps(view, () => !booted).catch(unpaint);
    } catch {
      unpaint();
    }
  }

  function endPreview() {
    store.starting = false;
    delete document.body.dataset.preview;
    delete document.body.dataset.prepainted;
  }

  win.mykerinosUI = {
    draw: (view) => renderer.show(view),
    // For measurements: one {level, ms, at} per computer move (request at `at`, answered ms later).
    botStats: () =>
      store.bots.stats.map(({ level, ms, iterations, searchMs, at, outcome }) => ({
        level,
        ms,
        iterations,
        searchMs,
        at,
        outcome,
      })),
  };

  // The frame as it is shown, kept for the next visit's first paint
  // (web/front/js/prepaint.js) whenever the page is hidden.
  const keep = () => {
    if (booted && !store.starting && document.body.dataset.ready === "1") keepPaint(store.view, t("engine.starting"));
  };
  addEventListener("pagehide", keep);
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "hidden") keep();
  });

  // The frame index.html put back (a return visit): inert until Python is
  // ready, its taps answered then, in order.
  const early = api()?.ready ? null : takePrepaint();
  const prepainted = early !== null;
  if (early) {
    store.starting = true;
    installListeners();
    taps.push(...early);
    win.mykerinosPainted = true;
    dispatchEvent(new Event("mykerinos:painted"));
  }

  if (api()?.ready) boot();
  else {
    if (!prepainted) paintSaved();
    addEventListener("mykerinos:ready", () => boot());
  }
}
