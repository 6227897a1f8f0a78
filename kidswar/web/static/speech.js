// Reading aloud: plays the app's own clips (/speech/...), never anything from elsewhere.
// Off until switched on (the first time by one big "Turn on the voice", where a page has it);
// the choice is remembered on this device. A clip that cannot be had
// is asked for once more a moment later (the server may be rendering it: 503, Retry-After);
// if it still cannot, the page says so and hides every speaker button for a while, then
// shows them again (the server's speech rests after failures and then tries again).
// A module: the server's timings come from the page (page-data.mjs).
import { pageData } from "./page-data.mjs";

(function () {
  const CHOICE = "kidswar-speech";
  const BROKEN = "kidswar-speech-unavailable";  // until when (ms since 1970) speech is off here
  // The server's Retry-After for a clip being rendered, and how long its speech rests
  // (SPEECH_RETRY_SECONDS) after failures.
  const { retryMs: RETRY_MS, restMs: REST_MS } = pageData().speech;
  let queue = [];
  let audio = null;
  let reading = null;  // the rules item being read, highlighted
  let retried = null;  // the clip already asked for twice
  let retry = null;  // the timer that asks for it again
  let readingAll = null;  // the "Read all" button whose section is being read: it says "Stop"

  function store(storage, key, value) {
    try { storage.setItem(key, value); } catch { /* private mode: not remembered */ }
  }
  function stored(storage, key) {
    try { return storage.getItem(key); } catch { return null; }
  }
  function unavailable() { return Date.now() < Number(stored(sessionStorage, BROKEN) || 0); }
  function enabled() { return stored(localStorage, CHOICE) === "on" && !unavailable(); }

  function highlight(item) {
    if (reading) { reading.classList.remove("reading"); }
    reading = item || null;
    if (reading) { reading.classList.add("reading"); }
  }

  // "Read all" says "Stop" while its section is read, and "Read all" again once it is not.
  function showReadingAll(button) {
    if (readingAll && readingAll !== button) {
      const label = readingAll.querySelector(".read-all-label");
      if (label) { label.textContent = label.dataset.read; }
      readingAll.setAttribute("aria-pressed", "false");
    }
    readingAll = button;
    if (button) {
      const label = button.querySelector(".read-all-label");
      if (label) { label.textContent = label.dataset.stop; }
      button.setAttribute("aria-pressed", "true");
    }
  }

  function stop() {
    queue = [];
    if (retry) { window.clearTimeout(retry); retry = null; }
    if (audio) { audio.pause(); audio = null; }
    highlight(null);
    showReadingAll(null);
  }

  function setShown(shown) {
    document.querySelectorAll("[data-speech-control]").forEach((el) => { el.hidden = !shown; });
    const notice = document.getElementById("speech-unavailable");
    if (notice) { notice.hidden = shown; }
  }

  // Hide the speaker buttons (and say why) until `until`, then show them again by themselves.
  function rest(until) {
    setShown(false);
    window.setTimeout(() => { if (!unavailable()) { setShown(true); } }, until - Date.now() + 50);
  }

  function giveUp() {
    stop();
    const until = Date.now() + REST_MS;
    store(sessionStorage, BROKEN, String(until));
    rest(until);
  }

  // A clip failed: ask for it once more after a moment, then give up for a while.
  function failed(item) {
    if (retried === item.url) { retried = null; giveUp(); return; }
    const after = queue;
    const button = readingAll;  // still reading all while it waits: still "Stop"
    stop();
    showReadingAll(button);
    retried = item.url;
    retry = window.setTimeout(() => {
      retry = null;
      play([item].concat(after));
      showReadingAll(button);
    }, RETRY_MS);
  }

  function next() {
    const item = queue.shift();
    if (!item) { highlight(null); showReadingAll(null); audio = null; return; }
    highlight(item.element);
    const clip = new Audio(item.url);
    audio = clip;
    let done = false;  // "error" and a rejected play() may both come: handle one
    function fail() { if (!done && audio === clip) { done = true; failed(item); } }
    clip.addEventListener("ended", () => { if (retried === item.url) { retried = null; } next(); });
    clip.addEventListener("error", fail);
    clip.play().catch((error) => {
      // NotAllowedError: the browser wants a tap first; that is not a broken speech service.
      if (error && error.name === "NotAllowedError") { stop(); } else { fail(); }
    });
  }

  // Play clips in order: a list of URLs, or of {url, element} to highlight while each plays.
  function play(items) {
    stop();
    queue = items.map((item) => (typeof item === "string" ? { url: item, element: null } : item));
    next();
  }

  // Switched on, the voice says so ("The voice is on."): a child hears that it works.
  function sayOn(button) {
    if (button.dataset.confirm) { play([button.dataset.confirm]); }
  }

  // The first time on this device (never switched on or off here), one big "Turn on the
  // voice" stands in place of the switch; once the device has chosen, only the switch.
  function firstTime(toggle) {
    const first = document.getElementById("speech-first");
    if (!first) { return; }
    const place = first.closest("[data-speech-control]");
    const switchPlace = toggle ? toggle.closest("[data-speech-control]") : null;
    if (stored(localStorage, CHOICE) !== null) { place.remove(); return; }
    if (switchPlace) { switchPlace.classList.add("waiting"); }
    first.addEventListener("click", () => {
      store(localStorage, CHOICE, "on");
      place.remove();
      if (toggle) {
        toggle.setAttribute("aria-pressed", "true");
        switchPlace.classList.remove("waiting");
        toggle.focus();
      }
      sayOn(first);
    });
  }

  function showControls() {
    if (unavailable()) { rest(Number(stored(sessionStorage, BROKEN))); } else { setShown(true); }
    const toggle = document.getElementById("speech-toggle");
    if (toggle) {
      toggle.setAttribute("aria-pressed", enabled() ? "true" : "false");
      toggle.addEventListener("click", () => {
        const on = !enabled();
        store(localStorage, CHOICE, on ? "on" : "off");
        toggle.setAttribute("aria-pressed", on ? "true" : "false");
        if (on) { sayOn(toggle); } else { stop(); }
      });
    }
    firstTime(toggle);
    // A speaker on each rules item and picture: listened to on the document, so a speaker
    // drawn later (the drill's picture choices, redrawn in place by live.js) says its words too.
    document.addEventListener("click", (event) => {
      const button = event.target.closest && event.target.closest("[data-speak]");
      if (button) { play([{ url: button.dataset.speak, element: button.closest("li, p") }]); }
    });
    // Speakers drawn later (a fragment put in place) come hidden: shown as the others are.
    new MutationObserver((changes) => {
      changes.forEach((change) => change.addedNodes.forEach((node) => {
        if (!node.querySelectorAll) { return; }
        node.querySelectorAll("[data-speak][data-speech-control]").forEach((el) => {
          el.hidden = unavailable();
        });
      }));
    }).observe(document.body, { childList: true, subtree: true });
    // A second tap on "Read all" (now "Stop") stops the voice.
    document.querySelectorAll("[data-read-all]").forEach((button) => {
      button.addEventListener("click", () => {
        if (readingAll === button) { stop(); return; }
        const section = document.getElementById(button.dataset.readAll);
        play(Array.from(section.querySelectorAll("[data-speak]"), (speak) => (
          { url: speak.dataset.speak, element: speak.closest("li, p") })));
        showReadingAll(button);
      });
    });
  }

  window.kidswarSpeech = { enabled: enabled, play: play, stop: stop };
  showControls();
})();
