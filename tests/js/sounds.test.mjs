// The table's sounds (kidswar/web/static/sounds.mjs): which play when, the switch remembered,
// and each note's envelope, scheduled on a fake AudioContext.
import assert from "node:assert/strict";
import { test } from "node:test";

import { player, schedule, soundsAfter, soundsOn, SOUNDS, switchKey } from "../../kidswar/web/static/sounds.mjs";

// An AudioContext as far as sounds.mjs uses it, recording every node and every call.
class FakeContext {
  constructor() {
    this.state = "suspended";
    this.currentTime = 10;
    this.destination = { name: "speakers" };
    this.oscillators = [];
    this.gains = [];
  }
  resume() { this.state = "running"; return Promise.resolve(); }
  createOscillator() {
    const node = { type: "sine", frequency: { value: 0 }, started: null, stopped: null, to: null };
    node.connect = (to) => { node.to = to; return to; };
    node.start = (at) => { node.started = at; };
    node.stop = (at) => { node.stopped = at; };
    this.oscillators.push(node);
    return node;
  }
  createGain() {
    const steps = [];
    const node = { steps, to: null, gain: {
      setValueAtTime: (value, at) => steps.push(["set", value, at]),
      exponentialRampToValueAtTime: (value, at) => steps.push(["ramp", value, at]),
    } };
    node.connect = (to) => { node.to = to; return to; };
    this.gains.push(node);
    return node;
  }
}

class FakeStorage {
  constructor(items = {}) { this.items = { ...items }; }
  getItem(key) { return key in this.items ? this.items[key] : null; }
  setItem(key, value) { this.items[key] = String(value); }
}

test("on by default at home, off by default at a class table; a choice made wins", () => {
  assert.equal(soundsOn(null, false), true);
  assert.equal(soundsOn(null, true), false);
  assert.equal(soundsOn("off", false), false);
  assert.equal(soundsOn("on", true), true);
  assert.equal(soundsOn("rubbish", true), false);  // an unknown value: the default
  assert.notEqual(switchKey(true), switchKey(false));  // home and class remembered apart
});

test("a turn taps, a practice answer does not, the end plays the table's end sounds", () => {
  const move = { over: false, wasOver: false, turned: true, nextBattle: 4, battleBefore: 3, endSounds: [] };
  assert.deepEqual(soundsAfter(move), ["turn"]);
  assert.deepEqual(soundsAfter({ ...move, nextBattle: 3 }), []);  // refused: nothing turned
  assert.deepEqual(soundsAfter({ ...move, turned: false }), []);  // an answer
  const end = { ...move, over: true, endSounds: ["fanfare", "kind"] };
  assert.deepEqual(soundsAfter(end), ["fanfare", "kind"]);
  assert.deepEqual(soundsAfter({ ...end, endSounds: ["kind", "bogus"] }), ["kind"]);
  assert.deepEqual(soundsAfter({ ...end, wasOver: true }), []);  // "Play again" on an old end
});

test("every note rises from silence to a soft peak, fades out and stops by itself", () => {
  for (const name of Object.keys(SOUNDS)) {
    const context = new FakeContext();
    const end = schedule(context, name, 5);
    assert.equal(context.oscillators.length, SOUNDS[name].length, name);
    context.oscillators.forEach((tone, index) => {
      const gain = context.gains[index];
      assert.equal(tone.to, gain);
      assert.equal(gain.to, context.destination);
      const [first, peak, fade] = gain.steps;
      assert.equal(first[0], "set");
      assert.ok(first[1] < 0.001 && first[2] === tone.started, `${name}: starts silent`);
      assert.ok(peak[1] > 0 && peak[1] <= 0.2, `${name}: soft`);
      assert.ok(fade[1] < 0.001 && fade[2] > peak[2], `${name}: fades out`);
      assert.ok(tone.stopped > fade[2] && tone.stopped <= end + 0.05, `${name}: stops`);
      assert.ok(tone.started >= 5);
    });
  }
  const turn = schedule(new FakeContext(), "turn", 0);
  const fanfare = schedule(new FakeContext(), "fanfare", 0);
  assert.ok(turn < 0.25, "a turn's tap is short");
  assert.ok(fanfare < 1.5, "the fanfare is short");
});

test("nothing plays before a tap, muted, or without the Web Audio API; all is remembered", () => {
  const contexts = [];
  class Context extends FakeContext { constructor() { super(); contexts.push(this); } }
  const storage = new FakeStorage();
  const sounds = player(storage, false, Context);
  assert.equal(sounds.play(["turn"]), 0);  // no tap yet: no context
  assert.equal(contexts.length, 0);
  sounds.wake();
  assert.equal(contexts.length, 1);
  assert.equal(contexts[0].state, "running");
  assert.equal(sounds.play(["turn"]), 1);
  assert.equal(contexts[0].oscillators.length, SOUNDS.turn.length);
  sounds.choose(false);
  assert.equal(storage.getItem(switchKey(false)), "off");
  assert.equal(sounds.play(["fanfare"]), 0);
  assert.equal(contexts[0].oscillators.length, SOUNDS.turn.length);
  assert.equal(player(storage, false, Context).enabled(), false);  // the next page remembers
  assert.equal(player(storage, true, Context).enabled(), false);  // a class table: muted
  const classTable = player(new FakeStorage(), true, Context);
  classTable.wake();
  assert.equal(contexts.length, 1);  // muted: not even a context is made
  assert.equal(player(null, false, undefined).play(["turn"]), 0);  // no storage, no audio
  const broken = player({ getItem() { throw new Error("refused"); } }, false, Context);
  assert.equal(broken.enabled(), true);
});
