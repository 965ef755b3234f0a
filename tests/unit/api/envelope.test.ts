import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelopeError, NOT_SUCCESS } from '../../../src/api/baseApi';
import { serverMessage } from '../../../src/api/errors';

describe('a 2xx answer must carry success: true (spec 000 §7, §8)', () => {
  it('passes success: true through', () => {
    expect(envelopeError({ success: true, matchingCampaigns: [] })).toBeNull();
  });
  it.each([{ success: false, errors: { message: 'Nope.' } }, { matchingCampaigns: [] }, { success: 'true' }, null, 'ok', undefined])('turns %j into an error', (body) => {
    expect(envelopeError(body)).toEqual({ status: 'CUSTOM_ERROR', error: NOT_SUCCESS, data: body });
  });
  it("keeps the server's errors.message for the screens", () => {
    expect(serverMessage(envelopeError({ success: false, errors: { message: 'Nope.', code: 7 } })!)).toEqual({ message: 'Nope.', code: 7 });
    expect(serverMessage(envelopeError({ matchingCampaigns: [] })!).message).toBe('An internal error occurred. Please try again later');
  });

  describe('through the API slice', () => {
    afterEach(() => {
      vi.unstubAllEnvs();
      vi.unstubAllGlobals();
    });
    it('a quick search answered 200 with success: false is an error, not data', async () => {
      vi.resetModules();
      vi.stubEnv('VITE_API_BASE', 'https://portal.example.com/api');
      vi.stubGlobal('location', { origin: 'https://portal.example.com' });
      vi.stubGlobal('fetch', vi.fn(async () => Response.json({ success: false, errors: { message: 'Search is unavailable.' } })));
      const { configureStore } = await import('@reduxjs/toolkit');
      const { baseApi } = await import('../../../src/api/baseApi');
      const { shellApi } = await import('../../../src/api/shellApi');
      const store = configureStore({ reducer: { [baseApi.reducerPath]: baseApi.reducer }, middleware: (m) => m().concat(baseApi.middleware) });
      const result = await store.dispatch(shellApi.endpoints.quickSearch.initiate('solar'));
      expect(result.data).toBeUndefined();
      expect(result.error).toMatchObject({ status: 'CUSTOM_ERROR', data: { success: false } });
    });
  });
});
