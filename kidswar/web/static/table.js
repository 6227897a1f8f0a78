// The table redrawn in place (see live.js). Keys: Space or Enter turns everyone's cards,
// 1 to 4 one player's card; in practice <, = and > answer with a sign.
(function () {
  "use strict";
  const region = document.getElementById("table-region");
  if (!region || !window.fetch || !window.kidswarLive) { return; }
  let focusKey = null;
  region.addEventListener("submit", (event) => {
    focusKey = event.submitter && event.submitter.dataset.key;  // to keep the focus there
  }, true);
  window.kidswarLive({
    region: region, marker: "table", formClass: "move",
    announce: ".notice, .sentence, .outcome",
    afterSwap: (form) => {
      // The cards slide in when turned; after a practice answer they are already there.
      if (!form.classList.contains("answer")) { region.firstElementChild.classList.add("animate"); }
      // After an answer the key pressed named a card of the question, which is gone: the next
      // Space must turn the cards, so the focus goes to "Turn cards", not to a seat's stack.
      const answered = form.classList.contains("answer");
      const again = !answered && focusKey && region.querySelector('[data-key="' + focusKey + '"]');
      // [data-focus]: a practice question, while it waits for its answer.
      // preventScroll: the table stays where the child sees it; the view never jumps.
      const target = again || region.querySelector(".controls .primary, .end button, [data-focus]");
      (target || region).focus({ preventScroll: true });
    },
    keyFor: (key, pressing, sign) => (pressing ? "space" : /^[1-4]$/.test(key) ? key : sign),
  });
})();
