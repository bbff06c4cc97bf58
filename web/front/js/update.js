// @ts-check
// "A new version is ready": when a new release has been installed while this
// page runs on the old one (web/front/js/register-sw.js finds it), a small notice
// offers to switch now. Reload asks the waiting service worker to take over
// (SKIP_WAITING) and reloads once it controls the page; the game comes back
// from its autosave. Until then the page keeps playing on the old release.

import { t } from "./i18n.js";
import { h } from "./dom.js";

/**
 * Show the notice (once) for a registration whose new worker is waiting.
 * @param {ServiceWorkerRegistration} registration
 */
export function offerUpdate(registration) {
  if (document.getElementById("update-notice")) return;
  const button = h("button", {
    type: "button",
    id: "update-reload",
    class: "primary",
    text: t("update.reload"),
    onclick: () => {
      button.disabled = true;
      reloadInto(registration);
    },
  });
  const box = h(
    "div",
    { id: "update-notice", class: "notice info", role: "status", "aria-live": "polite" },
    h("span", { text: t("update.ready") }),
    " ",
    button,
  );
  const app = document.getElementById("app");
  if (app?.parentNode) app.parentNode.insertBefore(box, app);
  else document.body.prepend(box);
}

/**
 * Let the waiting worker take over, then reload under it.
 * @param {ServiceWorkerRegistration} registration
 */
function reloadInto(registration) {
  const sw = navigator.serviceWorker;
  let done = false;
  const reload = () => {
    if (done) return;
    done = true;
    location.reload();
  };
  sw.addEventListener("controllerchange", reload);
  const waiting = registration.waiting;
  // Already active (another tab switched first): reloading is enough.
  if (waiting) waiting.postMessage({ type: "SKIP_WAITING" });
  else reload();
}
