// The table's sounds, made here with the Web Audio API (oscillators and envelopes): no sound
// file is downloaded, and none needs a licence beyond the project's own. A soft tap as cards
// turn, a short fanfare when a child wins, and a kind, calm tune for a child who did not.
// Sounds start only after a tap or a key (the browsers' autoplay rules), and only for the
// page's own moves; they never hold up play (each is scheduled and left to the audio thread).
// The switch is remembered on this device; a class table starts muted (the projector chimes).

// Each note: its pitch (Hz), when it starts and how long it sounds (s, from the sound's start),
// its loudness at the peak (0..1 of full scale: all soft), and the oscillator's wave.
export const SOUNDS = Object.freeze({
  // Two quick, high, quiet taps: a card laid on the table.
  turn: [
    { frequency: 740, at: 0, length: 0.09, peak: 0.06, wave: "triangle" },
    { frequency: 988, at: 0.05, length: 0.08, peak: 0.04, wave: "triangle" },
  ],
  // G, C, E rising, then a held G above: bright, short (under a second and a half).
  fanfare: [
    { frequency: 392.0, at: 0, length: 0.16, peak: 0.12, wave: "triangle" },
    { frequency: 523.25, at: 0.14, length: 0.16, peak: 0.12, wave: "triangle" },
    { frequency: 659.25, at: 0.28, length: 0.16, peak: 0.12, wave: "triangle" },
    { frequency: 783.99, at: 0.42, length: 0.7, peak: 0.14, wave: "triangle" },
    { frequency: 523.25, at: 0.42, length: 0.7, peak: 0.06, wave: "sine" },
  ],
  // Low, slow and gentle, ending on the home note: "that was fine, let's play again".
  kind: [
    { frequency: 329.63, at: 0, length: 0.45, peak: 0.08, wave: "sine" },
    { frequency: 392.0, at: 0.3, length: 0.45, peak: 0.08, wave: "sine" },
    { frequency: 261.63, at: 0.6, length: 0.9, peak: 0.09, wave: "sine" },
  ],
});

const ATTACK = 0.015;  // s to the peak: soft, but no click
const SILENT = 0.0001;  // an exponential ramp cannot reach 0

// The stored choice's key: a class table's switch is its own, so a family's "on" at home does
// not unmute a school's tablets, nor the other way round.
export function switchKey(classTable) {
  return classTable ? "kidswar-sounds-class" : "kidswar-sounds";
}

// On or off: what was chosen on this device, else on at home and off at a class table.
export function soundsOn(stored, classTable) {
  if (stored === "on") { return true; }
  if (stored === "off") { return false; }
  return !classTable;
}

// Which sounds a swapped-in table calls for after this page's own move: the end's (given by
// the table, `data-end-sounds`: "fanfare", "kind" or both), else a tap when cards were turned
// (the battle to play next moved on). A practice answer turns no card: no tap.
export function soundsAfter(move) {
  if (move.over) { return move.wasOver ? [] : move.endSounds.filter((name) => name in SOUNDS); }
  if (move.turned && move.nextBattle > move.battleBefore) { return ["turn"]; }
  return [];
}

// Play one sound at `start` (the context's time, s): each note an oscillator through its own
// gain, rising to its peak and fading out; every node stops by itself. Returns when it ends.
export function schedule(context, name, start) {
  let end = start;
  for (const note of SOUNDS[name]) {
    const at = start + note.at;
    const stop = at + note.length;
    const tone = context.createOscillator();
    const volume = context.createGain();
    tone.type = note.wave;
    tone.frequency.value = note.frequency;
    volume.gain.setValueAtTime(SILENT, at);
    volume.gain.exponentialRampToValueAtTime(note.peak, at + ATTACK);
    volume.gain.exponentialRampToValueAtTime(SILENT, stop);
    tone.connect(volume).connect(context.destination);
    tone.start(at);
    tone.stop(stop + 0.02);
    end = Math.max(end, stop);
  }
  return end;
}

// The page's player: `storage` (localStorage), `classTable`, `Context` (window.AudioContext).
// wake() on a tap or key makes the audio context (the browser allows it then); play(names)
// plays them one after another, if the switch is on and the context runs, and never throws.
export function player(storage, classTable, Context) {
  const key = switchKey(classTable);
  let context = null;
  let chosen = null;
  try { chosen = storage.getItem(key); } catch { /* private mode: the default */ }

  return {
    enabled: () => soundsOn(chosen, classTable),
    choose(on) {
      chosen = on ? "on" : "off";
      try { storage.setItem(key, chosen); } catch { /* private mode: for this page only */ }
    },
    wake() {
      if (!Context || !soundsOn(chosen, classTable)) { return; }
      try {
        if (!context) { context = new Context(); }
        if (context.state === "suspended") { context.resume().catch(() => {}); }
      } catch { context = null; }
    },
    play(names) {
      if (!context || !soundsOn(chosen, classTable) || context.state !== "running") { return 0; }
      let at = context.currentTime + 0.02;
      try {
        for (const name of names) { at = schedule(context, name, at) + 0.1; }
      } catch { return 0; }  // a sound is a delight, never a reason for the game to stop
      return names.length;
    },
  };
}

// The switch: a toggle button (aria-pressed: sounds on), shown once there is a way to play.
export function connectSwitch(button, sounds) {
  button.setAttribute("aria-pressed", sounds.enabled() ? "true" : "false");
  const holder = button.closest("[data-sound-switch]");
  if (holder) { holder.hidden = false; }
  button.addEventListener("click", () => {
    const on = !sounds.enabled();
    sounds.choose(on);
    button.setAttribute("aria-pressed", on ? "true" : "false");
    if (on) { sounds.wake(); }  // a click: the browser lets the page make sound now
  });
}
