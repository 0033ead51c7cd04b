import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Pagination } from './pagination';

function setup(page: number, lastPage: number) {
  const onPageChange = vi.fn();
  const onPageSizeChange = vi.fn();
  render(
    <Pagination
      label="Invoice pages"
      page={page}
      lastPage={lastPage}
      pageSize={10}
      total={lastPage * 10}
      onPageChange={onPageChange}
      onPageSizeChange={onPageSizeChange}
    />,
  );
  const nav = screen.getByRole('navigation', { name: 'Invoice pages' });
  const pages = () =>
    within(nav)
      .getAllByRole('button', { name: /^Page \d+$/ })
      .map((button) => button.textContent);
  return { nav, pages, onPageChange, onPageSizeChange };
}

describe('Pagination', () => {
  it('shows every page up to 10, marks the current one, and disables previous on page 1', async () => {
    const { pages, onPageChange } = setup(1, 3);
    expect(pages()).toEqual(['1', '2', '3']);
    expect(screen.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(onPageChange).toHaveBeenCalledWith(2);
  });

  it('disables next on the last page', () => {
    setup(3, 3);
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeEnabled();
  });

  it('follows the windows of docs/requirements.md 6.3 with an ellipsis', () => {
    expect(setup(12, 30).pages()).toEqual(['1', '2', '10', '11', '12', '13', '14', '29', '30']);
  });

  it('offers the page sizes of docs/requirements.md 10.2 and reports the one picked', async () => {
    const { onPageSizeChange } = setup(1, 3);
    const select = screen.getByLabelText('Rows per page');
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['10', '15', '20', '25', '30', '50', '100']);
    await userEvent.selectOptions(select, '50');
    expect(onPageSizeChange).toHaveBeenCalledWith(50);
    expect(screen.getByText('1-10 of 30')).toBeInTheDocument();
  });
});
