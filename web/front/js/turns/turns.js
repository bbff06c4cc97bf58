// @ts-check
// Play by turns, the way in: a new table for the game on screen (hostTurns), an
// invite or a "your turn" link opened (joinTurns), and the tables this device
// sits at, fetched from the relays when the page opens (startTurns). The table
// on screen follows the relays (the others' moves appear as they come) and,
// after each view the page shows, this device's new decisions are signed and
// published (sync.js). Loaded only on a device that sits at a table or opens
// an invite (web/front/js/boot.js).

import { t } from "../i18n.js";
import { call } from "../generated/bridge.js";
import { PERSON, TURNS_MARK } from "../generated/shared.js";
import { notice } from "../dialogs.js";
import { loadConfig } from "../live/transport.js";
import { publicOf, seatKey, signEntry } from "./log.js";
import { drawPanel, pickSeat, showTableLink } from "./panel.js";
import { follow } from "./relays.js";
import { b64, newTable, SECRET_SHAPE, TABLE_SHAPE, unb64 } from "./secret.js";
import { consider, fetchTables, filterOf, fromEvent, keys, readGame, send, signNew } from "./sync.js";
import { allTables, loadTable, saveTable } from "./tables.js";

/**
 * @typedef {import("../store.js").Page} Page
 * @typedef {import("./tables.js").Held} Held
 * @typedef {import("./sync.js").Outcome} Outcome
 * @typedef {import("./panel.js").Shown} Shown
 */

/** The table on screen and what stops following it. @type {{held: Held, stop: () => void} | null} */
let open = null;
/** The last word said on the panel. */
let word = "";
/** Work on the tables, one thing at a time. @type {Promise<unknown>} */
let chain = Promise.resolve();
/** @type {Promise<string[]> | null} */
let relaysOf = null;
let hooked = false;
// Jobs queued or running, on body[data-turns-busy]: "0" once the relays have
// been asked and every decision made here signed (the tests wait for it).
let busy = 0;

/**
 * One job after the others; a job that fails (the relays, the page closing
 * under it) is said on the console and the next one runs.
 * @param {() => Promise<unknown>} job
 */
function queue(job) {
  document.body.dataset.turnsBusy = String(++busy);
  chain = chain
    .then(job)
    .catch((error) => console.warn("Mykerinos: by turns", error))
    .finally(() => {
      document.body.dataset.turnsBusy = String(--busy);
    });
  return chain;
}

/** The relays of live play's configuration (config.json). */
function relays() {
  relaysOf ??= loadConfig().then((config) => config.relays);
  relaysOf.catch(() => {
    relaysOf = null;
  });
  return relaysOf;
}

/** The words for an outcome that refuses or adopts (none for a version already held). @param {Outcome} outcome */
function wordOf(outcome) {
  return outcome === "same" || outcome === "taken" ? "" : t(`turns.${outcome}`);
}

/**
 * A table as the panel shows it, in the rules' words.
 * @param {Held} held
 * @returns {Promise<Shown | null>}
 */
async function shown(held) {
  if (!held.payload) return null;
  const read = await readGame(held.payload.game);
  if (!read.ok || !read.players || !read.seats) return null;
  const names = read.players.join(", ");
  const mover = read.toMove;
  const computer = mover !== null && mover !== undefined && read.seats[mover] !== PERSON;
  const mine =
    mover !== null && mover !== undefined && held.seats.length > 0 && (held.seats.includes(mover) || computer);
  let turn;
  if (read.over) turn = t("turns.over", { names });
  else if (mine) turn = t("turns.yours", { names });
  else turn = t("turns.theirs", { who: read.players[mover ?? 0], names });
  return { id: held.id, turn, mine, unsent: held.unsent };
}

/** The panel, drawn again. @param {Page} page */
async function redraw(page) {
  const tables = allTables();
  const all = (await Promise.all(tables.map(shown))).filter((s) => s !== null);
  const here = open ? (all.find((s) => s.id === open?.held.id) ?? null) : null;
  drawPanel(here, all, {
    word,
    invite: () => open && invite(open.held),
    tell: () => open && tell(open.held),
    keep: () => open?.held.signing && keep(open.held),
    open: (id) => {
      const held = loadTable(id);
      if (held) queue(() => show(page, held));
    },
  });
}

/** The invite's fragment (without "#"). @param {Held} held */
const inviteOf = (held) => `${TURNS_MARK.slice(1)}${held.id}.${held.secret}`;

/** @param {Held} held */
function invite(held) {
  showTableLink(inviteOf(held), { title: t("turns.invite_title"), text: t("turns.invite_text"), qr: true });
}

/** "Tell them it's their turn": a link that opens the table and carries the whole game. @param {Held} held */
function tell(held) {
  const game = b64(new TextEncoder().encode(JSON.stringify(held.payload)));
  const fragment = `${inviteOf(held)}~${game}`;
  showTableLink(fragment, { title: t("turns.tell"), text: t("turns.tell_text"), qr: false });
}

/** The seat's own link: the invite and the seat's private key, to take the seat back on a device that lost it. @param {Held} held */
function keep(held) {
  showTableLink(`${inviteOf(held)}.${held.signing}`, { title: t("turns.keep"), text: t("turns.keep_text"), qr: false });
}

/**
 * Publish the version held (a version no relay stored stays unsent).
 * @param {Page} page
 * @param {Held} held
 */
async function publishNow(page, held) {
  if (!navigator.onLine) return;
  try {
    const answer = await send(held, await relays());
    if (!answer.stored) console.warn("Mykerinos: no relay stored the game", answer.failed);
  } catch (error) {
    console.warn("Mykerinos: the game could not be sent", error);
  }
  await redraw(page);
}

/**
 * The table's game on screen, this device playing its seats; the relays
 * followed for the others' moves.
 * @param {Page} page
 * @param {Held} held
 */
async function show(page, held) {
  if (!held.payload) return;
  const view = await call("turnsOpen", held.payload.game, held.seats, held.id);
  if (open?.held.id !== held.id) {
    open?.stop();
    const k = await keys(held);
    const stop = follow(await relays(), [{ ...filterOf(k.author, k.tag), since: held.seen ?? 0 }], (event) => {
      queue(() => came(page, held, () => fromEvent(held, event)));
    });
    open = { held, stop };
  } else open.held = held;
  page.show(view);
  await redraw(page);
}

/**
 * A version came for the table: adopted (and shown), or refused with why.
 * @param {Page} page
 * @param {Held} held
 * @param {() => Promise<Outcome>} weigh
 */
async function came(page, held, weigh) {
  const before = held.payload?.log ?? [];
  const outcome = await weigh();
  if (outcome === "same") return;
  // This device's own version, set aside for the winner, come back from a
  // relay: the winner is published again, and what was said stays.
  if (outcome !== "set-aside") word = wordOf(outcome);
  if ((outcome === "taken" || outcome === "won") && open?.held.id === held.id) await show(page, held);
  else if (outcome === "lost" || outcome === "set-aside")
    await publishNow(page, held); // the others take the winner
  else await redraw(page);
  if (outcome === "won" && (await retake(page, held, before))) {
    word = "";
    await redraw(page);
    return;
  }
  if (outcome === "won" && held.key && !held.seats.length) askSeat(page, held, t("turns.seat_lost"));
}

/**
 * The seat picker for a table this device does not play yet.
 * @param {Page} page
 * @param {Held} held
 * @param {string} said
 */
async function askSeat(page, held, said) {
  if (!held.payload) return;
  const read = await readGame(held.payload.game);
  if (!read.ok || !read.seats || !read.players) return;
  const taken = new Set(held.payload.log.flatMap((s) => (s.e?.[0] === "take" ? [s.e[1]] : [])));
  const free = read.seats.flatMap((kind, seat) =>
    kind === PERSON && !taken.has(seat) ? [{ seat, name: read.players?.[seat] ?? "" }] : [],
  );
  pickSeat(free, said, (seat, name) => queue(() => take(page, held, seat, name)));
}

/**
 * A free seat taken under a name, in the version held: a key made on this
 * device for it (unless it has one), the take signed with it, the game renamed,
 * marked unsent. False when the rules refuse the name or the seat.
 * @param {Held} held
 * @param {number} seat
 * @param {string} name
 */
async function signTake(held, seat, name) {
  if (!held.payload) return false;
  if (!held.key || !held.signing)
    Object.assign(held, await seatKey().then((k) => ({ key: k.key, signing: k.signing })));
  const renamed = await call("turnsRename", held.payload.game, seat, name);
  if (!renamed.ok || !renamed.code || renamed.name === undefined || !held.key || !held.signing) return false;
  const log = [
    ...held.payload.log,
    await signEntry(held.id, held.payload.log, ["take", seat, renamed.name, held.key], held.signing),
  ];
  held.payload = { ...held.payload, game: renamed.code, log };
  held.seats = [...held.seats, seat].sort((a, b) => a - b);
  held.unsent = true;
  saveTable(held);
  return true;
}

/**
 * Take a free seat under a name, shown and published.
 * @param {Page} page
 * @param {Held} held
 * @param {number} seat
 * @param {string} name
 */
async function take(page, held, seat, name) {
  if (!(await signTake(held, seat, name))) return;
  await show(page, held);
  await publishNow(page, held);
}

/**
 * A version that won over the one held set aside this device's take of a seat
 * (the take was not sent yet, the page closed at once, and another device
 * played on without it): the seats this device's key took there and nobody
 * holds in the version taken are taken again, under the same names, with the
 * same key. A take of a free seat conflicts with no other device's decision.
 * @param {Page} page
 * @param {Held} held
 * @param {import("./log.js").Signed[]} before  the log held before the winner came
 */
async function retake(page, held, before) {
  if (!held.payload || !held.key) return false;
  const taken = new Set(held.payload.log.flatMap((s) => (s.e?.[0] === "take" ? [s.e[1]] : [])));
  const again = before.flatMap((s) =>
    s.e?.[0] === "take" && s.e[3] === held.key && !taken.has(s.e[1]) ? [[Number(s.e[1]), String(s.e[2])]] : [],
  );
  let took = false;
  for (const [seat, name] of again) took = (await signTake(held, Number(seat), String(name))) || took;
  if (!took) return false;
  if (open?.held.id === held.id) await show(page, held);
  await publishNow(page, held);
  return true;
}

/**
 * After each view the page shows: the table's game moved on here? Sign and send.
 * @param {Page} page
 * @param {import("../generated/view.js").View} view
 */
function afterShown(page, view) {
  const held = open?.held;
  if (!held || view.save?.id !== held.id) return;
  queue(async () => {
    const link = await call("shareLink");
    if (!link.ok || !link.code) return;
    if (await signNew(held, link.code.slice(link.code.indexOf("=") + 1))) {
      word = "";
      await redraw(page);
      await publishNow(page, held);
    }
  });
}

/** Once per page: the hook after each view, and sending what waited for the network. @param {Page} page */
function hook(page) {
  if (hooked) return;
  hooked = true;
  page.hooks.shown.add((view) => afterShown(page, view));
  addEventListener("online", () => {
    for (const held of allTables()) if (held.unsent) queue(() => publishNow(page, held));
  });
}

/**
 * A seat link opened on a device that lost its storage: the seats taken with
 * that key are this device's again.
 * @param {Held} held
 * @param {string} signing
 */
async function seatBack(held, signing) {
  let key;
  try {
    key = await publicOf(signing);
  } catch {
    word = t("turns.bad_invite");
    return;
  }
  const seats = (held.payload?.log ?? []).flatMap((s) => (s.e?.[0] === "take" && s.e[3] === key ? [s.e[1]] : []));
  if (!seats.length) return;
  Object.assign(held, { key, signing, seats: seats.map(Number) });
}

/**
 * A new game left these seats for friends by turns: a table for it, this
 * device in every other person's seat, and the invite.
 * @param {Page} page
 * @param {number[]} friends
 */
export function hostTurns(page, friends) {
  hook(page);
  return queue(async () => {
    const link = await call("shareLink");
    if (!link.ok || !link.code) {
      notice(link.error ?? t("turns.cannot"));
      return;
    }
    const code = link.code.slice(link.code.indexOf("=") + 1);
    const read = await readGame(code);
    if (!read.ok || !read.seats || !read.deal || !read.players) return;
    const { id, secret } = newTable();
    const { key, signing } = await seatKey();
    const seats = read.seats.flatMap((kind, seat) => (kind === PERSON && !friends.includes(seat) ? [seat] : []));
    /** @type {import("./log.js").Signed[]} */
    const log = [];
    log.push(await signEntry(id, log, ["open", read.deal, read.seats, key], signing));
    for (const seat of seats) log.push(await signEntry(id, log, ["take", seat, read.players[seat], key], signing));
    /** @type {Held} */
    const held = {
      id,
      secret,
      seats,
      key,
      signing,
      payload: { v: 1, table: id, game: code, log },
      unsent: true,
      published: 0,
    };
    saveTable(held);
    await show(page, held);
    invite(held);
    await publishNow(page, held);
  });
}

/**
 * An invite or a "your turn" link in the address: the table's game from the
 * link and the relays, then the seat picker (or the game, for a seat held).
 * @param {Page} page
 */
export function joinTurns(page) {
  hook(page);
  const [head, game] = location.hash.slice(TURNS_MARK.length).split("~");
  const [id, secret, signing] = head.split(".");
  history.replaceState(history.state, "", location.pathname + location.search);
  if (!TABLE_SHAPE.test(id ?? "") || !SECRET_SHAPE.test(secret ?? "")) {
    notice(t("turns.bad_invite"));
    return startTurns(page);
  }
  return queue(async () => {
    const held = loadTable(id) ?? {
      id,
      secret,
      seats: [],
      key: null,
      signing: null,
      payload: null,
      unsent: false,
      published: 0,
    };
    if (held.secret !== secret) {
      notice(t("turns.bad_invite"));
      return;
    }
    if (game) {
      let payload = null;
      try {
        payload = JSON.parse(new TextDecoder().decode(unb64(game)));
      } catch {
        word = t("turns.tampered");
      }
      if (payload) {
        const outcome = await consider(held, payload);
        if (outcome !== "same" && outcome !== "older") word = wordOf(outcome);
      }
    }
    const outcomes = (await fetchTables([held], await relays())).get(id) ?? [];
    const refused = outcomes.find((o) => o !== "same" && o !== "taken" && o !== "older");
    if (refused) word = wordOf(refused);
    if (!held.payload) {
      notice(t("turns.not_found"));
      return;
    }
    if (signing && !held.seats.length) await seatBack(held, signing);
    saveTable(held);
    await show(page, held);
    if (!held.seats.length) await askSeat(page, held, "");
    else if (held.unsent || outcomes.every((o) => o !== "same")) await publishNow(page, held);
  });
}

/**
 * The page opened on a device that sits at tables: each fetched from the
 * relays (and the latest held published again), whose turn in each shown, and
 * the table of the game on screen opened.
 * @param {Page} page
 * @param {import("../generated/view.js").View} [view]  the first view
 */
export function startTurns(page, view) {
  hook(page);
  return queue(async () => {
    const tables = allTables();
    const here = tables.find((held) => held.id === view?.save?.id);
    if (here) await show(page, here);
    else await redraw(page);
    const before = new Map(tables.map((held) => [held.id, held.payload?.log ?? []]));
    let outcomes = new Map();
    try {
      outcomes = await fetchTables(tables, await relays());
    } catch (error) {
      console.warn("Mykerinos: the relays could not be asked", error);
    }
    for (const held of tables) {
      const got = outcomes.get(held.id) ?? [];
      // A take of this device's set aside, taken again: nothing to say.
      const retook = got.includes("won") && (await retake(page, held, before.get(held.id) ?? []));
      const refused = got.find(
        (/** @type {Outcome} */ o) => o === "tampered" || o === "wrong-seat" || (o === "won" && !retook),
      );
      if (refused && held.id === here?.id) word = wordOf(refused);
      if (held.id === open?.held.id && got.some((/** @type {Outcome} */ o) => o === "taken" || o === "won"))
        await show(page, held);
    }
    await redraw(page);
    // What this device holds, published again: a relay that forgot it has it back.
    for (const held of tables) if (held.payload) await publishNow(page, held);
  });
}
