import type { Package } from '../../packages/api/get-packages.ts';
import type { ProfileAddress, SessionUser } from '../../../../lib/session.ts';
import { demoUser, installFakeApi } from '../../../../test/fake-api.ts';
import type { Subscription } from '../api/get-my-subscriptions.ts';

type Handlers = Parameters<typeof installFakeApi>[0];

export const PAES = 1;
export const CLASE_B = 2;

export const packages: Package[] = [
  {
    id: 1,
    name: 'PAES Mensual',
    description: 'Las cinco pruebas PAES durante un mes.',
    name_en: 'PAES Monthly',
    description_en: 'All five PAES tests for one month.',
    duration: 30,
    price: 9990,
    subjects_quantity: 5,
    standard_test_id: PAES,
    trial_period_days: 7,
    max_subjects: 5,
  },
  {
    id: 5,
    name: 'PAES Dúo',
    description: 'Elige dos pruebas PAES y prepáralas durante un mes.',
    name_en: 'PAES Duo',
    description_en: null,
    duration: 30,
    price: 5990,
    subjects_quantity: 2,
    standard_test_id: PAES,
    trial_period_days: 7,
    max_subjects: 5,
  },
  {
    id: 6,
    name: 'Licencia Clase B',
    description: 'Práctica y ensayos del examen teórico durante un mes.',
    name_en: null,
    description_en: null,
    duration: 30,
    price: 4990,
    subjects_quantity: 1,
    standard_test_id: CLASE_B,
    trial_period_days: 0,
    max_subjects: 1,
  },
];

export const paesSubjects = [
  'Competencia Lectora',
  'Competencia Matemática M1',
  'Competencia Matemática M2',
  'Ciencias',
  'Historia y Ciencias Sociales',
].map((name, index) => ({
  id: 11 + index,
  name,
  description: null,
  description_en: null,
  standard_test_id: PAES,
}));

export const studentAddress: ProfileAddress = {
  id: 9,
  address_line_1: 'Calle Prat 310',
  address_line_2: null,
  zip_code: '1240000',
  town_id: 2101,
  town: { id: 2101, name: 'Antofagasta' },
  city: { id: 21, name: 'Antofagasta' },
  state: { id: 2, name: 'Región de Antofagasta' },
};

export const student: SessionUser = { ...demoUser, address: studentAddress };

/** A subscription as the API presents it; Created, PAES Mensual, 19 % VAT, unless overridden. */
export function subscription(overrides: Partial<Subscription> = {}): Subscription {
  const pack = packages[0]!;
  return {
    id: 40,
    user_id: demoUser.id,
    package_id: pack.id,
    status: 'Created',
    auto_renew: true,
    trial_started_at: null,
    trial_duration: 7,
    trial_ends_at: null,
    trial_days_left: 7,
    trial_available: true,
    trial_used: false,
    subscription_start: null,
    subscription_end: null,
    payment_tax: 19,
    has_access: false,
    subject_ids: paesSubjects.map((subject) => subject.id),
    subjects: paesSubjects.map(({ id, name }) => ({ id, name })),
    all_subjects: true,
    package: {
      id: pack.id,
      name: pack.name,
      name_en: pack.name_en,
      duration: pack.duration,
      price: pack.price,
      subjects_quantity: pack.subjects_quantity,
      standard_test_id: pack.standard_test_id,
      trial_period_days: pack.trial_period_days,
    },
    price: { price: 9990, discount: 0, net: 8395, vat: 1595, total: 9990, vat_percentage: 19 },
    coupon: null,
    card: null,
    payment_notice: null,
    open_invoice: null,
    created_at: '2026-03-02T12:00:00.000Z',
    ...overrides,
  };
}

/** A logged-in student, the catalogue and `extra` routes of the API. */
export function studentApi(
  extra: Handlers = {},
  { user = student, subscriptions = [] as Subscription[] } = {},
) {
  return installFakeApi({
    'GET /api/me': () => ({ status: 200, body: { data: user } }),
    'GET /api/csrf-cookie': () => {
      document.cookie = 'XSRF-TOKEN=token-1; Path=/';
      return { status: 204 };
    },
    'GET /api/packages': () => ({ status: 200, body: { data: packages } }),
    'GET /api/packages/1/subjects': () => ({ status: 200, body: { data: paesSubjects } }),
    'GET /api/packages/5/subjects': () => ({ status: 200, body: { data: paesSubjects } }),
    'GET /api/packages/1/max-subjects': () => ({
      status: 200,
      body: { data: [{ standard_test_id: PAES, maxSubjects: 5 }] },
    }),
    'GET /api/user-subscriptions': () => ({
      status: 200,
      body: {
        data: subscriptions,
        meta: { page: 1, per_page: 100, total: subscriptions.length },
      },
    }),
    ...extra,
  });
}
