// The countdown's arithmetic (kidswar/web/static/clock.mjs), with the clock data a page gives.
import assert from "node:assert/strict";
import { test } from "node:test";

import { clockText, inLastMinute, minuteWords, secondsLeft } from "../../kidswar/web/static/clock.mjs";

const CLOCK = { pattern: "{m}:{ss}", lastMinute: 60, running: "running", over: "over", stopped: "stopped" };

test("the time left is written as the server writes it, rounded up", () => {
  assert.equal(clockText(545, CLOCK.pattern), "9:05");
  assert.equal(clockText(544.2, CLOCK.pattern), "9:05");
  assert.equal(clockText(600, CLOCK.pattern), "10:00");
  assert.equal(clockText(59.9, CLOCK.pattern), "1:00");
  assert.equal(clockText(0.1, CLOCK.pattern), "0:01");
  assert.equal(clockText(0, CLOCK.pattern), "0:00");
  assert.equal(clockText(7200, CLOCK.pattern), "120:00");
});

test("the page's pattern says how the minutes and seconds are put together", () => {
  assert.equal(clockText(545, "{m} min {ss} s"), "9 min 05 s");
  assert.equal(clockText(545, "{m}.{ss}"), "9.05");
});

test("a running clock counts down from the server's figure and stops at zero", () => {
  assert.equal(secondsLeft("running", 90, 30_000, CLOCK), 60);
  assert.equal(secondsLeft("running", 90, 500, CLOCK), 89.5);
  assert.equal(secondsLeft("running", 90, 120_000, CLOCK), 0);
});

test("a clock that is not running does not count; a finished one shows zero", () => {
  assert.equal(secondsLeft("paused", 90, 30_000, CLOCK), 90);
  assert.equal(secondsLeft("ready", 600, 30_000, CLOCK), 600);
  assert.equal(secondsLeft("stopped", 42, 30_000, CLOCK), 42);
  assert.equal(secondsLeft("over", 90, 0, CLOCK), 0);
});

test("the clock's states are the page's names for them", () => {
  const renamed = { ...CLOCK, running: "RUNNING", over: "OVER" };
  assert.equal(secondsLeft("RUNNING", 90, 30_000, renamed), 60);
  assert.equal(secondsLeft("running", 90, 30_000, renamed), 90);
  assert.equal(secondsLeft("OVER", 90, 0, renamed), 0);
});

test("the last minute is shown only while a running clock is in it", () => {
  assert.equal(inLastMinute("running", 60, CLOCK), true);
  assert.equal(inLastMinute("running", 0.5, CLOCK), true);
  assert.equal(inLastMinute("running", 60.5, CLOCK), false);
  assert.equal(inLastMinute("running", 0, CLOCK), false);
  assert.equal(inLastMinute("paused", 30, CLOCK), false);
  assert.equal(inLastMinute("running", 90, { ...CLOCK, lastMinute: 120 }), true);
});

test("a screen reader hears the minutes the server has words for, as they begin", () => {
  const words = { 1: "1 minute left", 5: "5 minutes left" };
  assert.equal(minuteWords(words, 300), "5 minutes left");
  assert.equal(minuteWords(words, 299.2), "5 minutes left");
  assert.equal(minuteWords(words, 60), "1 minute left");
  assert.equal(minuteWords(words, 298), null);
  assert.equal(minuteWords(words, 120), null);
  assert.equal(minuteWords(JSON.parse('{"2": "2 minutes left"}'), 120), "2 minutes left");
});
