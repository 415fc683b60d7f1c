import { describe, expect, test, vi } from 'vitest';
import { createApiDocs } from '../app';
import { buildOpenApiDocument } from './openapi';

describe('the API docs', () => {
  test('are built on first use, not when an app is made, and once for every app that shares them', () => {
    const build = vi.fn(buildOpenApiDocument);
    const docs = createApiDocs(true, build);
    expect(build).not.toHaveBeenCalled();
    const document = docs.document();
    expect(document.paths).toHaveProperty(['/__control/reset']);
    expect(docs.document()).toBe(document);
    expect(build).toHaveBeenCalledTimes(1);
    expect(build).toHaveBeenCalledWith({ mockMode: true });
  });
});
