import * as shared from '@adboard/shared';
import type { EndpointSpec } from '@adboard/shared';

/** Every endpoint declaration `@adboard/shared` exports: the suites that walk the contract. */
export function declarations(): EndpointSpec[] {
  const values: unknown[] = Object.values(shared);
  return values.filter(
    (value): value is EndpointSpec =>
      typeof value === 'object' &&
      value !== null &&
      'method' in value &&
      'path' in value &&
      'responses' in value &&
      'access' in value,
  );
}
