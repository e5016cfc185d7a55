import type { Language } from './language.ts';

/**
 * Messages the server sends and the web app shows, in both languages. Keys are stable; the English
 * texts keep the spec's wording where the spec gives one.
 */
const en = {
  'error.notFound': 'Not found.',
  'error.routeNotFound': 'The address {path} does not exist.',
  'error.malformedJson': 'The request body is not valid JSON.',
  'error.unsupportedMediaType': 'Unsupported content type.',
  'error.payloadTooLarge': 'The request is too large.',
  'error.badRequest': 'Bad request.',
  'error.server': 'Something went wrong on our side. Please try again.',
  'error.unauthenticated': 'Unauthenticated.',
  'error.forbidden': 'You are not allowed to do this.',
  'error.csrf': 'Your session expired (CSRF token mismatch). Please sign in again.',
  'error.tooManyAttempts': 'Too many attempts.',
  'error.validation': 'Please fill in the required fields.',
  'error.unavailable': 'The service is unavailable.',
  'validation.required': 'This field is required.',
  'validation.invalid': 'This value is not valid.',
  'validation.email': 'Invalid format!',
  'validation.emailRequired': 'Please enter your email!',
  'validation.tooShort': 'Must have at least {min} characters.',
  'validation.tooLong': 'Must have at most {max} characters.',
  'validation.tooSmall': 'Must be at least {min}.',
  'validation.tooBig': 'Must be at most {max}.',
  'validation.unknownField': 'Unknown field: {keys}.',
  'validation.passwordRules':
    'The password needs at least 8 characters, an upper-case letter, a lower-case letter, a digit and one of #?!@$%^&*-.',
  'validation.passwordSpaces': 'The password cannot contain spaces.',
  'validation.passwordMismatch': 'Passwords do not match!',
  'validation.name': 'Use letters only.',
  'validation.rut': 'Invalid Rut',
  'validation.dni': 'The DNI must contain digits only.',
  'validation.phone': 'Enter a valid phone number (digits only, at most 11).',
  'validation.postalCode': 'The postal code has 7 digits.',
  'validation.terms': 'You must read and accept the terms and conditions.',
  'auth.failed': 'These credentials do not match our records.',
  'auth.loggedOut': 'You have signed out.',
} as const;

export type MessageKey = keyof typeof en;

const es: Record<MessageKey, string> = {
  'error.notFound': 'No encontrado.',
  'error.routeNotFound': 'La dirección {path} no existe.',
  'error.malformedJson': 'El cuerpo de la solicitud no es un JSON válido.',
  'error.unsupportedMediaType': 'Tipo de contenido no soportado.',
  'error.payloadTooLarge': 'La solicitud es demasiado grande.',
  'error.badRequest': 'Solicitud incorrecta.',
  'error.server': 'Algo salió mal de nuestro lado. Inténtalo de nuevo.',
  'error.unauthenticated': 'No autenticado.',
  'error.forbidden': 'No tienes permiso para hacer esto.',
  'error.csrf': 'Tu sesión expiró (token CSRF no válido). Vuelve a iniciar sesión.',
  'error.tooManyAttempts': 'Demasiados intentos.',
  'error.validation': 'Por favor complete los campos requeridos.',
  'error.unavailable': 'El servicio no está disponible.',
  'validation.required': 'Este campo es obligatorio.',
  'validation.invalid': 'Este valor no es válido.',
  'validation.email': '¡Formato inválido!',
  'validation.emailRequired': '¡Por favor ingrese su correo electrónico!',
  'validation.tooShort': 'Debe tener al menos {min} caracteres.',
  'validation.tooLong': 'Debe tener como máximo {max} caracteres.',
  'validation.tooSmall': 'Debe ser al menos {min}.',
  'validation.tooBig': 'Debe ser como máximo {max}.',
  'validation.unknownField': 'Campo desconocido: {keys}.',
  'validation.passwordRules':
    'La contraseña necesita al menos 8 caracteres, una mayúscula, una minúscula, un dígito y uno de #?!@$%^&*-.',
  'validation.passwordSpaces': 'La contraseña no puede contener espacios.',
  'validation.passwordMismatch': '¡Las contraseñas no coinciden!',
  'validation.name': 'Usa solo letras.',
  'validation.rut': 'Rut inválido',
  'validation.dni': 'El DNI debe contener solo dígitos.',
  'validation.phone': 'Ingresa un teléfono válido (solo dígitos, máximo 11).',
  'validation.postalCode': 'El código postal tiene 7 dígitos.',
  'validation.terms': 'Debes leer y aceptar los términos y condiciones.',
  'auth.failed': 'Estas credenciales no coinciden con nuestros registros.',
  'auth.loggedOut': 'Has cerrado sesión.',
};

export const messages: Record<Language, Record<MessageKey, string>> = { en, es };

export function isMessageKey(value: string): value is MessageKey {
  return Object.hasOwn(en, value);
}

/** The message for `key` in `language`, with `{name}` placeholders filled from `params`. */
export function translate(
  language: Language,
  key: MessageKey,
  params: Record<string, string | number> = {},
): string {
  return messages[language][key].replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}
