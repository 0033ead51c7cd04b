import { describe, expect, it } from 'vitest';
import { contrastRatio, readableTextOn } from './color';

describe('readableTextOn', () => {
  it('puts dark text on the default green, which white would fail', () => {
    expect(readableTextOn('#2aa21d')).toBe('#000000');
    expect(contrastRatio('#2aa21d', '#000000')).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio('#2aa21d', '#ffffff')).toBeLessThan(4.5);
  });

  it('puts white text on a dark brand colour', () => {
    expect(readableTextOn('#1d4ed8')).toBe('#ffffff');
    expect(contrastRatio('#1d4ed8', '#ffffff')).toBeGreaterThanOrEqual(4.5);
  });

  it('always reaches the AA ratio for normal text with one of the two', () => {
    for (const hex of ['#000000', '#ffffff', '#c2410c', '#fde047', '#777777', '#2aa21d', '#e11d48']) {
      expect(contrastRatio(hex, readableTextOn(hex))).toBeGreaterThanOrEqual(4.5);
    }
  });
});
