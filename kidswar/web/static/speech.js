// Reading aloud: plays the app's own clips (/speech/...), never anything from elsewhere.
// Off until switched on; the choice is remembered on this device. If a clip cannot be had,
// the page says so once and hides every speaker button.
(function () {
  "use strict";
  const CHOICE = "kidswar-speech";
  const BROKEN = "kidswar-speech-unavailable";
  let queue = [];
  let audio = null;
  let reading = null;  // the rules item being read, highlighted

  function store(storage, key, value) {
    try { storage.setItem(key, value); } catch (error) { /* private mode: not remembered */ }
  }
  function stored(storage, key) {
    try { return storage.getItem(key); } catch (error) { return null; }
  }
  function unavailable() { return stored(sessionStorage, BROKEN) === "1"; }
  function enabled() { return stored(localStorage, CHOICE) === "on" && !unavailable(); }

  function highlight(item) {
    if (reading) { reading.classList.remove("reading"); }
    reading = item || null;
    if (reading) { reading.classList.add("reading"); }
  }

  function stop() {
    queue = [];
    if (audio) { audio.pause(); audio = null; }
    highlight(null);
  }

  function giveUp() {
    stop();
    store(sessionStorage, BROKEN, "1");
    document.querySelectorAll("[data-speech-control]").forEach((el) => { el.hidden = true; });
    const notice = document.getElementById("speech-unavailable");
    if (notice) { notice.hidden = false; }
  }

  function next() {
    const item = queue.shift();
    if (!item) { highlight(null); return; }
    highlight(item.element);
    audio = new Audio(item.url);
    audio.addEventListener("ended", next);
    audio.addEventListener("error", giveUp);
    audio.play().catch((error) => {
      // NotAllowedError: the browser wants a tap first; that is not a broken speech service.
      if (error && error.name === "NotAllowedError") { stop(); } else { giveUp(); }
    });
  }

  // Play clips in order: a list of URLs, or of {url, element} to highlight while each plays.
  function play(items) {
    stop();
    queue = items.map((item) => (typeof item === "string" ? { url: item, element: null } : item));
    next();
  }

  function showControls() {
    if (unavailable()) { giveUp(); return; }
    document.querySelectorAll("[data-speech-control]").forEach((el) => { el.hidden = false; });
    const toggle = document.getElementById("speech-toggle");
    if (toggle) {
      toggle.setAttribute("aria-pressed", enabled() ? "true" : "false");
      toggle.addEventListener("click", () => {
        const on = !enabled();
        store(localStorage, CHOICE, on ? "on" : "off");
        toggle.setAttribute("aria-pressed", on ? "true" : "false");
        if (!on) { stop(); }
      });
    }
    // Rules pages: a speaker on each item, and "Read all" for a whole section.
    document.querySelectorAll("[data-speak]").forEach((button) => {
      button.addEventListener("click", () => {
        play([{ url: button.dataset.speak, element: button.closest("li, p") }]);
      });
    });
    document.querySelectorAll("[data-read-all]").forEach((button) => {
      button.addEventListener("click", () => {
        const section = document.getElementById(button.dataset.readAll);
        play(Array.from(section.querySelectorAll("[data-speak]"), (speak) => (
          { url: speak.dataset.speak, element: speak.closest("li, p") })));
      });
    });
  }

  window.kidswarSpeech = { enabled: enabled, play: play, stop: stop };
  showControls();
})();
