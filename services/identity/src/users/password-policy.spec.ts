import { AppException } from '@erp/contracts';
import { describe, expect, it } from 'vitest';
import { PasswordPolicy, readCommonPasswords, type PasswordField } from './password-policy.js';

const account = { username: 'Fatima.Z', email: 'Fatima.Zahrani@AlNoor.example' };

/** The refusal of a password as `code: message (field)`, or null when the policy takes it. */
function refusal(password: string, field?: PasswordField): string | null {
  try {
    new PasswordPolicy().check(password, account, field);
    return null;
  } catch (error) {
    if (!(error instanceof AppException)) throw error;
    expect(error.status).toBe(400);
    return `${error.code}: ${error.message} (${(error.details as { field: string }).field})`;
  }
}

describe('PasswordPolicy', () => {
  describe('check', () => {
    it('refuses fewer than ten characters, counting characters rather than UTF-16 units', () => {
      expect(refusal('password')).toBe(
        'IDENTITY_PASSWORD_TOO_SHORT: Password must be at least 10 characters long (password)',
      );
      expect(refusal('9-chars!!')).toMatch(/^IDENTITY_PASSWORD_TOO_SHORT/);
      // Five emoji are ten UTF-16 units but five characters.
      expect(refusal('🐪🐪🐪🐪🐪')).toMatch(/^IDENTITY_PASSWORD_TOO_SHORT/);
      expect(refusal('كلمةسرطويلة')).toBeNull();
    });

    it('refuses whitespace only, whatever its length', () => {
      expect(refusal('        ')).toBe('IDENTITY_PASSWORD_BLANK: Password cannot be only spaces (password)');
      expect(refusal(' \t\n'.repeat(5), 'newPassword')).toBe(
        'IDENTITY_PASSWORD_BLANK: New password cannot be only spaces (newPassword)',
      );
    });

    it('refuses the username, the email and the email’s local part, ignoring case and spaces around', () => {
      // The username is 8 characters: padded with spaces it is long enough to reach this rule.
      for (const password of ['fatima.z  ', ' FATIMA.Z ', 'fatima.zahrani@alnoor.example', 'Fatima.Zahrani']) {
        expect(refusal(password)).toMatch(/^IDENTITY_PASSWORD_LIKE_ACCOUNT: Password must not be the username/);
      }
      expect(refusal('fatima.zahrani-2026')).toBeNull();
    });

    it('refuses a common password in any case, and takes one that is not on the list', () => {
      expect(refusal('qwertyuiop')).toBe(
        'IDENTITY_PASSWORD_TOO_COMMON: Password is too common: choose one that is harder to guess (password)',
      );
      expect(refusal('Password123')).toMatch(/^IDENTITY_PASSWORD_TOO_COMMON/);
      expect(refusal('  1234567890  ')).toMatch(/^IDENTITY_PASSWORD_TOO_COMMON/);
      expect(refusal('dates-and-cardamom')).toBeNull();
    });
  });

  describe('the common passwords file', () => {
    it('holds the list’s entries the length rule lets through, lower-cased, without its comments', () => {
      const common = readCommonPasswords();
      expect(common.size).toBeGreaterThan(1500);
      expect(common.has('password123')).toBe(true);
      expect(common.has('1qaz2wsx3edc')).toBe(true);
      expect([...common].every((entry) => [...entry].length >= 10 && entry === entry.toLowerCase())).toBe(true);
      expect([...common].some((entry) => entry.startsWith('#'))).toBe(false);
    });
  });
});
