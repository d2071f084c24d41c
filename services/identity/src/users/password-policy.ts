import { AppException, IdentityErrorCode, PASSWORD_MIN_LENGTH } from '@erp/contracts';
import { Injectable } from '@nestjs/common';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** services/identity/data/, the same two levels up from src/users and dist/users. */
export const COMMON_PASSWORDS_FILE = join(import.meta.dirname, '../../data/common-passwords.txt');

/** One password a line, lower-cased; blank lines and lines starting with # are not passwords. */
export function readCommonPasswords(file = COMMON_PASSWORDS_FILE): ReadonlySet<string> {
  const entries = readFileSync(file, 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
  return new Set(entries.map((entry) => entry.toLowerCase()));
}

/** The account a password is for: it must not be any of these names. */
export interface PasswordOwner {
  username: string;
  email: string;
}

/** The request field the password came in, named in the message and in `details.field`. */
export type PasswordField = 'password' | 'newPassword';

const fieldLabel: Record<PasswordField, string> = { password: 'Password', newPassword: 'New password' };

/**
 * CONTRACT §14, for every password that is set (registration, a user created by an admin,
 * change, reset, the first owner): at least 10 characters, not whitespace only, not the
 * username, the email or the email's local part, and not a common password. Compared after
 * trimming, case-insensitively. Passwords already stored are never judged: sign-in only verifies.
 */
@Injectable()
export class PasswordPolicy {
  private readonly common: ReadonlySet<string>;

  constructor() {
    this.common = readCommonPasswords();
  }

  /** Throws 400 with the code of the first rule the password breaks. */
  check(password: string, owner: PasswordOwner, field: PasswordField = 'password'): void {
    const label = fieldLabel[field];
    const refuse = (code: IdentityErrorCode, message: string, extra: Record<string, unknown> = {}): never => {
      throw new AppException(code, message, { field, ...extra });
    };
    const normalised = password.trim().toLowerCase();
    if (normalised === '') refuse(IdentityErrorCode.PasswordBlank, `${label} cannot be only spaces`);
    if ([...password].length < PASSWORD_MIN_LENGTH) {
      refuse(IdentityErrorCode.PasswordTooShort, `${label} must be at least ${PASSWORD_MIN_LENGTH} characters long`, {
        minLength: PASSWORD_MIN_LENGTH,
      });
    }
    const email = owner.email.trim().toLowerCase();
    const names = [owner.username.trim().toLowerCase(), email, email.split('@')[0] ?? ''];
    if (names.includes(normalised)) {
      refuse(IdentityErrorCode.PasswordLikeAccount, `${label} must not be the username or the email address`);
    }
    if (this.common.has(normalised)) {
      refuse(IdentityErrorCode.PasswordTooCommon, `${label} is too common: choose one that is harder to guess`);
    }
  }
}
