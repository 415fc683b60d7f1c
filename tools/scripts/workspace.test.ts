import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { onParentExit } from './workspace';

describe('onParentExit', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('tells once, within a check, that the parent went (this process was reparented), and not before', () => {
    let parent = 4242;
    const onExit = vi.fn();
    onParentExit(onExit, { parentPid: () => parent, intervalMs: 1_000 });

    vi.advanceTimersByTime(5_000);
    expect(onExit).not.toHaveBeenCalled();

    parent = 1;
    vi.advanceTimersByTime(999);
    expect(onExit).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onExit).toHaveBeenCalledTimes(1);

    parent = 7;
    vi.advanceTimersByTime(10_000);
    expect(onExit).toHaveBeenCalledTimes(1);
  });
});
