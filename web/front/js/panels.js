// @ts-check
// The panels around the board: season line, passing scale, players, the
// Nile's bar and the log.

import { t } from "./i18n.js";
import { fill, h, memo, s } from "./dom.js";
import { boatIcon, boatWords, patronName, patronTip, seatIcon, sideOf, tokenChip } from "./pieces.js";
import { PERSON } from "./generated/shared.js";

/** @typedef {import("./generated/view.js").View} View */
/** @typedef {import("./generated/view.js").Player} Player */
/** @typedef {import("./generated/view.js").HandGroup} HandGroup */

/**
 * The season and phase, at the top.
 * @param {HTMLElement} box
 * @param {View} view
 */
export function drawSeason(box, view) {
  fill(
    box,
    h("span", { class: "season", text: view.final ? t("end.final") : t("season.of", { season: view.season }) }),
    view.final ? null : h("span", { class: "phase", text: view.phase_name }),
  );
}

/**
 * The passing scale: who passed in which order.
 * @param {View} view
 */
export function drawScale(view) {
  const box = h("div", { class: "scale", role: "list", "aria-label": t("scale.title") });
  view.scale.forEach((who, i) => {
    const side = sideOf(view, who);
    const space = h(
      "div",
      {
        class: `scale-space${side ? " taken" : ""}`,
        role: "listitem",
        title: t("scale.space", { n: i + 1, who: side ? side.name : t("scale.free") }),
      },
      h("span", { class: "scale-num", text: String(i + 1) }),
    );
    if (side) {
      space.append(seatIcon(side, 24));
      space.append(h("span", { class: "scale-name", text: side.name }));
    } else {
      space.append(h("span", { class: "scale-name free", text: t("scale.free") }));
    }
    box.append(space);
  });
  return box;
}

/**
 * One player's cards, patron by patron.
 * @param {HandGroup[]} groups
 */
function drawHand(groups) {
  const cards = h("div", { class: "hand" });
  if (!groups.length) cards.append(h("span", { class: "none", text: t("player.no_cards") }));
  for (const group of groups) {
    const key = group.patron || "none";
    const row = h("div", { class: "pg-cards" });
    for (const c of group.cards) {
      row.append(
        h(
          "span",
          {
            class: `mini p-${key}${c.tilted ? " tilted" : ""}`,
            title: (c.tilted ? t("card.tilted_title", { card: c.label }) : c.label) + patronTip(c.patron),
            "aria-label": c.tilted ? t("card.tilted_label", { card: c.label }) : c.label,
          },
          h("b", { text: `${c.abbr} ${c.value}` }),
          c.tilted ? h("small", { text: t("card.tilted") }) : null,
        ),
      );
    }
    cards.append(
      h(
        "div",
        { class: "patron-group" },
        h("span", {
          class: `pg-name p-${key}`,
          title: group.patron ? t(`patron.${group.patron}.help`) : null,
          text: patronName(group.patron),
        }),
        row,
      ),
    );
  }
  return cards;
}

/**
 * A player's Nile tokens and boats.
 * @param {View} view
 * @param {Player} p
 */
function drawNileHoldings(view, p) {
  const side = sideOf(view, p.index);
  const tokens = h(
    "span",
    {
      class: "tokens",
      role: "img",
      title: t("player.tokens_title", { n: p.tokens }),
      "aria-label": t("player.tokens_title", { n: p.tokens }),
    },
    h("span", { class: "x-label", text: t("player.tokens") }),
  );
  const width = Math.max(p.tokens, 1) * 22;
  const chips = s("svg", { width, height: 22, viewBox: `0 0 ${width} 22`, "aria-hidden": "true" });
  if (side) for (let i = 0; i < p.tokens; i++) chips.append(tokenChip(side, 11 + i * 22, 11, 10));
  tokens.append(p.tokens ? chips : h("span", { class: "none", text: t("player.none") }));
  const boats = h("span", { class: "boats" }, h("span", { class: "x-label", text: t("player.boats") }));
  if (!p.boats.length) boats.append(h("span", { class: "none", text: t("player.none") }));
  for (const b of p.boats) {
    const words = boatWords(b);
    boats.append(
      h(
        "span",
        {
          class: "boat-held",
          role: "img",
          title: t("boat.title", { boat: words.name, help: words.help }),
          "aria-label": words.name,
        },
        boatIcon(b, 22),
      ),
    );
  }
  return h("div", { class: "extras" }, tokens, boats);
}

/**
 * Every player's panel, and the neutral's in a 2-player game.
 * @param {View} view
 */
export function drawPlayers(view) {
  const list = [];
  for (const p of view.players) {
    const from = JSON.stringify([p, !!view.neutral, view.nile, !!view.final, !!view.bot_to_move]);
    list.push(memo(from, () => drawPlayer(view, p)));
  }
  const n = view.neutral ? sideOf(view, "neutral") : null;
  if (view.neutral && n) {
    list.push(
      h(
        "article",
        { class: `player neutral c-${n.colour}` },
        h("header", {}, seatIcon(n, 30), h("span", { class: "pname", text: t("side.neutral") })),
        h(
          "dl",
          { class: "stats" },
          h(
            "div",
            { title: t("neutral.supply_title") },
            h("dt", { text: t("player.supply") }),
            h("dd", { text: String(view.neutral.supply) }),
          ),
        ),
      ),
    );
  }
  return list;
}

/**
 * One player's panel: its header, figures, Nile holdings and hand, each drawn
 * again only when what it shows changed (a move changes one or two of them).
 * @param {View} view
 * @param {Player} p
 */
function drawPlayer(view, p) {
  const side = sideOf(view, p.index);
  const classes = ["player", `c-${p.colour}`];
  const bot = p.seat !== PERSON;
  const thinking = p.to_move && !view.final && bot && !!view.bot_to_move;
  const toPlay = p.to_move && !view.final;
  if (toPlay) classes.push("to-move");
  if (thinking) classes.push("thinking");
  const head = memo(JSON.stringify(["head", side, p.name, p.seat, p.first, thinking, toPlay]), () =>
    drawPlayerHead(p, side, bot, thinking, toPlay),
  );
  const figures = [p.score, p.cubes, view.neutral ? p.neutral_cubes : null, p.supply, p.passed];
  const stats = memo(JSON.stringify(["stats", figures]), () => drawStats(p, !!view.neutral));
  const extras = view.nile
    ? memo(JSON.stringify(["nile", side, p.tokens, p.boats]), () => drawNileHoldings(view, p))
    : null;
  const hand = memo(JSON.stringify(["hand", p.hand]), () => drawHand(p.hand));
  return h(
    "article",
    { class: classes.join(" "), "data-player": p.index, "data-seat": p.seat },
    head,
    stats,
    extras,
    hand,
  );
}

/**
 * A player's name, seat and turn.
 * @param {Player} p
 * @param {ReturnType<typeof sideOf>} side
 * @param {boolean} bot
 * @param {boolean} thinking
 * @param {boolean} toPlay
 */
function drawPlayerHead(p, side, bot, thinking, toPlay) {
  const head = h("header", {}, side ? seatIcon(side, 30) : null, h("span", { class: "pname", text: p.name }));
  if (bot) head.append(h("span", { class: "badge bot", title: t("player.bot_title"), text: t(`seat.${p.seat}`) }));
  if (p.first)
    head.append(h("span", { class: "badge first", title: t("player.first_title"), text: t("player.first") }));
  if (thinking) {
    head.append(
      h(
        "span",
        { class: "badge turn thinking", role: "status" },
        t("player.thinking"),
        h("span", { class: "dots", "aria-hidden": "true" }, "…"),
      ),
    );
  } else if (toPlay) {
    head.append(h("span", { class: "badge turn", text: t("player.to_play") }));
  }
  return head;
}

/**
 * A player's score, cubes, supply and pass.
 * @param {Player} p
 * @param {boolean} neutral  a 2-player game, with the neutral's cubes
 */
function drawStats(p, neutral) {
  const stats = h("dl", { class: "stats" });
  /** @param {string} label @param {string | number} value @param {string} [title] */
  const stat = (label, value, title) => {
    stats.append(h("div", { title: title || null }, h("dt", { text: label }), h("dd", { text: String(value) })));
  };
  stat(t("player.score"), p.score);
  stat(t("player.cubes"), p.cubes, t("player.cubes_title"));
  if (neutral) stat(t("player.neutral"), p.neutral_cubes, t("player.neutral_title"));
  stat(t("player.supply"), p.supply, t("player.supply_title"));
  stat(t("player.passed"), p.passed ? `#${p.passed}` : "—", t("player.passed_title"));
  return stats;
}

/**
 * Every player's score, cubes and supply on one line (shown on phones, in the
 * pinned turn panel, while the players' panels lie further down the page).
 * @param {View} view
 */
export function drawScores(view) {
  return view.players.map((p) => {
    const from = JSON.stringify([p.score, p.cubes, p.supply, p.to_move, p.name, p.colour, p.letter, p.shape]);
    return memo(from + !!view.final, () => drawScore(view, p));
  });
}

/**
 * One player's chip of drawScores.
 * @param {View} view
 * @param {Player} p
 */
function drawScore(view, p) {
  const side = sideOf(view, p.index);
  const classes = ["score-chip", `c-${p.colour}`];
  if (p.to_move && !view.final) classes.push("to-move");
  const said = t("scores.player", { name: p.name, score: p.score, cubes: p.cubes, supply: p.supply });
  return h(
    "li",
    { class: classes.join(" "), title: said },
    h("span", { class: "sr-only", text: said }),
    side ? seatIcon(side, 20) : null,
    h("b", { "aria-hidden": "true", text: String(p.score) }),
    h(
      "span",
      { class: "stock", "aria-hidden": "true" },
      h("small", { text: String(p.cubes) }),
      h("small", { text: String(p.supply) }),
    ),
  );
}

/**
 * The Nile, above the region: what it gives, and the boat on offer.
 * @param {View} view
 */
export function drawNileBar(view) {
  if (!view.nile) return null;
  const boat = view.boat_offer;
  let offer;
  if (boat) {
    const words = boatWords(boat);
    offer = h(
      "span",
      { id: "boat-offer", class: "boat-offer", title: t("boat.title", { boat: words.name, help: words.help }) },
      boatIcon(boat, 24),
      h(
        "span",
        {},
        t("nile.boat_offer"),
        " ",
        h("b", { text: words.name }),
        h("span", { class: "boat-help", text: ` (${words.help})` }),
      ),
    );
  } else {
    offer = h("span", {
      id: "boat-offer",
      class: "boat-offer none",
      text: t(view.last_season ? "nile.no_boat_last" : "nile.no_boat"),
    });
  }
  return [
    h("span", { class: "nile-title", text: t("nile.bar_title") }),
    h("span", { class: "nile-rule" }, h("span", { class: "river-swatch", "aria-hidden": "true" }), " ", t("nile.rule")),
    offer,
  ];
}

/** The lines each log element shows now (to touch only what changed). @type {WeakMap<HTMLElement, string[]>} */
const logShown = new WeakMap();

/**
 * The log, scrolled to its end. A move adds lines at the end: only those are
 * made (a game's log runs to hundreds of lines); lines that differ from the
 * ones shown (another game, language, a past position) are drawn again.
 * @param {HTMLElement} log
 * @param {string[]} lines
 */
export function drawLog(log, lines) {
  const shown = logShown.get(log) || [];
  let same = 0;
  if (log.children.length === shown.length) {
    const end = Math.min(shown.length, lines.length);
    while (same < end && shown[same] === lines[same]) same++;
  }
  if (same === 0) log.replaceChildren();
  while (log.children.length > same) log.lastElementChild?.remove();
  log.append(...lines.slice(same).map((line) => h("li", { text: line })));
  logShown.set(log, lines.slice());
  // Scrolled to its end once the frame is painted: scrollHeight read here would
  // lay the whole page out in the middle of drawing it.
  setTimeout(() => {
    log.scrollTop = log.scrollHeight;
  });
}
