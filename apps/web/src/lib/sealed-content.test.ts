import { describe, expect, it } from 'vitest';
import type { AttemptContent } from '@ensaya/core/contracts/engine';
import type { SealedContent } from '@ensaya/core/contracts/scheduled-exam';
import { sealForTest, toBase64 } from '../test/sealed.ts';
import {
  contentOnDevice,
  keepKey,
  keepSealed,
  readKey,
  readSealed,
  unseal,
} from './sealed-content.ts';

const content: AttemptContent = {
  questions: [
    {
      stem_id: 101,
      statement_html: '<p>¿Cuánto es 2 + 2?</p>',
      url_source: null,
      context_id: 9,
      choices: [
        { id: 1011, body_html: '3' },
        { id: 1012, body_html: '4' },
      ],
    },
  ],
  contexts: [{ id: 9, title: 'Lectura', body_html: '<p>Texto común</p>' }],
};

describe('sealed content', () => {
  it('opens the sealed form with its key', async () => {
    const { sealed, key } = await sealForTest(content);
    expect(sealed.ciphertext).not.toContain('Cuánto');
    await expect(unseal(sealed, key)).resolves.toEqual(content);
  });

  it('refuses a wrong key and a tampered copy', async () => {
    const { sealed, key } = await sealForTest(content);
    const other = await sealForTest(content);
    await expect(unseal(sealed, other.key)).rejects.toThrow();
    const bytes = Uint8Array.from(atob(sealed.ciphertext), (char) => char.charCodeAt(0));
    bytes[0] = bytes[0]! ^ 1;
    await expect(unseal({ ...sealed, ciphertext: toBase64(bytes) }, key)).rejects.toThrow();
  });

  it('keeps the sealed copy and the key on the device, and ignores what is not one', () => {
    expect(readSealed(4)).toBeNull();
    expect(readKey(4)).toBeNull();
    const sealed: SealedContent = {
      algorithm: 'AES-GCM',
      iv: 'aXY=',
      ciphertext: 'Yw==',
      version: 'v1',
    };
    keepSealed(4, sealed);
    keepKey(4, 'a2V5', 'v1');
    expect(readSealed(4)).toEqual(sealed);
    expect(readKey(4)).toEqual({ key: 'a2V5', version: 'v1' });
    expect(readSealed(5)).toBeNull();

    localStorage.setItem('ensaya.sealedExam.6', '{not json');
    localStorage.setItem('ensaya.sealedExamKey.6', JSON.stringify({ key: 1 }));
    expect(readSealed(6)).toBeNull();
    expect(readKey(6)).toBeNull();
    localStorage.setItem('ensaya.sealedExam.7', JSON.stringify({ ...sealed, algorithm: 'RSA' }));
    expect(readSealed(7)).toBeNull();
  });

  it("reads a scheduled ensayo's content on the device only with a copy and a key of one version", async () => {
    const url = '/api/scheduled-exams/4/content';
    const { sealed, key } = await sealForTest(content, 'v2');
    // Nothing kept yet: the page asks the server.
    await expect(contentOnDevice(url)).resolves.toBeNull();
    keepSealed(4, sealed);
    await expect(contentOnDevice(url)).resolves.toBeNull();
    // A key of another version (the form changed since the copy was kept).
    keepKey(4, key, 'v1');
    await expect(contentOnDevice(url)).resolves.toBeNull();
    keepKey(4, key, 'v2');
    await expect(contentOnDevice(url)).resolves.toEqual(content);
    // Only the scheduled ensayos' content address, of the same ensayo.
    await expect(contentOnDevice('/api/scheduled-exams/5/content')).resolves.toBeNull();
    await expect(contentOnDevice('/api/content/35-37~9~abcdef')).resolves.toBeNull();
    await expect(contentOnDevice('/api/scheduled-exams/4/content?x=1')).resolves.toBeNull();
    await expect(contentOnDevice('/api/scheduled-exams/4/sealed')).resolves.toBeNull();
    // A key that does not open the copy: null, not an error.
    keepKey(4, (await sealForTest(content)).key, 'v2');
    await expect(contentOnDevice(url)).resolves.toBeNull();
  });
});
