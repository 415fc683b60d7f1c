import { describe, expect, it } from 'vitest';
import { exitReason } from './ferretdb';

describe("the reason FerretDB's output gives for its exit", () => {
  it("is Go's fatal error with its signal (the crash of a database dropped while in use), not the stack after it", () => {
    const crash = [
      'unexpected fault address 0x7fb590bd80aa',
      'fatal error: fault',
      '[signal SIGBUS: bus error code=0x2 addr=0x7fb590bd80aa pc=0xea60a6]',
      '',
      'goroutine 33 gp=0x48148c614a0 m=10 mp=0x48148b83808 [running]:',
      'modernc.org/sqlite/lib._walFindFrame(0x48148eb4160, 0x7fb590630c28, 0x2b, 0x7fb5901d4020)',
      '...',
      'runtime.goexit({})',
    ].join('\n');
    expect(exitReason(crash)).toBe(
      'unexpected fault address 0x7fb590bd80aa [signal SIGBUS: bus error code=0x2 addr=0x7fb590bd80aa pc=0xea60a6]',
    );
  });

  it('is its last line otherwise (a start that failed on a file), or says there was none', () => {
    const failed =
      '2026-11-29T09:51:48.817Z\tERROR+3\tferretdb/main.go:539\tFailed to construct handler\t{"error":"[pool.go:106 pool.New] file is not a database (26)"}';
    expect(exitReason(`starting\n${failed}\n`)).toBe(failed);
    expect(exitReason('')).toBe('no output');
  });
});
