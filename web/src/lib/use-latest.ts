import { useLayoutEffect, useRef, type RefObject } from 'react';

/**
 * A ref holding the value of the last committed render: for a callback that must keep its
 * identity (a recorder's or a poller's) yet call the caller's latest handler. Written after the
 * render, never during it.
 */
export function useLatest<T>(value: T): RefObject<T> {
  const ref = useRef(value);
  useLayoutEffect(() => {
    ref.current = value;
  });
  return ref;
}
