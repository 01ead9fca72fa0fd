import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  // Relative asset paths: the built folder works from any web server, or any sub-path.
  base: './',
  worker: { format: 'es' },
});
