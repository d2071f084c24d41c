import { Inject, Injectable } from '@nestjs/common';
import argon2 from 'argon2';
import { IdentityConfig } from '../identity.config.js';

/** argon2id hashing with the configured cost; verifying against nobody costs the same as a real check. */
@Injectable()
export class Passwords {
  private decoyHash?: Promise<string>;

  constructor(@Inject(IdentityConfig) private readonly config: IdentityConfig) {}

  hash(password: string): Promise<string> {
    return argon2.hash(password, {
      type: argon2.argon2id,
      memoryCost: this.config.ARGON2_MEMORY_KIB,
      timeCost: this.config.ARGON2_TIME_COST,
      parallelism: 1,
    });
  }

  /** False for a missing hash too, after the same work, so timing does not tell who exists. */
  async verify(hash: string | null, password: string): Promise<boolean> {
    this.decoyHash ??= this.hash('decoy password that matches no account');
    try {
      const matches = await argon2.verify(hash ?? (await this.decoyHash), password);
      return hash !== null && matches;
    } catch {
      return false;
    }
  }
}
