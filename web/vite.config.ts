import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { constants } from 'node:zlib';

// Heavy libraries used only by signed-in screens get their own chunks so that the
// landing and login routes never download them (first load budget: 250 KB gzip).
const chunkGroups = [
  { name: 'react-vendor', test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|@tanstack)[\\/]/, priority: 30 },
  // Charts and jspdf are reached only through import() (ValueHistoryChart, reports/export.ts), so
  // they are split off without a group; a group broke jspdf's lazy chunk at run time.
];

// Two builds (package.json): the client into dist, then the signed-out pages' server renderer into
// dist/.ssr (`--ssr`), which the gateway runs once after a start (docs/web-performance.md). The server
// build bundles its dependencies: the gateway's image ships no web packages.
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    react(),
    // .br and .gz next to each asset, made once at build time: the gateway serves the one the
    // browser accepts (express-static-gzip) without compressing per request.
    !isSsrBuild &&
      compression({
        include: /\.(js|css|html|svg|json|wasm)$/,
        threshold: 1024,
        algorithms: [
          defineAlgorithm('brotliCompress', { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
          defineAlgorithm('gzip', { level: 9 }),
        ],
      }),
  ],
  server: {
    proxy: {
      '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false },
    },
  },
  preview: {
    proxy: {
      '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false },
    },
  },
  ssr: { noExternal: true, target: 'node' },
  // Under the "node" condition @ant-design/icons resolves to its CommonJS index, which cannot be
  // tree-shaken: the server build would carry every icon. Its ES modules, as the client gets them.
  resolve: isSsrBuild ? { alias: [{ find: /^@ant-design\/icons$/, replacement: '@ant-design/icons/es' }] } : undefined,
  // antd names its style classes from the mode: the server's must be the production ones the browser uses.
  define: isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : undefined,
  build: isSsrBuild
    ? // Minified like the client: the server build ships in the gateway's image (under its 250 MB budget).
      { outDir: 'dist/.ssr', emptyOutDir: true, sourcemap: false, copyPublicDir: false, minify: true }
    : {
        outDir: 'dist',
        // dist/.vite/manifest.json: scripts/bundle-size.mjs reads the chunk graph from it, the
        // gateway the loader of the pages rendered ahead of time (src/prerender/boot.ts).
        manifest: true,
        sourcemap: false,
        chunkSizeWarningLimit: 600,
        rolldownOptions: {
          input: { index: 'index.html', boot: 'src/prerender/boot.ts' },
          output: {
            // Without includeDependenciesRecursively: false a group also swallows what its modules import
            // (antd's rc-util, classnames...), and the entry would then preload the whole charts chunk.
            codeSplitting: { groups: chunkGroups, includeDependenciesRecursively: false },
          },
        },
      },
}));
