import { DEFAULT_PORTAL_COLOR } from '@portal/contract/constants';
import { useEffect } from 'react';
import { readableTextOn } from './color';

/** docs/requirements.md 5.4 and 10.4: the stale colour variable follows the colour 1 s later, so the bar can animate. */
export const STALE_COLOR_DELAY_MS = 1000;

const HEX = /^#[0-9a-f]{6}$/i;

/** Applies a portal colour at once; the stale copy catches up a second later. */
export function applyPortalColor(color: string | null | undefined, root: HTMLElement = document.documentElement): () => void {
  const value = color && HEX.test(color) ? color : DEFAULT_PORTAL_COLOR;
  root.style.setProperty('--portal-color', value);
  root.style.setProperty('--portal-on-color', readableTextOn(value));
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', value);
  const timer = setTimeout(() => root.style.setProperty('--portal-color-stale', value), STALE_COLOR_DELAY_MS);
  return () => clearTimeout(timer);
}

export function usePortalColor(color: string | null | undefined) {
  useEffect(() => applyPortalColor(color), [color]);
}
