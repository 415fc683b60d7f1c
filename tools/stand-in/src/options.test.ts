import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_DATA_DIR, DEFAULT_PORT, parseCommand, standInVariables, USAGE } from './options';

const CWD = '/home/someone/project';

describe('parseCommand', () => {
  it('starts on port 4010 with the small profile and a data folder under the working directory by default', () => {
    expect(parseCommand([], CWD)).toEqual({
      kind: 'start',
      port: DEFAULT_PORT,
      host: '127.0.0.1',
      profile: 'small',
      dataDir: join(CWD, DEFAULT_DATA_DIR),
    });
    expect(DEFAULT_PORT).toBe(4010);
  });

  it('takes the port, host, profile and data folder (relative to the working directory, or absolute)', () => {
    expect(
      parseCommand(['--port', '5000', '--host', '0.0.0.0', '--profile', 'demo', '--data-dir', 'tmp/db'], CWD),
    ).toEqual({ kind: 'start', port: 5000, host: '0.0.0.0', profile: 'demo', dataDir: join(CWD, 'tmp', 'db') });
    expect(parseCommand(['--data-dir', '/var/stand-in'], CWD)).toMatchObject({ dataDir: '/var/stand-in' });
  });

  it('answers help and version', () => {
    expect(parseCommand(['--help'], CWD)).toEqual({ kind: 'help' });
    expect(parseCommand(['-h'], CWD)).toEqual({ kind: 'help' });
    expect(parseCommand(['--version'], CWD)).toEqual({ kind: 'version' });
  });

  it.each([
    [['--port', 'abc'], '--port must be a number from 1 to 65535 (got "abc")'],
    [['--port', '70000'], '--port must be a number from 1 to 65535 (got "70000")'],
    [['--port', '0'], '--port must be a number from 1 to 65535 (got "0")'],
    [['--profile', 'huge'], '--profile must be one of small, demo, large (got "huge")'],
    [['--data-dir', ' '], '--data-dir must name a folder'],
  ])('refuses %j', (args, message) => {
    expect(parseCommand(args, CWD)).toEqual({ kind: 'error', message });
  });

  it('refuses an unknown flag', () => {
    expect(parseCommand(['--prot', '4010'], CWD)).toMatchObject({
      kind: 'error',
      message: expect.stringContaining('--prot'),
    });
  });
});

describe('standInVariables', () => {
  const command = { kind: 'start', port: 4010, host: '127.0.0.1', profile: 'small', dataDir: '/d' } as const;

  it('runs the API as npm start does: development with the mock controls, on the flags', () => {
    expect(standInVariables(command, {})).toEqual({
      NODE_ENV: 'development',
      MOCK_CONTROLS: 'true',
      API_PORT: '4010',
      API_HOST: '127.0.0.1',
      SEED_PROFILE: 'small',
      DATA_DIR: '/d',
    });
  });

  it('keeps a NODE_ENV the caller set, and the flags win over the variables they set', () => {
    const variables = standInVariables(command, { NODE_ENV: 'production', API_PORT: '9999', MOCK_CONTROLS: 'false' });
    expect(variables).toMatchObject({ NODE_ENV: 'production', API_PORT: '4010', MOCK_CONTROLS: 'true' });
  });
});

describe('USAGE', () => {
  it('names every flag', () => {
    for (const flag of ['--port', '--host', '--profile', '--data-dir', '--help', '--version'])
      expect(USAGE).toContain(flag);
  });
});
