/** Message patterns of the ZATCA settings (billing service, CONTRACT §12). Values are never renamed. */
export const ZatcaSettingsPatterns = {
  Get: 'billing.get-zatca-settings',
  Update: 'billing.update-zatca-settings',
  Onboard: 'billing.onboard-zatca',
  GetInvoiceXml: 'billing.get-invoice-xml',
} as const;
