// The one-time hint to add kidswar to the Home Screen (kidswar/web/static/home-screen.mjs).
import assert from "node:assert/strict";
import { test } from "node:test";

import { KEY, isIosSafari, markShown, wantsHint } from "../../kidswar/web/static/home-screen.mjs";

const IPHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 "
  + "(KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1";
const IPAD = "Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 "
  + "(KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1";
const IPAD_DESKTOP = "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 "
  + "(KHTML, like Gecko) Version/17.1 Safari/605.1.15";
const CHROME_IOS = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 "
  + "(KHTML, like Gecko) CriOS/119.0.6045.169 Mobile/15E148 Safari/604.1";
const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) "
  + "Chrome/120.0.0.0 Safari/537.36";

function memory(start = {}) {
  const items = { ...start };
  return {
    getItem: (key) => (key in items ? items[key] : null),
    setItem: (key, value) => { items[key] = String(value); },
  };
}

test("Safari on an iPhone or iPad, and only Safari", () => {
  assert.ok(isIosSafari(IPHONE));
  assert.ok(isIosSafari(IPAD));
  assert.ok(isIosSafari(IPAD_DESKTOP, 5));  // an iPad asking for the desktop site
  assert.equal(isIosSafari(IPAD_DESKTOP, 0), false);  // a Mac
  assert.equal(isIosSafari(CHROME_IOS), false);
  assert.equal(isIosSafari(CHROME), false);
  assert.equal(isIosSafari(undefined), false);
});

test("the hint is shown once, to a device with a child, not from the Home Screen", () => {
  const storage = memory();
  const safari = { userAgent: IPHONE, maxTouchPoints: 5, standalone: false, hasChildren: true };
  assert.ok(wantsHint(safari, storage));
  assert.equal(wantsHint({ ...safari, standalone: true }, storage), false);
  assert.equal(wantsHint({ ...safari, hasChildren: false }, storage), false);
  assert.equal(wantsHint({ ...safari, userAgent: CHROME }, storage), false);
  markShown(storage);
  assert.equal(storage.getItem(KEY), "shown");
  assert.equal(wantsHint(safari, storage), false);
});

test("storage that cannot be read shows no hint", () => {
  const broken = { getItem: () => { throw new Error("off"); }, setItem: () => { throw new Error("off"); } };
  const safari = { userAgent: IPHONE, maxTouchPoints: 5, standalone: false, hasChildren: true };
  assert.equal(wantsHint(safari, broken), false);
  markShown(broken);  // no error
});
