export const languages = ['en', 'ar'] as const;

export type Language = (typeof languages)[number];
export type Direction = 'ltr' | 'rtl';

/** localStorage key holding the plain string `en` or `ar` (CONTRACT §8). */
export const LANGUAGE_STORAGE_KEY = 'language';
export const DEFAULT_LANGUAGE: Language = 'en';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (languages as readonly string[]).includes(value);
}

export function directionOf(language: Language): Direction {
  return language === 'ar' ? 'rtl' : 'ltr';
}

/** BCP 47 locale used with Intl: Arabic keeps Latin digits, as Gulf business documents do. */
export function intlLocaleOf(language: Language): string {
  return language === 'ar' ? 'ar-AE-u-nu-latn' : 'en-US';
}

export function readStoredLanguage(): Language {
  try {
    const stored = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

export function storeLanguage(language: Language): void {
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Storage can be unavailable (private mode, quota); the choice then lasts for this page only.
  }
}

/** Sets `<html lang dir>` so the browser, screen readers and CSS follow the language. */
export function applyDocumentLanguage(language: Language): void {
  const root = document.documentElement;
  root.lang = language;
  root.dir = directionOf(language);
}

/** A record's name in the screen's language: its Arabic name in Arabic when it has one. */
export function nameIn(language: Language, named: { name: string; nameAr?: string | null }): string {
  return language === 'ar' && named.nameAr ? named.nameAr : named.name;
}
