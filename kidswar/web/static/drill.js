// The drill redrawn in place (see live.js). Keys: 1 and 2 choose a card, <, = and > a sign;
// Space or Enter goes on to the next question (keys.mjs; the signs' answers from the page).
import { drillKey } from "./keys.mjs";
import { pageData } from "./page-data.mjs";

(function () {
  const region = document.getElementById("drill-region");
  if (!region || !window.fetch || !window.kidswarLive) { return; }
  window.kidswarLive({
    region: region, marker: "drill", formClass: "drill-form",
    announce: ".notice, .progress, .sentence, .score-line",
    afterSwap: () => {
      const focus = region.querySelector("[data-focus]");
      if (focus) { focus.focus({ preventScroll: true }); }  // the view never jumps
    },
    keyFor: (key, pressing) => drillKey(key, pressing, pageData().signs),
  });
})();
