import { describe, expect, it } from 'vitest';
import { suggestedFileName } from './download-file';

describe('suggestedFileName', () => {
  it('reads the name a Content-Disposition suggests, the encoded form first', () => {
    expect(suggestedFileName('attachment; filename="310122393500003_20261129T101500_INV-2026-000042.xml"')).toBe(
      '310122393500003_20261129T101500_INV-2026-000042.xml',
    );
    expect(suggestedFileName('attachment; filename=report.csv')).toBe('report.csv');
    expect(
      suggestedFileName(
        `attachment; filename="clients.csv"; filename*=UTF-8''%D8%A7%D9%84%D8%B9%D9%85%D9%84%D8%A7%D8%A1.csv`,
      ),
    ).toBe('العملاء.csv');
  });

  it('answers null without a header or a name, and falls back to the plain name on a broken encoding', () => {
    expect(suggestedFileName(null)).toBeNull();
    expect(suggestedFileName('inline')).toBeNull();
    expect(suggestedFileName(`attachment; filename="a.csv"; filename*=UTF-8''%E0%A4%A`)).toBe('a.csv');
  });
});
