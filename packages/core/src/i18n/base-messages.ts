import type { Language } from './language.ts';

/**
 * The messages the sign-in, registration and account screens need, in both languages: the part of
 * the catalogue (`messages.ts`) small enough for the login page's JavaScript budget. The rest of
 * the catalogue adds the back office's, the test engine's and the payments' messages.
 */
export const baseEn = {
  'error.notFound': 'Not found.',
  'error.routeNotFound': 'The address {path} does not exist.',
  'error.malformedJson': 'The request body is not valid JSON.',
  'error.unsupportedMediaType': 'Unsupported content type.',
  'error.payloadTooLarge': 'The request is too large.',
  'error.badRequest': 'Bad request.',
  'error.malformedUrl': 'The address is not valid.',
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
  'validation.emailTaken': 'This e-mail address is already registered.',
  'validation.countryUnknown': 'Choose a country from the list.',
  'validation.townUnknown': 'Choose a commune from the list.',
  'validation.timezone': 'Choose a valid time zone (an IANA name such as America/Santiago).',
  'validation.nul': 'This value contains a character that is not allowed (NUL).',
  'validation.unpairedSurrogate': 'This value contains invalid Unicode (an unpaired surrogate).',
  'auth.failed': 'These credentials do not match our records.',
  'auth.loggedOut': 'You have signed out.',
  'auth.verify':
    'Your e-mail address is not verified yet. Open the link we sent you, or ask for a new one.',
  // Said whether or not the e-mail already had an account (its owner is mailed instead).
  'registration.created':
    'We sent you a message. Open it to confirm your e-mail address, then log in.',
  'verification.verified': 'Your e-mail address has been verified.',
  'verification.failed': 'Email verification failed!',
  'verification.resent': 'A new verification link has been sent to your e-mail address.',
  'passwords.sent':
    'If that e-mail address has an account, we have sent it a link to reset the password.',
  'passwords.reset': 'Your password has been reset. You can now log in.',
  'passwords.token': 'This password reset link is invalid or has expired.',
  'passwords.changed': 'Your password has been changed. Your other sessions have been closed.',
  'passwords.currentWrong': 'The current password is not correct.',
  'account.updated': 'Your data has been saved.',
  'avatar.updated': 'Your profile picture has been updated.',
  'avatar.required': 'Choose an image to upload.',
  'avatar.type': 'The file must be a JPG or PNG image.',
  'avatar.tooLarge': 'The image must not be larger than 2 MB.',
} as const;

export type BaseMessageKey = keyof typeof baseEn;

export const baseEs: Record<BaseMessageKey, string> = {
  'error.notFound': 'No encontrado.',
  'error.routeNotFound': 'La dirección {path} no existe.',
  'error.malformedJson': 'El cuerpo de la solicitud no es un JSON válido.',
  'error.unsupportedMediaType': 'Tipo de contenido no soportado.',
  'error.payloadTooLarge': 'La solicitud es demasiado grande.',
  'error.badRequest': 'Solicitud incorrecta.',
  'error.malformedUrl': 'La dirección no es válida.',
  'error.server': 'Algo salió mal de nuestro lado. Inténtalo de nuevo.',
  'error.unauthenticated': 'No autenticado.',
  'error.forbidden': 'No tienes permiso para hacer esto.',
  'error.csrf': 'Tu sesión expiró (token CSRF no válido). Vuelve a iniciar sesión.',
  'error.tooManyAttempts': 'Demasiados intentos.',
  'error.validation': 'Por favor completa los campos requeridos.',
  'error.unavailable': 'El servicio no está disponible.',
  'validation.required': 'Este campo es obligatorio.',
  'validation.invalid': 'Este valor no es válido.',
  'validation.email': '¡Formato inválido!',
  'validation.emailRequired': 'Ingresa tu correo electrónico.',
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
  'validation.emailTaken': 'Este correo electrónico ya está registrado.',
  'validation.countryUnknown': 'Elige un país de la lista.',
  'validation.townUnknown': 'Elige una comuna de la lista.',
  'validation.timezone': 'Elige una zona horaria válida (un nombre IANA como America/Santiago).',
  'validation.nul': 'Este valor contiene un carácter no permitido (NUL).',
  'validation.unpairedSurrogate':
    'Este valor contiene Unicode no válido (un sustituto sin pareja).',
  'auth.failed': 'Estas credenciales no coinciden con nuestros registros.',
  'auth.loggedOut': 'Has cerrado sesión.',
  'auth.verify':
    'Tu correo electrónico aún no está verificado. Abre el enlace que te enviamos o pide uno nuevo.',
  'registration.created':
    'Te enviamos un mensaje. Ábrelo para confirmar tu correo electrónico y luego inicia sesión.',
  'verification.verified': 'Tu correo electrónico ha sido verificado.',
  'verification.failed': '¡La verificación del correo falló!',
  'verification.resent': 'Te enviamos un nuevo enlace de verificación a tu correo electrónico.',
  'passwords.sent':
    'Si ese correo electrónico tiene una cuenta, le enviamos un enlace para restablecer la contraseña.',
  'passwords.reset': 'Tu contraseña ha sido restablecida. Ya puedes iniciar sesión.',
  'passwords.token': 'Este enlace para restablecer la contraseña no es válido o ya venció.',
  'passwords.changed': 'Tu contraseña ha sido cambiada. Cerramos tus otras sesiones.',
  'passwords.currentWrong': 'La contraseña actual no es correcta.',
  'account.updated': 'Tus datos han sido guardados.',
  'avatar.updated': 'Tu foto de perfil ha sido actualizada.',
  'avatar.required': 'Elige una imagen para subir.',
  'avatar.type': 'El archivo debe ser una imagen JPG o PNG.',
  'avatar.tooLarge': 'La imagen no debe pesar más de 2 MB.',
};

export const baseMessages: Record<Language, Record<BaseMessageKey, string>> = {
  en: baseEn,
  es: baseEs,
};

/** `{name}` placeholders filled from `params`; unknown ones stay as written. */
export function fillMessage(text: string, params: Record<string, string | number> = {}): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}

/** A base message in `language`, with its placeholders filled. */
export function translateBase(
  language: Language,
  key: BaseMessageKey,
  params: Record<string, string | number> = {},
): string {
  return fillMessage(baseMessages[language][key], params);
}
