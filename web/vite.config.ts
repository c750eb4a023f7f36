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
    : {
        outDir: 'dist',
        emptyOutDir: true,
        rolldownOptions: {
          output: {
            // What every page runs (React, the router, the store) in one file rather than a dozen small ones.
            // Likewise Fluent's core and the pieces of the public header (button, text, drawer) every page draws.
            codeSplitting: {
              groups: [
                { name: 'framework', test: /node_modules[\\/](react|react-dom|scheduler|react-router|valtio|proxy-compare)[\\/]/ },
                {
                  name: 'fluent-core',
                  test: /node_modules[\\/](@griffel|tabster|keyborg|stylis|rtl-css-js|@floating-ui|@fluentui[\\/](react-utilities|react-shared-contexts|react-provider|react-tabster|react-theme|tokens|react-jsx-runtime|react-context-selector|react-portal|react-motion|react-motion-components-preview|react-positioning|react-aria|react-text|react-button|react-drawer|react-dialog|react-divider|react-toast|react-message-bar|react-skeleton|react-spinner|react-link)[\\/])/,
                },
              ],
            },
          },
        },
      },
  ssr: { noExternal: true },
  server: {
    proxy: {
      '/api': { target: api, changeOrigin: true },
      '/socket.io': { target: api, ws: true, changeOrigin: true },
    },
  },
}));
