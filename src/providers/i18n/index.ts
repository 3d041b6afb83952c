import i18next from "i18next";
import { initReactI18next } from "react-i18next";
import type { I18nProvider } from "@refinedev/core";
import { ptBR } from "@/locales/pt-BR";

export const LOCALE = "pt-BR";

void i18next.use(initReactI18next).init({
  lng: LOCALE,
  fallbackLng: LOCALE,
  resources: { [LOCALE]: { translation: ptBR } },
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});

export { i18next };

/** Refine's translate, honouring its default message when a key has no text (i18next would echo the key). */
export const i18nProvider: I18nProvider = {
  translate: (key, options, defaultMessage) => {
    const fallback = defaultMessage ?? (typeof options === "string" ? options : undefined);
    const params = typeof options === "object" && options !== null ? options : {};
    return i18next.t(key, { ...params, defaultValue: fallback ?? key }) as string;
  },
  changeLocale: (lang) => i18next.changeLanguage(lang),
  getLocale: () => i18next.language,
};
