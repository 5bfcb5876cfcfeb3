// Every sentence a person reads from the API, in one place (Spanish: the interface language).

/** A phrase as the start of a sentence: «noticia» → «Noticia», ««pinche aquí»…» unchanged. */
export const capitalized = (text: string) => text.charAt(0).toLocaleUpperCase('es') + text.slice(1);

export const MESSAGES = {
  unauthenticated: 'No autenticado.',
  forbidden: 'Esta acción no está autorizada.',
  notFound: 'El recurso solicitado no existe.',
  routeNotFound: 'La ruta solicitada no existe.',
  csrfMismatch:
    'La sesión ha caducado o el token CSRF no es válido. Recargue la página e inténtelo de nuevo.',
  serverError: 'Se ha producido un error en el servidor. Inténtelo de nuevo más tarde.',
  invalidJson: 'El cuerpo de la petición no es un JSON válido.',
  badRequest: 'La petición no es válida.',
  badUrl: 'La dirección solicitada no es válida.',
  uriTooLong: 'La dirección solicitada es demasiado larga.',
  headersTooLarge: 'Las cabeceras de la petición son demasiado grandes.',
  requestTimeout: 'La petición ha tardado demasiado.',
  missingHost: 'La petición no indica el servidor al que va dirigida (cabecera Host).',
  expectationFailed: 'El servidor no puede cumplir la condición indicada en la cabecera Expect.',
  bodyTooLarge: 'El cuerpo de la petición es demasiado grande.',
  unsupportedMediaType: 'El tipo de contenido de la petición no está admitido.',
  methodNotAllowed: 'El método no está permitido para esta ruta.',
  conflict: 'El registro ha sido modificado por otra persona.',
  tooManyRequests: 'Demasiadas peticiones. Inténtelo de nuevo más tarde.',
  /** Decision 041: every export slot and waiting place of this server is taken. */
  tooManyExports: 'Hay demasiadas exportaciones en curso. Inténtelo de nuevo en unos segundos.',
  /** Decision 041: one export at a time per person. */
  exportInProgress: 'Ya tiene una exportación en curso. Espere a que termine e inténtelo de nuevo.',
  invalidCredentials: 'Estas credenciales no coinciden con nuestros registros.',
  accountDisabled: 'Esta cuenta está desactivada. Póngase en contacto con un administrador.',
  throttled: (seconds: number) =>
    `Demasiados intentos de acceso. Por favor intente nuevamente en ${seconds} segundos.`,
  resetLinkSent: 'Le hemos enviado por correo electrónico el enlace para restablecer su contraseña.',
  passwordReset: 'Su contraseña ha sido restablecida.',
  invalidResetToken: 'El token de restablecimiento de contraseña es inválido.',
  registrationDisabled: 'El registro de nuevas cuentas está desactivado.',
  validationFailed: 'Los datos enviados no son válidos.',
  /** U+0000 (PostgreSQL can neither store nor compare it) in a field or parameter. */
  invalidCharacters: (field: string) => `El campo ${field} contiene caracteres no válidos.`,
  invalidParameterCharacters: (name: string) => `El parámetro ${name} contiene caracteres no válidos.`,
  invalidParameter: 'Los parámetros de la dirección no son válidos.',
  loginFailed: 'Error al intentar iniciar sesión',
  /** "Mi cuenta" (issue 21). */
  profileUpdated: 'Sus datos se han guardado.',
  passwordUpdated: 'Su contraseña se ha cambiado. Las demás sesiones se han cerrado.',
  wrongCurrentPassword: 'La contraseña actual no es correcta.',
  currentPasswordRequired: 'Para cambiar el correo electrónico, escriba su contraseña actual.',
  emailInUse: 'El correo electrónico ya está en uso.',
  emailChangeSent: (email: string) =>
    `Le hemos enviado a ${email} un enlace para confirmar el cambio. Hasta entonces, su cuenta sigue con el correo anterior.`,
  emailChangeNotSent: 'No se pudo enviar el correo de confirmación. Inténtelo de nuevo más tarde.',
  emailChanged: (email: string) => `Su correo electrónico es ahora ${email}.`,
  invalidEmailChangeLink: 'Este enlace no es válido, ha caducado o es de otra cuenta.',
  endCurrentSessionWithLogout:
    'Para cerrar la sesión de este dispositivo, use «Cerrar sesión» en el menú de usuario.',
  /** Two-factor sign-in (issue 21, decision 035). */
  wrongPassword: 'La contraseña no es correcta.',
  passwordConfirmed: 'Contraseña confirmada.',
  passwordConfirmationRequired: 'Confirme su contraseña para continuar.',
  twoFactorAlreadyEnabled: 'La verificación en dos pasos ya está activada.',
  twoFactorNotStarted: 'Primero active la verificación en dos pasos.',
  twoFactorNotEnabled: 'La verificación en dos pasos no está activada.',
  invalidTwoFactorCode: 'El código de verificación no es válido.',
  invalidRecoveryCode: 'El código de recuperación no es válido.',
  twoFactorLoginExpired: 'El inicio de sesión ha caducado. Vuelva a escribir su correo y su contraseña.',
  twoFactorRequired: 'Su rol exige la verificación en dos pasos. Actívela en «Mi cuenta» para continuar.',
  twoFactorResetSelf: 'Para su propia cuenta, desactive la verificación en dos pasos desde «Mi cuenta».',
} as const;
