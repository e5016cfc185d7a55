/**
 * The cancel-flow questionnaire, stored in settings under `feedback_builder` and editable there.
 * Each question carries its labels in es and en; `required` radio and textarea questions must be
 * answered, and a textarea takes at most 500 characters (spec 000, section 5).
 */
export type FeedbackQuestion = {
  key: string;
  field_type: 'radio' | 'textarea' | 'text';
  required: boolean;
  question: { es: string; en: string };
  options?: Array<{ value: string; label: { es: string; en: string } }>;
  max_length?: number;
};

export const FEEDBACK_BUILDER_KEY = 'feedback_builder';

export const DEFAULT_FEEDBACK_QUESTIONS: FeedbackQuestion[] = [
  {
    key: 'reason',
    field_type: 'radio',
    required: true,
    question: {
      es: '¿Por qué quieres cancelar la renovación de tu suscripción?',
      en: 'Why do you want to cancel the renewal of your subscription?',
    },
    options: [
      {
        value: 'exam_taken',
        label: { es: 'Ya rendí mi examen', en: 'I have already taken my exam' },
      },
      { value: 'price', label: { es: 'El precio es muy alto', en: 'The price is too high' } },
      {
        value: 'not_using',
        label: { es: 'No lo estoy usando lo suficiente', en: 'I am not using it enough' },
      },
      {
        value: 'content',
        label: { es: 'Faltan preguntas o contenidos', en: 'Questions or content are missing' },
      },
      {
        value: 'technical',
        label: { es: 'Tuve problemas técnicos', en: 'I had technical problems' },
      },
      { value: 'other', label: { es: 'Otro motivo', en: 'Another reason' } },
    ],
  },
  {
    key: 'improvement',
    field_type: 'textarea',
    required: true,
    max_length: 500,
    question: {
      es: '¿Qué podríamos mejorar para que vuelvas a estudiar con nosotros?',
      en: 'What could we improve for you to study with us again?',
    },
  },
  {
    key: 'recommend',
    field_type: 'radio',
    required: false,
    question: {
      es: '¿Recomendarías Ensaya a un amigo?',
      en: 'Would you recommend Ensaya to a friend?',
    },
    options: [
      { value: 'yes', label: { es: 'Sí', en: 'Yes' } },
      { value: 'maybe', label: { es: 'Tal vez', en: 'Maybe' } },
      { value: 'no', label: { es: 'No', en: 'No' } },
    ],
  },
  {
    key: 'comment',
    field_type: 'text',
    required: false,
    max_length: 200,
    question: {
      es: '¿Algo más que quieras contarnos?',
      en: 'Anything else you would like to tell us?',
    },
  },
];
