import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { AnyEndpoint } from '../../src/api/contract/endpoint';

/**
 * The contract as the server sees it, found from the files of src/api/contract: every exported object
 * whose values are endpoint descriptions is a group of the product's endpoints, each by its name in
 * the group (the OpenAPI operation id). A description with `base: 'site'` is served outside /api (the
 * tracking addresses, the /cdn images); the rest under /api. A new contract file needs no list.
 */

export const CONTRACT_DIR = path.join(import.meta.dirname, '../../src/api/contract');

/** Every contract module's exports by module name (the file name without .ts), in name order. */
export async function loadContractModules(dir = CONTRACT_DIR): Promise<Record<string, Record<string, unknown>>> {
  const files = (await readdir(dir)).filter((f) => /^[A-Za-z]+\.ts$/.test(f)).sort();
  const modules: Record<string, Record<string, unknown>> = {};
  for (const file of files) modules[file.replace(/\.ts$/, '')] = { ...(await import(pathToFileURL(path.join(dir, file)).href)) };
  return modules;
}

const isEndpoint = (value: unknown): value is AnyEndpoint =>
  typeof value === 'object' && value !== null && typeof (value as AnyEndpoint).method === 'string' && typeof (value as AnyEndpoint).path === 'string';

const isEndpointGroup = (value: unknown): value is Record<string, AnyEndpoint> =>
  typeof value === 'object' && value !== null && !isEndpoint(value) && Object.keys(value).length > 0 && Object.values(value).every(isEndpoint);

export interface ContractEndpoints {
  /** Served under /api. */
  api: Record<string, AnyEndpoint>;
  /** Served from the site's root (`base: 'site'`). */
  site: Record<string, AnyEndpoint>;
}

/** The endpoints of the modules' groups; one name for two different descriptions is an error. */
export function endpointsOf(modules: Record<string, Record<string, unknown>>): ContractEndpoints {
  const found: ContractEndpoints = { api: {}, site: {} };
  const where = new Map<string, string>();
  for (const [moduleName, exports] of Object.entries(modules)) {
    for (const [exportName, group] of Object.entries(exports)) {
      if (!isEndpointGroup(group)) continue;
      for (const [name, ep] of Object.entries(group)) {
        const list = ep.base === 'site' ? found.site : found.api;
        const known = found.api[name] ?? found.site[name];
        if (known && known !== ep) throw new Error(`contract: ${moduleName}.${exportName}.${name} and ${where.get(name)} are two endpoints of one name`);
        list[name] = ep;
        where.set(name, `${moduleName}.${exportName}.${name}`);
      }
    }
  }
  return found;
}

const endpoints = endpointsOf(await loadContractModules());
/** Every endpoint under /api: the server registers exactly these (a route under /api without a description refuses to start). */
export const apiEndpoints = endpoints.api;
/** Every endpoint outside /api. */
export const siteEndpoints = endpoints.site;
