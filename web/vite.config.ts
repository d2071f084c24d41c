import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv } from 'vite';

/** The web app's own folder, so the config works from the repository root as well. */
const webRoot = decodeURIComponent(new URL('.', import.meta.url).pathname);

export default defineConfig(({ mode }) => {
  // The gateway that serves /api, /uploads, /health and /ready (override with ERP_GATEWAY_URL).
  const gateway = loadEnv(mode, webRoot, 'ERP_').ERP_GATEWAY_URL || 'http://127.0.0.1:8080';
  const proxy = {
    '/api': { target: gateway, changeOrigin: false },
    '/health': { target: gateway, changeOrigin: false },
    '/ready': { target: gateway, changeOrigin: false },
    // Uploaded files (the company logo) are served by the gateway too.
    '/uploads': { target: gateway, changeOrigin: false },
  };

  return {
    root: webRoot,
    plugins: [react()],
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      target: 'es2022',
      sourcemap: false,
    },
    server: { host: '127.0.0.1', port: 5173, proxy },
    preview: { host: '127.0.0.1', port: 4173, proxy },
  };
});
