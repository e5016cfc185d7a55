import { eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import {
  addresses,
  invoices,
  packages,
  packageSubjects,
  userSubscriptions,
  userSubscriptionSubjects,
  users,
} from '../db/schema/index.ts';
import { hashPassword, verifyPassword } from '../areas/accounts/index.ts';
import { CHILE_COUNTRY_ID } from './reference.ts';

export type DemoAccount = { email: string; password: string; role: string; description: string };

export const DEMO_PASSWORD = 'Ensaya2026!';

type DemoUser = {
  email: string;
  description: string;
  isVerified: boolean;
  user: {
    name: string;
    lastName: string;
    taxId: string;
    phone: string;
    role: 'student' | 'admin';
    permissions: string[];
  };
  address: {
    addressLine1: string;
    addressLine2: string | null;
    townId: number;
    zipCode: string;
  } | null;
  /** Demo packages (by name) the student holds an Active subscription to. */
  subscriptions?: string[];
};

/** What the demo students subscribe to: every PAES subject and the class B exam. */
const FULL_ACCESS = ['PAES Anual', 'Licencia Clase B'];

// Fictitious people with valid Ruts (modulo-11 check digit) and addresses in real communes.
const DEMO_USERS: DemoUser[] = [
  {
    email: 'estudiante@ensaya.cl',
    description: 'Student, e-mail verified, subscribed to every PAES subject and to class B',
    isVerified: true,
    user: {
      name: 'Catalina',
      lastName: 'Muñoz Rojas',
      taxId: '21734005-5',
      phone: '56987654321',
      role: 'student' as const,
      permissions: [],
    },
    address: {
      addressLine1: 'Av. Providencia 1550',
      addressLine2: 'Depto. 402',
      townId: 13123, // Providencia
      zipCode: '7500000',
    },
    subscriptions: FULL_ACCESS,
  },
  {
    email: 'debug@ensaya.cl',
    description: 'Student with the debug permission: sees question ids and answer keys',
    isVerified: true,
    user: {
      name: 'Matías',
      lastName: 'González Soto',
      taxId: '20381447-K',
      phone: '56976543210',
      role: 'student' as const,
      permissions: ['debug'],
    },
    address: {
      addressLine1: 'Barros Arana 820',
      addressLine2: null,
      townId: 8101, // Concepción
      zipCode: '4030000',
    },
    subscriptions: FULL_ACCESS,
  },
  {
    email: 'sinplan@ensaya.cl',
    description: 'Student, e-mail verified, no subscription: sees the to-subscribe links',
    isVerified: true,
    user: {
      name: 'Ignacio',
      lastName: 'Vera Castillo',
      taxId: '19654321-K',
      phone: '56943210987',
      role: 'student',
      permissions: [],
    },
    address: {
      addressLine1: 'Calle Prat 310',
      addressLine2: null,
      townId: 2101, // Antofagasta
      zipCode: '1240000',
    },
  },
  {
    email: 'admin@ensaya.cl',
    description: 'Administrator: opens the back office',
    isVerified: true,
    user: {
      name: 'Javiera',
      lastName: 'Pérez Contreras',
      taxId: '15862093-6',
      phone: '56965432109',
      role: 'admin' as const,
      permissions: [],
    },
    address: {
      addressLine1: 'Av. Brasil 2950',
      addressLine2: 'Oficina 31',
      townId: 5101, // Valparaíso
      zipCode: '2340000',
    },
  },
  {
    email: 'pendiente@ensaya.cl',
    description: 'Student who has not verified the e-mail: login asks to verify',
    isVerified: false,
    user: {
      name: 'Tomás',
      lastName: 'Araya Fuentes',
      taxId: '22417093-9',
      phone: '56954321098',
      role: 'student',
      permissions: [],
    },
    address: null,
  },
];

export const DEMO_EMAILS = DEMO_USERS.map((demo) => demo.email);

/**
 * Creates the demo accounts when the database has no user at all. Returns the demo accounts that
 * exist and still have the demo password, so the server can print how to log in.
 */
export async function seedDemoAccounts(db: DbOrTx): Promise<DemoAccount[]> {
  if ((await db.$count(users)) === 0) {
    const passwordHash = await hashPassword(DEMO_PASSWORD);
    for (const demo of DEMO_USERS) {
      const [user] = await db
        .insert(users)
        .values({
          ...demo.user,
          email: demo.email,
          passwordHash,
          taxIdType: 'rut',
          countryId: CHILE_COUNTRY_ID,
          termsAccepted: true,
          emailVerifiedAt: demo.isVerified ? new Date() : null,
        })
        .returning({ id: users.id });
      if (demo.subscriptions) await subscribe(db, user!.id, demo.subscriptions);
      if (!demo.address) continue;
      const [address] = await db
        .insert(addresses)
        .values({ userId: user!.id, ...demo.address })
        .returning({ id: addresses.id });
      await db.update(users).set({ addressId: address!.id }).where(eq(users.id, user!.id));
    }
  }

  const existing = await db
    .select({ email: users.email, role: users.role, passwordHash: users.passwordHash })
    .from(users)
    .where(inArray(users.email, DEMO_EMAILS));
  const accounts: DemoAccount[] = [];
  for (const demo of DEMO_USERS) {
    const row = existing.find((candidate) => candidate.email === demo.email);
    if (row && (await verifyPassword(row.passwordHash, DEMO_PASSWORD))) {
      accounts.push({
        email: demo.email,
        password: DEMO_PASSWORD,
        role: row.role,
        description: demo.description,
      });
    }
  }
  return accounts;
}

const DAY_MS = 86_400_000;

/**
 * Active subscriptions to demo packages, started 20 days ago, with all the package's subjects, and
 * the paid boleta (invoice) of the period that history implies: charged when the trial ended.
 */
export async function subscribe(db: DbOrTx, userId: number, packageNames: string[]) {
  const now = Date.now();
  for (const name of packageNames) {
    const [pack] = await db.select().from(packages).where(eq(packages.name, name));
    if (!pack) continue;
    const start = new Date(now - 20 * DAY_MS);
    const vat = Math.round((pack.priceClp * 19) / 119);
    const [subscription] = await db
      .insert(userSubscriptions)
      .values({
        userId,
        packageId: pack.id,
        status: 'Active',
        trialStartedAt: start,
        trialDuration: pack.trialPeriodDays,
        subscriptionStart: start,
        subscriptionEnd: new Date(start.getTime() + pack.durationDays * DAY_MS),
        priceNet: pack.priceClp - vat,
        vat,
        total: pack.priceClp,
      })
      .returning({ id: userSubscriptions.id });
    await insertPaidInvoice(db, {
      userId,
      userSubscriptionId: subscription!.id,
      periodStart: start,
      periodEnd: new Date(start.getTime() + pack.durationDays * DAY_MS),
      net: pack.priceClp - vat,
      vat,
      total: pack.priceClp,
      paidAt: new Date(start.getTime() + pack.trialPeriodDays * DAY_MS),
    });
    const subjectRows = await db
      .select({ subjectId: packageSubjects.subjectId })
      .from(packageSubjects)
      .where(eq(packageSubjects.packageId, pack.id));
    if (subjectRows.length > 0) {
      await db.insert(userSubscriptionSubjects).values(
        subjectRows.map((row) => ({
          userSubscriptionId: subscription!.id,
          subjectId: row.subjectId,
        })),
      );
    }
  }
}

/** A paid invoice numbered as the billing numbers them, `ENS-<year>-<id, six digits>`. */
async function insertPaidInvoice(
  db: DbOrTx,
  values: Omit<typeof invoices.$inferInsert, 'number' | 'status' | 'attemptCount'> & {
    paidAt: Date;
  },
) {
  const [inserted] = await db
    .insert(invoices)
    .values({
      ...values,
      number: `seed-${values.userSubscriptionId}`,
      status: 'paid',
      attemptCount: 1,
    })
    .returning({ id: invoices.id });
  const year = values.periodStart.getUTCFullYear();
  await db
    .update(invoices)
    .set({ number: `ENS-${year}-${String(inserted!.id).padStart(6, '0')}` })
    .where(eq(invoices.id, inserted!.id));
}
