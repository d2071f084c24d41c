import { afterEach, describe, expect, it } from 'vitest';
import { importFileProblem, rememberChoices, rememberedChoices, templateCsv } from './import-mapping';

describe('import mapping', () => {
  afterEach(() => window.localStorage.clear());

  it('remembers the columns chosen by hand per user and kind, merging later choices', () => {
    rememberChoices('u1', 'clients', { Shop: 'name', Mobile: 'phone' });
    rememberChoices('u1', 'clients', { Mobile: '' });
    expect(rememberedChoices('u1', 'clients')).toEqual({ Shop: 'name', Mobile: '' });
    expect(rememberedChoices('u2', 'clients')).toEqual({});
    expect(rememberedChoices('u1', 'stock-items')).toEqual({});
    expect(rememberedChoices(undefined, 'clients')).toEqual({});
  });

  it('ignores what it cannot read back', () => {
    window.localStorage.setItem('erp.import-columns.u1.clients', '[not json');
    expect(rememberedChoices('u1', 'clients')).toEqual({});
    window.localStorage.setItem('erp.import-columns.u1.clients', JSON.stringify({ Shop: 3, Mobile: 'phone' }));
    expect(rememberedChoices('u1', 'clients')).toEqual({ Mobile: 'phone' });
  });

  it('takes CSV and XLSX files of at most 20 MB', () => {
    const file = (name: string, size: number) => new File([new Uint8Array(size)], name);
    expect(importFileProblem(file('items.csv', 10))).toBeNull();
    expect(importFileProblem(file('Items.XLSX', 10))).toBeNull();
    expect(importFileProblem(file('items.xls', 10))).toBe('wrongType');
    expect(importFileProblem(file('items.csv', 20 * 1024 * 1024 + 1))).toBe('tooLarge');
  });

  it('writes a template with a BOM and quotes labels that need it', async () => {
    const bytes = new Uint8Array(await templateCsv(['SKU', 'Name, English', 'سعر البيع']).arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes.subarray(3))).toBe('SKU,"Name, English",سعر البيع\r\n');
  });
});
