import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  // The budget is the initial JavaScript in gzip (250 KB), measured by `npm run size`; raw chunks may be larger.
  build: { outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 800 },
  server: {
    host: '127.0.0.1',
    port: 5173,
    // `npm run dev` runs the API on 8080; the Vite dev server forwards API calls to it.
    proxy: { '/alfresco': 'http://127.0.0.1:8080', '/api-docs': 'http://127.0.0.1:8080' },
  },
});
