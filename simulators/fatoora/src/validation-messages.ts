/** One message of ZATCA's validationResults. */
export interface ValidationMessage {
  type: 'INFO' | 'WARNING' | 'ERROR';
  code: string;
  category: string;
  message: string;
  status: 'PASS' | 'WARNING' | 'ERROR';
}

export interface ValidationResults {
  infoMessages: ValidationMessage[];
  warningMessages: ValidationMessage[];
  errorMessages: ValidationMessage[];
  status: 'PASS' | 'WARNING' | 'ERROR';
}

export const info = (code: string, category: string, message: string): ValidationMessage => ({
  type: 'INFO',
  code,
  category,
  message,
  status: 'PASS',
});

export const warning = (code: string, category: string, message: string): ValidationMessage => ({
  type: 'WARNING',
  code,
  category,
  message,
  status: 'WARNING',
});

export const error = (code: string, category: string, message: string): ValidationMessage => ({
  type: 'ERROR',
  code,
  category,
  message,
  status: 'ERROR',
});

/** ZATCA's INFO when the document is a UBL invoice it could read. */
export const xmlValid = info(
  'XSD_ZATCA_VALID',
  'XSD validation',
  'Complied with UBL 2.1 standards in line with ZATCA specifications',
);

export function toValidationResults(messages: ValidationMessage[]): ValidationResults {
  const of = (type: ValidationMessage['type']) => messages.filter((message) => message.type === type);
  const errorMessages = of('ERROR');
  const warningMessages = of('WARNING');
  return {
    infoMessages: of('INFO'),
    warningMessages,
    errorMessages,
    status: errorMessages.length > 0 ? 'ERROR' : warningMessages.length > 0 ? 'WARNING' : 'PASS',
  };
}

/** 200 when it passed, 202 with warnings only, 400 with an error. */
export function statusCodeOf(results: ValidationResults): 200 | 202 | 400 {
  return results.status === 'ERROR' ? 400 : results.status === 'WARNING' ? 202 : 200;
}
