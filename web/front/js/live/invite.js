// @ts-check
// The invite to a live room: its link ("#live=<room>.<password>.<key>", the
// key being the public half of the room's key, keys.js), read back from the
// address, and the dialog that offers it (copy, the share sheet, a QR code to
// scan with another device). An invite made before rooms had keys
// ("#live=<room>.<password>") reads with no key: it is out of date.

import { t } from "../i18n.js";
import { LIVE_MARK } from "../generated/shared.js";
import { h } from "../dom.js";
import { linkUrl, modal } from "../links.js";
import { KEY_SHAPE } from "./keys.js";
import { LIVE } from "./parts.js";

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
export async function showInvite(room, password, key) {
  const url = linkUrl(inviteFragment(room, password, key));
  const field = h("input", { id: "live-url", type: "text", readonly: true, "aria-label": t("live.invite_link") });
  field.value = url;
  const status = h("p", { id: "live-status", class: "small", role: "status" });
  const copy = h("button", {
    type: "button",
    id: "live-copy",
    class: "primary",
    text: t("live.copy"),
    onclick: () => {
      field.select();
      const done = () => {
        status.textContent = t("live.copied");
      };
      const failed = () => {
        status.textContent = t("share.copy_failed");
      };
      if (navigator.clipboard) navigator.clipboard.writeText(url).then(done, failed);
      else failed();
    },
  });
  const share =
    typeof navigator.share === "function"
      ? h("button", {
          type: "button",
          id: "live-share",
          class: "secondary",
          text: t("live.share"),
          onclick: () => {
            navigator.share({ title: "Mykerinos", text: t("live.invite_title"), url }).catch(() => {});
          },
        })
      : null;
  const qr = h("div", { id: "live-qr", class: "live-qr", role: "img", "aria-label": t("live.qr") });
  const dialog = modal("live-invite", t("live.invite_title"), [
    h("p", { text: t("live.invite_text") }),
    qr,
    field,
    status,
    h(
      "div",
      { class: "buttons" },
      share,
      copy,
      h("button", {
        type: "button",
        id: "live-invite-close",
        class: "secondary",
        text: t("button.close"),
        onclick: () => dialog.close(),
      }),
    ),
  ]);
  field.focus();
  field.select();
  try {
    const { default: qrcode } = await import(new URL("qrcode/qrcode.mjs", LIVE).href);
    const code = qrcode(0, "M");
    code.addData(url);
    code.make();
    qr.innerHTML = code.createSvgTag({ cellSize: 4, margin: 2, scalable: true });
    qr.querySelector("svg")?.setAttribute("aria-hidden", "true");
  } catch (error) {
    console.warn("Mykerinos: no QR code", error);
    qr.remove();
  }
}
