import { useCallback, useEffect, useState } from 'react';
import { readCookie, writeCookie } from '../../../lib/cookies';

/** Cookie of SPEC §4: `true` expanded, `false` collapsed, kept 7 days. */
export const SIDEBAR_COOKIE_NAME = 'sidebar_state';
export const SIDEBAR_COOKIE_MAX_AGE = 60 * 60 * 24 * 7;

export function readSidebarCookie(): boolean {
  return readCookie(SIDEBAR_COOKIE_NAME) !== 'false';
}

export interface SidebarState {
  /** Desktop: expanded (16rem) or collapsed to the icon rail (3rem). */
  open: boolean;
  /** Phone width: the off-canvas sheet is showing. */
  openMobile: boolean;
  setOpen: (open: boolean) => void;
  setOpenMobile: (open: boolean) => void;
  toggle: () => void;
}

function isToggleShortcut(event: KeyboardEvent): boolean {
  // `code` keeps the shortcut working with an Arabic keyboard layout, where `key` is "لا".
  const isB = event.code === 'KeyB' || event.key === 'b' || event.key === 'B';
  return isB && (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey;
}

/** Sidebar state restored from the cookie, toggled by the header button or Ctrl/Cmd+B. */
export function useSidebarState(isMobile: boolean): SidebarState {
  const [open, setOpenState] = useState(readSidebarCookie);
  const [openMobile, setOpenMobile] = useState(false);

  const setOpen = useCallback((next: boolean) => {
    setOpenState(next);
    writeCookie(SIDEBAR_COOKIE_NAME, String(next), { maxAge: SIDEBAR_COOKIE_MAX_AGE, path: '/' });
  }, []);

  const toggle = useCallback(() => {
    if (isMobile) setOpenMobile((value) => !value);
    else setOpen(!open);
  }, [isMobile, open, setOpen]);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isToggleShortcut(event)) return;
      event.preventDefault();
      toggle();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [toggle]);

  // Leaving phone width closes the sheet, so it does not reappear later by surprise (during render: no effect round).
  if (!isMobile && openMobile) setOpenMobile(false);

  return { open, openMobile, setOpen, setOpenMobile, toggle };
}
