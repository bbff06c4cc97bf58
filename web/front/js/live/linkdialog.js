// @ts-check
// A link in a dialog: the field to copy it from, the share sheet where the
// browser has one, and a QR code to scan with another device. Live play's
// invite and play by turns' links (invite, "your turn", a seat's own) are each
// this dialog, with their own element ids and words. It lives with live play's
// files, loaded only when one of them is shown.

import { t } from "../i18n.js";
import { h } from "../dom.js";
import { modal } from "../links.js";
import { LIVE } from "./parts.js";

/**
 * @typedef {object} LinkDialog
 * @property {string} dialog  the dialog's id
 * @property {string} prefix  of the elements' ids: <prefix>-url, -copy, -share, -qr
 * @property {string} status  the id of the line that says the link was copied
 * @property {string} close   the id of the Close button
 * @property {string} title
 * @property {string} text     said above the link
 * @property {string} shared   the share sheet's text
 * @property {boolean} qr      with a QR code
 * @property {{link: string, copy: string, copied: string, share: string, qr: string}} words  catalogue keys
 */

/**
 * Show `url` in its dialog; answers once its QR code is drawn (or left out).
 * @param {string} url
 * @param {LinkDialog} how
 */
export async function showLinkDialog(url, how) {
  const { prefix, words } = how;
  const field = h("input", { id: `${prefix}-url`, type: "text", readonly: true, "aria-label": t(words.link) });
  field.value = url;
  const status = h("p", { id: how.status, class: "small", role: "status" });
  const said = (/** @type {string} */ key) => () => {
    status.textContent = t(key);
  };
  const copy = h("button", {
    type: "button",
    id: `${prefix}-copy`,
    class: "primary",
    text: t(words.copy),
    onclick: () => {
      field.select();
      if (navigator.clipboard) navigator.clipboard.writeText(url).then(said(words.copied), said("share.copy_failed"));
      else said("share.copy_failed")();
    },
  });
  const share =
    typeof navigator.share === "function"
      ? h("button", {
          type: "button",
          id: `${prefix}-share`,
          class: "secondary",
          text: t(words.share),
          onclick: () => navigator.share({ title: "Mykerinos", text: how.shared, url }).catch(() => {}),
        })
      : null;
  const qr = how.qr ? h("div", { id: `${prefix}-qr`, class: "live-qr", role: "img", "aria-label": t(words.qr) }) : null;
  const dialog = modal(how.dialog, how.title, [
    h("p", { text: how.text }),
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
        id: how.close,
        class: "secondary",
        text: t("button.close"),
        onclick: () => dialog.close(),
      }),
    ),
  ]);
  field.focus();
  field.select();
  if (!qr) return;
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
