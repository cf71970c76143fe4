// ESLint's flat config for the pages' JavaScript: plain ES modules that run in the browser
// (src/ludotheek/web/js, a game's page in src/ludotheek/games/<game>/web, a test game's in
// tests/<game>/web), and the measurements that
// the browser tests evaluate in a page (tests/browser/*.js: one expression, not a module).
// Run by scripts/lint-js (and so by ./test); the paths are relative to the repository's root.
import js from "@eslint/js";
import globals from "globals";

// beyond ESLint's recommended rules: the ones that catch a mistake rather than a style
const rules = {
  ...js.configs.recommended.rules,
  "array-callback-return": "error",
  "eqeqeq": ["error", "smart"],
  "no-console": ["error", { allow: ["error", "warn"] }],
  "no-constructor-return": "error",
  "no-eval": "error",
  "no-implied-eval": "error",
  "no-new-wrappers": "error",
  "no-promise-executor-return": "error",
  "no-self-compare": "error",
  "no-shadow": "error",
  "no-template-curly-in-string": "error",
  "no-throw-literal": "error",
  "no-unmodified-loop-condition": "error",
  "no-unreachable-loop": "error",
  "no-var": "error",
  "prefer-const": "error",
};

const browser = { ecmaVersion: 2022, globals: { ...globals.browser } };

export default [
  {
    files: ["src/ludotheek/web/js/**/*.js", "src/ludotheek/games/*/web/**/*.js",
      "tests/*/web/**/*.js"],
    languageOptions: { ...browser, sourceType: "module" },
    rules: { ...rules, "no-unused-expressions": ["error", { allowTernary: true }] },
  },
  {
    // the service worker: a classic script in the worker's scope (self, clients, caches)
    files: ["src/ludotheek/web/js/sw.js"],
    languageOptions: { ecmaVersion: 2022, sourceType: "script", globals: { ...globals.serviceworker } },
    rules,
  },
  {
    files: ["tests/browser/*.js"],
    languageOptions: { ...browser, sourceType: "script" },
    rules,
  },
];
