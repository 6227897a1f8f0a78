// ESLint for the pages' scripts (kidswar/web/static) and their unit tests (tests/js), run by
// .ci/checks from the top of the repository: `eslint --config .ci/js/eslint.config.js ...`.
// The recommended rules catch real mistakes (undefined or unused names, unreachable code);
// the layout is left to the code's own style.
import js from "@eslint/js";
import globals from "globals";

// The scripts the pages load as classic ones (<script defer>, or first-paint.js in the head
// before the first paint): they import nothing.
const CLASSIC = ["first-paint.js", "print.js", "projector.js"].map(
  (name) => "kidswar/web/static/" + name,
);

export default [
  js.configs.recommended,
  {
    files: ["kidswar/web/static/**/*.js", "kidswar/web/static/**/*.mjs"],
    // ES2020 at most: older school tablets run the pages too (newer syntax fails here).
    languageOptions: { ecmaVersion: 2020, sourceType: "module", globals: globals.browser },
  },
  { files: CLASSIC, languageOptions: { sourceType: "script" } },
  {
    files: ["tests/js/**/*.mjs"],
    languageOptions: { sourceType: "module", globals: globals.node },
  },
  {
    files: [".ci/js/eslint.config.js"],
    languageOptions: { sourceType: "module", globals: globals.node },
  },
];
