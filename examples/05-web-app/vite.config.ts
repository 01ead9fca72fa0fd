import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// `pnpm dev` puts a `ruleloom serve` behind the dev server's origin (its HTTP API and the
// /play WebSocket), so the lobby's default server URL works: RULELOOM_SERVER, default :8080.
const server = process.env.RULELOOM_SERVER ?? 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react()],
  // Relative asset paths: the built folder works from any web server, or any sub-path.
  base: './',
  worker: { format: 'es' },
  build: {
    rolldownOptions: {
      output: {
        // React in a chunk of its own: it changes less often than the app, and the app's
        // chunks stay small (the lobby, the game screen, each game's board: dynamic imports).
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /[\\/]node_modules[\\/](\.pnpm[\\/])?(react|react-dom|scheduler)[@\\/]/,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '^/(matches|games|health|tokens)(/.*)?$': { target: server },
      '/play': { target: server, ws: true },
    },
  },
});
