import { describe, expect, it } from 'vitest';
import { dictionaryText, ipaToArpabet } from './pronunciations.js';

describe('pronunciations', () => {
  it("turns espeak-ng's IPA into ARPAbet", () => {
    expect(ipaToArpabet('ˈɔlmɐɹˌa\u200dɪ')).toBe('AO L M AH R AY');
    expect(ipaToArpabet('nˈe\u200dɪdək')).toBe('N EY D AH K');
    expect(ipaToArpabet('sʌkˈɑː\u200dɹɹi')).toBe('S AH K AA R IY');
    expect(ipaToArpabet('fˈɔː\u200dɹt\u200dʃʊnə')).toBe('F AO R CH UH N AH');
  });

  it('writes alternates as word(2)', () => {
    const text = dictionaryText(
      ['tomato', 'nido'],
      new Map([
        ['tomato', ['T AH M EY T OW', 'T AH M AA T OW']],
        ['nido', ['N IY D OW']],
      ]),
    );
    expect(text).toBe('nido N IY D OW\ntomato T AH M EY T OW\ntomato(2) T AH M AA T OW\n');
  });
});
