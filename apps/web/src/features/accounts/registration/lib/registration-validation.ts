import type { MessageKey } from '@ensaya/core/i18n/messages';
import {
  confirmationProblem,
  dniProblem,
  nameProblem,
  passwordProblem,
  phoneProblem,
} from '@ensaya/core/validation/account';
import { loginEmailProblem } from '@ensaya/core/validation/login';
import { isValidRut } from '@ensaya/core/validation/rut';
import { CHILE_COUNTRY_ID } from '../../../../lib/geography.ts';
import { chileanMobileDigits } from '../../../../lib/phone-mask.ts';
import type { FieldCheck } from '../../../../lib/use-form-fields.ts';
import { coreMessage } from '../../../../lib/core-message.ts';

export const REGISTRATION_FIELDS = [
  'name',
  'last_name',
  'email',
  'password',
  'password_confirmation',
  'country_id',
  'tax_id',
  'phone',
  'terms_and_conditions',
] as const;
export type RegistrationField = (typeof REGISTRATION_FIELDS)[number];
export type RegistrationValues = Record<RegistrationField, string>;

export function isChile(countryId: string): boolean {
  return Number(countryId) === CHILE_COUNTRY_ID;
}

/** The Rut for Chile, a DNI of digits elsewhere: the same choice as core's `RegisterRequest`. */
export function taxIdProblem(countryId: string, taxId: string): MessageKey | undefined {
  if (!isChile(countryId)) return dniProblem(taxId);
  if (taxId.trim() === '') return 'validation.required';
  return isValidRut(taxId) ? undefined : 'validation.rut';
}

function problem(field: RegistrationField, values: RegistrationValues): MessageKey | undefined {
  switch (field) {
    case 'name':
    case 'last_name':
      return nameProblem(values[field]);
    case 'email':
      return loginEmailProblem(values.email);
    case 'password':
      return passwordProblem(values.password);
    case 'password_confirmation':
      return confirmationProblem(values.password, values.password_confirmation);
    case 'country_id':
      return values.country_id === '' ? 'validation.required' : undefined;
    case 'tax_id':
      return taxIdProblem(values.country_id, values.tax_id);
    case 'phone':
      return phoneProblem(chileanMobileDigits(values.phone));
    case 'terms_and_conditions':
      return values.terms_and_conditions === '1' ? undefined : 'validation.terms';
  }
}

/** Core's registration rules for one field, in the interface language. */
export const checkRegistrationField: FieldCheck<RegistrationField> = (field, values) =>
  coreMessage(problem(field, values));
