import type { AddressRequest, AddressTownRequest } from '@ensaya/core/contracts/accounts';
import type { ProfileAddress } from '@ensaya/core/contracts/account-responses';
import type { Db, DbOrTx } from '../../../db/client.ts';
import { fieldError, notFound } from '../../../lib/app-error.ts';
import { findUserById } from '../users/repo.ts';
import * as repo from './repo.ts';

export function presentAddress(view: repo.AddressView): ProfileAddress {
  return {
    id: view.id,
    address_line_1: view.addressLine1,
    address_line_2: view.addressLine2,
    zip_code: view.zipCode,
    town_id: view.town.id,
    town: view.town,
    city: view.city,
    state: view.state,
  };
}

export async function getAddress(db: DbOrTx, id: number): Promise<ProfileAddress> {
  const view = await repo.findAddressView(db, id);
  if (!view) throw notFound();
  return presentAddress(view);
}

async function checkTown(db: DbOrTx, townId: number) {
  if (!(await repo.townExists(db, townId))) throw fieldError('town_id', 'validation.townUnknown');
}

function addressValues(body: AddressRequest) {
  return {
    addressLine1: body.address_line_1,
    addressLine2: body.address_line_2,
    townId: body.town_id,
    zipCode: body.zip_code,
  };
}

/** `POST api/addresses`: the user's address, created and linked, or updated when there is one. */
export async function saveCurrentAddress(
  db: Db,
  userId: number,
  body: AddressRequest,
): Promise<ProfileAddress> {
  return db.transaction(async (tx) => {
    await checkTown(tx, body.town_id);
    const user = await findUserById(tx, userId);
    const current = user?.addressId
      ? await repo.findUserAddress(tx, userId, user.addressId)
      : undefined;
    let id: number;
    if (current) {
      await repo.updateAddress(tx, current.id, addressValues(body));
      id = current.id;
    } else {
      id = await repo.insertCurrentAddress(tx, userId, addressValues(body));
    }
    return getAddress(tx, id);
  });
}

/** `POST api/addresses/{id}`: the address section, or only the commune (the location section). */
export async function updateAddress(
  db: Db,
  userId: number,
  id: number,
  body: AddressRequest | AddressTownRequest,
): Promise<ProfileAddress> {
  return db.transaction(async (tx) => {
    const address = await repo.findUserAddress(tx, userId, id);
    if (!address) throw notFound();
    await checkTown(tx, body.town_id);
    const values = 'address_line_1' in body ? addressValues(body) : { townId: body.town_id };
    await repo.updateAddress(tx, id, values);
    return getAddress(tx, id);
  });
}
