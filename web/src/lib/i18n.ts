import i18next, { type Resource, type ResourceLanguage } from 'i18next';
import { initReactI18next } from 'react-i18next';
import {
  applyDocumentLanguage,
  DEFAULT_LANGUAGE,
  isLanguage,
  languages,
  readStoredLanguage,
  storeLanguage,
  type Language,
} from './language';
import { isolate } from './rtl';

type Messages = ResourceLanguage[string];

/** Every `locales/<language>/<namespace>.json`, bundled with the app (a few KB gzip). */
const localeModules = import.meta.glob<Messages>('../locales/*/*.json', { eager: true, import: 'default' });

const localePath = /\/locales\/([a-z]{2})\/([a-z0-9-]+)\.json$/;

export function buildResources(modules: Record<string, Messages> = localeModules): Resource {
  const resources: Resource = {};
  for (const [path, messages] of Object.entries(modules)) {
    const match = localePath.exec(path);
    if (!match) continue;
    const [, language, namespace] = match;
    resources[language] ??= {};
    resources[language][namespace] = messages;
  }
  return resources;
}

const resources = buildResources();

export const namespaces: readonly string[] = Object.keys(resources[DEFAULT_LANGUAGE] ?? {});

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources,
  lng: readStoredLanguage(),
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...languages],
  ns: [...namespaces],
  defaultNS: 'common',
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
  react: { useSuspense: false },
});

/*
 * `{{name, bidi}}` isolates a value (U+2068 … U+2069) from the sentence around it, so a Latin
 * name keeps its punctuation in an Arabic sentence ("‎.Al-Rayyan Foodstuff Est" stays whole) and
 * an Arabic name in an English one. Used for names people typed, in texts shown on screen; labels
 * read only by screen readers keep plain `{{name}}`.
 */
i18n.services.formatter?.add('bidi', (value: unknown) => isolate(String(value)));

export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
}

i18n.on('languageChanged', (language: string) => {
  if (!isLanguage(language)) return;
  storeLanguage(language);
  applyDocumentLanguage(language);
});

applyDocumentLanguage(currentLanguage());
