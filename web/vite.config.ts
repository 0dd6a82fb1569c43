import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// Heavy libraries used only by signed-in screens get their own chunks so that the
// landing and login routes never download them (first load budget: 250 KB gzip).
const chunkGroups = [
  { name: 'react-vendor', test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|@tanstack)[\\/]/, priority: 30 },
  { name: 'charts', test: /node_modules[\\/](@ant-design[\\/]charts|@ant-design[\\/]plots|@antv|d3-[^\\/]+)[\\/]/, priority: 20 },
  { name: 'pdf', test: /node_modules[\\/](jspdf|jspdf-autotable|html2canvas|canvg|dompurify|fflate)[\\/]/, priority: 20 },
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
    sourcemap: false,
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      output: {
        codeSplitting: { groups: chunkGroups },
      },
    },
  },
});
