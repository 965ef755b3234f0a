import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const apiTarget = process.env.API_PROXY_TARGET ?? 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    // In development the API (and the tracking paths) run on the server started by `npm start`.
    proxy: {
      '/api': apiTarget,
      '/go': apiTarget,
      '/postback': apiTarget,
      '/pixel': apiTarget,
    },
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    chunkSizeWarningLimit: 600,
  },
});
