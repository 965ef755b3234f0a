// The contract modules without their zod schemas, for the portal's build (scripts/vite-contract-stubs.ts runs
// this under tsx and reads the JSON it prints: the Vite config itself stays free of the contract's imports).
import { z } from 'zod';
import { loadContractModules } from '../server/lib/contractRegistry.ts';

/** The contract modules that build zod schemas when they load, found from the folder (endpoint.ts builds none and stays as it is). */
export const contractModules: Record<string, Record<string, unknown>> = Object.fromEntries(
  Object.entries(await loadContractModules()).filter(([name]) => name !== 'endpoint'),
);

/**
 * A contract module as the portal's build sees it: every export with its zod schemas left out. The
 * portal reads only the plain part of the contract at run time (each endpoint's method and path, a few
 * constants); the schemas are for the server, the OpenAPI document, the stories' mocks and the type
 * checker, which all keep the real modules. A function export becomes one that says it is not there.
 */
export function stubSource(name: string, exports: Record<string, unknown>): string {
  const serialize = (value: unknown, where: string): string => {
    if (value instanceof z.ZodType) return 'undefined';
    if (typeof value === 'function') return `() => { throw new Error(${JSON.stringify(`${where} is not in the portal's build (scripts/vite-contract-stubs.ts)`)}); }`;
    if (Array.isArray(value)) return `[${value.map((v, i) => serialize(v, `${where}[${i}]`)).join(', ')}]`;
    if (value && typeof value === 'object') {
      // An endpoint's summary and tags are for the OpenAPI document: the portal never reads them.
      const isEndpoint = 'method' in value && 'path' in value;
      const fields = Object.entries(value)
        .filter(([k, v]) => !(v instanceof z.ZodType) && !(isEndpoint && (k === 'summary' || k === 'tags')))
        .map(([k, v]) => `${JSON.stringify(k)}: ${serialize(v, `${where}.${k}`)}`);
      return `{ ${fields.join(', ')} }`;
    }
    return value === undefined ? 'undefined' : JSON.stringify(value);
  };
  const lines = [`// ${name}.ts without its zod schemas (scripts/vite-contract-stubs.ts).`];
  for (const [key, value] of Object.entries(exports)) {
    lines.push(`export const ${key} = ${serialize(value, `${name}.${key}`)};`);
  }
  return `${lines.join('\n')}\n`;
}

/** Every stub, by module name. */
export function contractStubs(): Record<string, string> {
  return Object.fromEntries(Object.entries(contractModules).map(([name, exports]) => [name, stubSource(name, exports)]));
}

if (process.argv[1] && import.meta.filename === process.argv[1]) process.stdout.write(JSON.stringify(contractStubs()));
