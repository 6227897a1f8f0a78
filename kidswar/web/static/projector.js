// The projector view: a button that fills the screen with it (where the browser can).
(function () {
  "use strict";
  const projector = document.getElementById("projector");
  const button = projector && projector.querySelector(".fullscreen");
  if (!button || !projector.requestFullscreen) { return; }
  button.hidden = false;
  button.addEventListener("click", function () {
    if (document.fullscreenElement) {
      document.exitFullscreen();
    } else {
      projector.requestFullscreen().catch(function () { /* refused: the page still works */ });
    }
  });
})();
