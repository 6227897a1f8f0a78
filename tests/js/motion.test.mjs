// The won cards' flight to the winner's stack (kidswar/web/static/motion.mjs): the FLIP
// transform, and reduced motion asked for.
import assert from "node:assert/strict";
import { test } from "node:test";

import { flight, FLIGHT_MS, reducedMotion } from "../../kidswar/web/static/motion.mjs";

test("a card flies from its place to the middle of the stack, shrinking and fading", () => {
  const card = { left: 100, top: 300, width: 80, height: 112 };
  const stack = { left: 10, top: 100, width: 40, height: 56 };
  const [first, landing, last] = flight(card, stack);
  assert.deepEqual(first, { transform: "none", opacity: 1 });
  // Middles: the card's (140, 356), the stack's (30, 128); half the size, then 0.6 of that.
  assert.equal(last.transform, "translate(-110px, -228px) scale(0.3)");
  assert.equal(last.opacity, 0);
  // Whole until 70 % of the way, on the straight line there, then it fades into the stack.
  assert.equal(landing.offset, 0.7);
  assert.equal(landing.opacity, 1);
  assert.equal(landing.transform, "translate(-77px, -160px) scale(0.51)");
});

test("a card never grows on the way, and a card with no size does not break the flight", () => {
  const small = { left: 0, top: 0, width: 10, height: 14 };
  const big = { left: 0, top: 0, width: 200, height: 280 };
  assert.match(flight(small, big)[2].transform, /scale\(1\)$/);
  assert.match(flight({ left: 0, top: 0, width: 0, height: 0 }, big)[2].transform, /scale\(1\)$/);
});

test("the flight is short, and off when reduced motion is asked for", () => {
  assert.ok(FLIGHT_MS <= 400);
  const asking = (reduce) => ({ matchMedia: (query) => ({
    matches: reduce && query === "(prefers-reduced-motion: reduce)" }) });
  assert.equal(reducedMotion(asking(true)), true);
  assert.equal(reducedMotion(asking(false)), false);
  assert.equal(reducedMotion({}), false);  // an old browser without matchMedia
});
