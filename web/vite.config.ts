import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// Heavy libraries used only by signed-in screens get their own chunks so that the
// landing and login routes never download them (first load budget: 250 KB gzip).
const chunkGroups = [
  { name: 'react-vendor', test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|@tanstack)[\\/]/, priority: 30 },
  // Charts and jspdf are reached only through import() (ValueHistoryChart, reports/export.ts), so
  // they are split off without a group; a group broke jspdf's lazy chunk at run time.
];

export default defineConfig({
  plugins: [react()],
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
  build: {
    outDir: 'dist',
    // dist/.vite/manifest.json: scripts/bundle-size.mjs reads the chunk graph from it.
    manifest: true,
    sourcemap: false,
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      output: {
        // Without includeDependenciesRecursively: false a group also swallows what its modules import
        // (antd's rc-util, classnames...), and the entry would then preload the whole charts chunk.
        codeSplitting: { groups: chunkGroups, includeDependenciesRecursively: false },
      },
    },
  },
});
