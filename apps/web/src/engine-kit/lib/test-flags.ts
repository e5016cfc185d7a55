import { StorageKey } from '@ensaya/core/storage-keys';
import { writeStored } from '../../lib/storage.ts';

/**
 * The page header's active menu item (spec 000, section 3, "page header active index"), kept
 * for the tab: 0 is the subjects item.
 */
const PAGE_HEADER_INDEX_KEY = 'pageHeaderIndex';

export function readPageHeaderIndex(): number {
  try {
    return Number(window.sessionStorage.getItem(PAGE_HEADER_INDEX_KEY) ?? 0) || 0;
  } catch {
    return 0;
  }
}

export function writePageHeaderIndex(index: number): void {
  try {
    window.sessionStorage.setItem(PAGE_HEADER_INDEX_KEY, String(index));
  } catch {
    // Not remembered; the menu starts at its first item.
  }
}

/**
 * A test is running: the header shows nothing that leads away from it ('0') and the page header
 * goes back to its first item (spec 000, section 4).
 */
export function markTestRunning(): void {
  lastMarkedRunningAt = Date.now();
  writeStored(StorageKey.header, '0');
  writePageHeaderIndex(0);
}

let lastMarkedRunningAt = 0;

/** When this tab last put the header in its test state (ms since the epoch; 0: never). */
export function testMarkedRunningAt(): number {
  return lastMarkedRunningAt;
}

/** The test was sent (or left): the full header again. */
export function markTestOver(): void {
  writeStored(StorageKey.header, '1');
}
