import { useCallback, useEffect, useState } from 'react';

const FLASH_MS = 5000;

/** A short confirmation ("saved", "deleted") read out by screen readers, gone after a while. */
export function useFlash() {
  const [text, setText] = useState<string>();
  useEffect(() => {
    if (!text) return;
    const timer = window.setTimeout(() => setText(undefined), FLASH_MS);
    return () => window.clearTimeout(timer);
  }, [text]);
  const flash = useCallback((next: string) => setText(next), []);
  const element = (
    <div className="admin-flash" role="status">
      {text}
    </div>
  );
  return { flash, element };
}
