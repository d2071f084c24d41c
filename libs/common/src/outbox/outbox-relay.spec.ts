import { describe, expect, it } from 'vitest';
import { isRedisUnreachable } from './outbox-relay.js';

describe('isRedisUnreachable', () => {
  it('takes a lost connection and a Redis that writes nothing for now as an outage: the rows wait', () => {
    for (const message of [
      'Connection is closed.',
      "Stream isn't writeable and enableOfflineQueue options is false",
      "OOM command not allowed when used memory > 'maxmemory'.",
      'MISCONF Redis is configured to save RDB snapshots, but it is currently not able to persist on disk.',
      "READONLY You can't write against a read only replica.",
      'LOADING Redis is loading the dataset in memory',
    ]) {
      expect(isRedisUnreachable(new Error(message)), message).toBe(true);
    }
    expect(
      isRedisUnreachable(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:6379'), { code: 'ECONNREFUSED' })),
    ).toBe(true);
  });

  it('takes a job BullMQ refuses as refused: that row is retried with backoff, the others go on', () => {
    expect(isRedisUnreachable(new Error('Custom Id cannot contain :'))).toBe(false);
    expect(isRedisUnreachable(new Error('no queue invoice-create is registered with this outbox'))).toBe(false);
  });
});
