// The drill redrawn in place (see live.js). Keys: 1 and 2 choose a card, <, = and > a sign;
// Space or Enter goes on to the next question (keys.mjs; the signs' answers from the page).
// The current child's progress on the ladder (children.mjs) goes with every drill form, in
// its body, and the progress the server hands back (data-progress) is kept for that child.
// The progress is never read here: the server decides from it.
import { drillKey } from "./keys.mjs";
import { pageData } from "./page-data.mjs";
import {
  askToKeepStorage, childNow as child, keepProgress, progressOf, putAsideProgress, sendProgress,
} from "./children.mjs";

(function () {
  // Before a form is sent (captured, so before live.js reads it): the child's progress in
  // place of the page's. A form marked data-forget-progress (the refused page's, which has no
  // progress field) starts afresh for real: the refused progress is put aside, never sent
  // again, so the next answer starts from a fresh one.
  document.addEventListener("submit", (event) => {
    const form = event.target;
    const field = form.querySelector && form.querySelector('input[name="progress"]');
    const current = child();
    if (current && form.hasAttribute && form.hasAttribute("data-forget-progress")) {
      try { putAsideProgress(current.id); } catch { /* storage off: nothing kept to send */ }
      if (field) { field.value = ""; }
      return;
    }
    sendProgress(form);
  }, true);

  // A child practises on this device: ask the browser to keep its progress.
  if (child()) { askToKeepStorage(); }

  // The start form: the child's own level checked, as this device last kept it.
  const start = document.getElementById("drill-start");
  const current = child();
  const saved = current && progressOf(current.id);
  if (start && saved && typeof saved.rung === "string") {
    const radio = Array.from(start.querySelectorAll('input[name="level"]'))
      .find((input) => input.value === saved.rung);
    if (radio) { radio.checked = true; }
  }

  const region = document.getElementById("drill-region");

  if (!region || !window.fetch || !window.kidswarLive) { return; }
  window.kidswarLive({
    region: region, marker: "drill", formClass: "drill-form",
    announce: ".notice, .progress, .sentence, .score-line",
    afterSwap: () => {
      keepProgress(region);
      const focus = region.querySelector("[data-focus]");
      if (focus) { focus.focus({ preventScroll: true }); }  // the view never jumps
    },
    keyFor: (key, pressing) => drillKey(key, pressing, pageData().signs),
  });
})();
