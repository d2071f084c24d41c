import { IsOptional, MinLength } from 'class-validator';
import { describe, expect, it } from 'vitest';
import { ServiceConfig } from './base.config.js';
import { ConfigError, loadConfig } from './load-config.js';

const valid = { DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/erp', REDIS_URL: 'redis://127.0.0.1:6379' };

describe('loadConfig', () => {
  it('applies defaults and converts numbers', () => {
    const config = loadConfig(ServiceConfig, { ...valid, ORDERS_PORT: '5002' });
    expect(config.ORDERS_PORT).toBe(5002);
    expect(config.IDENTITY_PORT).toBe(4001);
    expect(config.REDIS_PREFIX).toBe('erp');
    expect(config.LOG_LEVEL).toBe('info');
  });

  it('names a missing value', () => {
    expect(() => loadConfig(ServiceConfig, { REDIS_URL: valid.REDIS_URL })).toThrow(
      'Invalid configuration: DATABASE_URL must be a postgres:// URL (missing)',
    );
  });

  it('names every wrong value in one line', () => {
    try {
      loadConfig(ServiceConfig, { ...valid, IDENTITY_PORT: 'abc', LOG_LEVEL: 'loud' });
      expect.unreachable('a wrong value must stop start-up');
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const message = (error as ConfigError).message;
      expect(message).not.toContain('\n');
      expect(message).toContain('IDENTITY_PORT');
      expect(message).toContain('got "abc"');
      expect(message).toContain('LOG_LEVEL');
    }
  });

  it('never repeats a secret: a password in a URL is masked, a key or secret not shown at all', () => {
    class WithSecrets extends ServiceConfig {
      @MinLength(32) SESSION_SECRET: string;
      @IsOptional() @MinLength(16) METRICS_TOKEN?: string;
    }
    let message = '';
    try {
      loadConfig(WithSecrets, {
        DATABASE_URL: 'mysql://erp:hunter2-db-pass@db:3306/erp',
        REDIS_URL: 'redis://:r3dis-pass@cache:6379',
        SESSION_SECRET: 'short-but-secret-session-value',
        METRICS_TOKEN: 'tok-secret',
        LOG_LEVEL: 'loud',
      });
    } catch (error) {
      message = (error as ConfigError).message;
    }
    expect(message).toContain('DATABASE_URL must be a postgres:// URL (got "mysql://erp:***@db:3306/erp")');
    expect(message).toContain('SESSION_SECRET');
    expect(message).toContain('METRICS_TOKEN');
    expect(message).toContain('got "loud"');
    for (const secret of ['hunter2-db-pass', 'short-but-secret-session-value', 'tok-secret']) {
      expect(message).not.toContain(secret);
    }
  });

  it('treats an empty value as missing, so the default applies', () => {
    expect(loadConfig(ServiceConfig, { ...valid, REDIS_PREFIX: '' }).REDIS_PREFIX).toBe('erp');
  });
});
