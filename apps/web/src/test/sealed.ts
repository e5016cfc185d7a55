import type { SealedContent } from '@ensaya/core/contracts/scheduled-exam';

export function toBase64(bytes: Uint8Array): string {
  return btoa(Array.from(bytes, (byte) => String.fromCharCode(byte)).join(''));
}

/** Seals a body as the server does (AES-256-GCM, the tag after the ciphertext); both base64. */
export async function sealForTest(
  body: unknown,
  version = 'v1',
): Promise<{ sealed: SealedContent; key: string }> {
  const raw = crypto.getRandomValues(new Uint8Array(32));
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const cryptoKey = await crypto.subtle.importKey('raw', raw, 'AES-GCM', false, ['encrypt']);
  const ciphertext = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv },
    cryptoKey,
    new TextEncoder().encode(JSON.stringify(body)),
  );
  return {
    sealed: {
      algorithm: 'AES-GCM',
      iv: toBase64(iv),
      ciphertext: toBase64(new Uint8Array(ciphertext)),
      version,
    },
    key: toBase64(raw),
  };
}
