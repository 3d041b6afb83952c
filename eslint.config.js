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
    // Texts are translated with typed keys (a key missing from src/locales/pt-BR does not compile).
    files: ["src/**/*.{ts,tsx}"],
    ignores: ["src/providers/i18n/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        { paths: [{ name: "@refinedev/core", importNames: ["useTranslate"], message: "Use useT from @/providers/i18n: its keys are typed." }] },
      ],
    },
  },
  {
    // Layering: resources reach the shell only through providers and components.
    files: ["src/resources/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [{ name: "@refinedev/core", importNames: ["useTranslate"], message: "Use useT from @/providers/i18n: its keys are typed." }],
          patterns: [{ group: ["@/admin", "@/admin/*"], message: "Admin areas do not import the app shell (src/admin)." }],
        },
      ],
    },
  },
  {
    files: ["src/pages/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [{ name: "@refinedev/core", importNames: ["useTranslate"], message: "Use useT from @/providers/i18n: its keys are typed." }],
          patterns: [
            { group: ["@/admin", "@/admin/*"], message: "Pages do not import the app shell (src/admin)." },
            { group: ["@/resources/*/*"], message: "Pages do not reach into an admin area; share through src/domain or src/components." },
          ],
        },
      ],
    },
  },
);
