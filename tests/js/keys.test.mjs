// Which button a key presses (kidswar/web/static/keys.mjs), with the signs a page gives.
import assert from "node:assert/strict";
import { test } from "node:test";

import { drillKey, signFor, tableKey } from "../../kidswar/web/static/keys.mjs";

const SIGNS = { "<": "lt", "=": "same", ">": "gt" };

test("a sign key gives the page's answer for it; other keys give none", () => {
  assert.equal(signFor("<", SIGNS), "lt");
  assert.equal(signFor("=", SIGNS), "same");
  assert.equal(signFor(">", SIGNS), "gt");
  assert.equal(signFor("a", SIGNS), null);
  assert.equal(signFor("toString", SIGNS), null);  // not an answer inherited from Object
  assert.equal(signFor("<", { "<": "smaller" }), "smaller");
});

test("at the table Space or Enter turns the cards, a number a player's card", () => {
  assert.equal(tableKey(" ", true, SIGNS), "space");
  assert.equal(tableKey("Enter", true, SIGNS), "space");
  for (const key of ["1", "2", "3", "4"]) { assert.equal(tableKey(key, false, SIGNS), key); }
  assert.equal(tableKey(">", false, SIGNS), "gt");
  assert.equal(tableKey("x", false, SIGNS), null);
  assert.equal(tableKey("12", false, SIGNS), null);
  assert.equal(tableKey("ArrowLeft", false, SIGNS), null);
});

test("in the drill a number chooses a card, a sign answers, Space or Enter goes on", () => {
  assert.equal(drillKey("1", false, SIGNS), "1");
  assert.equal(drillKey("2", false, SIGNS), "2");
  assert.equal(drillKey("=", false, SIGNS), "same");
  assert.equal(drillKey(" ", true, SIGNS), "next");
  assert.equal(drillKey("Enter", true, SIGNS), "next");
  assert.equal(drillKey("n", false, SIGNS), null);
});
