import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './precompress.ts';

const api = 'http://localhost:8080';

/**
 * `vite build` makes the browser's app in dist/; `vite build --ssr src/entry-server.tsx` makes the server's renderer
 * of the public pages in dist-ssr/ (one file, its libraries bundled in, so the api imports it with nothing else
 * to resolve). `npm run build` runs both.
 */
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), ...(isSsrBuild ? [] : [precompress()])],
  build: isSsrBuild
    ? { outDir: 'dist-ssr', emptyOutDir: true, ssr: 'src/entry-server.tsx', target: 'node22', minify: false, copyPublicDir: false }
    : { outDir: 'dist', emptyOutDir: true },
  ssr: { noExternal: true },
  server: {
    proxy: {
      '/api': { target: api, changeOrigin: true },
      '/socket.io': { target: api, ws: true, changeOrigin: true },
    },
  },
}));
