// @ts-check
// A table's secret and what is made of it. The invite carries the table's id
// and a random 32-byte secret ("#turns=<table>.<secret>"); from the secret
// every device derives the same three things with HKDF-SHA256 (WebCrypto):
// the AES-GCM key that encrypts the game on the relays, the Nostr private key
// that every device of the table publishes under (so that a relay keeps one
// replaceable event per table), and the event's `d` tag (so that a relay
// never sees the table's id). A relay sees ciphertext, the tag, the author's
// public key and times, nothing else (docs/TURNS.md).

/** Bytes as base64url text, no padding. @param {ArrayBuffer | Uint8Array} bytes */
export function b64(bytes) {
  let binary = "";
  for (const byte of new Uint8Array(bytes)) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

/** base64url (or base64) text as bytes; throws on anything else. @param {string} text */
export function unb64(text) {
  const binary = atob(text.replaceAll("-", "+").replaceAll("_", "/"));
  return Uint8Array.from(binary, (ch) => ch.charCodeAt(0));
}

/** Bytes as lowercase hex. @param {ArrayBuffer | Uint8Array} bytes */
export function hex(bytes) {
  return Array.from(new Uint8Array(bytes), (b) => b.toString(16).padStart(2, "0")).join("");
}

/** What a table's id and secret look like (16 hex characters; 32 bytes in base64url). */
export const TABLE_SHAPE = /^[0-9a-f]{16}$/;
export const SECRET_SHAPE = /^[\w-]{43}$/;

/** A new table: its id and its secret. */
export function newTable() {
  const id = hex(crypto.getRandomValues(new Uint8Array(8)));
  const secret = b64(crypto.getRandomValues(new Uint8Array(32)));
  return { id, secret };
}

/**
 * What every device of the table derives from its secret.
 * @typedef {object} TableKeys
 * @property {CryptoKey} aes      encrypts and decrypts the game (AES-GCM, 256 bits)
 * @property {Uint8Array} nostr   the Nostr private key the table publishes under
 * @property {string} tag         the event's `d` tag (32 hex characters)
 */

/**
 * @param {string} secret  the invite's secret (base64url)
 * @returns {Promise<TableKeys>}
 */
export async function tableKeys(secret) {
  if (!SECRET_SHAPE.test(secret)) throw new Error("not a table's secret");
  const base = await crypto.subtle.importKey("raw", unb64(secret), "HKDF", false, ["deriveBits", "deriveKey"]);
  const text = new TextEncoder();
  /** @param {string} info @param {number} bits */
  const bits = async (info, bits) =>
    new Uint8Array(
      await crypto.subtle.deriveBits(
        { name: "HKDF", hash: "SHA-256", salt: new Uint8Array(0), info: text.encode(info) },
        base,
        bits,
      ),
    );
  const aes = await crypto.subtle.importKey("raw", await bits("mykerinos turns: game", 256), "AES-GCM", false, [
    "encrypt",
    "decrypt",
  ]);
  return { aes, nostr: await bits("mykerinos turns: author", 256), tag: hex(await bits("mykerinos turns: tag", 128)) };
}

/**
 * Text encrypted with the table's key: base64(iv || ciphertext).
 * @param {CryptoKey} aes
 * @param {string} text
 */
export async function seal(aes, text) {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const sealed = await crypto.subtle.encrypt({ name: "AES-GCM", iv }, aes, new TextEncoder().encode(text));
  const out = new Uint8Array(12 + sealed.byteLength);
  out.set(iv);
  out.set(new Uint8Array(sealed), 12);
  return b64(out);
}

/**
 * The text sealed with the table's key; rejects for anything else (another
 * table's, changed on the way, not ours at all).
 * @param {CryptoKey} aes
 * @param {string} content
 */
export async function unseal(aes, content) {
  const bytes = unb64(content);
  if (bytes.length < 13) throw new Error("too short");
  const plain = await crypto.subtle.decrypt({ name: "AES-GCM", iv: bytes.subarray(0, 12) }, aes, bytes.subarray(12));
  return new TextDecoder("utf-8", { fatal: true }).decode(plain);
}
