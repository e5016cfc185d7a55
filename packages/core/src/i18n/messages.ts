import { baseEn, baseEs, fillMessage } from './base-messages.ts';
import type { Language } from './language.ts';

/**
 * Messages the server sends and the web app shows, in both languages. Keys are stable; the English
 * texts keep the spec's wording where the spec gives one.
 */
const en = {
  ...baseEn,
  'content.choiceCount': 'A question has 2 to 9 choices.',
  'content.figureText':
    'Every figure (<svg>) needs role="img" and an aria-label describing it for screen readers.',
  'content.singleChoiceKey': 'A single-choice question has exactly one correct choice.',
  'content.multiChoiceKey': 'A multi-choice question has at least one correct choice.',
  'content.contextSubject': "The context must belong to the question's subject.",
  'content.themeUnknown': 'Choose a theme from the list.',
  'content.subjectUnknown': 'Choose a subject from the list.',
  'content.standardTestUnknown': 'Choose a standard test from the list.',
  'content.weightsSum': 'The weights must be whole numbers from 0 to 100 that add up to 100.',
  'content.weightsDuplicate': 'Each theme may appear only once.',
  'content.weightsTheme': "Every theme must belong to the period's subject.",
  'content.gradesUnique': 'Each number of correct answers may appear only once.',
  'content.stemNumberTaken': 'Another question of the subject has this number.',
  'content.questionInUse':
    'This question has been used in attempts and cannot be deleted: deactivate it instead.',
  'admin.inUse': 'Other records depend on this one, so it cannot be deleted.',
  'admin.nameTaken': 'This name is already in use.',
  'admin.codeTaken': 'This code already exists.',
  'admin.validityWindow': 'The end of the validity must be after its start.',
  'admin.percentMax': 'A percentage cannot be over 100.',
  'accessibility.textSize': 'Choose a text size of 100 %, 125 % or 150 %.',
  'accessibility.extraTime': 'Choose extra time of 0 %, 25 %, 50 % or 100 %.',
  // Changing the e-mail address and resending the verification mail.
  'verification.resendExpired':
    'This link to resend the e-mail is no longer valid. Log in again to ask for a new one.',
  'account.emailChangePending':
    'Your data has been saved. We sent a link to {email} to confirm it; until you open it, you keep logging in with your current e-mail address.',
  'account.emailPasswordRequired': 'Enter your current password to change your e-mail address.',
  'account.emailChanged': 'Your e-mail address is now {email}. Use it to log in.',
  'account.emailChangeFailed':
    'This link to confirm your new e-mail address is invalid or has expired.',
  'account.emailChangeTaken':
    'Another account started using {email} in the meantime, so your e-mail address did not change.',
  'account.emailChangeResent': 'We sent another link to {email}.',
  'account.emailChangeCanceled': 'The change of e-mail address has been canceled.',
  'account.noEmailChange': 'There is no change of e-mail address waiting for confirmation.',
  'admin.packageSubjects': "Choose subjects of the package's standard test.",
  'admin.radioOptions': 'A radio question needs options.',
  'admin.keysUnique': 'Each question key may appear only once.',
  'import.fileRequired': 'Choose a file to import.',
  'import.tooLarge': 'The file must not be larger than 5 MB.',
  'import.failed': 'The file has errors; nothing was imported.',
  'import.unreadable': 'The file cannot be read as {format}.',
  'import.empty': 'The file has no questions.',
  'import.doctype':
    'The file declares a DOCTYPE or entities, which are not accepted: export it again from Moodle without them.',
  'import.characters':
    'The file contains characters that cannot be stored (NUL or invalid Unicode): remove them and try again.',
  'import.question': 'Question {index} (line {line}): {problem}',
  'import.questionAt': 'Question {index}: {problem}',
  'import.noCorrect': 'no correct answer',
  'import.manyCorrect': 'more than one correct answer in a single-choice question',
  'import.choiceCount': 'it needs 2 to 9 answers',
  'import.unsupported': 'unsupported question type ({type})',
  'import.noStatement': 'the question has no text',
  'import.unclosed': 'the answers are not closed with }',
  'import.contextUnknown': 'unknown context "{key}"',
  'import.figureText':
    'a figure (<svg>) needs role="img" and an aria-label describing it for screen readers',
  'import.invalid': 'invalid field {field}',
  'import.created': '{count} questions imported.',
  'import.createdOne': '1 question imported.',
  'import.skippedMany': '{count} questions skipped.',
  'import.skippedOne': '1 question skipped.',
  'import.moreProblems': '...and {count} more.',
  'import.encoding':
    'The file is in an encoding that cannot be read ({encoding}): save it as UTF-8 and try again.',
  'import.encodingNote':
    'The file is not UTF-8, so it was read as Windows-1252: check accents and ñ in the preview.',
  'import.emptyChoice': 'an answer has no text or image',
  'import.mediaMissing': 'it shows the file "{name}", which the file does not include',
  'import.mediaType': 'the file "{name}" is not a PNG, JPEG, GIF or WebP image',
  'import.mediaTooLarge': 'the image "{name}" is larger than 2 MB',
  'import.notePartialCredit':
    'an answer with partial credit ({credit}) is counted as wrong: a single-answer question has one key',
  'import.noteAnswerFeedback': 'the feedback of each answer is not imported',
  'engine.quantityRequired': 'You must select quantity of questions',
  'engine.rangeInvalid': 'Invalid question range',
  'engine.rangeRequired': 'You must select a range of questions',
  'engine.themeRequired': 'You must select a theme',
  'engine.themeUnknown': 'This theme is not part of the subject or has no questions.',
  'engine.timeRequired': 'Time required: enter hours and minutes greater than zero.',
  'engine.timerHours': 'Hours go from 0 to 12.',
  'engine.timerMinutes': 'Minutes go from 0 to 60.',
  'engine.noAccess':
    'You need an active subscription to this subject to take tests. Your history and statistics stay available.',
  'engine.noQuestions': 'You have no assigned questions, please contact administrator',
  'engine.noWrongAnswers': 'You have no wrong questions',
  'engine.noGeneralWrongAnswers': 'You have no questions with more Errors',
  'engine.noReviewDue':
    'You have no questions to review today in this subject. Questions you get wrong come back here when it is time to review them.',
  'engine.inProgress':
    'You have a test in progress in this subject. Resume it or finish it before starting another.',
  'engine.sourceUnknown': 'That test cannot be taken again.',
  'engine.diagnosticTaken':
    'You already took the diagnostic of this subject: it is taken once. Your result is in your history.',
  'engine.electiveRequired':
    'Choose the elective module (Biology, Chemistry or Physics) for this mock exam.',
  'engine.electiveInvalid': 'That elective module is not one of this subject’s mock exam.',
  'engine.notInAttempt': 'This question is not part of the test.',
  'engine.choiceNotInQuestion': 'This answer does not belong to the question.',
  'engine.singleChoice': 'This question takes a single answer.',
  'engine.submitted': 'This test was already sent; answers can no longer change.',
  'engine.answerLocked':
    'You have already seen the answer to this question, so your answer can no longer change.',
  'engine.deadlinePassed': 'Time is up: the test was sent with the answers saved.',
  'engine.annotationsClosed':
    'This test has ended: your highlights and crossed-out options can no longer change.',
  'engine.commentSent': 'Thank you. Your comment was sent to our content team.',
  'engine.commentNotShown': 'You can comment only on questions you were shown in your tests.',
  'engine.notBegun':
    'This test has not begun yet: press "Continue" on the instructions to see the questions and answer them.',
  'engine.contentExpired':
    'The link to these questions has expired. Reload the page to get a new one; your answers are kept.',
  // Scheduled ensayos.
  'scheduledExam.notOpen':
    'The waiting room of this ensayo is not open yet: it opens 15 minutes before the start.',
  'scheduledExam.joinClosed': 'Joining this ensayo has closed.',
  'scheduledExam.cancelled': 'This ensayo was cancelled.',
  'scheduledExam.notParticipant': 'Join this ensayo first, from its waiting room.',
  'scheduledExam.notStarted':
    'This ensayo has not started yet: its questions open at the start, for everyone at once.',
  'scheduledExam.resultsNotReady':
    'The results come once every student’s time has ended. Come back in a few minutes.',
  'scheduledExam.noResults': 'You did not send this ensayo, so it has no results for you.',
  'scheduledExam.startInPast': 'The start must be a moment in the future.',
  'scheduledExam.lateJoinTooLong': 'Late joining must end before the ensayo’s time does.',
  'scheduledExam.electiveRequired':
    'This subject has elective modules: choose the one the ensayo will have.',
  'scheduledExam.electiveNotAllowed': 'This subject has no elective modules: leave it empty.',
  'scheduledExam.electiveInvalid': 'That elective module is not one of this subject’s.',
  'scheduledExam.noForm':
    'This subject has no current period or no active questions to draw a form from.',
  'scheduledExam.alreadyStarted': 'This ensayo has already started and can no longer be cancelled.',
  'scheduledExam.retakeAfterEnd':
    'You can retake this ensayo once everyone has finished it: its correct answers show then.',
  'stats.deletedOne': 'The test was deleted.',
  'stats.deletedMany': '{count} tests were deleted.',
  'stats.deleteNoAccess':
    'You need an active subscription to this subject to delete tests. Your history stays available.',
  'stats.deleteInProgress': 'A test in progress cannot be deleted. Finish it first.',
  'subscriptions.packageUnknown': 'This package does not exist or is not for sale.',
  'subscriptions.subjectsNotInPackage': 'Choose subjects offered by the package.',
  'subscriptions.subjectsCount': 'Choose exactly {count} subjects.',
  'subscriptions.addressRequired': 'Enter your address before subscribing.',
  'subscriptions.notYours': 'You can only subscribe yourself.',
  'subscriptions.transitionRefused': 'A subscription with status “{from}” cannot change to “{to}”.',
  'subscriptions.studentTransitionRefused':
    'You cannot change a subscription with status “{from}” to “{to}”: you can turn off the renewal of an active subscription or reactivate a paused one; every other change comes with a payment.',
  'subscriptions.statusName.Created': 'Created',
  'subscriptions.statusName.Trial': 'Trial',
  'subscriptions.statusName.Active': 'Active',
  'subscriptions.statusName.Pause': 'Paused',
  'subscriptions.statusName.Pending_payment': 'Payment pending',
  'subscriptions.statusName.Pending': 'Pending',
  'subscriptions.statusName.Canceled': 'Canceled',
  'subscriptions.periodEnded': 'This subscription has ended. Subscribe again to continue.',
  'subscriptions.notPayable': 'This subscription can no longer be paid. Subscribe again.',
  'subscriptions.renewalOff': 'Automatic renewal is off. You keep access until {date}.',
  'subscriptions.renewalOn': 'Automatic renewal was activated.',
  'subscriptions.trialCanceled':
    'Your trial is canceled: we will not charge your card. You keep access until {date}.',
  'subscriptions.trialResumed':
    'Your trial continues: when it ends on {date}, your paid period starts.',
  'subscriptions.feedbackSaved':
    'Thank you for your answers. Automatic renewal is off; you keep access until {date}.',
  'subscriptions.feedbackRequired': 'Please answer this question.',
  'subscriptions.feedbackOption': 'Choose one of the options.',
  'subscriptions.feedbackUnknown': 'This question is not part of the form.',
  'subscriptions.couponInvalid': 'Invalid Coupon.',
  'subscriptions.couponEmpty': 'You must enter a code',
  'subscriptions.couponApplied': 'A coupon was already applied to this subscription.',
  'subscriptions.couponUsed': 'You already used this coupon.',
  'subscriptions.couponLocked': 'A coupon can only be applied before the first payment.',
  'subscriptions.couponValid': 'The coupon was applied.',
  'payments.signatureInvalid': 'The payment platform response could not be verified.',
  'payments.enrollmentFailed': 'The card could not be registered. Try again or use another card.',
  'payments.declined':
    'The payment was declined. Add a valid payment method; payment will be retried later.',
  'payments.cardNumber': 'Enter a card number of 12 to 19 digits.',
  'payments.noticeOpen':
    'Your last payment was declined. Add a valid payment method; payment will be retried later.',
  'payments.noticeUncollectible':
    'We could not collect your payment and the subscription was canceled. Subscribe again to continue.',
} as const;

export type MessageKey = keyof typeof en;

const es: Record<MessageKey, string> = {
  ...baseEs,
  'content.choiceCount': 'Una pregunta tiene de 2 a 9 alternativas.',
  'content.figureText':
    'Cada figura (<svg>) necesita role="img" y un aria-label que la describa para lectores de pantalla.',
  'content.singleChoiceKey':
    'Una pregunta de selección única tiene exactamente una alternativa correcta.',
  'content.multiChoiceKey':
    'Una pregunta de selección múltiple tiene al menos una alternativa correcta.',
  'content.contextSubject': 'El contexto debe ser de la misma asignatura que la pregunta.',
  'content.themeUnknown': 'Elige un eje temático de la lista.',
  'content.subjectUnknown': 'Elige una asignatura de la lista.',
  'content.standardTestUnknown': 'Elige una prueba de la lista.',
  'content.weightsSum': 'Los pesos deben ser números enteros de 0 a 100 que sumen 100.',
  'content.weightsDuplicate': 'Cada eje temático puede aparecer una sola vez.',
  'content.weightsTheme': 'Todos los ejes temáticos deben ser de la asignatura del periodo.',
  'content.gradesUnique': 'Cada cantidad de respuestas correctas puede aparecer una sola vez.',
  'content.stemNumberTaken': 'Otra pregunta de la asignatura tiene este número.',
  'content.questionInUse':
    'Esta pregunta ya se usó en intentos y no se puede eliminar: desactívala en su lugar.',
  'admin.inUse': 'Otros registros dependen de este, así que no se puede eliminar.',
  'admin.nameTaken': 'Este nombre ya está en uso.',
  'admin.codeTaken': 'Este código ya existe.',
  'admin.validityWindow': 'El fin de la vigencia debe ser posterior a su inicio.',
  'admin.percentMax': 'Un porcentaje no puede ser mayor que 100.',
  'accessibility.textSize': 'Elige un tamaño de texto de 100 %, 125 % o 150 %.',
  'accessibility.extraTime': 'Elige un tiempo adicional de 0 %, 25 %, 50 % o 100 %.',
  'verification.resendExpired':
    'Este enlace para reenviar el correo ya no sirve. Vuelve a iniciar sesión para pedir otro.',
  'account.emailChangePending':
    'Tus datos han sido guardados. Te enviamos un enlace a {email} para confirmarla; mientras no lo abras, sigues iniciando sesión con tu correo actual.',
  'account.emailPasswordRequired':
    'Ingresa tu contraseña actual para cambiar tu correo electrónico.',
  'account.emailChanged': 'Tu correo electrónico ahora es {email}. Úsalo para iniciar sesión.',
  'account.emailChangeFailed':
    'Este enlace para confirmar tu nuevo correo electrónico no es válido o ya venció.',
  'account.emailChangeTaken':
    'Otra cuenta empezó a usar {email} mientras tanto, así que tu correo electrónico no cambió.',
  'account.emailChangeResent': 'Te enviamos otro enlace a {email}.',
  'account.emailChangeCanceled': 'Cancelamos el cambio de correo electrónico.',
  'account.noEmailChange': 'No hay un cambio de correo electrónico esperando confirmación.',
  'admin.packageSubjects': 'Elige asignaturas de la prueba del paquete.',
  'admin.radioOptions': 'Una pregunta de opción única necesita opciones.',
  'admin.keysUnique': 'Cada clave de pregunta puede aparecer una sola vez.',
  'import.fileRequired': 'Elige un archivo para importar.',
  'import.tooLarge': 'El archivo no debe pesar más de 5 MB.',
  'import.failed': 'El archivo tiene errores; no se importó nada.',
  'import.unreadable': 'El archivo no se puede leer como {format}.',
  'import.empty': 'El archivo no tiene preguntas.',
  'import.doctype':
    'El archivo declara un DOCTYPE o entidades, que no se aceptan: expórtalo de nuevo desde Moodle sin ellos.',
  'import.characters':
    'El archivo contiene caracteres que no se pueden guardar (NUL o Unicode no válido): quítalos e inténtalo de nuevo.',
  'import.question': 'Pregunta {index} (línea {line}): {problem}',
  'import.questionAt': 'Pregunta {index}: {problem}',
  'import.noCorrect': 'no tiene respuesta correcta',
  'import.manyCorrect': 'tiene más de una respuesta correcta siendo de selección única',
  'import.choiceCount': 'necesita de 2 a 9 respuestas',
  'import.unsupported': 'tipo de pregunta no soportado ({type})',
  'import.noStatement': 'la pregunta no tiene enunciado',
  'import.unclosed': 'las respuestas no se cierran con }',
  'import.contextUnknown': 'contexto desconocido "{key}"',
  'import.figureText':
    'una figura (<svg>) necesita role="img" y un aria-label que la describa para lectores de pantalla',
  'import.invalid': 'campo no válido: {field}',
  'import.created': 'Se importaron {count} preguntas.',
  'import.createdOne': 'Se importó 1 pregunta.',
  'import.skippedMany': 'Se omitieron {count} preguntas.',
  'import.skippedOne': 'Se omitió 1 pregunta.',
  'import.moreProblems': '...y {count} más.',
  'import.encoding':
    'El archivo está en una codificación que no se puede leer ({encoding}): guárdalo como UTF-8 e inténtalo de nuevo.',
  'import.encodingNote':
    'El archivo no está en UTF-8, así que se leyó como Windows-1252: revisa tildes y eñes en la vista previa.',
  'import.emptyChoice': 'una respuesta no tiene texto ni imagen',
  'import.mediaMissing': 'muestra el archivo "{name}", que no viene en el archivo',
  'import.mediaType': 'el archivo "{name}" no es una imagen PNG, JPEG, GIF o WebP',
  'import.mediaTooLarge': 'la imagen "{name}" pesa más de 2 MB',
  'import.notePartialCredit':
    'una respuesta con crédito parcial ({credit}) cuenta como incorrecta: una pregunta de respuesta única tiene una sola clave',
  'import.noteAnswerFeedback': 'la retroalimentación de cada respuesta no se importa',
  'engine.quantityRequired': 'Debe seleccionar la cantidad de preguntas',
  'engine.rangeInvalid': 'Rango de preguntas no válido',
  'engine.rangeRequired': 'Debe seleccionar un rango de preguntas',
  'engine.themeRequired': 'Debe seleccionar un tema',
  'engine.themeUnknown': 'Este eje temático no es de la asignatura o no tiene preguntas.',
  'engine.timeRequired': 'Tiempo requerido: ingresa horas y minutos mayores que cero.',
  'engine.timerHours': 'Las horas van de 0 a 12.',
  'engine.timerMinutes': 'Los minutos van de 0 a 60.',
  'engine.noAccess':
    'Necesitas una suscripción activa a esta asignatura para rendir pruebas. Tu historial y tus estadísticas siguen disponibles.',
  'engine.noQuestions': 'No tienes preguntas asignadas; por favor contacta al administrador',
  'engine.noWrongAnswers': 'No tienes preguntas incorrectas',
  'engine.noGeneralWrongAnswers': 'No tienes preguntas con más errores',
  'engine.noReviewDue':
    'No tienes preguntas para repasar hoy en esta asignatura. Las preguntas que respondas mal volverán aquí cuando toque repasarlas.',
  'engine.inProgress':
    'Tienes una prueba en curso en esta asignatura. Retómala o termínala antes de comenzar otra.',
  'engine.sourceUnknown': 'Esa prueba no se puede volver a rendir.',
  'engine.diagnosticTaken':
    'Ya hiciste el diagnóstico de esta asignatura: se hace una sola vez. Tu resultado está en tu historial.',
  'engine.electiveRequired':
    'Elige el módulo electivo (Biología, Química o Física) para este ensayo.',
  'engine.electiveInvalid': 'Ese módulo electivo no es de un ensayo de esta asignatura.',
  'engine.notInAttempt': 'Esta pregunta no es parte de la prueba.',
  'engine.choiceNotInQuestion': 'Esta respuesta no pertenece a la pregunta.',
  'engine.singleChoice': 'Esta pregunta admite una sola respuesta.',
  'engine.submitted': 'Esta prueba ya fue enviada; sus respuestas no pueden cambiar.',
  'engine.answerLocked':
    'Ya viste la respuesta de esta pregunta, así que tu respuesta no puede cambiar.',
  'engine.deadlinePassed': 'Se acabó el tiempo: la prueba se envió con las respuestas guardadas.',
  'engine.annotationsClosed':
    'Esta prueba ya terminó: tus destacados y opciones descartadas ya no pueden cambiar.',
  'engine.commentSent': 'Gracias. Tu comentario fue enviado a nuestro equipo de contenidos.',
  'engine.commentNotShown': 'Solo puedes comentar preguntas que se te mostraron en tus pruebas.',
  'engine.notBegun':
    'Esta prueba aún no comienza: presiona «Continuar» en las instrucciones para ver las preguntas y responderlas.',
  'engine.contentExpired':
    'El enlace a estas preguntas venció. Recarga la página para obtener uno nuevo; tus respuestas se mantienen.',
  'scheduledExam.notOpen':
    'La sala de espera de este ensayo aún no abre: abre 15 minutos antes del inicio.',
  'scheduledExam.joinClosed': 'Ya no es posible unirse a este ensayo.',
  'scheduledExam.cancelled': 'Este ensayo fue cancelado.',
  'scheduledExam.notParticipant': 'Primero únete a este ensayo desde su sala de espera.',
  'scheduledExam.notStarted':
    'Este ensayo aún no comienza: sus preguntas se abren al inicio, para todos a la vez.',
  'scheduledExam.resultsNotReady':
    'Los resultados llegan cuando termina el tiempo de todos los estudiantes. Vuelve en unos minutos.',
  'scheduledExam.noResults': 'No enviaste este ensayo, así que no tiene resultados para ti.',
  'scheduledExam.startInPast': 'El inicio debe ser un momento futuro.',
  'scheduledExam.lateJoinTooLong':
    'El plazo para unirse tarde debe terminar antes que el tiempo del ensayo.',
  'scheduledExam.electiveRequired':
    'Esta asignatura tiene módulos electivos: elige el que tendrá el ensayo.',
  'scheduledExam.electiveNotAllowed': 'Esta asignatura no tiene módulos electivos: déjalo vacío.',
  'scheduledExam.electiveInvalid': 'Ese módulo electivo no es de esta asignatura.',
  'scheduledExam.noForm':
    'Esta asignatura no tiene un periodo vigente o preguntas activas para armar un ensayo.',
  'scheduledExam.alreadyStarted': 'Este ensayo ya comenzó y no se puede cancelar.',
  'scheduledExam.retakeAfterEnd':
    'Podrás repetir este ensayo cuando todos lo hayan terminado: ahí se muestran sus respuestas correctas.',
  'stats.deletedOne': 'La prueba fue eliminada.',
  'stats.deletedMany': 'Se eliminaron {count} pruebas.',
  'stats.deleteNoAccess':
    'Necesitas una suscripción activa a esta asignatura para eliminar pruebas. Tu historial sigue disponible.',
  'stats.deleteInProgress': 'No se puede eliminar una prueba en curso. Termínala primero.',
  'subscriptions.packageUnknown': 'Este paquete no existe o no está a la venta.',
  'subscriptions.subjectsNotInPackage': 'Elige asignaturas que ofrece el paquete.',
  'subscriptions.subjectsCount': 'Elige exactamente {count} asignaturas.',
  'subscriptions.addressRequired': 'Ingresa tu dirección antes de suscribirte.',
  'subscriptions.notYours': 'Solo puedes suscribirte a ti mismo.',
  'subscriptions.transitionRefused': 'Una suscripción en estado «{from}» no puede pasar a «{to}».',
  'subscriptions.studentTransitionRefused':
    'No puedes cambiar una suscripción en estado «{from}» a «{to}»: puedes desactivar la renovación de una suscripción activa o reactivar una pausada; los demás cambios llegan con un pago.',
  'subscriptions.statusName.Created': 'Creada',
  'subscriptions.statusName.Trial': 'Prueba',
  'subscriptions.statusName.Active': 'Activa',
  'subscriptions.statusName.Pause': 'Pausada',
  'subscriptions.statusName.Pending_payment': 'Pago pendiente',
  'subscriptions.statusName.Pending': 'Pendiente',
  'subscriptions.statusName.Canceled': 'Cancelada',
  'subscriptions.periodEnded': 'Esta suscripción terminó. Suscríbete de nuevo para continuar.',
  'subscriptions.notPayable': 'Esta suscripción ya no se puede pagar. Suscríbete de nuevo.',
  'subscriptions.renewalOff':
    'La renovación automática está desactivada. Mantienes el acceso hasta el {date}.',
  'subscriptions.renewalOn': 'La renovación automática fue activada.',
  'subscriptions.trialCanceled':
    'Cancelaste tu prueba: no se hará ningún cobro a tu tarjeta. Mantienes el acceso hasta el {date}.',
  'subscriptions.trialResumed':
    'Tu prueba sigue: cuando termine, el {date}, comenzará tu período pagado.',
  'subscriptions.feedbackSaved':
    'Gracias por tus respuestas. La renovación automática está desactivada; mantienes el acceso hasta el {date}.',
  'subscriptions.feedbackRequired': 'Por favor responde esta pregunta.',
  'subscriptions.feedbackOption': 'Elige una de las opciones.',
  'subscriptions.feedbackUnknown': 'Esta pregunta no es parte del formulario.',
  'subscriptions.couponInvalid': 'Cupón inválido.',
  'subscriptions.couponEmpty': 'Debes ingresar un código',
  'subscriptions.couponApplied': 'Ya se aplicó un cupón a esta suscripción.',
  'subscriptions.couponUsed': 'Ya usaste este cupón.',
  'subscriptions.couponLocked': 'Un cupón solo se puede aplicar antes del primer pago.',
  'subscriptions.couponValid': 'El cupón fue aplicado.',
  'payments.signatureInvalid': 'No se pudo verificar la respuesta de la plataforma de pago.',
  'payments.enrollmentFailed':
    'No se pudo registrar la tarjeta. Inténtalo de nuevo o usa otra tarjeta.',
  'payments.declined':
    'El pago fue rechazado. Agrega un medio de pago válido; el pago se reintentará más tarde.',
  'payments.cardNumber': 'Ingresa un número de tarjeta de 12 a 19 dígitos.',
  'payments.noticeOpen':
    'Tu último pago fue rechazado. Agrega un medio de pago válido; el pago se reintentará más tarde.',
  'payments.noticeUncollectible':
    'No pudimos cobrar tu pago y la suscripción fue cancelada. Suscríbete de nuevo para continuar.',
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
  return fillMessage(messages[language][key], params);
}
