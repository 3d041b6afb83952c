import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";

export default tseslint.config(
  { ignores: ["dist", "node_modules", "coverage", ".data", "server/db/migrations", "test-results", "playwright-report", "bench/results"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx,mjs}"],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", destructuredArrayIgnorePattern: "^_" }],
    },
  },
  {
    // The SPA's pt-BR guards. antd's CommonJS builds (antd/lib, antd/locale) reach the bundle through
    // Node's interop (this package is "type": "module"), so their default import is the whole
    // module.exports: a locale imported that way is `{ default }` and antd falls back to English.
    files: ["src/**/*.{ts,tsx}"],
    ignores: ["src/components/percent-progress.tsx"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [{ name: "antd", importNames: ["Progress"], message: "Use PercentProgress (src/components/percent-progress.tsx): antd writes 43.6%, pt-BR is 43,6%." }],
          patterns: [{ group: ["antd/lib/*", "antd/locale/*"], message: "Import antd's ES build (antd/es/...): the CommonJS one loses its default export in this bundle." }],
        },
      ],
    },
  },
);
