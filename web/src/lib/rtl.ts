import type { SxProps, Theme } from '@mui/material/styles';
import type { Direction } from './language';

/** Mirrors a directional icon (arrows, logout, "menu open") when the page is right-to-left. */
export const mirrorInRtl: SxProps<Theme> = { '[dir="rtl"] &': { transform: 'scaleX(-1)' } };

/**
 * Props of an input whose text is Latin (numbers, SKUs, phone numbers): written left to right
 * in either language, and aligned like the page's other fields.
 */
export function latinInputProps(direction: Direction) {
  return { dir: 'ltr', style: { textAlign: direction === 'rtl' ? ('right' as const) : ('left' as const) } };
}

/** A text set apart from its sentence's direction (first strong isolate … pop directional isolate). */
export function isolate(text: string): string {
  return `\u2068${text}\u2069`;
}
