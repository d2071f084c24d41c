import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileAtomically } from '@erp/common';
import type { ValidationResults } from './validation-messages.js';

/** A CSID this simulator issued: the certificate (its token) and the secret that goes with it. */
export interface CsidRecord {
  kind: 'compliance' | 'production';
  requestID: string;
  secret: string;
  /** The certificate's DER as base64 (what ds:X509Certificate holds). */
  certificate: string;
  /** The EGS unit: the SAN serial `1-…|2-…|3-…` of the CSR. */
  egsSerial: string;
  /** The CSR's title: four flags, standard then simplified (e.g. 1100). */
  invoiceTypes: string;
  notAfter: string;
  issuedAt: string;
}

/** A compliance request: its CSR (for the production certificate) and the kinds of documents that passed. */
export interface ComplianceRequestRecord {
  requestID: string;
  /** The CSR as the request gave it (its PEM's text, base64). */
  csr: string;
  egsSerial: string;
  invoiceTypes: string;
  /** Kinds that passed the compliance checks, e.g. "standard-388", "simplified-381". */
  passedKinds: string[];
  /** The production CSID issued for it (its binarySecurityToken), once issued. */
  productionToken?: string;
}

/** The chain of one EGS unit: the last document accepted in production. */
export interface EgsUnitRecord {
  lastIcv: number;
  lastInvoiceHash: string;
  acceptedDocuments: number;
}

/** The answer given to a production document the first time it was accepted. */
export interface AcceptedDocument {
  egsSerial: string;
  uuid: string;
  invoiceHash: string;
  icv: number;
  statusCode: 200 | 202;
  validationResults: ValidationResults;
  acceptedAt: string;
}

export interface SimulatorState {
  version: 1;
  ca: { privateKeyPem: string; certificate: string };
  /** By binarySecurityToken. */
  csids: Record<string, CsidRecord>;
  /** By requestID. */
  complianceRequests: Record<string, ComplianceRequestRecord>;
  /** By EGS serial. */
  egsUnits: Record<string, EgsUnitRecord>;
  /** By `<uuid> <invoiceHash>`. */
  accepted: Record<string, AcceptedDocument>;
  /** By document uuid: how often it came (production and compliance) and how often it was accepted (production). */
  submissions: Record<string, { submitted: number; accepted: number }>;
}

/**
 * The simulator's state in one JSON file (`state.json` in its data dir), rewritten whole and
 * atomically after each change. Writes are queued: each writes the state as it is when its turn
 * comes, so the file never goes back in time.
 */
export class StateStore {
  private writing: Promise<void> = Promise.resolve();

  private constructor(
    readonly file: string,
    readonly state: SimulatorState,
  ) {}

  /** Reads the state, or makes a new one with `initial()` and writes it; a file that is not our JSON stops the start. */
  static async open(dataDir: string, initial: () => SimulatorState): Promise<StateStore> {
    const file = join(dataDir, 'state.json');
    let text: string | undefined;
    try {
      text = await readFile(file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
    if (text === undefined) {
      const store = new StateStore(file, initial());
      await store.save();
      return store;
    }
    let state: SimulatorState;
    try {
      state = JSON.parse(text) as SimulatorState;
    } catch (error) {
      throw new Error(`${file} is not JSON (${(error as Error).message}); move it away to start afresh`, {
        cause: error,
      });
    }
    if (state?.version !== 1 || !state.ca?.privateKeyPem) {
      throw new Error(`${file} is not a state file of this simulator (version 1); move it away to start afresh`);
    }
    return new StateStore(file, state);
  }

  save(): Promise<void> {
    const next = this.writing.then(() => writeFileAtomically(this.file, Buffer.from(JSON.stringify(this.state))));
    // A failed write must not block the ones after it; the caller of this one sees its failure.
    this.writing = next.catch(() => undefined);
    return next;
  }
}
