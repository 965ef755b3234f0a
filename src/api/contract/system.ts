import { z } from 'zod';
import { endpoint } from './endpoint';
import { successEnvelope } from './envelope';

export const HealthResponse = successEnvelope({ database: z.string() });

export const systemEndpoints = {
  health: endpoint({
    method: 'GET',
    path: '/health',
    access: 'public',
    tags: ['system'],
    summary: 'Liveness and database check, for load balancers',
    response: HealthResponse,
    errors: [503],
  }),
  openapi: endpoint({
    method: 'GET',
    path: '/openapi.json',
    access: 'public',
    tags: ['system'],
    summary: 'This OpenAPI document, generated from the endpoint descriptions of src/api/contract',
    response: { raw: 'application/json' },
    hidden: true,
  }),
};
