// A child's progress file and the progress page's body (kidswar/web/static/progress-file.mjs).
import assert from "node:assert/strict";
import { test } from "node:test";

import {
  KIND, copyOf, dayOf, entriesOf, fileName, fileOf, nestedTooDeep, readFile,
} from "../../kidswar/web/static/progress-file.mjs";

const ADA = { id: "c2", animal: "cat", name: "Ada", progress: { v: 1, rung: "first-five" } };

test("a child's file reads back as the child it was saved from, without the device's id", () => {
  const text = JSON.stringify(fileOf(ADA));
  assert.equal(JSON.parse(text).kind, KIND);
  assert.deepEqual(readFile(text), { animal: "cat", name: "Ada", progress: ADA.progress });
});

test("a child with no progress yet saves null", () => {
  assert.equal(fileOf({ id: "c1", animal: "fox", name: "" }).progress, null);
});

test("a file that is not a child's progress reads as none", () => {
  for (const text of ["", "{", "null", "[]", "42", JSON.stringify({ animal: "cat" }),
    JSON.stringify({ ...fileOf(ADA), version: 2 })]) {
    assert.equal(readFile(text), null, text);
  }
});

test("the file's name keeps to letters, digits and dashes", () => {
  assert.equal(fileName(ADA), "kidswar-cat-Ada.json");
  assert.equal(fileName({ animal: "owl", name: "Zoé Ünal" }), "kidswar-owl-Zoe-Unal.json");
  assert.equal(fileName({ animal: "owl", name: "" }), "kidswar-owl.json");
  assert.equal(fileName({ animal: "dog", name: "../../etc" }), "kidswar-dog-etc.json");
});

test("the page sends each child with its id, animal, name and progress", () => {
  const more = { tooBig: false, tooDeep: false, saved: null, aside: false };
  assert.deepEqual(entriesOf([ADA, { id: "c3", animal: "bear", name: "" }]), [
    { ...ADA, ...more }, { id: "c3", animal: "bear", name: "", progress: null, ...more },
  ]);
});

test("the page sends the day last saved and a refused copy put aside", () => {
  const [sent] = entriesOf([{ ...ADA, savedToFile: "2026-12-03", refusedProgress: { v: 99 } }]);
  assert.equal(sent.saved, "2026-12-03");
  assert.equal(sent.aside, true);
  assert.equal(JSON.stringify(sent).includes("99"), false);  // the copy itself stays here
});

test("a progress longer than the server reads is kept back and said so", () => {
  const [sent] = entriesOf([ADA], JSON.stringify(ADA.progress).length - 1);
  assert.equal(sent.progress, null);
  assert.equal(sent.tooBig, true);
  assert.equal(entriesOf([ADA], 1000)[0].tooBig, false);
});

// A JSON array nested `depth` deep: [[[...]]].
function nested(depth) {
  let value = [];
  for (let i = 1; i < depth; i += 1) { value = [value]; }
  return value;
}

test("nesting is measured level by level, as deep as a progress may go and one more", () => {
  assert.equal(nestedTooDeep(7, 0), false);
  assert.equal(nestedTooDeep(null, 0), false);
  assert.equal(nestedTooDeep([1, "x"], 1), false);
  assert.equal(nestedTooDeep([1, [2]], 1), true);
  assert.equal(nestedTooDeep({ a: [{ b: [] }] }, 4), false);
  assert.equal(nestedTooDeep({ a: [{ b: [] }] }, 3), true);
  assert.equal(nestedTooDeep(nested(8), 8), false);
  assert.equal(nestedTooDeep(nested(9), 8), true);
  assert.equal(nestedTooDeep(nested(100_000), 8), true);  // no recursion, no stack overflow
});

test("a progress nested deeper than the server reads is kept back and said so", () => {
  const deep = { ...ADA, progress: { v: 2, attempts: nested(100_000) } };
  const [sent, other] = entriesOf([deep, ADA], Infinity, 8);
  assert.equal(sent.progress, null);
  assert.equal(sent.tooDeep, true);
  assert.equal(sent.tooBig, false);
  assert.deepEqual(other.progress, ADA.progress);  // the others are sent as they are
  assert.equal(other.tooDeep, false);
});

test("a refused progress is saved to a file as it was kept", () => {
  const child = { ...ADA, refusedProgress: { v: 99, rung: "to-ten" } };
  assert.deepEqual(readFile(JSON.stringify(copyOf(child, "aside"))).progress,
    { v: 99, rung: "to-ten" });
  assert.deepEqual(readFile(JSON.stringify(copyOf(child, "progress"))).progress, ADA.progress);
});

test("the day a file is saved is the device's own date", () => {
  assert.equal(dayOf(new Date(2026, 11, 3, 23, 59)), "2026-12-03");
  assert.equal(dayOf(new Date(2027, 0, 9)), "2027-01-09");
});
