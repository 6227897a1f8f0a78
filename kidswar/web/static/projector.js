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

// A screen wake lock while the round runs (issue 33): a projector left alone for ten minutes
// must not go dark mid-round. Asked for where the browser offers it (a secure page: https or
// localhost), let go once the round pauses or ends; the browser drops it when the page is
// hidden, so it is asked for again when the page shows.
(function () {
  "use strict";
  const countdown = document.querySelector("#projector .countdown");
  if (!countdown || !("wakeLock" in navigator)) { return; }
  let lock = null;

  function running() {
    return countdown.dataset.state === "running" && document.visibilityState === "visible";
  }

  function follow() {
    if (running() && lock === null) {
      lock = "asking";
      navigator.wakeLock.request("screen").then(function (held) {
        lock = held;
        held.addEventListener("release", function () { if (lock === held) { lock = null; } });
        if (!running()) { follow(); }
      }).catch(function () { lock = null; });  // refused (battery saver): the page still works
    } else if (!running() && lock !== null && lock !== "asking") {
      const held = lock;
      lock = null;
      held.release().catch(function () { /* already let go */ });
    }
  }

  new MutationObserver(follow).observe(countdown, { attributes: true, attributeFilter: ["data-state"] });
  document.addEventListener("visibilitychange", follow);
  follow();
})();
