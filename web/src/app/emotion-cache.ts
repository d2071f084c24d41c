import createCache from '@emotion/cache';
import rtlPlugin from '@mui/stylis-plugin-rtl';
import { prefixer } from 'stylis';
import type { Direction } from '../lib/language';

/** Created once per module: switching language swaps caches, never rebuilds them. */
export const ltrCache = createCache({ key: 'mui', prepend: true });

/** Flips left/right, margins, paddings and borders of every style for Arabic. */
export const rtlCache = createCache({ key: 'muirtl', stylisPlugins: [prefixer, rtlPlugin], prepend: true });

export function emotionCacheFor(direction: Direction) {
  return direction === 'rtl' ? rtlCache : ltrCache;
}
