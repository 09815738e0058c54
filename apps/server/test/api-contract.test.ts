import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiUrlPattern } from '../src/http/endpoint-registry.js';
import { apiDocsPaths } from '../src/modules/api-docs/routes.js';
import { call, createTestApp, type TestApp } from './support/test-app.js';
import { declarations } from './support/declarations.js';

const routerPath = (path: string) => path.replace(/\{(\w+)\}/g, ':$1');

describe('one contract: the declarations, the routes and the OpenAPI document agree', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('registers every JSON API route from a declaration', () => {
    const undeclared = t.app.registeredRoutes
      .filter((r) => apiUrlPattern.test(r.url) && !apiDocsPaths.some((p) => p === r.url))
      .filter((r) => r.endpoint === null)
      .map((r) => `${r.method} ${r.url}`);
    expect(undeclared).toEqual([]);
  });

  it('registers every declaration the contract exports, once', () => {
    const registered = t.app.registeredRoutes.map((r) => `${r.method} ${r.url}`);
    const declared = declarations().map((d) => `${d.method} ${routerPath(d.path)}`);
    expect(declared.length).toBeGreaterThan(40);
    expect(declared.filter((d) => !registered.includes(d))).toEqual([]);
    expect(new Set(declared).size).toBe(declared.length);
  });

  it('serves a valid OpenAPI 3.1 document of exactly the registered endpoints', async () => {
    const res = await call(t.app, 'GET', '/api/openapi.json');
    expect(res.status).toBe(200);
    const document = res.json as {
      openapi: string;
      paths: Record<string, Record<string, unknown>>;
    };
    expect(document.openapi).toBe('3.1.0');

    const result = await new Validator().validate(document);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);

    const inDocument = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.keys(item).map((method) => `${method.toUpperCase()} ${routerPath(path)}`),
    );
    const declaredRoutes = t.app.registeredRoutes
      .filter((r) => r.endpoint !== null)
      .map((r) => `${r.method} ${r.url}`);
    expect([...inDocument].sort()).toEqual([...declaredRoutes].sort());
  });

  it("says that every answer's texts follow Accept-Language", async () => {
    const document = (await call(t.app, 'GET', '/api/openapi.json')).json as {
      paths: Record<string, Record<string, { parameters: { $ref?: string }[] }>>;
      components: { parameters: Record<string, { name: string; in: string; description: string }> };
    };
    expect(document.components.parameters.AcceptLanguage).toMatchObject({
      name: 'Accept-Language',
      in: 'header',
    });
    expect(document.components.parameters.AcceptLanguage?.description).toContain('fr-CA');
    const operations = Object.values(document.paths).flatMap((item) => Object.values(item));
    for (const operation of operations) {
      expect(operation.parameters).toContainEqual({
        $ref: '#/components/parameters/AcceptLanguage',
      });
    }
  });

  it('serves a readable reference page that names each endpoint', async () => {
    const res = await call(t.app, 'GET', '/api/docs');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.text).toContain('GET /api/post/{id}');
    expect(res.text).toContain('/api/openapi.json');
  });
});
