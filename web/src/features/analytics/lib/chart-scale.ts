/**
 * Round tick values for a bar chart's value axis: 0 and about four steps of 1, 2 or 5 × 10ⁿ up
 * to the first one at or above the largest value. An empty chart still gets an axis (0 to 1).
 */
export function niceTicks(largest: number, steps = 4): number[] {
  if (!Number.isFinite(largest) || largest <= 0) return [0, 1];
  const rough = largest / steps;
  const magnitude = 10 ** Math.floor(Math.log10(rough));
  const residual = rough / magnitude;
  const step = (residual > 5 ? 10 : residual > 2 ? 5 : residual > 1 ? 2 : 1) * magnitude;
  const top = Math.ceil(largest / step) * step;
  const ticks: number[] = [];
  for (let index = 0; index * step <= top + step / 2; index += 1) ticks.push(index * step);
  return ticks;
}

/** Which of `count` bars get a date label so that labels stay `minGap` px apart over `width` px. */
export function labelledIndexes(count: number, width: number, minGap = 72): number[] {
  if (count <= 0) return [];
  const fit = Math.max(1, Math.floor(width / minGap));
  const every = Math.max(1, Math.ceil(count / fit));
  const indexes: number[] = [];
  for (let index = 0; index < count; index += every) indexes.push(index);
  return indexes;
}
