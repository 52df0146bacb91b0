import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true },
  server: {
    port: 5173,
    // `npm run dev` runs the API on 8080; the Vite dev server forwards API calls to it.
    proxy: { '/alfresco': 'http://127.0.0.1:8080' },
  },
});
