// The children kept on this device (kidswar/web/static/children.mjs), on a fake localStorage.
import assert from "node:assert/strict";
import { test } from "node:test";

import {
  KEY, MOST, addChild, children, chooseChild, currentChild, load, progressOf, removeChild,
  askToKeepStorage, deleteCopy, markSaved, putAsideProgress, renameChild, saveProgress,
} from "../../kidswar/web/static/children.mjs";

function memory(start = {}) {
  const items = { ...start };
  return {
    getItem: (key) => (key in items ? items[key] : null),
    setItem: (key, value) => { items[key] = String(value); },
  };
}

test("a new device has no children and no child chosen", () => {
  const storage = memory();
  assert.deepEqual(children(storage), []);
  assert.equal(currentChild(storage), null);
});

test("a child added is chosen, named, and kept after the page is gone", () => {
  const storage = memory();
  const fox = addChild("fox", "  Ayşe ", storage);
  assert.equal(fox.name, "Ayşe");
  assert.equal(currentChild(storage).id, fox.id);
  assert.deepEqual(JSON.parse(storage.getItem(KEY)).children[0].animal, "fox");
});

test("at most four children, and only the project's animals", () => {
  const storage = memory();
  for (let n = 0; n < MOST; n += 1) { assert.ok(addChild("cat", "", storage)); }
  assert.equal(addChild("cat", "", storage), null);
  assert.equal(addChild("dragon", "", memory()), null);
});

test("progress is kept per child as the server returned it", () => {
  const storage = memory();
  const owl = addChild("owl", "", storage);
  const bear = addChild("bear", "", storage);
  saveProgress(owl.id, { version: 1, rung: "to-ten" }, storage);
  assert.deepEqual(progressOf(owl.id, storage), { version: 1, rung: "to-ten" });
  assert.equal(progressOf(bear.id, storage), null);
});

test("the browser is asked to keep the storage where it offers it", () => {
  let asked = 0;
  assert.ok(askToKeepStorage({ storage: { persist: () => { asked += 1; return Promise.resolve(true); } } }));
  assert.equal(asked, 1);
  assert.equal(askToKeepStorage({}), false);  // no such request: nothing happens
  assert.equal(askToKeepStorage({ storage: {} }), false);
});

test("a refused progress is put aside, and the child starts afresh", () => {
  const storage = memory();
  const owl = addChild("owl", "", storage);
  saveProgress(owl.id, { v: 99, rung: "to-ten" }, storage);
  assert.ok(putAsideProgress(owl.id, storage));
  assert.equal(progressOf(owl.id, storage), null);  // nothing refused is sent again
  assert.deepEqual(children(storage)[0].refusedProgress, { v: 99, rung: "to-ten" });
  assert.equal(putAsideProgress("c404", storage), false);
});

test("choosing, renaming and removing a child", () => {
  const storage = memory();
  const dog = addChild("dog", "", storage);
  const cat = addChild("cat", "", storage);
  assert.ok(chooseChild(dog.id, storage));
  assert.ok(!chooseChild("nobody", storage));
  assert.ok(renameChild(dog.id, "Emre", storage));
  removeChild(dog.id, storage);
  assert.deepEqual(children(storage).map((child) => child.id), [cat.id]);
  assert.equal(currentChild(storage), null);
  assert.equal(addChild("rabbit", "", storage).id, dog.id);  // the freed id is used again
});

test("something not ours under the key reads as no children, never an error", () => {
  for (const text of ["{", "null", '{"version": 2, "children": []}', '{"version": 1}',
    '{"version": 1, "children": [{"id": 3, "animal": "cat", "name": ""}]}']) {
    assert.deepEqual(load(memory({ [KEY]: text })).children, [], text);
  }
});

test("the day a child's progress was last saved to a file is kept with the child", () => {
  const storage = memory();
  const cat = addChild("cat", "", storage);
  assert.ok(markSaved(cat.id, "2026-12-03", storage));
  assert.equal(children(storage)[0].savedToFile, "2026-12-03");
  assert.equal(markSaved("c404", "2026-12-03", storage), false);
});

test("a refused copy is deleted: the one put aside, or the child's own", () => {
  const storage = memory();
  const owl = addChild("owl", "", storage);
  saveProgress(owl.id, { v: 99 }, storage);
  putAsideProgress(owl.id, storage);
  saveProgress(owl.id, { v: 2 }, storage);
  assert.ok(deleteCopy(owl.id, "aside", storage));
  assert.equal("refusedProgress" in children(storage)[0], false);
  assert.deepEqual(progressOf(owl.id, storage), { v: 2 });  // the good one stays
  assert.ok(deleteCopy(owl.id, "progress", storage));
  assert.equal(progressOf(owl.id, storage), null);
});
