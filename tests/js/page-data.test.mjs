// Reading the page's shared values (kidswar/web/static/page-data.mjs).
import assert from "node:assert/strict";
import { test } from "node:test";

import { pageData, parsePageData } from "../../kidswar/web/static/page-data.mjs";

const GIVEN = {
  fetchHeaders: { "X-Kidswar": "fetch" },
  signs: { "<": "lt", "=": "same", ">": "gt" },
  clock: { pattern: "{m}:{ss}", lastMinute: 60, running: "running", over: "over", stopped: "stopped" },
  speech: { retryMs: 2000, restMs: 30000 },
  other: "other",
};

test("the page's JSON block is read as the server wrote it", () => {
  assert.deepEqual(parsePageData(JSON.stringify(GIVEN)), GIVEN);
});

test("Jinja's tojson escapes (\\u003c for <) read back as the signs", () => {
  const text = JSON.stringify(GIVEN).replaceAll("<", "\\u003c").replaceAll(">", "\\u003e");
  assert.equal(text.includes("<"), false);
  assert.deepEqual(parsePageData(text).signs, GIVEN.signs);
});

test("a block without one of the shared parts is refused, naming it", () => {
  const withoutClock = { ...GIVEN, clock: undefined };  // JSON.stringify leaves it out
  assert.throws(() => parsePageData(JSON.stringify(withoutClock)), /no clock/);
  assert.throws(() => parsePageData("null"), /no fetchHeaders, signs, clock, speech, other/);
  assert.throws(() => parsePageData(""), SyntaxError);
});

test("a page without the block fails at once instead of guessing", () => {
  const page = { getElementById: () => null };
  assert.throws(() => pageData(page), /no #kidswar-data/);
});

test("the block is found by its id and read once", () => {
  let asked = 0;
  const page = {
    getElementById: (id) => {
      asked += 1;
      return id === "kidswar-data" ? { textContent: JSON.stringify(GIVEN) } : null;
    },
  };
  assert.deepEqual(pageData(page), GIVEN);
  assert.equal(pageData(page), pageData(page));
  assert.equal(asked, 1);
});
