import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";

// antd's CommonJS builds (antd/lib, antd/locale) reach the bundle through Node's interop (this
// package is "type": "module"), so their default import is the whole module.exports: a locale
// imported that way is `{ default }` and antd falls back to English.
const antdProgress = { name: "antd", importNames: ["Progress"], message: "Use PercentProgress (src/components/percent-progress.tsx): antd writes 43.6%, pt-BR is 43,6%." };
const antdCommonJs = { group: ["antd/lib/*", "antd/locale/*"], message: "Import antd's ES build (antd/es/...): the CommonJS one loses its default export in this bundle." };
// A page's title is its one h1 and its back arrow one named button (src/components/page-frame.tsx).
const refineFrames = { name: "@refinedev/antd", importNames: ["List", "Create", "Edit", "Show"], message: "Use the frames of @/components/page-frame: Refine's title is an h4 with an empty h5, its back arrow a button inside a button." };
// Texts are translated with typed keys: a key missing from src/locales/pt-BR does not compile.
const untypedTranslate = { name: "@refinedev/core", importNames: ["useTranslate"], message: "Use useT from @/providers/i18n: its keys are typed." };
// Layering: admin areas and pages reach the app shell only through providers and components.
const appShell = { group: ["@/admin", "@/admin/*"], message: "Admin areas and pages do not import the app shell (src/admin)." };
// @brazilian-utils ships one module with every function and the 5,571 municipalities: a screen that
// formats a CNPJ would download and run all of it (issue 36, item 7). Each function has its own entry.
const brazilianUtilsWhole = { name: "@brazilian-utils/brazilian-utils", message: 'Import the function from its own entry ("@brazilian-utils/brazilian-utils/format-cnpj"): the package\'s root carries every municipality into the chunk.' };
const intoAnArea = { group: ["@/resources/*/*"], message: "Pages do not reach into an admin area; share through src/domain or src/components." };

// Roles come from one map (src/domain/guards.ts, issue 30): a role string compared anywhere else is a
// second copy of a permission that drifts from the first. Ask `passesGuard(role, guard)` or
// `actsAcrossClients(role)` instead.
const ROLE_LITERAL = "/^(ADMIN|MANAGER|USER)$/";
const roleMessage = "Compare roles only in src/domain/guards.ts: use passesGuard(role, guard) or actsAcrossClients(role).";
const roleComparisons = [
  { selector: `BinaryExpression[operator=/^[!=]==?$/] > Literal[value=${ROLE_LITERAL}]`, message: roleMessage },
  { selector: `CallExpression[callee.property.name="includes"] > Literal[value=${ROLE_LITERAL}]`, message: roleMessage },
  { selector: `CallExpression[callee.property.name="includes"] > MemberExpression > ArrayExpression > Literal[value=${ROLE_LITERAL}]`, message: roleMessage },
  { selector: `SwitchCase > Literal.test[value=${ROLE_LITERAL}]`, message: roleMessage },
];
// The modules that own the roles: the list of them and the map of guards.
const roleOwners = ["src/domain/guards.ts", "src/domain/auth.ts"];
// Every server file reads the guards: no exception is left (issue 30).
const serverRoleExceptions = [];

function roleRules() {
  const rule = { "no-restricted-syntax": ["error", ...roleComparisons] };
  return [
    { files: ["src/**/*.{ts,tsx}"], ignores: roleOwners, rules: rule },
    { files: ["server/**/*.ts"], ignores: serverRoleExceptions, rules: rule },
  ];
}

// One link builder (issue 30, spec section 2): Refine's Link and useGo run through the router provider,
// which carries authComp (src/lib/auth-comp.ts); react-router's own drop it.
const rawNavigation = {
  name: "react-router",
  importNames: ["Link", "NavLink", "Navigate", "useNavigate"],
  message: "Link with Link and navigate with useGo from @refinedev/core: they carry authComp (src/lib/auth-comp.ts).",
};
// Where react-router's navigation stays: the adapters themselves, the switcher that sets or clears authComp,
// the companies area and the sign-in pages (neither carries authComp), and the public site (no Refine).
const navigationOwners = [
  "src/main.tsx",
  "src/admin/router-provider.tsx",
  "src/components/navigate-keeping-query.tsx",
  "src/components/company-switcher/**",
  "src/resources/companies/**",
  "src/pages/auth/**",
  "src/transparency/**",
];

function importRules() {
  const rule = (paths, patterns) => ({ "no-restricted-imports": ["error", { paths: [...paths, brazilianUtilsWhole], patterns }] });
  const special = ["src/components/percent-progress.tsx", "src/components/page-frame.tsx", "src/providers/i18n/**", "src/resources/**", "src/pages/**"];
  const sets = [
    { files: ["src/**/*.{ts,tsx}"], ignores: special, paths: [antdProgress, untypedTranslate, refineFrames], patterns: [antdCommonJs] },
    { files: ["src/components/percent-progress.tsx"], paths: [untypedTranslate, refineFrames], patterns: [antdCommonJs] },
    { files: ["src/components/page-frame.tsx"], paths: [antdProgress, untypedTranslate], patterns: [antdCommonJs] },
    { files: ["src/providers/i18n/**"], paths: [antdProgress, refineFrames], patterns: [antdCommonJs] },
    { files: ["src/resources/**/*.{ts,tsx}"], paths: [antdProgress, untypedTranslate, refineFrames], patterns: [antdCommonJs, appShell] },
    { files: ["src/pages/**/*.{ts,tsx}"], paths: [antdProgress, untypedTranslate, refineFrames], patterns: [antdCommonJs, appShell, intoAnArea] },
  ];
  // Each set twice: with react-router's navigation refused, then without it for the files that own it
  // (a nested `files` array matches a file that matches all of its patterns).
  return sets.flatMap(({ files, ignores = [], paths, patterns }) => [
    { files, ignores, rules: rule([...paths, rawNavigation], patterns) },
    { files: files.flatMap((set) => navigationOwners.map((owner) => [set, owner])), ignores, rules: rule(paths, patterns) },
  ]);
}

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
  // The SPA's import rules, one `no-restricted-imports` per file set (a later block replaces an earlier one's options).
  ...importRules(),
  ...roleRules(),
);
