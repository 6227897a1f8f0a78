// A child's progress file and the progress page's body (kidswar/web/static/progress-file.mjs).
import assert from "node:assert/strict";
import { test } from "node:test";

import { KIND, entriesOf, fileName, fileOf, readFile } from "../../kidswar/web/static/progress-file.mjs";

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
  assert.deepEqual(entriesOf([ADA, { id: "c3", animal: "bear", name: "" }]), [
    ADA, { id: "c3", animal: "bear", name: "", progress: null },
  ]);
});
