// The projector view: a button that fills the screen with it (where the browser can), and
// leaves full screen again; its label says which it will do.
(function () {
  "use strict";
  const projector = document.getElementById("projector");
  const button = projector && projector.querySelector(".fullscreen");
  if (!button || !projector.requestFullscreen) { return; }

  function label() {
    // Esc, F11 or the browser's own controls also leave full screen: follow the document.
    button.textContent = document.fullscreenElement ? button.dataset.leave : button.dataset.enter;
  }

  button.hidden = false;
  document.addEventListener("fullscreenchange", label);
  button.addEventListener("click", function () {
    if (document.fullscreenElement) {
      document.exitFullscreen().catch(function () { /* already left */ });
    } else {
      projector.requestFullscreen().catch(function () { /* refused: the page still works */ });
    }
  });
  label();
})();
