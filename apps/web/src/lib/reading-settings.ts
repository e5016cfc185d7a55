import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import type {
  ReadingSettings,
  ReadingSettingsRequest,
  ReadingSettingsResponse,
  TextSize,
} from '@ensaya/core/contracts/accommodations';
import { api, showApiError } from './api-client.ts';

/**
 * The student's reading settings: text size and high contrast, kept by the server so
 * every device shows the same (`GET/PUT /api/me/reading-settings`). The settings in force live
 * here, outside React, and on `<html>` (`data-text-size`, `data-contrast`): the app's CSS reads
 * those, and Ant Design's scope (app/antd-scope.tsx) scales its tokens with them. It lives in
 * `lib` because the layout, the runner, the account page and Ant Design's scope all read it.
 */

export type AppliedReading = { textSize: TextSize; isHighContrast: boolean };

const DEFAULT: AppliedReading = { textSize: 100, isHighContrast: false };
let applied: AppliedReading = DEFAULT;
const listeners = new Set<() => void>();

function asTextSize(value: number): TextSize {
  return value === 125 || value === 150 ? value : 100;
}

/** Puts settings in force: `<html>`'s attributes, then whoever listens (Ant Design's tokens). */
export function applyReadingSettings(
  settings: Pick<ReadingSettings, 'text_size' | 'high_contrast'> | null,
) {
  const next: AppliedReading = settings
    ? { textSize: asTextSize(settings.text_size), isHighContrast: settings.high_contrast }
    : DEFAULT;
  const root = document.documentElement;
  if (next.textSize === 100) delete root.dataset.textSize;
  else root.dataset.textSize = String(next.textSize);
  if (next.isHighContrast) root.dataset.contrast = 'high';
  else delete root.dataset.contrast;
  if (next.textSize === applied.textSize && next.isHighContrast === applied.isHighContrast) return;
  applied = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The settings in force, re-rendering when they change. */
export function useAppliedReading(): AppliedReading {
  return useSyncExternalStore(
    subscribe,
    () => applied,
    () => DEFAULT,
  );
}

export const readingSettingsQueryKey = ['reading-settings'] as const;

export async function getReadingSettings(): Promise<ReadingSettings> {
  return (await api.get<ReadingSettingsResponse>('/api/me/reading-settings')).data;
}

export function useReadingSettings(isEnabled = true) {
  return useQuery({
    queryKey: readingSettingsQueryKey,
    queryFn: getReadingSettings,
    enabled: isEnabled,
    staleTime: 5 * 60 * 1000,
  });
}

/**
 * Saves the settings: they apply at once and go back to the previous ones when the server
 * refuses (with its message).
 */
export function useSaveReadingSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: ReadingSettingsRequest) =>
      (await api.put<ReadingSettingsResponse>('/api/me/reading-settings', body)).data,
    onMutate: (body) => {
      const previous = queryClient.getQueryData<ReadingSettings>(readingSettingsQueryKey);
      applyReadingSettings(body);
      if (previous) queryClient.setQueryData(readingSettingsQueryKey, { ...previous, ...body });
      return { previous };
    },
    onSuccess: (saved) => queryClient.setQueryData(readingSettingsQueryKey, saved),
    onError: (error, _body, context) => {
      if (context?.previous) {
        queryClient.setQueryData(readingSettingsQueryKey, context.previous);
        applyReadingSettings(context.previous);
      }
      showApiError(error);
    },
  });
}

/**
 * Keeps the signed-in student's settings in force on every page (the protected layout calls it);
 * signed out, the defaults.
 */
export function useReadingSettingsSync(isSignedIn: boolean) {
  const { data } = useReadingSettings(isSignedIn);
  useEffect(() => applyReadingSettings(isSignedIn ? (data ?? null) : null), [isSignedIn, data]);
}

/** Ant Design's default body size, in px: the text-size setting scales it. */
const ANTD_FONT_SIZE = 14;

/**
 * Ant Design tokens for the settings in force: a larger body size, and in high contrast black
 * text and borders and a darker blue (over 7:1 on white). Empty at the defaults.
 */
export function readingTokens({ textSize, isHighContrast }: AppliedReading) {
  return {
    ...(textSize === 100 ? {} : { fontSize: Math.round((ANTD_FONT_SIZE * textSize) / 100) }),
    ...(isHighContrast
      ? {
          colorPrimary: '#0033a0',
          colorLink: '#0033a0',
          colorText: '#000000',
          colorTextSecondary: '#1a1a1a',
          colorTextTertiary: '#262626',
          colorTextDescription: '#262626',
          colorTextPlaceholder: '#404040',
          colorBorder: '#000000',
          colorBorderSecondary: '#404040',
        }
      : {}),
  };
}
