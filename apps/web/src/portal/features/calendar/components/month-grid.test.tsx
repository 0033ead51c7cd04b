import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { monthOfDay } from '../../../../lib/calendar-dates';
import { MonthGrid, type GridItem } from './month-grid';

const items = new Map<string, GridItem[]>([
  ['2026-03-09', [{ id: 1, label: 'Roof inspection', cancelled: false }]],
  [
    '2026-03-10',
    [
      { id: 2, label: 'Gutters', cancelled: false },
      { id: 3, label: 'Old visit', cancelled: true },
    ],
  ],
]);

/** The grid as the page holds it: the picked day (and with it the month) in state. */
function Harness({ onOpen }: { onOpen: (day: string) => void }) {
  const [selected, setSelected] = useState('2026-03-09');
  return <MonthGrid month={monthOfDay(selected)} selected={selected} today="2026-03-11" items={items} onSelect={setSelected} onOpen={onOpen} />;
}

const focused = () => document.activeElement as HTMLElement;

describe('the month grid', () => {
  it('is a grid of the month’s days, the picked one in the tab order, today marked, visits counted', () => {
    render(<Harness onOpen={() => {}} />);
    const grid = screen.getByRole('grid', { name: 'March 2026' });
    expect(grid).toBeInTheDocument();
    const picked = screen.getByRole('gridcell', { name: /Monday, March 9, 2026, 1 visit$/ });
    expect(picked).toHaveAttribute('aria-selected', 'true');
    expect(picked).toHaveAttribute('tabindex', '0');
    expect(screen.getByRole('gridcell', { name: /Tuesday, March 10, 2026, 2 visits$/ })).toHaveAttribute('tabindex', '-1');
    expect(screen.getByRole('gridcell', { name: /March 11, 2026, today, no visits/ })).toHaveAttribute('aria-current', 'date');
    expect(screen.getAllByRole('gridcell').filter((cell) => cell.tabIndex === 0)).toHaveLength(1);
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']);
  });

  it('moves by day and week with the arrows, to the week’s ends with Home and End, the focus following', () => {
    render(<Harness onOpen={() => {}} />);
    screen.getByRole('gridcell', { name: /March 9, 2026/ }).focus();
    fireEvent.keyDown(focused(), { key: 'ArrowRight' });
    expect(focused()).toHaveAccessibleName(/Tuesday, March 10, 2026/);
    fireEvent.keyDown(focused(), { key: 'ArrowDown' });
    expect(focused()).toHaveAccessibleName(/Tuesday, March 17, 2026/);
    fireEvent.keyDown(focused(), { key: 'Home' });
    expect(focused()).toHaveAccessibleName(/Sunday, March 15, 2026/);
    fireEvent.keyDown(focused(), { key: 'End' });
    expect(focused()).toHaveAccessibleName(/Saturday, March 21, 2026/);
    fireEvent.keyDown(focused(), { key: 'ArrowUp' });
    fireEvent.keyDown(focused(), { key: 'ArrowLeft' });
    expect(focused()).toHaveAccessibleName(/Friday, March 13, 2026/);
    expect(focused()).toHaveAttribute('aria-selected', 'true');
  });

  it('crosses into the next and previous month, by arrow and by Page Down and Page Up', () => {
    render(<Harness onOpen={() => {}} />);
    screen.getByRole('gridcell', { name: /March 9, 2026/ }).focus();
    fireEvent.keyDown(focused(), { key: 'PageUp' });
    expect(screen.getByRole('grid', { name: 'February 2026' })).toBeInTheDocument();
    expect(focused()).toHaveAccessibleName(/Monday, February 9, 2026/);
    fireEvent.keyDown(focused(), { key: 'ArrowUp' });
    fireEvent.keyDown(focused(), { key: 'ArrowUp' });
    expect(screen.getByRole('grid', { name: 'January 2026' })).toBeInTheDocument();
    expect(focused()).toHaveAccessibleName(/Monday, January 26, 2026/);
    // January 31 plus a month is the last day of February, not March 3.
    fireEvent.keyDown(focused(), { key: 'End' });
    expect(focused()).toHaveAccessibleName(/Saturday, January 31, 2026/);
    fireEvent.keyDown(focused(), { key: 'PageDown' });
    expect(focused()).toHaveAccessibleName(/Saturday, February 28, 2026/);
  });

  it('opens the picked day with Enter or Space, and the buttons change the month', () => {
    const onOpen = vi.fn();
    render(<Harness onOpen={onOpen} />);
    const cell = screen.getByRole('gridcell', { name: /March 10, 2026/ });
    fireEvent.click(cell);
    expect(cell).toHaveAttribute('aria-selected', 'true');
    fireEvent.keyDown(cell, { key: 'Enter' });
    fireEvent.keyDown(cell, { key: ' ' });
    expect(onOpen.mock.calls).toEqual([['2026-03-10'], ['2026-03-10']]);
    fireEvent.click(screen.getByRole('button', { name: 'Next month, April 2026' }));
    expect(screen.getByRole('grid', { name: 'April 2026' })).toBeInTheDocument();
    expect(screen.getByRole('gridcell', { name: /Wednesday, April 1, 2026/ })).toHaveAttribute('aria-selected', 'true');
  });
});
