// @ts-check
// The room's key: the room's device makes a key pair for the room (WebCrypto:
// Ed25519 where the browser has it, else ECDSA P-256), keeps its private half
// with the room it holds, and puts its public half in the invite
// ("#live=<room>.<password>.<key>"). It signs every message it sends; every
// other device checks every message that comes as the room's device's against
// the invite's key, and a guest's Python takes the room's words only when they
// were signed so (web/page/live/guest.py). Another device that knows the password cannot
// speak for the room's device: it has no private half.
//
// A key travels as text: "e" (Ed25519) or "p" (P-256), then the key's bytes
// in base64url (public: raw; private: PKCS #8). A signed message is
// "s:<signature>:<message>".

const ED25519 = { name: "Ed25519" };
const P256 = { name: "ECDSA", namedCurve: "P-256" };
const P256_SIGN = { name: "ECDSA", hash: "SHA-256" };
/** What starts a signed message. */
const SIGNED = "s:";
/** A key as text (tests/page/test_live_modes.py and web/page/live/shown.py check the same shape). */
export const KEY_SHAPE = /^[ep][\w-]{40,400}$/;

/** @param {ArrayBuffer} bytes */
function encode(bytes) {
  let binary = "";
  for (const byte of new Uint8Array(bytes)) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

/** @param {string} text */
function decode(text) {
  const binary = atob(text.replaceAll("-", "+").replaceAll("_", "/"));
  return Uint8Array.from(binary, (ch) => ch.charCodeAt(0));
}

/** @param {string} text  a key as text */
function algorithmOf(text) {
  return text.startsWith("e") ? ED25519 : P256;
}

/**
 * A new key pair for a room, as text: Ed25519 where the browser makes one,
 * else ECDSA P-256.
 * @returns {Promise<{key: string, signing: string}>}  the public half (for the invite) and the private one
 */
export async function makeRoomKey() {
  /** @type {CryptoKeyPair} */
  let pair;
  let tag = "e";
  try {
    pair = /** @type {CryptoKeyPair} */ (await crypto.subtle.generateKey(ED25519, true, ["sign", "verify"]));
  } catch {
    tag = "p";
    pair = await crypto.subtle.generateKey(P256, true, ["sign", "verify"]);
  }
  const raw = await crypto.subtle.exportKey("raw", pair.publicKey);
  const pkcs8 = await crypto.subtle.exportKey("pkcs8", pair.privateKey);
  return { key: tag + encode(raw), signing: tag + encode(pkcs8) };
}

/**
 * What signs a message with a room's private key.
 * @param {string} signing  makeRoomKey()'s private half
 * @returns {Promise<(text: string) => Promise<string>>}  the signed message
 */
export async function signer(signing) {
  const algorithm = algorithmOf(signing);
  const key = await crypto.subtle.importKey("pkcs8", decode(signing.slice(1)), algorithm, false, ["sign"]);
  const how = algorithm === ED25519 ? ED25519 : P256_SIGN;
  const text = new TextEncoder();
  return async (message) => {
    const signature = await crypto.subtle.sign(how, key, text.encode(message));
    return `${SIGNED}${encode(signature)}:${message}`;
  };
}

/**
 * What reads a message that may be signed: the message, and whether it was
 * signed with the room's key. Rejects when this browser cannot check the
 * room's kind of key.
 * @param {string} public_  the invite's key
 * @returns {Promise<(text: string) => Promise<{text: string, signed: boolean}>>}
 */
export async function verifier(public_) {
  const algorithm = algorithmOf(public_);
  const key = await crypto.subtle.importKey("raw", decode(public_.slice(1)), algorithm, false, ["verify"]);
  const how = algorithm === ED25519 ? ED25519 : P256_SIGN;
  const bytes = new TextEncoder();
  return async (text) => {
    if (!text.startsWith(SIGNED)) return { text, signed: false };
    const colon = text.indexOf(":", SIGNED.length);
    if (colon < 0) return { text, signed: false };
    const message = text.slice(colon + 1);
    try {
      const signature = decode(text.slice(SIGNED.length, colon));
      const signed = await crypto.subtle.verify(how, key, signature, bytes.encode(message));
      return { text: message, signed };
    } catch {
      return { text: message, signed: false };
    }
  };
}
