import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DomainNotActivatedPage } from './domain-not-activated-page';

describe('DomainNotActivatedPage', () => {
  it('reads the exact blocking message and GO TO HOME PAGE leaves for home', async () => {
    const onGoHome = vi.fn();
    render(<DomainNotActivatedPage onGoHome={onGoHome} />);
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Your domain server is not yet activated, Please contact support team.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'GO TO HOME PAGE' }));
    expect(onGoHome).toHaveBeenCalledTimes(1);
  });
});
