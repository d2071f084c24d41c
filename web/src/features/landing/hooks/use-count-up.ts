import { useEffect, useState } from 'react';

/** SPEC §9: the landing counters run for 2 seconds. */
export const COUNT_UP_DURATION_MS = 2000;

export function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

function easeOutCubic(progress: number): number {
  return 1 - (1 - progress) ** 3;
}

interface CountUpOptions {
  durationMs?: number;
  /** Start counting (e.g. once the counter scrolls into view). */
  start?: boolean;
}

/**
 * Counts from 0 to `target` with requestAnimationFrame, ending exactly on `target`.
 * With reduced motion requested, it shows `target` at once.
 */
export function useCountUp(target: number, { durationMs = COUNT_UP_DURATION_MS, start = true }: CountUpOptions = {}) {
  const [reducedMotion] = useState(prefersReducedMotion);
  const [value, setValue] = useState(reducedMotion ? target : 0);

  useEffect(() => {
    if (!start || reducedMotion) return;
    let frame = 0;
    let startedAt: number | null = null;
    const step = (now: number) => {
      startedAt ??= now;
      const progress = Math.min(1, (now - startedAt) / durationMs);
      setValue(progress >= 1 ? target : Math.round(target * easeOutCubic(progress)));
      if (progress < 1) frame = requestAnimationFrame(step);
    };
    frame = requestAnimationFrame(step);
    return () => cancelAnimationFrame(frame);
  }, [target, durationMs, start, reducedMotion]);

  return reducedMotion ? target : value;
}
