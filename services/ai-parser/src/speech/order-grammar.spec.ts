import { describe, expect, it } from 'vitest';
import { buildOrderGrammar, itemPhrases, spokenWords } from './order-grammar.js';

describe('the recogniser grammar', () => {
  it('says catalogue names as people do: sizes in words, no punctuation', () => {
    expect(spokenWords('Almarai Fresh Milk Full Fat 1.5L')).toEqual([
      'almarai',
      'fresh',
      'milk',
      'full',
      'fat',
      'one',
      'point',
      'five',
      'liter',
    ]);
    expect(spokenWords("Lay's Classic Salted Chips 40g")).toEqual([
      'lays',
      'classic',
      'salted',
      'chips',
      'forty',
      'gram',
    ]);
    expect(spokenWords('Nescafe 3in1 Classic 30 Sticks')).toEqual([
      'nescafe',
      'three',
      'in',
      'one',
      'classic',
      'thirty',
      'sticks',
    ]);
    expect(spokenWords('7UP Can 330ml')).toEqual(['seven', 'up', 'can', 'three', 'hundred', 'thirty', 'milliliter']);
    expect(spokenWords('Green Cardamom (per kg)')).toEqual(['green', 'cardamom', 'per', 'kilo']);
  });

  it('offers each item in full, without its size, and by its first words', () => {
    expect(itemPhrases('Al Walimah Basmati Rice 5kg').map((phrase) => phrase.join(' '))).toEqual([
      'al walimah basmati rice five kilo',
      'al walimah basmati rice',
      'al walimah',
      'al walimah five kilo',
      'al walimah basmati',
      'al walimah basmati five kilo',
    ]);
  });

  it('accepts orders of the catalogue, shares prefixes, and leaves out words with no pronunciation', () => {
    const grammar = buildOrderGrammar(['Nova Water 330ml', 'Nova Juice', 'Zzqx Thing'], (word) => word !== 'zzqx');
    expect(grammar.fsg.startsWith('FSG_BEGIN order\n')).toBe(true);
    expect(grammar.words.has('nova')).toBe(true);
    expect(grammar.words.has('zzqx')).toBe(false);
    expect(grammar.fsg.match(/ nova$/gm)).toHaveLength(1);
    const accepts = acceptor(grammar.fsg);
    expect(accepts('six cartons of nova water')).toBe(true);
    expect(
      accepts('i need forty two nova water three hundred thirty milliliter and three boxes nova juice please'),
    ).toBe(true);
    expect(accepts('two and a half kilo of nova water')).toBe(true);
    expect(accepts('one point five nova juice')).toBe(true);
    expect(accepts('one point five nova')).toBe(false);
    expect(accepts('nova water')).toBe(false);
    expect(accepts('six zzqx thing')).toBe(false);
    expect(accepts('six cartons of nova water three')).toBe(false);
  });
});

/** Whether the FSG accepts a word sequence (null transitions followed). */
function acceptor(fsg: string): (text: string) => boolean {
  const arcs: Array<{ from: number; to: number; word: string | null }> = [];
  let start = 0;
  let final = 0;
  for (const line of fsg.split('\n')) {
    const [kind, ...rest] = line.split(' ');
    if (kind === 'START_STATE') start = Number(rest[0]);
    if (kind === 'FINAL_STATE') final = Number(rest[0]);
    if (kind === 'TRANSITION') arcs.push({ from: Number(rest[0]), to: Number(rest[1]), word: rest[3] ?? null });
  }
  const closure = (states: Set<number>): Set<number> => {
    const out = new Set(states);
    const queue = [...states];
    while (queue.length > 0) {
      const state = queue.pop()!;
      for (const arc of arcs)
        if (arc.from === state && arc.word === null && !out.has(arc.to)) {
          out.add(arc.to);
          queue.push(arc.to);
        }
    }
    return out;
  };
  return (text) => {
    let states = closure(new Set([start]));
    for (const word of text.split(' ')) {
      const next = new Set<number>();
      for (const arc of arcs) if (states.has(arc.from) && arc.word === word) next.add(arc.to);
      states = closure(next);
    }
    return states.has(final);
  };
}
