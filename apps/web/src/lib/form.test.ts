import { renderHook } from '@testing-library/react';
import type { SyntheticEvent } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { useSubmitOnce } from './form';

describe('useSubmitOnce', () => {
  it('drops a submit while one is out, and takes the next once it has ended', async () => {
    const { result } = renderHook(() => useSubmitOnce());
    let finish: () => void = () => undefined;
    const submit = vi
      .fn<(event: SyntheticEvent) => Promise<void>>()
      .mockImplementationOnce(() => new Promise<void>((resolve) => (finish = resolve)))
      .mockResolvedValue(undefined);
    const preventDefault = vi.fn();
    const event = { preventDefault } as unknown as SyntheticEvent;
    const onSubmit = result.current(submit);

    onSubmit(event);
    onSubmit(event);
    expect(submit).toHaveBeenCalledTimes(1);
    // Both are kept from the browser's own submit (a page load), the dropped one too.
    expect(preventDefault).toHaveBeenCalledTimes(2);

    finish();
    await vi.waitFor(() => {
      onSubmit(event);
      expect(submit).toHaveBeenCalledTimes(2);
    });
  });
});
