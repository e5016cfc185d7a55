import type { AttemptContent } from '@ensaya/core/contracts/engine';
import type { SealedContent } from '@ensaya/core/contracts/scheduled-exam';

/**
 * The scheduled ensayo's form on this device ("sealed content, key at the start"): the
 * waiting room downloads it encrypted (AES-256-GCM) and keeps it here, so the start costs the
 * server one small request per student (the key) and a reload without a connection still has the
 * form. The key, once the server gave it (from the start on), is kept beside it: the content was
 * released to this student by then.
 */

const sealedKey = (examId: number) => `ensaya.sealedExam.${examId}`;
const keyKey = (examId: number) => `ensaya.sealedExamKey.${examId}`;

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export function readSealed(examId: number): SealedContent | null {
  const raw = storage()?.getItem(sealedKey(examId));
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<SealedContent>;
    return value.algorithm === 'AES-GCM' &&
      typeof value.iv === 'string' &&
      typeof value.ciphertext === 'string' &&
      typeof value.version === 'string'
      ? (value as SealedContent)
      : null;
  } catch {
    return null;
  }
}

export function keepSealed(examId: number, sealed: SealedContent): void {
  try {
    storage()?.setItem(sealedKey(examId), JSON.stringify(sealed));
  } catch {
    // A full storage: the copy in memory still opens the exam on this page.
  }
}

export function readKey(examId: number): { key: string; version: string } | null {
  const raw = storage()?.getItem(keyKey(examId));
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as { key?: unknown; version?: unknown };
    return typeof value.key === 'string' && typeof value.version === 'string'
      ? { key: value.key, version: value.version }
      : null;
  } catch {
    return null;
  }
}

export function keepKey(examId: number, key: string, version: string): void {
  try {
    storage()?.setItem(keyKey(examId), JSON.stringify({ key, version }));
  } catch {
    // See keepSealed.
  }
}

export function base64ToBytes(value: string): Uint8Array<ArrayBuffer> {
  const binary = atob(value);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

/** Opens the sealed form with the key (both base64); throws when either is wrong. */
export async function unseal(sealed: SealedContent, key: string): Promise<AttemptContent> {
  const cryptoKey = await crypto.subtle.importKey('raw', base64ToBytes(key), 'AES-GCM', false, [
    'decrypt',
  ]);
  const plain = await crypto.subtle.decrypt(
    { name: 'AES-GCM', iv: base64ToBytes(sealed.iv) },
    cryptoKey,
    base64ToBytes(sealed.ciphertext),
  );
  return JSON.parse(new TextDecoder().decode(plain)) as AttemptContent;
}

const SCHEDULED_CONTENT = /^\/api\/scheduled-exams\/(\d+)\/content$/;

/**
 * A scheduled ensayo's content read on this device, without the network: the sealed copy opened
 * with the key kept at the start. Null when either is missing (the page then asks the server).
 */
export async function contentOnDevice(url: string): Promise<AttemptContent | null> {
  const match = SCHEDULED_CONTENT.exec(url);
  if (!match) return null;
  const examId = Number(match[1]);
  const sealed = readSealed(examId);
  const key = readKey(examId);
  if (!sealed || !key || key.version !== sealed.version) return null;
  try {
    return await unseal(sealed, key.key);
  } catch {
    return null;
  }
}
