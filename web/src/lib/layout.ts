/** Sidebar sizes of SPEC §9 and the header height shared by the shell. */
export const SIDEBAR_WIDTH = '16rem';
export const SIDEBAR_WIDTH_MOBILE = '18rem';
export const SIDEBAR_WIDTH_ICON = '3rem';
export const HEADER_HEIGHT = 64;
