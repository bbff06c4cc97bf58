// @ts-check
// The invite to a live room: its link ("#live=<room>.<password>.<key>", the
// key being the public half of the room's key, keys.js), read back from the
// address, and the dialog that offers it (copy, the share sheet, a QR code to
// scan with another device). An invite made before rooms had keys
// ("#live=<room>.<password>") reads with no key: it is out of date.

import { t } from "../i18n.js";
import { LIVE_MARK } from "../generated/shared.js";
import { linkUrl } from "../links.js";
import { KEY_SHAPE } from "./keys.js";
import { showLinkDialog } from "./linkdialog.js";

/**
 * The room, password and key of an invite's fragment (key: null for an invite
 * made before rooms had keys), or null.
 * @param {string} hash
 * @returns {{room: string, password: string, key: string | null} | null}
 */
export function inviteOf(hash) {
  if (!hash.startsWith(LIVE_MARK)) return null;
  const [room, password, key, ...more] = hash.slice(LIVE_MARK.length).split(".");
  if (!room || !password || more.length || !/^[\w-]{8,64}$/.test(room) || !/^[\w-]{8,64}$/.test(password)) return null;
  if (key !== undefined && !KEY_SHAPE.test(key)) return null;
  return { room, password, key: key ?? null };
}

/**
 * The invite's fragment (without "#").
 * @param {string} room
 * @param {string} password
 * @param {string} key
 */
export function inviteFragment(room, password, key) {
  return `${LIVE_MARK.slice(1)}${room}.${password}.${key}`;
}

/**
 * The invite to a room: the link to copy or share, and its QR code.
 * @param {string} room
 * @param {string} password
 * @param {string} key  the room's key, its public half
 */
export function showInvite(room, password, key) {
  return showLinkDialog(linkUrl(inviteFragment(room, password, key)), {
    dialog: "live-invite",
    prefix: "live",
    status: "live-status",
    close: "live-invite-close",
    title: t("live.invite_title"),
    text: t("live.invite_text"),
    shared: t("live.invite_title"),
    qr: true,
    words: { link: "live.invite_link", copy: "live.copy", copied: "live.copied", share: "live.share", qr: "live.qr" },
  });
}
