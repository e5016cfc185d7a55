import { useSyncExternalStore } from 'react';

/**
 * A submit made without a connection: remembered on the device so that the test is
 * sent when the connection returns, even after a reload. The answers themselves wait in the save
 * queue's own storage (save-queue.ts).
 */
export const pendingSubmitKey = (attemptId: number) => `ensaya.pendingSubmit.${attemptId}`;

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export function hasPendingSubmit(attemptId: number): boolean {
  return storage()?.getItem(pendingSubmitKey(attemptId)) != null;
}

export function keepPendingSubmit(attemptId: number): void {
  try {
    storage()?.setItem(pendingSubmitKey(attemptId), new Date().toISOString());
  } catch {
    // Storage full: the page still sends it while it stays open.
  }
}

export function forgetPendingSubmit(attemptId: number): void {
  storage()?.removeItem(pendingSubmitKey(attemptId));
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** The browser's idea of the connection (`navigator.onLine`), kept current. */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
}
