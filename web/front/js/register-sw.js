// @ts-check
// Registers the service worker (sw.js at the site root, made by tools/build.py)
// once the page is ready, so that its download of every file for offline use
// does not compete with the first start. Works from any sub-path: the URL is
// relative to this module, the scope is the folder of sw.js.
//
// When a new release has been installed while this page uses the old one,
// window receives a "mykerinos:update-ready" event and web/front/js/update.js shows
// a notice with a Reload button (the waiting worker takes over, the page
// reloads, the game comes back from its autosave).

import { offerUpdate } from "./update.js";

const SW_URL = new URL("../../../sw.js", import.meta.url);

/** @returns {Promise<void>} */
function whenReady() {
  return new Promise((resolve) => {
    const isReady = () => document.body && document.body.dataset.ready === "1";
    if (isReady()) return resolve();
    new MutationObserver((_, observer) => {
      if (isReady()) {
        observer.disconnect();
        resolve();
      }
    }).observe(document.documentElement, {
      subtree: true,
      attributes: true,
      attributeFilter: ["data-ready"],
    });
  });
}

/** @param {ServiceWorkerRegistration} registration */
function announce(registration) {
  dispatchEvent(new CustomEvent("mykerinos:update-ready", { detail: { registration } }));
  offerUpdate(registration);
}

async function register() {
  await whenReady();
  const registration = await navigator.serviceWorker.register(SW_URL);
  if (registration.waiting && navigator.serviceWorker.controller) announce(registration);
  registration.addEventListener("updatefound", () => {
    const worker = registration.installing;
    if (!worker) return;
    worker.addEventListener("statechange", () => {
      if (worker.state === "installed" && navigator.serviceWorker.controller) announce(registration);
    });
  });
}

if ("serviceWorker" in navigator) {
  register().catch((error) => console.warn("service worker not registered:", error));
}
