/**
 * What library code (the API client) needs from the running app: navigation, dialogs and the
 * session cache. The app registers these once it is mounted, so `lib/` never imports the router,
 * Ant Design's context or the query client.
 */
export interface AppHandlers {
  navigate: (path: string) => void;
  /** A blocking error dialog (Ant Design `modal.error`). */
  showErrorDialog: (title: string, content: string) => void;
  /** A short, non-blocking error notice (Ant Design `message.error`). */
  showErrorNotice: (content: string) => void;
  /** The server said the session is gone: forget the cached user so guards send to login. */
  onSessionEnded: () => void;
}

let handlers: Partial<AppHandlers> = {};

/** Registers handlers; returns a function that removes exactly these again. */
export function registerAppHandlers(next: Partial<AppHandlers>): () => void {
  handlers = { ...handlers, ...next };
  return () => {
    const remaining: Partial<AppHandlers> = { ...handlers };
    for (const key of Object.keys(next) as (keyof AppHandlers)[]) {
      if (remaining[key] === next[key]) delete remaining[key];
    }
    handlers = remaining;
  };
}

export function navigateTo(path: string): void {
  if (handlers.navigate) handlers.navigate(path);
  else window.location.assign(path);
}

export function showErrorDialog(title: string, content: string): void {
  if (handlers.showErrorDialog) handlers.showErrorDialog(title, content);
  else window.alert(`${title}\n\n${content}`);
}

export function showErrorNotice(content: string): void {
  if (handlers.showErrorNotice) handlers.showErrorNotice(content);
  else showErrorDialog('Error', content);
}

export function endSession(): void {
  handlers.onSessionEnded?.();
}
