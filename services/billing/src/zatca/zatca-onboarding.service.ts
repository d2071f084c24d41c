import {
  businessDate,
  businessTime,
  buildEgsCsr,
  FIRST_PIH,
  generateStampKey,
  readStampCertificate,
  signInvoice,
  writeZatcaDocument,
  type Stamp,
  type ZatcaCsrTemplate,
  type ZatcaKind,
  type ZatcaTypeCode,
} from '@erp/common';
import {
  AppException,
  BillingErrorCode,
  DOCUMENT_RPC_TIMEOUT_MS,
  IdentityClient,
  type RpcMeta,
  type ZatcaEnvironment,
  type ZatcaMessage,
  type ZatcaSettingsDto,
} from '@erp/contracts';
import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import type { DataSource, EntityManager } from 'typeorm';
import { BillingConfig } from '../billing.config.js';
import type { Csid, FatooraApi, FatooraOutcome } from './fatoora-api.js';
import { assertZatcaSettingsValid } from './settings/zatca-settings.rules.js';
import { toZatcaSettingsDto } from './settings/zatca-settings.mapper.js';
import { ZatcaSettingsService } from './settings/zatca-settings.service.js';
import { ZATCA_SETTINGS_ID } from './settings/zatca-settings.repository.js';
import { sellerOfSettings, settingsWithSecrets, ZatcaProfiles } from './zatca-profile.js';
import { zatcaSettingsValuesOf, type ZatcaSettingsEntity } from './settings/zatca-settings.entity.js';

const templates: Record<ZatcaEnvironment, ZatcaCsrTemplate> = {
  simulator: 'PREZATCA-Code-Signing',
  sandbox: 'TSTZATCA-Code-Signing',
  simulation: 'PREZATCA-Code-Signing',
  production: 'ZATCA-Code-Signing',
};

/** How long the whole onboarding may ask ZATCA: well inside the gateway's wait (DOCUMENT_RPC_TIMEOUT_MS). */
export const ONBOARDING_BUDGET_MS = DOCUMENT_RPC_TIMEOUT_MS - 10_000;

/** The six documents ZATCA's compliance checks want from a unit that issues both kinds (title 1100). */
const complianceDocuments: Array<{ kind: ZatcaKind; typeCode: ZatcaTypeCode }> = [
  { kind: 'standard', typeCode: 388 },
  { kind: 'standard', typeCode: 381 },
  { kind: 'standard', typeCode: 383 },
  { kind: 'simplified', typeCode: 388 },
  { kind: 'simplified', typeCode: 381 },
  { kind: 'simplified', typeCode: 383 },
];

/**
 * Onboards the EGS unit (CONTRACT §12): a new secp256k1 key and CSR, the compliance CSID for the
 * OTP, the six compliance checks, the production CSID; or, once onboarded, a renewal (a new key
 * and CSR for a new production CSID; the chain goes on). Keys and secrets are sealed before they
 * are stored and never leave billing.
 */
@Injectable()
export class ZatcaOnboardingService {
  private readonly logger = new Logger(ZatcaOnboardingService.name);

  constructor(
    private readonly profiles: ZatcaProfiles,
    private readonly settings: ZatcaSettingsService,
    private readonly identity: IdentityClient,
    private readonly config: BillingConfig,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  async onboard(otp: string, meta: RpcMeta): Promise<ZatcaSettingsDto> {
    await this.settings.get(); // makes the row on a first call
    const row = (await settingsWithSecrets(this.dataSource.manager))!;
    assertZatcaSettingsValid(toZatcaSettingsDto(row));
    const company = await this.identity.getSettings(meta);
    if (company.currency !== 'SAR') {
      throw new AppException(BillingErrorCode.ZatcaNotReady, 'ZATCA e-invoicing needs the company currency to be SAR', {
        currency: company.currency,
      });
    }
    // Up to eight calls to ZATCA: all of them end before the gateway stops waiting for the answer,
    // so a slow ZATCA is said as ZATCA_UNAVAILABLE, never as this service not answering.
    const api = this.profiles.api(row.environment, Date.now() + ONBOARDING_BUDGET_MS);
    const key = generateStampKey();
    const csr = buildEgsCsr(
      {
        commonName: row.egsName || `EGS-${row.vatNumber}`,
        egsSerial: row.egsSerial,
        vatNumber: row.vatNumber,
        organizationUnit: row.city || 'Main Branch',
        organizationName: row.sellerNameEn || row.sellerNameAr,
        invoiceTypes: '1100',
        location: `${row.buildingNumber} ${row.street}, ${row.district}, ${row.city} ${row.postalCode}`,
        industry: row.egsIndustry || 'Wholesale',
        template: templates[row.environment],
      },
      key.privateKey,
      key.publicKey,
    );
    try {
      await this.assertNothingLeftBehind(row);
      // A certificate that has expired cannot authenticate its own renewal, and one issued for
      // another VAT number, unit or environment cannot either: onboard from the start.
      const renewable =
        row.onboardingStatus === 'onboarded' &&
        row.certificateExpiresAt !== null &&
        row.certificateExpiresAt.getTime() > Date.now() &&
        !certificateIdentityChanged(row);
      const production = renewable
        ? await this.renew(api, row, csr, otp)
        : await this.firstOnboarding(api, row, csr, otp, key);
      const certificate = certificateOf(production);
      if (certificate.notAfter.getTime() <= Date.now()) {
        throw new AppException(
          BillingErrorCode.ZatcaOnboardingFailed,
          `ZATCA issued a certificate that expired on ${certificate.notAfter.toISOString()}: ask for a new OTP and onboard again`,
          { step: 'the production CSID' },
        );
      }
      await this.dataSource.transaction(async (manager) => {
        // Waits for documents being signed for the old unit (they hold the row, see
        // ZatcaProfiles.current); then none of the old unit's may still be waiting.
        await manager.query(
          `UPDATE billing.zatca_settings
              SET onboarding_status = 'onboarded', onboarding_message = NULL, private_key_enc = $2,
                  production_csid_enc = $3, certificate = $4, certificate_expires_at = $5, onboarded_at = now(),
                  onboarded_values = $6
            WHERE id = $1`,
          [
            ZATCA_SETTINGS_ID,
            this.profiles.box.seal(key.privateKeyPem),
            this.profiles.box.seal(JSON.stringify(production)),
            certificate.base64,
            certificate.notAfter,
            JSON.stringify(zatcaSettingsValuesOf(row)),
          ],
        );
        await this.assertNothingLeftBehind(row, manager);
      });
      this.logger.log(
        `EGS unit ${row.egsSerial} onboarded with ZATCA (${row.environment}); certificate valid to ${certificate.notAfter.toISOString()}`,
      );
    } catch (error) {
      if (error instanceof AppException && error.code === BillingErrorCode.ZatcaOnboardingFailed) {
        await this.dataSource.query(
          `UPDATE billing.zatca_settings SET onboarding_message = $2, onboarding_status = CASE WHEN onboarding_status = 'onboarded' THEN 'onboarded' ELSE 'failed' END WHERE id = $1`,
          [ZATCA_SETTINGS_ID, error.message],
        );
      }
      throw error;
    }
    return this.settings.get();
  }

  /**
   * A new EGS serial starts a new chain; documents of the old unit still waiting for ZATCA must be
   * sent (under the old unit's certificate) before it is replaced, or nothing would send them.
   */
  private async assertNothingLeftBehind(
    row: ZatcaSettingsEntity,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<void> {
    const previous = row.onboardedValues?.egsSerial;
    if (!previous || previous === row.egsSerial) return;
    const [{ waiting }] = (await manager.query(
      `SELECT count(*)::int AS waiting FROM billing.zatca_documents WHERE egs_serial = $1 AND status = 'pending'`,
      [previous],
    )) as [{ waiting: number }];
    if (waiting > 0) {
      throw new AppException(
        BillingErrorCode.ZatcaDocumentsWaiting,
        `${waiting} document(s) of the EGS unit ${previous} are still waiting for ZATCA: onboard the new unit once they are sent`,
        { waiting, egsSerial: previous },
      );
    }
  }

  private async firstOnboarding(
    api: FatooraApi,
    row: ZatcaSettingsEntity,
    csr: string,
    otp: string,
    key: { privateKey: Stamp['privateKey'] },
  ): Promise<Csid> {
    const compliance = accepted(await api.complianceCsid(csr, otp), 'the compliance CSID');
    await this.dataSource.query(
      // A unit onboarded before (onboarded again after its certificate expired or its VAT number
      // changed) stays onboarded meanwhile: invoices issued during the checks are still signed.
      `UPDATE billing.zatca_settings
          SET onboarding_status = CASE WHEN onboarding_status = 'onboarded' THEN 'onboarded' ELSE 'compliance' END,
              compliance_csid_enc = $2
        WHERE id = $1`,
      [ZATCA_SETTINGS_ID, this.profiles.box.seal(JSON.stringify(compliance))],
    );
    const stamp: Stamp = { privateKey: key.privateKey, certificate: certificateOf(compliance) };
    let pih = FIRST_PIH;
    for (const [index, sample] of complianceDocuments.entries()) {
      const now = new Date();
      const unsigned = complianceDocument(row, sample.kind, sample.typeCode, index + 1, pih, {
        date: businessDate(this.config.BUSINESS_TIME_ZONE, now),
        time: businessTime(this.config.BUSINESS_TIME_ZONE, now),
      });
      const signed = signInvoice(unsigned, stamp, now);
      const name = `${sample.kind} ${sample.typeCode === 388 ? 'invoice' : sample.typeCode === 381 ? 'credit note' : 'debit note'}`;
      accepted(
        await api.complianceCheck(compliance, {
          invoiceHash: signed.invoiceHash,
          uuid: /<cbc:UUID>([^<]+)</.exec(signed.xml)![1]!,
          invoice: Buffer.from(signed.xml).toString('base64'),
        }),
        `the compliance check of the ${name}`,
      );
      pih = signed.invoiceHash;
    }
    return accepted(await api.productionCsid(compliance), 'the production CSID');
  }

  private async renew(api: FatooraApi, row: ZatcaSettingsEntity, csr: string, otp: string): Promise<Csid> {
    const sealed = row.productionCsidEnc;
    if (!sealed) throw new Error('onboarded without a production CSID');
    const current = JSON.parse(this.profiles.box.open(sealed)) as Csid;
    return accepted(await api.renewProductionCsid(current, csr, otp), 'the renewed production CSID');
  }
}

/** The values a certificate names: its VAT number (organizationIdentifier), its unit and its environment. */
function certificateIdentityChanged(row: ZatcaSettingsEntity): boolean {
  const onboarded = row.onboardedValues;
  if (!onboarded) return false;
  return (
    onboarded.vatNumber !== row.vatNumber ||
    onboarded.egsSerial !== row.egsSerial ||
    onboarded.environment !== row.environment
  );
}

function accepted<T>(outcome: FatooraOutcome<T>, what: string): T {
  if (outcome.kind === 'accepted') return outcome.body;
  if (outcome.kind === 'unavailable') {
    throw new AppException(BillingErrorCode.ZatcaUnavailable, `ZATCA did not answer for ${what}: ${outcome.reason}`, {
      step: what,
    });
  }
  const messages: ZatcaMessage[] = outcome.messages;
  const text = messages.map((message) => `${message.code}: ${message.message}`).join('; ') || `HTTP ${outcome.status}`;
  throw new AppException(BillingErrorCode.ZatcaOnboardingFailed, `ZATCA refused ${what}: ${text}`, {
    step: what,
    messages,
  });
}

/** A CSID's binarySecurityToken is the certificate's base64 DER, base64-encoded once more. */
function certificateOf(csid: Csid) {
  return readStampCertificate(Buffer.from(csid.binarySecurityToken, 'base64').toString('utf8'));
}

/** A compliance sample: the seller's real details, a sample buyer and one line (never part of the invoice chain). */
function complianceDocument(
  row: ZatcaSettingsEntity,
  kind: ZatcaKind,
  typeCode: ZatcaTypeCode,
  icv: number,
  pih: string,
  issued: { date: string; time: string },
): string {
  return writeZatcaDocument({
    kind,
    typeCode,
    number: `COMPLIANCE-${icv}`,
    uuid: randomUUID(),
    issueDate: issued.date,
    issueTime: issued.time,
    icv,
    pih,
    seller: sellerOfSettings(row),
    buyer:
      kind === 'standard'
        ? {
            name: 'شركة العميل التجريبي',
            vatNumber: '399999999800003',
            address: {
              street: 'طريق الملك عبدالعزيز',
              buildingNumber: '1234',
              district: 'الملز',
              city: 'الرياض',
              postalCode: '12629',
              countryCode: 'SA',
            },
          }
        : null,
    billingReference: typeCode === 388 ? null : 'COMPLIANCE-1',
    reason: typeCode === 388 ? null : 'Compliance check',
    paymentMeansCode: '10',
    vatRate: '15.00',
    lines: [
      { name: 'Compliance check item', quantity: '1', unitCode: 'PCE', unitPrice: '100.00', netAmount: '100.00' },
    ],
  });
}
