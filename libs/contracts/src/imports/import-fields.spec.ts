import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fieldOfHeader, importFields, normalizeHeader } from './import-fields.js';
import { importKinds } from './imports.dto.js';

const locales = join(import.meta.dirname, '../../../../web/src/locales');
const screenLabels = (language: string) =>
  (
    JSON.parse(readFileSync(join(locales, language, 'imports.json'), 'utf8')) as {
      fields: Record<string, Record<string, string>>;
    }
  ).fields;

describe('import columns', () => {
  it('reads a header by API name, label or alias, ignoring case, spaces, underscores and Arabic spelling', () => {
    expect(fieldOfHeader('stock-items', 'selling_price')).toBe('sellingPrice');
    expect(fieldOfHeader('stock-items', ' Selling Price ')).toBe('sellingPrice');
    expect(fieldOfHeader('stock-items', 'SELLINGPRICE')).toBe('sellingPrice');
    expect(fieldOfHeader('stock-items', 'سعر البيع')).toBe('sellingPrice');
    expect(fieldOfHeader('stock-items', 'رمز الصنف (SKU)')).toBe('sku');
    expect(fieldOfHeader('stock-items', 'تاريخ الإنتهاء')).toBe('expiryDate');
    expect(fieldOfHeader('clients', 'مدة السداد')).toBe('paymentTermsDays');
    expect(fieldOfHeader('clients', 'Payment terms (days)')).toBe('paymentTermsDays');
    expect(fieldOfHeader('clients', 'Colour')).toBeNull();
    expect(fieldOfHeader('clients', '   ')).toBeNull();
  });

  it('gives no two fields of a kind the same header', () => {
    for (const kind of importKinds) {
      const seen = new Map<string, string>();
      for (const spec of importFields[kind]) {
        for (const name of [spec.name, spec.label.en, spec.label.ar, ...spec.aliases]) {
          const key = normalizeHeader(name);
          expect(seen.get(key) ?? spec.name, `${kind}: "${name}"`).toBe(spec.name);
          seen.set(key, spec.name);
        }
      }
    }
  });

  it.each(['en', 'ar'])('reads back the %s labels the import screen shows and puts in its template', (language) => {
    const labels = screenLabels(language);
    for (const kind of importKinds) {
      expect(Object.keys(labels[kind] ?? {}), kind).toEqual(importFields[kind].map((spec) => spec.name));
      for (const [field, label] of Object.entries(labels[kind]!)) expect(fieldOfHeader(kind, label), label).toBe(field);
    }
  });
});
