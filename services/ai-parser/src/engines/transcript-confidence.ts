/**
 * How sure a speech-to-text endpoint was of what it heard, 0–1, from what its answer says:
 * Whisper's `verbose_json` segments (`avg_logprob`, `no_speech_prob`: each segment's mean token
 * probability, less the chance it was not speech, weighted by its length), or the token
 * `logprobs` newer models return when asked (their geometric mean). Null when the answer says
 * neither (a self-hosted server that answers plain `json`): the transcript is then taken as heard.
 */

interface Segment {
  start?: unknown;
  end?: unknown;
  avg_logprob?: unknown;
  no_speech_prob?: unknown;
}

/** Below this a transcript is unclear: no line read from it is a certain match, every quantity is checked. */
export const CLEAR_TRANSCRIPT = 0.8;

const finite = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

export function transcriptConfidence(answer: unknown): number | null {
  if (typeof answer !== 'object' || answer === null) return null;
  const { segments, logprobs } = answer as { segments?: unknown; logprobs?: unknown };
  if (Array.isArray(segments)) {
    let weight = 0;
    let sum = 0;
    for (const segment of segments as Segment[]) {
      if (!finite(segment?.avg_logprob)) continue;
      const length = finite(segment.start) && finite(segment.end) ? Math.max(0.01, segment.end - segment.start) : 1;
      const speech = finite(segment.no_speech_prob) ? 1 - Math.min(1, Math.max(0, segment.no_speech_prob)) : 1;
      sum += Math.exp(Math.min(0, segment.avg_logprob)) * speech * length;
      weight += length;
    }
    if (weight > 0) return round(sum / weight);
  }
  if (Array.isArray(logprobs)) {
    const values = (logprobs as Array<{ logprob?: unknown }>).map((token) => token?.logprob).filter(finite);
    if (values.length > 0) return round(Math.exp(Math.min(0, values.reduce((a, b) => a + b, 0) / values.length)));
  }
  return null;
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}
