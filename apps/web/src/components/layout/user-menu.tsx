import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { ChevronDownIcon } from '../icons.tsx';

export interface UserMenuItem {
  key: string;
  label: string;
  /** Drawn in red after a separator (logging out). */
  isDanger?: boolean;
}

/**
 * The header's user menu: a menu button (WAI-ARIA "menu button" pattern) without Ant Design, so the
 * signed-in pages' shell loads none of its code (Lighthouse). Opens on click, Enter,
 * Space or the down arrow with the first item focused; the arrows, Home and End move between
 * items; Escape closes it and gives the focus back to the button; a click outside or Tab closes it.
 */
export function UserMenu({
  label,
  items,
  onSelect,
}: {
  label: string;
  items: readonly UserMenuItem[];
  onSelect: (key: string) => void;
}) {
  const menuId = useId();
  const [isOpen, setIsOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const itemRefs = useRef<Array<HTMLButtonElement | null>>([]);
  const [focusOnOpen, setFocusOnOpen] = useState<'first' | 'last'>('first');

  useEffect(() => {
    if (!isOpen) return undefined;
    itemRefs.current[focusOnOpen === 'first' ? 0 : items.length - 1]?.focus();
    const closeOutside = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setIsOpen(false);
    };
    document.addEventListener('pointerdown', closeOutside);
    return () => document.removeEventListener('pointerdown', closeOutside);
  }, [isOpen, focusOnOpen, items.length]);

  function open(focus: 'first' | 'last') {
    setFocusOnOpen(focus);
    setIsOpen(true);
  }

  function close() {
    setIsOpen(false);
    buttonRef.current?.focus();
  }

  function onButtonKeyDown(event: KeyboardEvent) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      open(event.key === 'ArrowDown' ? 'first' : 'last');
    }
  }

  function onMenuKeyDown(event: KeyboardEvent) {
    const current = itemRefs.current.indexOf(document.activeElement as HTMLButtonElement);
    const focusAt = (index: number) =>
      itemRefs.current[(index + items.length) % items.length]?.focus();
    if (event.key === 'ArrowDown') focusAt(current + 1);
    else if (event.key === 'ArrowUp') focusAt(current - 1);
    else if (event.key === 'Home') focusAt(0);
    else if (event.key === 'End') focusAt(items.length - 1);
    else if (event.key === 'Escape') close();
    else if (event.key === 'Tab') setIsOpen(false);
    else return;
    if (event.key !== 'Tab') event.preventDefault();
  }

  return (
    <div className="user-menu" ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className="header-icon-button"
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={isOpen}
        aria-controls={isOpen ? menuId : undefined}
        onClick={() => (isOpen ? setIsOpen(false) : open('first'))}
        onKeyDown={onButtonKeyDown}
      >
        <ChevronDownIcon />
      </button>
      {isOpen && (
        <ul id={menuId} className="user-menu__list" role="menu" aria-label={label}>
          {items.map((item, index) => (
            <li
              key={item.key}
              role="none"
              className={item.isDanger ? 'user-menu__entry user-menu__entry--danger' : undefined}
            >
              <button
                ref={(element) => {
                  itemRefs.current[index] = element;
                }}
                type="button"
                role="menuitem"
                tabIndex={-1}
                className="user-menu__item"
                onKeyDown={onMenuKeyDown}
                onClick={() => {
                  setIsOpen(false);
                  onSelect(item.key);
                }}
              >
                {item.label}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
