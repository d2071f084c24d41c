import { generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { CertificationRequest, CertificationRequestInfo, Attributes } from '@peculiar/asn1-csr';
import { AsnConvert, OctetString } from '@peculiar/asn1-schema';
import {
  AlgorithmIdentifier,
  Attribute,
  AttributeTypeAndValue,
  AttributeValue,
  Extension,
  Extensions,
  GeneralName,
  GeneralNames,
  Name,
  RelativeDistinguishedName,
  SubjectPublicKeyInfo,
  id_ce_subjectAltName,
} from '@peculiar/asn1-x509';

/** The object identifiers a ZATCA CSR carries. */
export const ZatcaOid = {
  country: '2.5.4.6',
  organizationUnit: '2.5.4.11',
  organization: '2.5.4.10',
  commonName: '2.5.4.3',
  /** The VAT number, in the subject. */
  organizationIdentifier: '2.5.4.97',
  /** The EGS serial `1-<solution>|2-<model>|3-<serial>`, in the alternative name. */
  serialNumber: '2.5.4.4',
  /** The VAT number again, in the alternative name. */
  userId: '0.9.2342.19200300.100.1.1',
  /** The invoice types the unit issues: four flags, standard then simplified (e.g. 1100). */
  title: '2.5.4.12',
  registeredAddress: '2.5.4.26',
  businessCategory: '2.5.4.15',
  certificateTemplateName: '1.3.6.1.4.1.311.20.2',
  extensionRequest: '1.2.840.113549.1.9.14',
  ecdsaWithSha256: '1.2.840.10045.4.3.2',
} as const;

/** The certificate template: production, simulation (PREZATCA) or the developer portal (TSTZATCA). */
export type ZatcaCsrTemplate = 'ZATCA-Code-Signing' | 'PREZATCA-Code-Signing' | 'TSTZATCA-Code-Signing';

export interface EgsCsrFields {
  /** The unit's common name, e.g. "EGS1-3101234567". */
  commonName: string;
  /** `1-<solution>|2-<model or version>|3-<unit serial>`. */
  egsSerial: string;
  vatNumber: string;
  /** The branch (for a VAT group, the member's TIN). */
  organizationUnit: string;
  organizationName: string;
  /** "1100": standard and simplified invoices. */
  invoiceTypes: string;
  /** The branch's address as ZATCA asks for it (short national address or a line). */
  location: string;
  industry: string;
  template: ZatcaCsrTemplate;
}

/** A new secp256k1 key for an EGS unit, its private half as SEC1 PEM (what ZATCA's SDK writes). */
export function generateStampKey(): { privateKeyPem: string; privateKey: KeyObject; publicKey: KeyObject } {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'secp256k1' });
  return { privateKeyPem: privateKey.export({ type: 'sec1', format: 'pem' }).toString(), privateKey, publicKey };
}

/**
 * A PKCS#10 request with ZATCA's fields: C, OU, O, CN and the VAT number (2.5.4.97) in the
 * subject; the certificate template name extension; the EGS serial, VAT number, invoice types,
 * location and industry in the alternative name's directory name; signed ECDSA-SHA256.
 * Answers the PEM; ZATCA's compliance API takes the PEM's text base64-encoded once more.
 */
export function buildEgsCsr(fields: EgsCsrFields, privateKey: KeyObject, publicKey: KeyObject): string {
  const subject = new Name([
    rdn(ZatcaOid.country, 'SA', 'printable'),
    rdn(ZatcaOid.organizationUnit, fields.organizationUnit),
    rdn(ZatcaOid.organization, fields.organizationName),
    rdn(ZatcaOid.commonName, fields.commonName),
    rdn(ZatcaOid.organizationIdentifier, fields.vatNumber),
  ]);
  const alternativeName = new GeneralNames([
    new GeneralName({
      directoryName: new Name([
        rdn(ZatcaOid.serialNumber, fields.egsSerial),
        rdn(ZatcaOid.userId, fields.vatNumber),
        rdn(ZatcaOid.title, fields.invoiceTypes),
        rdn(ZatcaOid.registeredAddress, fields.location),
        rdn(ZatcaOid.businessCategory, fields.industry),
      ]),
    }),
  ]);
  const extensions = new Extensions([
    new Extension({
      extnID: ZatcaOid.certificateTemplateName,
      extnValue: new OctetString(AsnConvert.serialize(new AttributeValue({ printableString: fields.template }))),
    }),
    new Extension({ extnID: id_ce_subjectAltName, extnValue: new OctetString(AsnConvert.serialize(alternativeName)) }),
  ]);
  const info = new CertificationRequestInfo({
    version: 0,
    subject,
    subjectPKInfo: AsnConvert.parse(publicKey.export({ type: 'spki', format: 'der' }), SubjectPublicKeyInfo),
    attributes: new Attributes([
      new Attribute({ type: ZatcaOid.extensionRequest, values: [AsnConvert.serialize(extensions)] }),
    ]),
  });
  const infoDer = Buffer.from(AsnConvert.serialize(info));
  const request = new CertificationRequest({
    certificationRequestInfo: info,
    signatureAlgorithm: new AlgorithmIdentifier({ algorithm: ZatcaOid.ecdsaWithSha256 }),
    signature: new Uint8Array(sign('sha256', infoDer, privateKey)).buffer,
  });
  const der = Buffer.from(AsnConvert.serialize(request));
  const lines = der.toString('base64').match(/.{1,64}/g) ?? [];
  return `-----BEGIN CERTIFICATE REQUEST-----\n${lines.join('\n')}\n-----END CERTIFICATE REQUEST-----\n`;
}

function rdn(type: string, value: string, kind: 'utf8' | 'printable' = 'utf8'): RelativeDistinguishedName {
  const attributeValue =
    kind === 'printable' ? new AttributeValue({ printableString: value }) : new AttributeValue({ utf8String: value });
  return new RelativeDistinguishedName([new AttributeTypeAndValue({ type, value: attributeValue })]);
}
