// The table redrawn in place (see live.js). Keys: Space or Enter turns everyone's cards, a
// player's number their card; in practice <, = and > answer with a sign (keys.mjs). A module:
// what it shares with the server comes from the page (page-data.mjs). After this page's own
// move the table sounds (sounds.mjs) and the won cards slide to the winner (motion.mjs).
// A practice table on a level counts its answers for the device's child: the child's progress
// goes with each answer and the one handed back is kept (children.mjs), and the browser is
// asked to keep the site's storage, as the drill asks. One the server cannot read is refused,
// the table marked so (data-progress-refused): it is put aside for the adult (the progress
// page offers to save or delete it), so the next answer starts afresh.
import { tableKey } from "./keys.mjs";
import { AFTER_DEAL_MS, flyToWinner } from "./motion.mjs";
import { pageData } from "./page-data.mjs";
import {
  askToKeepStorage, childNow, keepProgress, putAsideProgress, sendProgress,
} from "./children.mjs";
import { connectSwitch, player, soundsAfter } from "./sounds.mjs";

(function () {
  const region = document.getElementById("table-region");
  if (!region || !window.fetch || !window.kidswarLive) { return; }
  // Captured, so the field is filled before live.js reads the form.
  document.addEventListener("submit", (event) => sendProgress(event.target), true);
  const { signs: SIGNS, fetchHeaders: FETCH_HEADERS } = pageData();
  let focusKey = null;
  let askedToKeep = false;  // the browser asked to keep this site's storage (children.mjs)
  let before = null;  // the table as this page's move found it
  region.addEventListener("submit", (event) => {
    focusKey = event.submitter && event.submitter.dataset.key;  // to keep the focus there
    before = { battle: Number(shown() && shown().dataset.nextBattle) || 0, over: over() };
  }, true);
  const sounds = soundsOfTable();
  const live = window.kidswarLive({
    region: region, marker: "table", formClass: "move",
    announce: ".notice, .sentence, .outcome, .kind-word",
    afterSwap: (form) => {
      // A child's progress kept on this device: ask the browser to keep it (once a page).
      if (keepProgress(region) && !askedToKeep) { askedToKeep = askToKeepStorage(); }
      const child = region.querySelector("[data-progress-refused]") && childNow();
      if (child) {
        try { putAsideProgress(child.id); } catch { /* storage off: nothing kept to send */ }
      }
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
      if (over()) { showEnd(); }
      delight(form);
    },
    keyFor: (key, pressing) => tableKey(key, pressing, SIGNS),
  });

  // A shared link: the moves made on another device show here without a reload. While this
  // page is in sight and the game goes on, it asks for the game's version every few seconds
  // (a few bytes), and fetches the table only when the version moved. It waits while a move
  // of this page is on its way, keeps the focus where it was and the view where it was, and
  // stops when the game is over.
  // Issue 33: a second device follows within a second while something is afoot: the table
  // waits for another seat or for the teacher, or news came from elsewhere in the
  // last half minute; a quiet game is looked at every 3 s. Hidden: no looks; offline: fewer.
  const EVERY = 3000;  // ms between two looks at a quiet game
  const SOON = 800;  // ms between two looks while something is afoot
  const LIVELY = 30000;  // ms that news from elsewhere keeps the looks frequent
  const LONGEST = 30000;  // ms: offline for a while, it looks less and less often
  const versionUrl = region.dataset.versionUrl;
  const tableUrl = region.dataset.tableUrl;
  let newsAt = -Infinity;  // when news from elsewhere last came (performance.now)
  let timer = null;
  let looking = false;

  function shown() { return region.querySelector("#table"); }

  function waits() {
    // A seat turned and waits for the others ("Turned, waiting for the others"), or the class
    // round's clock waits for the teacher to start or resume it.
    const clock = document.querySelector(".table-clock .countdown");
    const state = clock ? clock.dataset.state : "";
    return Boolean(region.querySelector(".waiting-tag")) || state === "ready" || state === "paused";
  }

  function pace() {
    return waits() || performance.now() - newsAt < LIVELY ? SOON : EVERY;
  }
  let wait = pace();

  function soundsOfTable() {
    const toggle = document.getElementById("sound-toggle");
    let storage = null;
    try { storage = window.localStorage; } catch { /* storage refused: the default */ }
    const Context = window.AudioContext || window.webkitAudioContext;
    const made = player(storage, Boolean(toggle && toggle.dataset.classTable === "yes"), Context);
    if (toggle && Context) { connectSwitch(toggle, made); }
    // Browsers let a page make sound only after a tap or a key: get ready on the first one.
    document.addEventListener("pointerdown", made.wake);
    document.addEventListener("keydown", made.wake);
    return made;
  }

  // After this page's own move (never after a look at another device's): its sound, and the
  // won cards on their way to the winner (after a turn, once they have slid in).
  function delight(form) {
    const table = shown();
    if (!table || !before) { return; }
    const turned = !form.classList.contains("answer");
    const battle = Number(table.dataset.nextBattle) || 0;
    sounds.play(soundsAfter({
      over: over(), wasOver: before.over, turned: turned, nextBattle: battle,
      battleBefore: before.battle,
      endSounds: (table.dataset.endSounds || "").split(" ").filter(Boolean),
    }));
    if (!turned || battle > before.battle) { flyToWinner(table, window, turned ? AFTER_DEAL_MS : 0); }
  }
  // The one time the view moves: the game has just ended, and its end (who won, "Play again")
  // may lie below a phone's screen, under the last battle or practice reply. As little as
  // needed, so the end is in sight, and at once (no smooth scrolling).
  function showEnd() {
    const end = region.querySelector(".end");
    if (end) { end.scrollIntoView({ block: "nearest" }); }
  }
  function version(table) { return Number(table && table.dataset.version) || 0; }
  function over() { const table = shown(); return !table || table.dataset.over === "yes"; }

  function later(ms) {
    window.clearTimeout(timer);
    timer = null;
    if (!document.hidden && !over()) { timer = window.setTimeout(look, ms); }
  }

  function keepingPlace(swap) {
    // The focus stays on the same control (or the table's main one, if that control is gone),
    // but only when it was in the table: a reader elsewhere on the page is left alone.
    const focused = document.activeElement;
    const inTable = focused && focused !== region && region.contains(focused);
    const key = inTable && focused.dataset.key;
    // The view stays put: with the table's top in sight, the table's top stays where it is;
    // scrolled past it (reading below), what is below the table does.
    const y = window.scrollY;
    const before = region.getBoundingClientRect();
    const wasOver = over();
    swap();
    region.firstElementChild.classList.add("animate");
    if (inTable) {
      const same = key && region.querySelector('[data-key="' + key + '"]');
      const target = same || region.querySelector(".controls .primary, .end button, [data-focus]");
      if (target) { target.focus({ preventScroll: true }); }
    }
    const after = region.getBoundingClientRect();
    const grown = (after.bottom + window.scrollY) - (before.bottom + y);
    const place = before.top < 0 ? y + grown : y;
    if (Math.abs(window.scrollY - place) >= 1) { window.scrollTo(window.scrollX, place); }
    if (!wasOver && over() && (inTable || before.top >= 0)) { showEnd(); }
  }

  async function redraw() {
    const response = await fetch(tableUrl, {
      headers: FETCH_HEADERS, credentials: "same-origin", cache: "no-store" });
    const html = await response.text();
    if (!response.ok) { throw new Error("the table could not be fetched"); }
    const fresh = document.createElement("template");
    fresh.innerHTML = html;
    // A move of this page may have been answered meanwhile, with as new a table or newer.
    if (live.busy() || version(fresh.content.querySelector("#table")) <= version(shown())) {
      return;
    }
    keepingPlace(() => live.show(html));
  }

  async function look() {
    timer = null;
    if (looking || document.hidden || over()) { return; }
    looking = true;
    try {
      if (!live.busy()) {  // a move of this page is on its way: its answer is the news
        const response = await fetch(versionUrl, {
          headers: { "Accept": "application/json" }, credentials: "same-origin", cache: "no-store" });
        if (!response.ok) { throw new Error("the version could not be fetched"); }
        const data = await response.json();
        if (data.version > version(shown()) && !live.busy()) {
          newsAt = performance.now();
          await redraw();
        }
      }
      wait = pace();
      live.lost(false);
    } catch {
      live.lost(true);  // "Connection lost, trying again" (live.js)
      wait = Math.min(wait * 2, LONGEST);  // offline for a moment: the next look tries again
    } finally {
      looking = false;
      later(wait);
    }
  }

  if (versionUrl && tableUrl) {
    document.addEventListener("visibilitychange", () => {
      if (document.hidden) {  // out of sight (another tab, a locked phone): no looks
        window.clearTimeout(timer);
        timer = null;
      } else {
        look();  // back in sight: look at once
      }
    });
    later(pace());
  }
})();
