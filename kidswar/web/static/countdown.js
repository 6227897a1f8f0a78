// The countdown: counts down between the server's figures, and asks the server again whenever
// it matters. The server is the only judge of time: the page starts from the seconds left the
// server gave it (never from this device's clock, which may be wrong), polls for pauses and
// resumes in a class round, and when its own count reaches zero asks the server, which ends the
// game and says so. A soft chime (made here with the Web Audio API) marks the end; it can be
// switched off, and the choice is remembered on this device. A game won before its time was up
// stops its clock where it stood ("stopped"): no more counting, no chime. A module: the clock's
// pattern and states come from the page (page-data.mjs), the arithmetic from clock.mjs.
import { clockText, inLastMinute, minuteWords, secondsLeft as countedDown } from "./clock.mjs";
import { isolatedText } from "./isolate.mjs";
import { pageData } from "./page-data.mjs";

(function () {
  const box = document.querySelector(".countdown");
  if (!box || !window.fetch) { return; }
  const timeText = box.querySelector(".countdown-time");
  const bar = box.querySelector(".countdown-bar");
  const message = box.querySelector(".countdown-message");  // none on a table: it says itself
  const said = box.querySelector(".countdown-said");
  const chimeLabel = box.querySelector(".chime");
  const chimeBox = box.querySelector(".chime-on");
  const words = JSON.parse(box.dataset.words || "{}");
  const resumed = box.dataset.resumed || "";  // said when a paused round goes on (issue 33)
  const poll = Number(box.dataset.poll) || 0;
  // A class table's chime is off until someone there turns it on (the projector chimes for
  // the class), and its choice is its own, as the table's sounds are (sounds.mjs).
  const classTable = poll > 0 && Boolean(box.closest(".table-clock"));
  const MUTE_KEY = classTable ? "kidswar-class-chime-off" : "kidswar-chime-off";
  const { clock: CLOCK, fetchHeaders: FETCH_HEADERS } = pageData();
  let state = box.dataset.state;
  let left = Number(box.dataset.left) || 0;
  let total = Number(box.dataset.total) || 1;
  let since = performance.now();  // when `left` was true
  let asking = false;
  let askAgain = false;  // news came while a question was on its way: ask once more after it
  let askedAtZero = false;
  let audio = null;
  let endSeen = null;  // the seconds shown when this page saw its game end

  function secondsLeft() {
    return countedDown(state, left, performance.now() - since, CLOCK);  // stopped: frozen
  }

  function say(text) {
    if (text) { said.textContent = text; }
  }

  let lastShown = null;
  function draw() {
    const seconds = secondsLeft();
    const shown = clockText(seconds, CLOCK.pattern);
    if (shown !== lastShown) {
      // A screen reader hears the last minutes begin, not every second.
      if (state === CLOCK.running && lastShown !== null) { say(minuteWords(words, seconds)); }
      lastShown = shown;
      timeText.textContent = shown;
      bar.max = total;
      bar.value = seconds;
      bar.textContent = shown;
    }
    box.classList.toggle("last-minute", inLastMinute(state, seconds, CLOCK));
    if (state === CLOCK.running && seconds <= 0 && !askedAtZero) {
      askedAtZero = true;
      ask();
    }
  }

  function chimeOn() {
    let muted = null;
    try { muted = window.localStorage.getItem(MUTE_KEY); } catch { /* the default */ }
    return muted === null ? !classTable : muted !== "yes";
  }

  function wakeAudio() {
    // Browsers let a page make sound only after a tap or a key: get ready on the first one.
    const Context = window.AudioContext || window.webkitAudioContext;
    if (!Context) { return; }
    if (!audio) { audio = new Context(); }
    if (audio.state === "suspended") { audio.resume(); }
  }

  function chime() {
    if (!audio || !chimeOn() || audio.state !== "running") { return; }
    const start = audio.currentTime + 0.05;
    [523.25, 659.25, 783.99].forEach(function (frequency, index) {  // C, E, G: soft and calm
      const at = start + index * 0.4;
      const tone = audio.createOscillator();
      const volume = audio.createGain();
      tone.type = "sine";
      tone.frequency.value = frequency;
      volume.gain.setValueAtTime(0.0001, at);
      volume.gain.exponentialRampToValueAtTime(0.2, at + 0.03);
      volume.gain.exponentialRampToValueAtTime(0.0001, at + 1.4);
      tone.connect(volume).connect(audio.destination);
      tone.start(at);
      tone.stop(at + 1.5);
    });
  }

  async function refreshPage() {
    // The table redraws its live part (as after a move); other pages reload if they asked to.
    const region = document.getElementById("table-region");
    if (region) {
      const response = await fetch(window.location.href, {
        headers: FETCH_HEADERS, credentials: "same-origin" });
      const html = await response.text();
      if (response.ok && html.includes('id="table"')) {
        region.innerHTML = html;
        // Who won, then the kind word for the others (or why the table waits).
        const told = region.querySelectorAll(".outcome, .kind-word, .waiting");
        say(Array.from(told, (part) => isolatedText(part).trim()).join(" "));
      }
    } else if (box.dataset.reload === "yes") {
      window.location.reload();
    }
  }

  function apply(clock) {
    const before = state;
    const shown = secondsLeft();
    state = clock.state;
    // Stopped: the server keeps no seconds for it; the clock stays where this page saw the end.
    left = state === CLOCK.stopped ? (endSeen === null ? shown : endSeen) : Number(clock.left) || 0;
    total = Number(clock.total) || 1;
    since = performance.now();
    if (state === CLOCK.running && left > 0) { askedAtZero = false; }
    lastShown = null;
    box.dataset.state = state;
    box.className = box.className.replace(/\bstate-\w+/, "state-" + state);
    if (message) { message.textContent = clock.message || ""; }
    draw();
    if (state !== before && state !== CLOCK.stopped) {
      if (state === CLOCK.over) { chime(); }
      // Resumed: the status said "paused" until now, and a running clock has no message.
      if (before === CLOCK.paused && state === CLOCK.running) { say(resumed); }
      else if (message) { say(clock.message); }  // a table says what its redrawn notice says
      refreshPage();
    }
  }

  let lastBoard = null;
  function redrawBoard(html) {
    // The board is redrawn only when it changed. The teacher's board has a link per table
    // (issue 13): one that had the keyboard focus has it again after the redraw.
    const board = document.querySelector("[data-board]");
    if (!board || !html || html === lastBoard) { return; }
    lastBoard = html;
    const active = document.activeElement;
    const focused = active && board.contains(active) ? active.dataset.table : null;
    board.innerHTML = html;
    if (focused) {
      const again = board.querySelector('[data-table="' + focused + '"]');
      if (again) { again.focus(); }
    }
  }

  async function ask() {
    if (!box.dataset.status) { return; }
    if (asking) { askAgain = true; return; }
    asking = true;
    try {
      const response = await fetch(box.dataset.status, {
        headers: { "Accept": "application/json" }, credentials: "same-origin" });
      if (!response.ok) { return; }
      const data = await response.json();
      redrawBoard(data.board);
      apply(data.clock || data);
    } catch {
      // Offline for a moment: keep counting; the next poll (or the next look) asks again.
    } finally {
      asking = false;
      if (askAgain) { askAgain = false; ask(); }
    }
  }

  // The game ended on this page or on another device (its table redrawn over): the server
  // says at once whether the clock stopped with it (a game of its own) or goes on (a class
  // round's clock, under which the table plays again).
  const region = document.getElementById("table-region");
  if (region && window.MutationObserver) {
    new MutationObserver(function () {
      if (state === CLOCK.running && region.querySelector('#table[data-over="yes"]')) {
        endSeen = secondsLeft();
        ask();
      }
    }).observe(region, { childList: true });
  }

  if (chimeLabel && (window.AudioContext || window.webkitAudioContext)) {
    chimeLabel.hidden = false;
    chimeBox.checked = chimeOn();
    chimeBox.addEventListener("change", function () {
      try { window.localStorage.setItem(MUTE_KEY, chimeBox.checked ? "no" : "yes"); }
      catch { /* private mode: the choice lasts for this page */ }
    });
  }
  document.addEventListener("pointerdown", wakeAudio);
  document.addEventListener("keydown", wakeAudio);
  document.addEventListener("visibilitychange", function () {
    if (!document.hidden) { ask(); }  // back from another app: the clock may have moved
  });
  window.setInterval(draw, 250);
  if (poll > 0) { window.setInterval(ask, poll * 1000); }
  draw();
})();
