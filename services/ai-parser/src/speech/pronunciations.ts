import { readFile } from 'node:fs/promises';
import { runProcess } from '../common/run-process.js';

/** A pronouncing dictionary: word → ARPAbet pronunciations (pocketsphinx's phone set). */
export type Pronunciations = Map<string, string[]>;

/** Reads a CMU-format dictionary (`word PH ONES`, alternates as `word(2) …`). */
export async function readCmuDictionary(path: string): Promise<Pronunciations> {
  const dictionary: Pronunciations = new Map();
  for (const line of (await readFile(path, 'utf8')).split('\n')) {
    const match = /^([^\s(]+)(?:\(\d+\))?\s+(.+?)\s*$/.exec(line);
    if (!match) continue;
    const list = dictionary.get(match[1]!) ?? [];
    list.push(match[2]!);
    dictionary.set(match[1]!, list);
  }
  return dictionary;
}

/** espeak-ng's IPA (with --ipa=3 ties) to ARPAbet, longest symbols first. */
const IPA_TO_ARPABET: Array<[string, string]> = [
  ['a\u200dɪ', 'AY'],
  ['aɪ', 'AY'],
  ['a\u200dʊ', 'AW'],
  ['aʊ', 'AW'],
  ['e\u200dɪ', 'EY'],
  ['eɪ', 'EY'],
  ['o\u200dʊ', 'OW'],
  ['oʊ', 'OW'],
  ['ɔ\u200dɪ', 'OY'],
  ['ɔɪ', 'OY'],
  ['i\u200də', 'IY AH'],
  ['t\u200dʃ', 'CH'],
  ['tʃ', 'CH'],
  ['d\u200dʒ', 'JH'],
  ['dʒ', 'JH'],
  ['ɚ', 'ER'],
  ['ɝ', 'ER'],
  ['ɜ', 'ER'],
  ['ɑ', 'AA'],
  ['ɒ', 'AA'],
  ['æ', 'AE'],
  ['ʌ', 'AH'],
  ['ə', 'AH'],
  ['ɐ', 'AH'],
  ['ɔ', 'AO'],
  ['ɛ', 'EH'],
  ['ɪ', 'IH'],
  ['ᵻ', 'IH'],
  ['i', 'IY'],
  ['o', 'OW'],
  ['ʊ', 'UH'],
  ['u', 'UW'],
  ['e', 'EH'],
  ['a', 'AE'],
  ['b', 'B'],
  ['d', 'D'],
  ['ð', 'DH'],
  ['f', 'F'],
  ['ɡ', 'G'],
  ['g', 'G'],
  ['h', 'HH'],
  ['k', 'K'],
  ['l', 'L'],
  ['m', 'M'],
  ['n', 'N'],
  ['ŋ', 'NG'],
  ['p', 'P'],
  ['ɹ', 'R'],
  ['r', 'R'],
  ['s', 'S'],
  ['ʃ', 'SH'],
  ['t', 'T'],
  ['θ', 'TH'],
  ['v', 'V'],
  ['w', 'W'],
  ['j', 'Y'],
  ['z', 'Z'],
  ['ʒ', 'ZH'],
  ['ɾ', 'D'],
  ['x', 'K'],
  ['ɬ', 'L'],
];

/** One word's IPA from espeak-ng as ARPAbet: "ˈɔlmɐɹˌa‍ɪ" → "AO L M AH R AY". */
export function ipaToArpabet(ipa: string): string {
  const text = ipa.replace(/[\u02c8\u02cc\u02d0_\s-]|\u0329/g, '');
  const phones: string[] = [];
  for (let at = 0; at < text.length;) {
    const hit = IPA_TO_ARPABET.find(([symbol]) => text.startsWith(symbol, at));
    if (!hit) {
      at += 1;
      continue;
    }
    const phone = hit[1];
    // espeak doubles a rhotic consonant ("sʌkˈɑːɹɹi"); one R is what is said.
    if (!(phone === 'R' && phones[phones.length - 1] === 'R')) phones.push(phone);
    at += hit[0].length;
  }
  return phones.join(' ');
}

/**
 * Pronunciations of words no dictionary knows (brand names: almarai, nadec, sukkari), from
 * espeak-ng's English letter-to-sound rules: one process for all of them, one word a line.
 */
export async function pronounceWithEspeak(
  words: readonly string[],
  espeakBin: string,
  signal?: AbortSignal,
): Promise<Pronunciations> {
  const found: Pronunciations = new Map();
  if (words.length === 0) return found;
  const { stdout } = await runProcess(espeakBin, ['-v', 'en-us', '-q', '--ipa=3'], {
    input: `${words.join('\n')}\n`,
    signal,
  });
  const lines = stdout
    .toString('utf8')
    .split('\n')
    .filter((line) => line.trim().length > 0);
  if (lines.length === words.length) {
    words.forEach((word, k) => {
      const phones = ipaToArpabet(lines[k]!);
      if (phones) found.set(word, [phones]);
    });
    return found;
  }
  // The lines did not come back one per word: ask word by word.
  for (const word of words) {
    const single = await runProcess(espeakBin, ['-v', 'en-us', '-q', '--ipa=3', word], { signal });
    const phones = ipaToArpabet(single.stdout.toString('utf8'));
    if (phones) found.set(word, [phones]);
  }
  return found;
}

/** The dictionary file pocketsphinx reads: the grammar's words only. */
export function dictionaryText(words: Iterable<string>, pronunciations: Pronunciations): string {
  const lines: string[] = [];
  for (const word of [...words].sort()) {
    (pronunciations.get(word) ?? []).forEach((phones, k) =>
      lines.push(`${word}${k === 0 ? '' : `(${k + 1})`} ${phones}`),
    );
  }
  return `${lines.join('\n')}\n`;
}
