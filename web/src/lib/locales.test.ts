import { describe, expect, it } from 'vitest';

type Messages = { [key: string]: string | Messages };

/** Every locale file, read the way the app bundles them. */
const files = import.meta.glob<Messages>('../locales/*/*.json', { eager: true, import: 'default' });

function byLanguage(language: string): Map<string, Messages> {
  const result = new Map<string, Messages>();
  for (const [path, messages] of Object.entries(files)) {
    const match = /\/locales\/(\w+)\/([\w-]+)\.json$/.exec(path);
    if (match && match[1] === language) result.set(match[2], messages);
  }
  return result;
}

function flatten(messages: Messages, prefix = ''): Map<string, string> {
  const entries = new Map<string, string>();
  for (const [key, value] of Object.entries(messages)) {
    if (typeof value === 'string') entries.set(prefix + key, value);
    else for (const [nested, text] of flatten(value, `${prefix}${key}.`)) entries.set(nested, text);
  }
  return entries;
}

/** Each `{{name}}` or `{{name, format}}`, with its format: an isolated name must be isolated in both languages. */
const placeholders = (text: string) =>
  [...text.matchAll(/\{\{\s*([\w.]+)\s*(?:,\s*(\w+)\s*)?\}\}/g)].map((m) => (m[2] ? `${m[1]}, ${m[2]}` : m[1])).sort();

/**
 * i18next plural forms: English has one/other, Arabic zero/one/two/few/many/other. A plural key is
 * compared by its base name, and an Arabic form may leave out {{count}} ("طلب واحد", "طلبان").
 */
const pluralSuffix = /_(zero|one|two|few|many|other)$/;
const baseKeys = (keys: Iterable<string>) => [...new Set([...keys].map((key) => key.replace(pluralSuffix, '')))].sort();
const withoutCount = (names: string[]) => names.filter((name) => name !== 'count');

/** Values that are the same in both languages on purpose (brand, shortcut, sample data, digits, a dash). */
const sameInBothLanguages = new Set([
  'common:noValue',
  'landing:preview.message',
  'landing:stats.availabilityValue',
  // "Carton (12 pcs)" / "كرتون (12 حبة)": both parts come translated from units.word/quantity.
  'orders:form.items.packUnit',
  // "{{before}} → {{after}}": only the arrow, turned for Arabic ("←").
  'stock:movements.beforeAfter',
  'shell:header.shortcut',
]);

const en = byLanguage('en');
const ar = byLanguage('ar');

describe('locales', () => {
  it('has the same namespaces in English and Arabic', () => {
    expect(en.size).toBeGreaterThan(5);
    expect([...ar.keys()].sort()).toEqual([...en.keys()].sort());
  });

  it.each([...en.keys()])('namespace %s has the same keys in both languages', (namespace) => {
    const english = flatten(en.get(namespace) ?? {});
    const arabic = flatten(ar.get(namespace) ?? {});
    expect(baseKeys(arabic.keys())).toEqual(baseKeys(english.keys()));
  });

  it('has every plural form Arabic needs where English has a plural', () => {
    const missing: string[] = [];
    for (const [namespace, messages] of en) {
      const arabic = flatten(ar.get(namespace) ?? {});
      for (const key of flatten(messages).keys()) {
        if (!key.endsWith('_other')) continue;
        const base = key.slice(0, -'_other'.length);
        for (const form of ['zero', 'one', 'two', 'few', 'many', 'other'])
          if (!arabic.has(`${base}_${form}`)) missing.push(`${namespace}:${base}_${form}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('has no empty texts and keeps interpolation placeholders', () => {
    for (const [namespace, messages] of en) {
      const arabic = flatten(ar.get(namespace) ?? {});
      for (const [key, text] of flatten(messages)) {
        const translated = arabic.get(key) ?? '';
        expect(text.trim(), `${namespace}:${key} (en)`).not.toBe('');
        expect(translated.trim(), `${namespace}:${key} (ar)`).not.toBe('');
        if (pluralSuffix.test(key))
          expect(withoutCount(placeholders(translated)), `${namespace}:${key}`).toEqual(
            withoutCount(placeholders(text)),
          );
        else expect(placeholders(translated), `${namespace}:${key}`).toEqual(placeholders(text));
      }
    }
  });

  it('translates every English text into Arabic', () => {
    const untranslated: string[] = [];
    for (const [namespace, messages] of en) {
      const arabic = flatten(ar.get(namespace) ?? {});
      for (const key of flatten(messages).keys()) {
        const id = `${namespace}:${key}`;
        if (sameInBothLanguages.has(id)) continue;
        const translated = arabic.get(key) ?? '';
        // Language names are written in their own script: "العربية" in en, "English" in ar.
        if (id === 'common:language.targetName') continue;
        if (!/[\u0600-\u06FF]/.test(translated)) untranslated.push(id);
      }
    }
    expect(untranslated).toEqual([]);
  });
});
