// @ts-check
// The relays, spoken to directly (NIP-01 over WebSocket): publish an event to
// every relay, ask every relay for the latest events of some tables, and
// follow a table's event as it changes. A relay that is down, slow, refuses
// or forgets costs only time: each is asked on its own, and an answer from any
// one of them is enough. Nothing here reads a game: the events go to store.js.

/** @typedef {import("./nostr.js").NostrEvent} NostrEvent */
/** @typedef {{kinds: number[], authors: string[], "#d": string[], since?: number}} Filter */

/**
 * A socket to a relay, opened; rejects after `ms` or on failure.
 * @param {string} url
 * @param {number} ms
 * @returns {Promise<WebSocket>}
 */
function open(url, ms) {
  return new Promise((resolve, reject) => {
    let socket;
    try {
      socket = new WebSocket(url);
    } catch (error) {
      reject(error);
      return;
    }
    const timer = setTimeout(() => {
      socket.close();
      reject(new Error(`${url}: no answer in ${ms} ms`));
    }, ms);
    socket.onopen = () => {
      clearTimeout(timer);
      resolve(socket);
    };
    socket.onerror = () => {
      clearTimeout(timer);
      reject(new Error(`${url}: cannot connect`));
    };
  });
}

/** @param {MessageEvent} message */
function parsed(message) {
  try {
    const data = JSON.parse(String(message.data));
    return Array.isArray(data) ? data : [];
  } catch {
    return [];
  }
}

/**
 * Publish an event to every relay. Answers how many stored it, and each
 * refusal or failure (for the console and the page's "waiting to be sent").
 * @param {string[]} relays
 * @param {NostrEvent} event
 * @param {number} [ms]
 * @returns {Promise<{stored: number, failed: string[]}>}
 */
export async function publish(relays, event, ms = 5000) {
  const answers = await Promise.all(relays.map((url) => publishTo(url, event, ms)));
  const failed = answers.filter((a) => a !== true).map(String);
  return { stored: answers.length - failed.length, failed };
}

/**
 * @param {string} url
 * @param {NostrEvent} event
 * @param {number} ms
 * @returns {Promise<true | string>}
 */
async function publishTo(url, event, ms) {
  /** @type {WebSocket} */
  let socket;
  try {
    socket = await open(url, ms);
  } catch (error) {
    return String(error);
  }
  return new Promise((resolve) => {
    const timer = setTimeout(() => done(`${url}: no OK in ${ms} ms`), ms);
    /** @param {true | string} answer */
    const done = (answer) => {
      clearTimeout(timer);
      socket.close();
      resolve(answer);
    };
    socket.onmessage = (message) => {
      const [type, id, ok, why] = parsed(message);
      if (type === "OK" && id === event.id) done(ok === true ? true : `${url}: ${why}`);
    };
    socket.onclose = () => done(`${url}: closed`);
    socket.send(JSON.stringify(["EVENT", event]));
  });
}

/**
 * Every event that any relay holds for the filters, each relay asked at once
 * and heard until it says it has sent all it has (or `ms` passed).
 * @param {string[]} relays
 * @param {Filter[]} filters
 * @param {number} [ms]
 * @returns {Promise<NostrEvent[]>}
 */
export async function query(relays, filters, ms = 4000) {
  const lists = await Promise.all(relays.map((url) => queryOne(url, filters, ms)));
  return lists.flat();
}

/**
 * @param {string} url
 * @param {Filter[]} filters
 * @param {number} ms
 * @returns {Promise<NostrEvent[]>}
 */
async function queryOne(url, filters, ms) {
  const started = Date.now();
  /** @type {WebSocket} */
  let socket;
  try {
    socket = await open(url, ms);
  } catch {
    return [];
  }
  return new Promise((resolve) => {
    /** @type {NostrEvent[]} */
    const events = [];
    const id = `q${Math.random().toString(36).slice(2, 10)}`;
    const timer = setTimeout(() => done(), Math.max(0, ms - (Date.now() - started)));
    const done = () => {
      clearTimeout(timer);
      socket.onclose = null;
      socket.close();
      resolve(events);
    };
    socket.onmessage = (message) => {
      const [type, sub, event] = parsed(message);
      if (sub !== id) return;
      if (type === "EVENT" && event) events.push(event);
      else if (type === "EOSE" || type === "CLOSED") done();
    };
    socket.onclose = done;
    socket.send(JSON.stringify(["REQ", id, ...filters]));
  });
}

/**
 * Follow the filters' events on every relay as they come, each relay's
 * socket opened again 5 s after it closes. Answers what stops it.
 * @param {string[]} relays
 * @param {Filter[]} filters
 * @param {(event: NostrEvent) => void} onEvent
 * @returns {() => void}
 */
export function follow(relays, filters, onEvent) {
  let stopped = false;
  /** @type {Set<WebSocket>} */
  const sockets = new Set();
  /** @param {string} url */
  const watch = async (url) => {
    if (stopped) return;
    /** @type {WebSocket} */
    let socket;
    try {
      socket = await open(url, 5000);
    } catch {
      setTimeout(() => watch(url), 5000);
      return;
    }
    if (stopped) {
      socket.close();
      return;
    }
    sockets.add(socket);
    socket.onmessage = (message) => {
      const [type, sub, event] = parsed(message);
      if (type === "EVENT" && sub === "follow" && event) onEvent(event);
    };
    socket.onclose = () => {
      sockets.delete(socket);
      if (!stopped) setTimeout(() => watch(url), 5000);
    };
    socket.send(JSON.stringify(["REQ", "follow", ...filters]));
  };
  for (const url of relays) watch(url);
  return () => {
    stopped = true;
    for (const socket of sockets) socket.close();
  };
}
