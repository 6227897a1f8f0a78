// The number fields with "Another number" (kidswar/web/static/numbers.mjs).
import assert from "node:assert/strict";
import { test } from "node:test";

import { limitToAsk, sameQuery, typedChoosesOther } from "../../kidswar/web/static/numbers.mjs";

const BOUNDS = { low: "10", high: "100000", usual: "1000" };  // as the page's data attributes

test("a number typed beside the radios ticks 'Another number' once", () => {
  assert.equal(typedChoosesOther("250", false), true);
  assert.equal(typedChoosesOther(" 250 ", false), true);
  assert.equal(typedChoosesOther("250", true), false);
  assert.equal(typedChoosesOther("", false), false);
  assert.equal(typedChoosesOther("   ", false), false);
});

test("the estimate asks about the ticked limit, or the one typed beside 'other'", () => {
  assert.equal(limitToAsk("500", "", BOUNDS, "other"), "500");
  assert.equal(limitToAsk("500", "250", BOUNDS, "other"), "500");
  assert.equal(limitToAsk("other", " 250 ", BOUNDS, "other"), "250");
  assert.equal(limitToAsk("another", "250", BOUNDS, "another"), "250");
  assert.equal(limitToAsk("10", "", BOUNDS, "other"), "10");
  assert.equal(limitToAsk("other", "100000", BOUNDS, "other"), "100000");
  assert.equal(limitToAsk("other", "0250", BOUNDS, "other"), "250");  // as the server reads it
});

test("a typed limit the rules do not allow asks about the usual limit", () => {
  for (const typed of ["", "9", "100001", "2.5", "-20", "1e3", "250 battles", "٣٠٠", "1234567890"]) {
    assert.equal(limitToAsk("other", typed, BOUNDS, "other"), "1000", typed);
  }
});

test("two queries about the same choice match in any order, and only then", () => {
  const drawn = "variant=standard&players=2&limit=1000&deck=full";
  assert.equal(sameQuery(drawn, "players=2&variant=standard&deck=full&limit=1000"), true);
  assert.equal(sameQuery(drawn, drawn), true);
  assert.equal(sameQuery(drawn, "variant=standard&players=3&limit=1000&deck=full"), false);
  assert.equal(sameQuery(drawn, "variant=standard&players=2&limit=1000"), false);
});
