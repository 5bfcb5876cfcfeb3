import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { buildVersionFile, createBuildVersion } from './vite-plugins/build-version';
import { fontPreload } from './vite-plugins/font-preload';
import { precompress } from './vite-plugins/precompress';
import { primereactThemes } from './vite-plugins/primereact-themes';

const root = path.dirname(fileURLToPath(import.meta.url));
const packageJson = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { version: string };
const version = createBuildVersion(packageJson.version);

// `npm run dev`: the API runs apart (port 8000 by default); Vite forwards its paths so the SPA and
// the API share one origin, as they do in production, and the session cookies just work.
const apiTarget = process.env.API_PROXY_TARGET || 'http://127.0.0.1:8000';
const proxied = { target: apiTarget, changeOrigin: false };

export default defineConfig({
  root,
  plugins: [
    react(),
    primereactThemes({ publicDir: path.join(root, 'public') }),
    buildVersionFile(version),
    // Inter's Latin subset (src/styles/fonts.css), which every screen shows text in.
    fontPreload(['inter-latin-wght-normal']),
    // .br and .gz beside each text file of dist/, which the API server sends as the browser accepts.
    precompress(),
  ],
  resolve: {
    // zod without its `new Function` probe, which the CSP refuses (src/lib/zod-without-eval.ts).
    alias: [{ find: /^zod$/, replacement: path.join(root, 'src/lib/zod-without-eval.ts') }],
  },
  define: {
    __APP_VERSION__: JSON.stringify(version),
  },
  server: {
    port: 5173,
    proxy: { '/api': proxied, '/sanctum': proxied, '/up': proxied },
  },
  build: {
    target: 'es2022',
    outDir: 'dist',
    emptyOutDir: true,
  },
});
