import { describe, expect, it } from 'vitest';
import { transcriptConfidence } from './transcript-confidence.js';

describe('transcriptConfidence', () => {
  it("weighs Whisper's segments by their length, less the chance they were not speech", () => {
    const answer = {
      text: 'ten cartons of almarai milk and five bags of sugar',
      segments: [
        { start: 0, end: 3, avg_logprob: Math.log(0.9), no_speech_prob: 0 },
        { start: 3, end: 4, avg_logprob: Math.log(0.5), no_speech_prob: 0.2 },
      ],
    };
    // (0.9 × 3 + 0.5 × 0.8 × 1) / 4
    expect(transcriptConfidence(answer)).toBe(0.78);
  });

  it('takes the geometric mean of token log-probabilities', () => {
    expect(
      transcriptConfidence({ text: 'x', logprobs: [{ logprob: Math.log(0.5) }, { logprob: Math.log(0.8) }] }),
    ).toBe(0.63);
  });

  it('is null when the answer says nothing of it, and never throws on odd answers', () => {
    expect(transcriptConfidence({ text: 'ten cartons' })).toBeNull();
    expect(transcriptConfidence(null)).toBeNull();
    expect(transcriptConfidence({ segments: [{ avg_logprob: 'high' }], logprobs: 'no' })).toBeNull();
    expect(transcriptConfidence({ segments: [{ avg_logprob: 2, no_speech_prob: -1 }] })).toBe(1);
  });
});
