import i18next, { type ParseKeys, type TOptions } from "i18next";
import { initReactI18next } from "react-i18next";
import { useTranslate, type I18nProvider } from "@refinedev/core";
import { ptBR } from "@/locales/pt-BR";
import { formatCount } from "@/domain/pt-br-numbers";

export const LOCALE = "pt-BR";

/**
 * The texts' shape types every key: `t("transfers.fields.year")` compiles, a key that does not exist
 * in src/locales/pt-BR is a type error (i18next's own typing, also for `useTranslation().t`).
 */
declare module "i18next" {
  interface CustomTypeOptions {
    defaultNS: "translation";
    resources: { translation: typeof ptBR };
  }
}

/** Every text key of src/locales/pt-BR (`transfers.fields.year`, `transfers.situations.${code}`...). */
export type TranslationKey = ParseKeys;

void i18next.use(initReactI18next).init({
  lng: LOCALE,
  fallbackLng: LOCALE,
  resources: { [LOCALE]: { translation: ptBR } },
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});

/** Intl.NumberFormat's own options: what a text's `{{value, number(…)}}` may set. */
const NUMBER_FORMAT_OPTIONS = [
  "style", "currency", "currencyDisplay", "unit", "unitDisplay", "notation", "compactDisplay", "signDisplay", "useGrouping",
  "minimumIntegerDigits", "minimumFractionDigits", "maximumFractionDigits", "minimumSignificantDigits", "maximumSignificantDigits",
] as const;
const numberFormats = new Map<string, Intl.NumberFormat>();

/**
 * `{{count, number}}` with one Intl.NumberFormat per language and format, made once. i18next's own
 * `number` keys its cache on every option of the t() call, the count among them, so each distinct count
 * built a new formatter: on a phone the dashboard's four counts cost about 140 ms of its first render
 * (issue 36, item 7). A plain pt-BR count builds none.
 */
export function formatNumberOnce(value: unknown, lng: string | undefined, options: Record<string, unknown> = {}): string {
  const picked = Object.fromEntries(NUMBER_FORMAT_OPTIONS.flatMap((name) => (options[name] === undefined ? [] : [[name, options[name]]])));
  // The plain pt-BR count needs no Intl at all: building the first formatter loads the locale's data,
  // about 110 ms of a phone's dashboard render (src/domain/pt-br-numbers.ts, Intl's own text).
  if ((lng ?? LOCALE) === LOCALE && Object.keys(picked).length === 0 && typeof value === "number") return formatCount(value);
  const key = `${lng ?? LOCALE}${JSON.stringify(picked)}`;
  let format = numberFormats.get(key);
  if (!format) numberFormats.set(key, (format = new Intl.NumberFormat(lng ?? LOCALE, picked)));
  return format.format(value as number);
}
i18next.services.formatter?.add("number", formatNumberOnce);

export { i18next };

/** Refine's translate, honouring its default message when a key has no text (i18next would echo the key). */
export const i18nProvider: I18nProvider = {
  translate: (key, options, defaultMessage) => {
    const fallback = defaultMessage ?? (typeof options === "string" ? options : undefined);
    const params = typeof options === "object" && options !== null ? options : {};
    // Refine asks for keys it builds itself (`buttons.save`, `${resource}.titles.list`): untyped here.
    return i18next.t(key as TranslationKey, { ...params, defaultValue: fallback ?? key }) as string;
  },
  changeLocale: (lang) => i18next.changeLanguage(lang),
  getLocale: () => i18next.language,
};

/** A typed translate: the key must exist; the second argument is the interpolation values or a default text. */
export type Translate = (key: TranslationKey, options?: TOptions | string) => string;

/** Refine's `useTranslate` with typed keys. The whole admin app translates through it. */
export function useT(): Translate {
  return useTranslate() as Translate;
}

/** The same outside React (menu labels, document titles). */
export const translate: Translate = (key, options) => i18nProvider.translate(key, options);
