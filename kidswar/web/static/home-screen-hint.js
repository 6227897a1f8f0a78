// The progress page's one-time hint to add kidswar to the Home Screen, for Safari on an iPhone
// or iPad only (home-screen.mjs decides): shown once on this device, closed with its button.
import { children } from "./children.mjs";
import { markShown, wantsHint } from "./home-screen.mjs";

const hint = document.getElementById("home-screen-hint");
let storage = null;
try { storage = window.localStorage; } catch { storage = null; }  // storage off: no hint
if (hint && storage) {
  const standalone = window.navigator.standalone === true
    || window.matchMedia("(display-mode: standalone)").matches;
  let hasChildren = false;
  try { hasChildren = children().length > 0; } catch { hasChildren = false; }
  const browser = { userAgent: window.navigator.userAgent,
    maxTouchPoints: window.navigator.maxTouchPoints, standalone, hasChildren };
  if (wantsHint(browser, storage)) {
    hint.hidden = false;
    markShown(storage);
    hint.querySelector("button").addEventListener("click", () => {
      hint.hidden = true;
      document.getElementById("main").focus();
    });
  }
}
