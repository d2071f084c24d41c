import { createPublicKey, verify } from 'node:crypto';
import { CertificationRequest } from '@peculiar/asn1-csr';
import { AsnConvert } from '@peculiar/asn1-schema';
import {
  AttributeValue,
  Extensions,
  GeneralNames,
  Name,
  RelativeDistinguishedName,
  id_ce_subjectAltName,
  type Extension,
} from '@peculiar/asn1-x509';
import { ZatcaOid } from '@erp/common';
import type { CertificateRequestParts } from './certificate-authority.js';

/** A CSR problem as ZATCA's onboarding answers name it: `{ code, message }`. */
export interface CsrProblem {
  code: string;
  message: string;
}

/** What the simulator keeps from an EGS unit's CSR. */
export interface EgsCsr extends CertificateRequestParts {
  vatNumber: string;
  egsSerial: string;
  invoiceTypes: string;
}

export type CsrReading = { csr: EgsCsr; problems: [] } | { csr: null; problems: CsrProblem[] };

const vatNumberPattern = /^3\d{13}3$/;
const templates = ['ZATCA-Code-Signing', 'PREZATCA-Code-Signing', 'TSTZATCA-Code-Signing'];
const subjectTypes: string[] = [
  ZatcaOid.country,
  ZatcaOid.organizationUnit,
  ZatcaOid.organization,
  ZatcaOid.commonName,
];

/**
 * Reads the `csr` of an onboarding request as ZATCA takes it (the PEM's text, base64) and checks
 * it: a PKCS#10 request signed ecdsa-with-SHA256 by its own secp256k1 key, the VAT number
 * (2.5.4.97) and common name in the subject, the certificate template extension, and the EGS
 * serial (2.5.4.4) and invoice types (2.5.4.12, four flags) in the alternative name.
 */
export function readEgsCsr(field: unknown): CsrReading {
  const refuse = (code: string, message: string): CsrReading => ({ csr: null, problems: [{ code, message }] });
  if (typeof field !== 'string' || field.trim() === '') return refuse('Missing-CSR', 'The body has no csr.');
  const pem = Buffer.from(field, 'base64').toString('utf8');
  const match = /-----BEGIN (?:NEW )?CERTIFICATE REQUEST-----([\s\S]+?)-----END (?:NEW )?CERTIFICATE REQUEST-----/.exec(
    pem,
  );
  if (!match) return refuse('Invalid-CSR', 'csr is not the base64 of a PEM certificate request.');
  const der = Buffer.from(match[1]!.replace(/\s+/g, ''), 'base64');
  let request: CertificationRequest;
  try {
    request = AsnConvert.parse(der, CertificationRequest);
  } catch (error) {
    return refuse('Invalid-CSR', `The certificate request cannot be read: ${(error as Error).message}`);
  }
  const info = request.certificationRequestInfo;
  if (request.signatureAlgorithm.algorithm !== ZatcaOid.ecdsaWithSha256) {
    return refuse('Invalid-CSR-Signature', 'The request must be signed ecdsa-with-SHA256.');
  }
  let signatureVerifies: boolean;
  try {
    const publicKey = createPublicKey({
      key: Buffer.from(AsnConvert.serialize(info.subjectPKInfo)),
      format: 'der',
      type: 'spki',
    });
    if (publicKey.asymmetricKeyDetails?.namedCurve !== 'secp256k1') {
      return refuse('Invalid-CSR-Key', 'The key must be an EC key on secp256k1.');
    }
    const signed = request.certificationRequestInfoRaw ?? AsnConvert.serialize(info);
    signatureVerifies = verify('sha256', Buffer.from(signed), publicKey, Buffer.from(request.signature));
  } catch {
    return refuse('Invalid-CSR', "The request's public key cannot be read.");
  }
  if (!signatureVerifies) return refuse('Invalid-CSR-Signature', "The request's signature does not verify.");

  const problems: CsrProblem[] = [];
  const vatNumber = valueOf(info.subject, ZatcaOid.organizationIdentifier);
  if (!vatNumber) {
    problems.push({ code: 'Missing-VAT-Number', message: 'The subject has no VAT number (2.5.4.97).' });
  } else if (!vatNumberPattern.test(vatNumber)) {
    problems.push({ code: 'Invalid-VAT-Number', message: `The VAT number ${vatNumber} is not 15 digits 3…3.` });
  }
  if (!valueOf(info.subject, ZatcaOid.commonName)) {
    problems.push({ code: 'Missing-Common-Name', message: 'The subject has no common name (CN).' });
  }
  const extensions = requestedExtensions(info.attributes);
  const template = extensions.find((extension) => extension.extnID === ZatcaOid.certificateTemplateName);
  const templateName = template && parseOr(template.extnValue.buffer, AttributeValue)?.toString();
  if (!templateName || !templates.includes(templateName)) {
    problems.push({
      code: 'Missing-Certificate-Template',
      message: `The certificate template extension (${ZatcaOid.certificateTemplateName}) must name one of ${templates.join(', ')}.`,
    });
  }
  const subjectAltName = extensions.find((extension) => extension.extnID === id_ce_subjectAltName);
  const directoryName = subjectAltName
    ? parseOr(subjectAltName.extnValue.buffer, GeneralNames)?.find((name) => name.directoryName)?.directoryName
    : undefined;
  const egsSerial = directoryName && valueOf(directoryName, ZatcaOid.serialNumber);
  if (!egsSerial) {
    problems.push({
      code: 'Missing-EGS-Serial',
      message: 'The alternative name has no EGS serial (2.5.4.4, 1-…|2-…|3-…).',
    });
  } else if (!/^1-[^|]+\|2-[^|]+\|3-[^|]+$/.test(egsSerial)) {
    problems.push({
      code: 'Invalid-EGS-Serial',
      message: `The EGS serial "${egsSerial}" is not 1-<solution>|2-<model>|3-<serial>.`,
    });
  }
  const invoiceTypes = directoryName && valueOf(directoryName, ZatcaOid.title);
  if (!invoiceTypes) {
    problems.push({
      code: 'Missing-Invoice-Type',
      message: 'The alternative name has no invoice types (title, 2.5.4.12).',
    });
  } else if (!/^[01]{4}$/.test(invoiceTypes) || invoiceTypes.startsWith('00')) {
    problems.push({
      code: 'Invalid-Invoice-Type',
      message: `The invoice types ${invoiceTypes} must be four flags 0/1 allowing standard, simplified or both (e.g. 1100).`,
    });
  }
  if (problems.length > 0 || !subjectAltName || !vatNumber || !egsSerial || !invoiceTypes) {
    return { csr: null, problems };
  }
  return {
    csr: {
      subject: new Name(info.subject.filter((rdn) => rdn.some((attribute) => subjectTypes.includes(attribute.type)))),
      subjectPublicKeyInfo: info.subjectPKInfo,
      subjectAltName,
      vatNumber,
      egsSerial,
      invoiceTypes,
    },
    problems: [],
  };
}

/** Which kinds of documents the invoice-type flags allow: standard (first flag), simplified (second). */
export function allowedKinds(invoiceTypes: string): Array<'standard' | 'simplified'> {
  return [
    ...(invoiceTypes[0] === '1' ? (['standard'] as const) : []),
    ...(invoiceTypes[1] === '1' ? (['simplified'] as const) : []),
  ];
}

function valueOf(name: Name, type: string): string | undefined {
  for (const rdn of name as RelativeDistinguishedName[]) {
    const attribute = rdn.find((candidate) => candidate.type === type);
    if (attribute) return attribute.value.toString();
  }
  return undefined;
}

function requestedExtensions(attributes: CertificationRequest['certificationRequestInfo']['attributes']): Extension[] {
  const request = attributes.find((attribute) => attribute.type === ZatcaOid.extensionRequest);
  const value = request?.values[0];
  return (value && parseOr(value, Extensions)) ?? [];
}

function parseOr<T>(data: ArrayBuffer, type: new () => T): T | undefined {
  try {
    return AsnConvert.parse(data, type);
  } catch {
    return undefined;
  }
}
