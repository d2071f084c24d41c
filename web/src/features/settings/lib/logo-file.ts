/** SPEC §5/§9: a logo is a PNG, JPG or SVG image of at most 5 MB. */
export const MAX_LOGO_BYTES = 5 * 1024 * 1024;
export const LOGO_TYPES: readonly string[] = ['image/png', 'image/jpeg', 'image/svg+xml'];
export const LOGO_ACCEPT = LOGO_TYPES.join(',');

export type LogoProblem = 'type' | 'size';

/** Why a picked file cannot be a logo, or null when it can. */
export function checkLogoFile(file: Pick<File, 'type' | 'size'>): LogoProblem | null {
  if (!LOGO_TYPES.includes(file.type)) return 'type';
  if (file.size > MAX_LOGO_BYTES) return 'size';
  return null;
}
