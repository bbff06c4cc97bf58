// @ts-check
// Phones. The turn panel (the prompt, the actions, a line of every player's
// score and cubes) stays pinned to the screen's edge (style.css), and after
// each redraw that brings a new decision, the page scrolls, when it has to,
// so that every place the decision highlights on the board is in view beside
// that panel: smoothly, or at once when the device asks for less motion. The
// view says what is highlighted; nothing here knows the board.

/** @typedef {import("./generated/view.js").View} View */

/** The phone's layout: a narrow screen, or a short one held sideways (the same queries as style.css). */
export const PHONE = matchMedia("(max-width: 600px), (pointer: coarse) and (max-height: 500px)");
/** A short screen held sideways (style.css's query too): the region is drawn on its side. */
export const SIDEWAYS = matchMedia("(pointer: coarse) and (max-height: 500px) and (min-width: 601px)");
const STILL = matchMedia("(prefers-reduced-motion: reduce)");

// Room kept between what is brought into view and the screen's edges, in CSS pixels.
const MARGIN = 8;

/**
 * The pinned turn panel's height (--turn-h, the room the page leaves under
 * its end), kept up to date, and the page's answer to each redraw.
 * @param {() => View | null} shown  the view on screen
 * @returns {(view: View) => void}  call after each redraw
 */
export function phoneLayout(shown) {
  /** @type {HTMLElement | null} */
  let watched = null;
  let decision = "";
  let over = false;
  const sizes = new ResizeObserver(() => measure());

  /** The turn panel when it is pinned, or null. */
  function pinned() {
    const turn = document.getElementById("turn");
    return turn && PHONE.matches && getComputedStyle(turn).position === "fixed" ? turn : null;
  }

  let height = ""; // --turn-h as last set ("": none)

  /** Set --turn-h on #app when it changes only (not inherited, style.css: nothing else is styled again). */
  function measure() {
    const turn = pinned();
    const value = turn ? `${Math.ceil(turn.getBoundingClientRect().height)}px` : "";
    if (value === height) return;
    height = value;
    const app = document.getElementById("app");
    if (!app) return;
    if (value) app.style.setProperty("--turn-h", value);
    else app.style.removeProperty("--turn-h");
  }

  /** The part of the screen the board shows in: above a panel pinned across the bottom. */
  function band() {
    const box = pinned()?.getBoundingClientRect();
    const across = box && box.left < 1 && box.right > document.documentElement.clientWidth - 1;
    return { top: 0, bottom: box && across ? box.top : innerHeight };
  }

  /**
   * The box around these elements, in the window's coordinates.
   * @param {Element[]} els
   */
  function around(els) {
    let top = Infinity;
    let bottom = -Infinity;
    for (const el of els) {
      const box = el.getBoundingClientRect();
      top = Math.min(top, box.top);
      bottom = Math.max(bottom, box.bottom);
    }
    return { top, bottom };
  }

  /**
   * Scroll as little as needed to show these elements (from their top, when
   * they cannot all be shown at once).
   * @param {Element[]} els
   */
  function bring(els) {
    const { top, bottom } = around(els);
    const screen = band();
    const room = screen.bottom - screen.top;
    const margin = Math.max(0, Math.min(MARGIN, (room - (bottom - top)) / 2));
    let dy = 0;
    if (top < screen.top + margin || bottom - top > room) dy = top - screen.top - margin;
    else if (bottom > screen.bottom - margin) dy = bottom - screen.bottom + margin;
    if (Math.abs(dy) >= 1) scrollBy({ top: dy, behavior: STILL.matches ? "auto" : "smooth" });
  }

  /** @param {View} view */
  function follow(view) {
    const turn = document.getElementById("turn");
    if (turn !== watched) {
      sizes.disconnect();
      if (turn) sizes.observe(turn);
      watched = turn;
      measure();
    }
    if (!PHONE.matches) {
      decision = "";
      return;
    }
    // The game just ended: its final scores, at the top of the page.
    const ended = !!view.final && !view.review;
    if (ended && !over) {
      const end = document.getElementById("end-holder");
      if (end) bring([end]);
    }
    over = ended;
    const lit = Array.from(document.querySelectorAll('#app .layout [data-hl="1"]'));
    // The region's drawing (upright or on its side) is part of the decision's key: when the
    // screen is turned, the region drawn again is brought into view again.
    const turned = document.querySelector("#region.turned") ? "turned" : "upright";
    const key = `${view.stamp} ${turned} ${lit.map((el) => el.getAttribute("data-target")).join(" ")}`;
    if (!lit.length || key === decision) return;
    decision = key;
    // In a lesson, its banner too when both fit.
    const lesson = document.getElementById("lesson-box");
    if (lesson && !lesson.hidden) {
      const both = around([lesson, ...lit]);
      const screen = band();
      if (both.bottom - both.top <= screen.bottom - screen.top) {
        bring([lesson, ...lit]);
        return;
      }
    }
    bring(lit);
  }

  // A screen turned sideways or back: the decision on screen is brought into
  // view again (not on every resize: a phone's address bar coming and going
  // while the player scrolls resizes the window too).
  const again = () => {
    decision = "";
    measure();
    requestAnimationFrame(() => {
      const view = shown();
      if (view) follow(view);
    });
  };
  PHONE.addEventListener("change", again);
  matchMedia("(orientation: portrait)").addEventListener("change", again);

  return follow;
}
