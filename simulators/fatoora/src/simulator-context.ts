import type { CertificateAuthority } from './certificate-authority.js';
import type { StateStore } from './state-store.js';

/** What every handler works with. */
export interface SimulatorContext {
  store: StateStore;
  ca: CertificateAuthority;
  /** The OTP onboarding and renewal accept. */
  otp: string;
  /** Validity of the certificates issued, in days. */
  certificateDays: number;
  now: () => Date;
}
