import type { SxProps, Theme } from '@mui/material/styles';

/** Mirrors a directional icon (arrows, logout, "menu open") when the page is right-to-left. */
export const mirrorInRtl: SxProps<Theme> = { '[dir="rtl"] &': { transform: 'scaleX(-1)' } };
