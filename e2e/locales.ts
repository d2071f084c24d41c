import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Language } from './browser.js';

type Messages = { [key: string]: string | Messages };

/** The web app's own translation files, so the tests check the words a user sees in each language. */
export function t(language: Language, key: string): string {
  const [namespace, path] = key.split(':') as [string, string];
  const file = join(import.meta.dirname, `../web/src/locales/${language}/${namespace}.json`);
  let node: string | Messages = JSON.parse(readFileSync(file, 'utf8')) as Messages;
  for (const part of path.split('.')) {
    if (typeof node === 'string' || !(part in node)) throw new Error(`no translation ${language}:${key}`);
    node = node[part]!;
  }
  if (typeof node !== 'string') throw new Error(`${language}:${key} is not a string`);
  return node;
}

/** A unit's words after a count, as the screens write it: "5 boxes", "3 كراتين", "15 كرتونًا" (CLDR plural forms). */
export function countedUnit(language: Language, count: number, unit: string): string {
  const form = new Intl.PluralRules(language).select(count);
  return t(language, `common:units.counted.${unit}_${form}`);
}
