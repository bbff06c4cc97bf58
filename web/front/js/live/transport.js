// @ts-check
// Live play's transport: one small interface of ours over a peer-to-peer library.
//
//   const link = await join(room, password, options);
//   link.onMessage = (text, peer) => ...;   link.onPeerJoin = (peer) => ...;   link.onPeerLeave = (peer) => ...;
//   await link.send(null, text);            // null: every peer; a peer id or a list of them: those only
//   link.peers();  link.self;  await link.waitForPeer(ms);  await link.leave();
//
// Messages are text (the room protocol, web/page/live/, writes and reads them as JSON).
// Devices find each other through Nostr relays (Trystero's Nostr strategy): they
// announce themselves in the room there, exchange their WebRTC offers encrypted
// with a key derived from the room's password, then talk directly over data
// channels. The relays, the ICE servers and the wait are read from config.json
// beside this file, the one place a host changes them (`./run serve --relay`
// answers it with its own relay); `options` override it for one join.
//
// Nothing here is loaded until live play starts: the page imports this module
// dynamically, and this module imports the library (dist/live/trystero/, copied
// there by tools/build.py) the same way. Neither is in the service worker's
// precache list.

/** URL of the library as built (tools/build.py): dist/live/trystero/nostr/index.mjs. */
const LIBRARY = new URL("../../../../live/trystero/nostr/index.mjs", import.meta.url).href;
const CONFIG = new URL("./config.json", import.meta.url).href;
/**
 * Every module of the library as built, beside the first (tests/tools/test_build.py
 * checks the list against what tools/build.py ships). They import each other six
 * deep: asked for all at once (modulepreload), they arrive together rather than
 * one level at a time, each level waiting for a page busy starting Python.
 */
const LIBRARY_MODULES = [
  "secp256k1/index.js",
  ...[
    "action-wire",
    "actions",
    "crypto",
    "handshake",
    "index",
    "media",
    "offer-pool",
    "peer",
    "room",
    "shared-peer",
    "signal-handler",
    "strategy",
    "topic-strategy",
    "utils",
  ].map((name) => `core/${name}.mjs`),
];
/** How often the wait for a relay looks at the relays' sockets. */
const POLL_MS = 50;

/**
 * @typedef {object} LiveConfig
 * @property {string} appId        names the application on the relays (rooms of other apps never meet ours)
 * @property {string[]} relays     Nostr relays, "wss://host" (every one is used)
 * @property {RTCIceServer[]} iceServers  STUN, and TURN if a host adds one
 * @property {number} joinTimeoutMs  how long join() waits for a relay before it gives up
 */

/**
 * What a join may change for itself (tests, `./run serve --relay`).
 * @typedef {Partial<LiveConfig> & {configUrl?: string, libraryUrl?: string}} JoinOptions
 */

/**
 * The part of a Trystero room this module uses.
 * @typedef {object} TrysteroAction
 * @property {(data: string, options?: {target?: string | string[] | null}) => Promise<void>} send
 * @property {((data: unknown, context: {peerId: string}) => void) | null} onMessage
 *
 * @typedef {object} TrysteroRoom
 * @property {(name: string) => TrysteroAction} makeAction
 * @property {() => Promise<void>} leave
 * @property {() => Record<string, RTCPeerConnection>} getPeers
 * @property {((peer: string) => void) | null} onPeerJoin
 * @property {((peer: string) => void) | null} onPeerLeave
 *
 * @typedef {object} TrysteroModule
 * @property {(config: object, room: string, callbacks?: object) => TrysteroRoom} joinRoom
 * @property {() => Record<string, WebSocket>} getRelaySockets
 * @property {string} selfId
 */

/**
 * Notes the first time something happened on this page (performance.mark), for
 * bench/live.py's breakdown of the time a visitor takes to be seated.
 * @param {string} name
 */
export function mark(name) {
  if (!performance.getEntriesByName(name, "mark").length) performance.mark(name);
}

/** Why live play could not start; `code` is what the page words in its language. */
export class TransportError extends Error {
  /**
   * @param {"unavailable" | "unsupported" | "insecure" | "relays-unreachable" | "no-peer" | "bad-room"} code
   *   unavailable: the library or the configuration could not be loaded (offline?);
   *   unsupported: the browser has no WebRTC (RTCPeerConnection), as WebKitGTK
   *   built without it;
   *   insecure: the page is not a secure one (https, or localhost), which the
   *   handshake's encryption (crypto.subtle) needs;
   *   relays-unreachable: no relay answered within the wait;
   *   no-peer: the relays answered but no other device connected within the wait
   *   (nobody there, or the network blocks direct connections: no TURN server);
   *   bad-room: an empty room name.
   * @param {string} detail  for the console, never shown as it is
   */
  constructor(code, detail) {
    super(`${code}: ${detail}`);
    this.name = "TransportError";
    this.code = code;
  }
}

/**
 * The configuration: config.json, then `options` over it.
 * @param {JoinOptions} [options]
 * @returns {Promise<LiveConfig>}
 */
export async function loadConfig(options = {}) {
  let fromFile;
  try {
    const answer = await fetch(options.configUrl ?? CONFIG, { cache: "no-cache" });
    if (!answer.ok) throw new Error(`HTTP ${answer.status}`);
    fromFile = await answer.json();
  } catch (error) {
    throw new TransportError("unavailable", `live play's configuration: ${error}`);
  }
  const config = {
    appId: options.appId ?? fromFile.appId,
    relays: options.relays ?? fromFile.relays,
    iceServers: options.iceServers ?? fromFile.iceServers,
    joinTimeoutMs: options.joinTimeoutMs ?? fromFile.joinTimeoutMs,
  };
  const valid =
    typeof config.appId === "string" &&
    config.appId !== "" &&
    Array.isArray(config.relays) &&
    config.relays.length > 0 &&
    config.relays.every((url) => typeof url === "string" && /^wss?:\/\//.test(url)) &&
    Array.isArray(config.iceServers) &&
    Number.isFinite(config.joinTimeoutMs) &&
    config.joinTimeoutMs > 0;
  if (!valid) throw new TransportError("unavailable", "live play's configuration is not valid");
  return config;
}

/** What the library writes with console.error when a connection to a peer fails or is closed. */
const PEER_ERROR = "Trystero peer error:";
let quieted = false;

/**
 * The library logs every connection to a peer that fails or is closed (a
 * device leaving or reloading, a network gone: "User-Initiated Abort,
 * reason=Close called") as a console error, and has no option to hand it to
 * us instead. Those are expected in live play, which says them in its own
 * words (a seat away, the room's device gone), so that one message of the
 * library's, and only it, is written as a warning: a console error then
 * always means something went wrong. Done once, on the first join.
 */
export function quietPeerErrors() {
  if (quieted) return;
  quieted = true;
  const error = console.error;
  console.error = (...args) => {
    if (typeof args[0] === "string" && args[0].startsWith(PEER_ERROR)) console.warn(...args);
    else error.apply(console, args);
  };
}

/**
 * How long a connection whose ICE is "disconnected" (the other device gone
 * without a word: reloaded, closed, asleep) is kept before it is closed. The
 * library takes such a peer for gone after 5 s but leaves its connection
 * open, and Firefox then reports its ICE failing some 20 s later as an error
 * of the page ("WebRTC: ICE failed, add a STUN server..."), which no handler
 * of the page can catch: a connection closed before that says nothing.
 */
const DISCONNECTED_MS = 6_000;
/**
 * How long a connection may take to connect once the other device's
 * description is set, before it is given up. An attempt whose checks find no
 * way through (a network that lets no direct connection through, and no TURN
 * server) fails in Firefox once they have tried for 5 s, reported the same
 * way; given up before, it says nothing. A connection that succeeds takes well
 * under a second on loopback, about one across the internet.
 */
const CONNECT_MS = 4_000;

/** @type {typeof RTCPeerConnection | null} */
let connectionClass = null;

/**
 * The browser's RTCPeerConnection, for the library (its `rtcPolyfill`
 * option), except that a connection that cannot or did not connect closes
 * itself before Firefox would report it failing, and tells the library, as a
 * connection that failed would:
 * - one with no address of its own (its gathering complete without a
 *   candidate: every address refused, or only a TURN server's allowed and
 *   none given) as soon as it has the other device's description: Firefox
 *   reports its failure at once;
 * - one not connected CONNECT_MS after the other device's description was set;
 * - one left "disconnected" for DISCONNECTED_MS.
 * And it keeps an offer never answered rather than roll it back: the library
 * renews an offer it made ahead once it is over 57 s old by rolling it back
 * and making one that restarts ICE, and in Chromium the offer made after that
 * rollback has no media section (no data channel, no ICE credentials), so the
 * other device's answer has nothing to connect. Kept, the renewed offer simply
 * replaces it, with new credentials and the data channel.
 * Made once, where WebRTC exists; exported for its tests.
 * @returns {typeof RTCPeerConnection}
 */
export function quietConnection() {
  connectionClass ??= class extends RTCPeerConnection {
    /** Whether it has been connected. */
    #connected = false;
    /** How many addresses of its own it gathered. */
    #gathered = 0;
    /** The timer that gives up an attempt (0: none). */
    #attempt = 0;

    /** @param {RTCConfiguration} [config] */
    constructor(config) {
      super(config);
      let timer = 0;
      this.addEventListener("icecandidate", (event) => {
        if (event.candidate?.candidate) this.#gathered++;
      });
      this.addEventListener("icegatheringstatechange", () => {
        if (this.#nowhere() && this.remoteDescription) this.#quit();
      });
      this.addEventListener("iceconnectionstatechange", () => {
        clearTimeout(timer);
        const state = this.iceConnectionState;
        if (state === "connected" || state === "completed") {
          this.#connected = true;
          clearTimeout(this.#attempt);
        }
        if (state !== "disconnected") return;
        timer = window.setTimeout(() => {
          if (this.iceConnectionState === "disconnected") this.#quit();
        }, DISCONNECTED_MS);
      });
    }

    /** @param {RTCSessionDescriptionInit} description */
    setRemoteDescription(description) {
      if (this.#nowhere()) {
        this.#quit();
        return Promise.reject(new DOMException("no address of its own to connect from", "InvalidStateError"));
      }
      const set = super.setRemoteDescription(description);
      if (!this.#connected && !this.#attempt) {
        this.#attempt = window.setTimeout(() => {
          if (!this.#connected) this.#quit();
        }, CONNECT_MS);
      }
      return set;
    }

    /**
     * Any description, except a rollback of an offer never answered (see above).
     * @param {RTCLocalSessionDescriptionInit} [description]
     */
    setLocalDescription(description) {
      if (
        description?.type === "rollback" &&
        this.signalingState === "have-local-offer" &&
        !this.currentRemoteDescription
      )
        return Promise.resolve();
      return super.setLocalDescription(description);
    }

    /** Whether its gathering is over without an address of its own. */
    #nowhere() {
      return this.iceGatheringState === "complete" && this.#gathered === 0;
    }

    /** Close, and say so (a connection closed by its page fires no event of its own). */
    #quit() {
      if (this.connectionState === "closed") return;
      this.close();
      this.dispatchEvent(new Event("connectionstatechange"));
    }
  };
  return connectionClass;
}

/** @type {Map<string, Promise<TrysteroModule>>} */
const libraries = new Map();

/**
 * The library, imported once per URL.
 * @param {string} url
 * @returns {Promise<TrysteroModule>}
 */
function library(url) {
  let loading = libraries.get(url);
  if (!loading) {
    if (url === LIBRARY) preload(LIBRARY_MODULES.map((name) => new URL(`../${name}`, url).href));
    loading = import(url).catch((error) => {
      libraries.delete(url);
      throw new TransportError("unavailable", `the peer-to-peer library: ${error}`);
    });
    libraries.set(url, loading);
  }
  return loading;
}

/**
 * Fetch modules now, all at once (a failure shows when they are imported).
 * @param {string[]} urls
 */
function preload(urls) {
  for (const href of urls) {
    const link = document.createElement("link");
    link.rel = "modulepreload";
    link.href = href;
    document.head.append(link);
  }
}

/**
 * Resolves once one of `relays` has an open socket; rejects after `ms`.
 * @param {TrysteroModule} lib
 * @param {string[]} relays
 * @param {number} ms
 */
function relayOpen(lib, relays, ms) {
  const wanted = new Set(relays.map((url) => new URL(url).href));
  const open = () =>
    Object.values(lib.getRelaySockets()).some(
      (socket) => socket && socket.readyState === WebSocket.OPEN && wanted.has(new URL(socket.url).href),
    );
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const look = () => {
      if (open()) resolve(undefined);
      else if (Date.now() - started >= ms)
        reject(new TransportError("relays-unreachable", `no relay answered in ${ms} ms: ${relays.join(", ")}`));
      else setTimeout(look, POLL_MS);
    };
    look();
  });
}

/**
 * A handler slot that keeps what arrives before a handler is set, and hands it
 * over once one is (a peer may join, or speak, while join() still waits).
 * @template {unknown[]} A
 */
class Slot {
  constructor() {
    /** @type {((...args: A) => void) | null} */
    this.handler = null;
    /** @type {A[]} */
    this.waiting = [];
  }
  /** @param {A} args */
  fire(...args) {
    if (this.handler) this.handler(...args);
    else this.waiting.push(args);
  }
  /** @param {((...args: A) => void) | null} handler */
  set(handler) {
    this.handler = handler;
    if (!handler) return;
    for (const args of this.waiting.splice(0)) handler(...args);
  }
}

/**
 * Join a live room: resolves once a relay is reached (peers appear through
 * `onPeerJoin` as they connect), or rejects with a TransportError: "unavailable"
 * (library or configuration not loaded), "unsupported" (no WebRTC), "insecure"
 * (not an https or localhost page), "relays-unreachable" (no relay within
 * `joinTimeoutMs`), "bad-room".
 * @param {string} room  the room's name (every device of one game uses the same)
 * @param {string} password  encrypts the WebRTC handshake: only devices that know it connect
 * @param {JoinOptions} [options]
 */
export async function join(room, password, options = {}) {
  if (typeof room !== "string" || room === "") throw new TransportError("bad-room", "a room needs a name");
  if (typeof globalThis.RTCPeerConnection !== "function")
    throw new TransportError("unsupported", "this browser has no WebRTC (RTCPeerConnection)");
  if (!globalThis.isSecureContext || !globalThis.crypto?.subtle)
    throw new TransportError("insecure", "the handshake's encryption needs a secure page (https or localhost)");
  quietPeerErrors();
  const loading = library(options.libraryUrl ?? LIBRARY); // on its way while the configuration comes
  loading.catch(() => {}); // said below, once awaited
  const config = await loadConfig(options);
  const lib = await loading;
  const trystero = lib.joinRoom(
    {
      appId: config.appId,
      password,
      relayConfig: { urls: config.relays, warnOnRelayFailure: false },
      rtcConfig: { iceServers: config.iceServers },
      rtcPolyfill: quietConnection(),
    },
    room,
  );
  const messages = /** @type {Slot<[string, string]>} */ (new Slot());
  const joins = /** @type {Slot<[string]>} */ (new Slot());
  const leaves = /** @type {Slot<[string]>} */ (new Slot());
  /** @type {Set<(peer: string) => void>} */
  const waiting = new Set();
  const action = trystero.makeAction("m");
  action.onMessage = (data, context) => {
    mark("live:message");
    if (typeof data === "string") messages.fire(data, context.peerId);
  };
  trystero.onPeerJoin = (peer) => {
    mark("live:peer");
    for (const resolve of waiting) resolve(peer);
    joins.fire(peer);
  };
  trystero.onPeerLeave = (peer) => leaves.fire(peer);
  try {
    await relayOpen(lib, config.relays, config.joinTimeoutMs);
    mark("live:relay");
  } catch (error) {
    await trystero.leave();
    throw error;
  }
  return {
    /** This device's id in the room (new on every page load). */
    self: lib.selfId,
    /**
     * Send text to one peer, to some, or (null) to every peer in the room.
     * @param {string | string[] | null} to
     * @param {string} text
     */
    send: (to, text) => action.send(text, { target: to }),
    /** The peers connected now. */
    peers: () => Object.keys(trystero.getPeers()),
    /**
     * A peer connected now, or the next one to connect; rejects with a
     * TransportError "no-peer" if none does within `ms` (default: the join's wait).
     * @param {number} [ms]
     * @returns {Promise<string>}
     */
    waitForPeer: (ms = config.joinTimeoutMs) => {
      const now = Object.keys(trystero.getPeers());
      if (now.length) return Promise.resolve(now[0]);
      return new Promise((resolve, reject) => {
        /** @param {string} peer */
        const done = (peer) => {
          clearTimeout(timer);
          waiting.delete(done);
          resolve(peer);
        };
        const timer = setTimeout(() => {
          waiting.delete(done);
          reject(new TransportError("no-peer", `no other device connected in ${ms} ms`));
        }, ms);
        waiting.add(done);
      });
    },
    /** Leave the room (the others see onPeerLeave). */
    leave: () => trystero.leave(),
    /** @param {((text: string, peer: string) => void) | null} handler */
    set onMessage(handler) {
      messages.set(handler);
    },
    /** @param {((peer: string) => void) | null} handler */
    set onPeerJoin(handler) {
      joins.set(handler);
    },
    /** @param {((peer: string) => void) | null} handler */
    set onPeerLeave(handler) {
      leaves.set(handler);
    },
  };
}

/** @typedef {Awaited<ReturnType<typeof join>>} Link */
