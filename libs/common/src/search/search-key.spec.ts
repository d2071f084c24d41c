import { describe, expect, it } from 'vitest';
import { containsPattern, searchKey } from './search-key.js';

describe('searchKey', () => {
  it('folds case, the alef forms, alef maqsura and ta marbuta, and drops tashkeel and tatweel', () => {
    expect(searchKey('Basmati RICE')).toBe('basmati rice');
    expect(searchKey('أرزّ إمارات آمنة ٱلبر')).toBe('ارز امارات امنه البر');
    expect(searchKey('مُمْتـــاز على')).toBe('ممتاز علي');
  });

  it('makes a LIKE pattern that takes % _ and \\ literally', () => {
    expect(containsPattern('100%_a\\b')).toBe('%100\\%\\_a\\\\b%');
  });
});
